// Accounts in the browser (docs/web.md, "Your account"): Ann registers from the lobby's card,
// creates an Itchy & Scratchy room and takes a seat; Ben takes the other seat anonymously, is
// refused a log-in with the server's words, registers and keeps his seat in his account. Then
// Ann on a second device (a third browser context, no seat token) logs in, finds the game in
// Your games with the title counting the games waiting for her, opens it and is seated without
// a token, also after a reload and a dropped connection; the session cookie is HttpOnly (not
// in document.cookie), and logging out brings the logged-out card back. Ben changes his
// password and deletes his account, declining once when asked. No game is played.
import { check } from './lib.mjs';
import { registerAccount, takeSeat } from './ui.mjs';

const PASSWORD = 'correct horse battery';

// The lobby of `page`, its account card drawn.
async function lobby(t, page) {
  if (!/\/$/.test(page.url())) await page.goto(`${t.base}/`);
  await page.locator('#lobby').waitFor({ state: 'visible' });
  await page.locator('#account-body form').first().waitFor({ state: 'visible' });
}

// The session is in a cookie the page's scripts cannot read, and nowhere in its storage.
async function cookieHidden(page, who) {
  const cookies = await page.context().cookies();
  const c = cookies.find((x) => x.name === 'grognard_session');
  check(c, `${who}: no grognard_session cookie after logging in`);
  check(c.httpOnly && c.sameSite === 'Strict', `${who}: the session cookie is not HttpOnly and SameSite=Strict`);
  const seen = await page.evaluate(() => [document.cookie, JSON.stringify(localStorage), JSON.stringify(sessionStorage)].join('\n'));
  check(!seen.includes('grognard_session') && !seen.includes(c.value), `${who}: the session token is visible to scripts`);
}

// Ben's log-in is refused: the card gives the server's sentence. The refusal's HTTP status is
// expected here, not a page error.
async function refusedLogIn(t, page) {
  await page.locator('input#login-name').fill('ben_acc');
  await page.locator('input#login-password').fill('not the password');
  await page.locator('button#login-go').click();
  await page.waitForFunction(() => document.querySelector('#account-error')?.textContent.trim());
  const words = (await page.locator('#account-error').textContent()).trim();
  check(/wrong name or password/.test(words), `a refused log-in reads "${words}"`);
  t.errors = t.errors.filter((e) => !/\/account\/login|status of 40[13]/.test(e));
}

// The lobby's title counts the games waiting for its account.
async function titled(page, want, who) {
  await page.waitForFunction((w) => document.title === w, want, { timeout: 3000 }).catch(() => {});
  check((await page.title()) === want, `${who}'s lobby is titled "${await page.title()}", not "${want}"`);
}

