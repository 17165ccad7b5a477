// E-mail in the browser (docs/web.md, "Your account" and "A forgotten password"), on a server
// without an SMTP relay: "Forgot your password?" opens the reset page, whose request is answered
// with the server's sentence that it sends no e-mail; a reset link's page refuses a token it
// never made; an account registered with an address shows it unconfirmed with the server's
// note, and the e-mail form sets another address and says what the server did.
import { check } from './lib.mjs';
import { registerAccount } from './ui.mjs';

const PASSWORD = 'correct horse battery';

// The refusals below come with an HTTP status, expected here: not page errors.
function expectRefusals(t) {
  t.errors = t.errors.filter((e) => !/\/account\/reset|status of 40[0-9]|status of 503/.test(e));
}

async function textOf(page, selector) {
  await page.waitForFunction((s) => document.querySelector(s)?.textContent.trim(), selector);
  return (await page.locator(selector).textContent()).trim();
}

export async function emailTest(t) {
  const page = await t.newPage('Eve');
  await page.goto(`${t.base}/`);
  await page.locator('#account-body form').first().waitFor({ state: 'visible' });
  await page.locator('a#forgot-link').click();
  await page.locator('form#reset-request-form').waitFor({ state: 'visible' });
  check(new URL(page.url()).pathname === '/account/reset', `the link leads to ${page.url()}`);
  await page.locator('input#reset-who').fill('nobody');
  await page.locator('button#reset-request-go').click();
  const noMail = await textOf(page, '#reset-error');
  check(/sends no e-mail/.test(noMail), `the reset request reads "${noMail}"`);
  await t.shot(page, 'reset-request');

  await page.goto(`${t.base}/account/reset?token=AAAA`);
  await page.locator('form#reset-form').waitFor({ state: 'visible' });
  await page.locator('input#reset-password').fill('a brand new password');
  await page.locator('input#reset-password2').fill('a brand new password');
  await page.locator('button#reset-go').click();
  const refused = await textOf(page, '#reset-error');
  check(/not valid/.test(refused), `a made-up token reads "${refused}"`);
  expectRefusals(t);

  await page.goto(`${t.base}/`);
  await registerAccount(page, 'eve_mail', PASSWORD, 'eve@example.org');
  const who = await textOf(page, '#account-who');
  check(/eve@example\.org, unconfirmed — check your mail/.test(who), `the card reads "${who}"`);
  const note = await textOf(page, '#email-note');
  check(/sends no e-mail/.test(note), `the address's note reads "${note}"`);

  await page.locator('#email-box summary').click();
  await page.locator('input#email-new').fill('eve@elsewhere.org');
  await page.locator('input#email-password').fill(PASSWORD);
  await page.locator('button#email-go').click();
  await page.waitForFunction(() => /kept unconfirmed/.test(document.querySelector('#account-note')?.textContent ?? ''));
  check(/eve@elsewhere\.org/.test(await textOf(page, '#account-who')), 'the card does not show the new address');
  await t.shotOf(page.locator('#account'), 'email-set');
}