export async function accountsTest(t) {
  // Ann registers, creates the room and takes the first seat as her account's.
  const ann = await t.newPage('Ann');
  await lobby(t, ann);
  check((await ann.locator('#my-games-card').isHidden()), 'Your games is shown while logged out');
  await ann.locator('#register-box summary').click();
  await t.shotOf(ann.locator('#account'), 'logged-out');
  await ann.locator('#register-box summary').click();
  await registerAccount(ann, 'ann_acc', PASSWORD);
  await cookieHidden(ann, 'Ann');
  await ann.locator('#my-games-card').waitFor({ state: 'visible' });
  await ann.locator('input#player-name').fill('Ann');
  await ann.locator('select#create-ruleset').selectOption('itchy');
  await ann.waitForFunction(() => [...document.querySelectorAll('#create-scenario option')].some((o) => o.value === 'intro'));
  await ann.locator('select#create-scenario').selectOption('intro');
  await ann.locator('button#create-room').click();
  await takeSeat(ann, 'side:0', 'Ann');
  const invite = (await ann.locator('#invite-link').textContent()).trim();
  const code = invite.replace(/^.*\/rooms\//, '');

  // Ben takes the other seat without an account, then registers and keeps it.
  const ben = await t.newPage('Ben');
  await ben.goto(invite);
  await takeSeat(ben, 'side:1', 'Ben');
  await ben.locator('a#home').click();
  await lobby(t, ben);
  await refusedLogIn(t, ben);
  await registerAccount(ben, 'ben_acc', PASSWORD);
  const keep = ben.locator('#my-seats button.claim');
  await keep.waitFor({ state: 'visible' });
  await t.shot(ben, 'keep-seat');
  await keep.click();
  await ben.locator('#my-seats .kept').waitFor({ state: 'visible' });
  await ben.locator('#my-games li.my-game').first().waitFor({ state: 'visible' });
  const benWaits = await ben.locator('#my-games-yours li.my-game').count();
  await titled(ben, benWaits ? '(1) Grognard' : 'Grognard', 'Ben');

  // Ann on a second device: logs in, finds the game, opens it without a token.
  const pad = await t.newPage('Ann-2');
  await pad.context().addInitScript(() => {
    // The page's WebSockets, so that the test can drop one.
    const Native = window.WebSocket;
    window.__sockets = [];
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        window.__sockets.push(this);
      }
    };
  });
  await lobby(t, pad);
  await pad.locator('input#login-name').fill('ann_acc');
  await pad.locator('input#login-password').fill(PASSWORD);
  await pad.locator('button#login-go').click();
  await pad.locator('#account-name').waitFor({ state: 'visible' });
  await cookieHidden(pad, 'Ann-2');
  const item = pad.locator('#my-games li.my-game').first();
  await item.waitFor({ state: 'visible' });
  const annWaits = await pad.locator('#my-games-yours li.my-game').count();
  check(annWaits + benWaits === 1, `the game waits for ${annWaits} of Ann's games and ${benWaits} of Ben's`);
  await titled(pad, annWaits ? '(1) Grognard' : 'Grognard', 'Ann');
  if (annWaits) check(/Your turn/.test(await item.textContent()), 'the game waiting for Ann is not marked as her turn');
  await t.shot(pad, 'your-games');
  check((await pad.evaluate(() => localStorage.getItem('grognard.seats') || '[]')) === '[]', 'the second device holds a seat token');
  await item.locator('button.open-game').click();
  await pad.locator('#play').waitFor({ state: 'visible' });
  await pad.waitForFunction(() => /You play/.test(document.querySelector('#you')?.textContent ?? ''));
  check(pad.url().endsWith(`/rooms/${code}`), `the game opened at ${pad.url()}`);
  await t.shot(pad, 'seated-by-account');
  // The room's page again: no token here, the account's seat resumed by game and seat id.
  await pad.reload();
  await pad.locator('#play').waitFor({ state: 'visible' });
  await pad.waitForFunction(() => /You play/.test(document.querySelector('#you')?.textContent ?? ''));
  check((await pad.evaluate(() => localStorage.getItem('grognard.seats') || '[]')) === '[]', 'a token was stored for the account\'s seat');
  // A dropped connection: the page connects again and resumes the seat by game and seat id.
  await pad.evaluate(() => window.__sockets[window.__sockets.length - 1].close());
  await pad.waitForFunction(() => document.querySelector('#conn-state')?.className === 'conn-down');
  await pad.waitForFunction(() => document.querySelector('#conn-state')?.className === 'conn-open');
  await pad.waitForTimeout(300);
  const after = (await pad.locator('#error').textContent()).trim();
  check(!after, `after a dropped connection the room page reads "${after}"`);

  // Logging out: the logged-out card, no cookie, the plain title.
  await pad.locator('a#home').click();
  await lobby(t, pad);
  await pad.locator('button#logout').click();
  await pad.locator('#login-form').waitFor({ state: 'visible' });
  await pad.locator('#my-games-card').waitFor({ state: 'hidden' });
  check((await pad.title()) === 'Grognard', `after logging out the lobby is titled "${await pad.title()}"`);
  const left = (await pad.context().cookies()).filter((c) => c.name === 'grognard_session');
  check(!left.length, 'the session cookie is still there after logging out');

  // Ben changes his password, then deletes his account: warned, asked, and logged out.
  await ben.locator('#password-box summary').click();
  await ben.locator('input#password-old').fill(PASSWORD);
  await ben.locator('input#password-new').fill(`${PASSWORD} 2`);
  await ben.locator('input#password-new2').fill(`${PASSWORD} 2`);
  await ben.locator('button#password-go').click();
  await ben.waitForFunction(() => /password is changed/.test(document.querySelector('#account-note')?.textContent ?? ''));
  await ben.locator('#delete-box summary').click();
  const warning = await ben.locator('#delete-form .warning').textContent();
  check(/Your name stays in the games already played: they are public records/.test(warning), `the deletion's warning reads "${warning}"`);
  await ben.locator('input#delete-password').fill(`${PASSWORD} 2`);
  await ben.locator('button#delete-go').click();
  await ben.locator('#delete-confirm button.confirm-no').click();
  check(await ben.locator('#account-name').isVisible(), 'the account went although its deletion was declined');
  await ben.locator('button#delete-go').click();
  await t.shotOf(ben.locator('#account'), 'delete-asked');
  await ben.locator('#delete-confirm button.confirm-yes').click();
  await ben.locator('#login-form').waitFor({ state: 'visible' });
  check(/deleted/.test(await ben.locator('#account-note').textContent()), 'no word that the account is deleted');
  check(!(await ben.context().cookies()).some((c) => c.name === 'grognard_session'), 'Ben\'s cookie outlived his account');
  t.note = `Ann seated on a second device without a token; the game waits for ${annWaits ? 'Ann' : 'Ben'}`;
}
