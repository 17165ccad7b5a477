// Notifications in the browser (docs/web.md, "Notifications"), on a server started with
// --webhook-allow 127.0.0.1/32 (run.mjs).
//
// notify-settings: Nora registers; the account card's Notifications refuse a webhook the server
// will not call (plain http to example.org: the server's sentence says https), set one to a
// loopback address with a secret, and set the mail notices to daily; after a reload the card
// shows both (and never the secret); the webhook is removed.
//
// notify-browser: the Notification API while a tab is open. Each page's Notification is
// replaced by an init script with one that records what the page asks to show, and its
// document.hidden and hasFocus() can be faked away. Ann turns notices on with the card's
// button (the permission granted to the browser context), creates an unlisted Itchy & Scratchy
// room and takes British; her lobby stays open in a second tab. Both of her tabs go to the background;
// Ben (another account) takes the Boers and, if he won the initiative, goes second, so that the
// game comes to wait for Ann: exactly one notice in her room's tab and one in her lobby's,
// each naming the game, tagged with its id. A click on the room's focuses the tab; a click on
// the lobby's opens the game there, seated as British. Last, Ann on another
// device opens the notice's link, /rooms/CODE?seat=side:0, and is seated as British: the room
// is unlisted and that browser never saw it, so it is found among her games.
import { check, sleep } from './lib.mjs';
import { enabledOrders, expectEvent, registerAccount } from './ui.mjs';

const PASSWORD = 'correct horse battery';
const SECRET = 'a-webhook-secret-0123456789';

// The server lets one address register 5 accounts an hour, and the tests before these made
// 4: each notify test's pages come from an address of their own (run.mjs trusts the loopback
// address's X-Forwarded-For).
async function fromAddress(page, address) {
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': address });
}

async function textOf(page, selector) {
  await page.waitForFunction((s) => document.querySelector(s)?.textContent.trim(), selector);
  return (await page.locator(selector).textContent()).trim();
}

export async function notifySettingsTest(t) {
  const page = await t.newPage('Nora');
  await fromAddress(page, '198.51.100.41');
  await page.goto(`${t.base}/`);
  await page.locator('#account-body form').first().waitFor({ state: 'visible' });
  await registerAccount(page, 'nora_notify', PASSWORD);
  await page.locator('#notices-box summary').click();
  check((await textOf(page, '#webhook-current')) === 'No webhook.', 'a new account shows a webhook');
  check(await page.locator('input#mail-each').isChecked(), 'a new account\'s mail notices are not "each"');
  check((await page.locator('input#webhook-secret').getAttribute('type')) === 'password', 'the secret is not a password field');

  await page.locator('input#webhook-url').fill('http://example.org/hook');
  await page.locator('input#webhook-secret').fill(SECRET);
  await page.locator('button#webhook-go').click();
  const refused = await textOf(page, '#notices-error');
  check(/https/.test(refused), `a plain-http webhook is refused with "${refused}"`);
  check((await textOf(page, '#webhook-current')) === 'No webhook.', 'a refused webhook is shown as set');

  const hook = 'http://127.0.0.1:9/grognard-hook';
  await page.locator('input#webhook-url').fill(hook);
  await page.locator('input#webhook-secret').fill(SECRET);
  await page.locator('button#webhook-go').click();
  await page.waitForFunction((h) => document.querySelector('#webhook-shown')?.textContent === h, hook);
  check(await page.locator('#webhook-failing').isHidden(), 'a new webhook is shown failing');
  await page.locator('input#mail-daily').check();
  await page.waitForFunction(() => /daily/.test(document.querySelector('#notices-note')?.textContent ?? ''));
  const warn = await textOf(page, '#mail-notices-warn');
  check(/no e-mail address/.test(warn), `without an address the mail choice reads "${warn}"`);
  await t.shotOf(page.locator('#account'), 'notices-set');

  await page.reload();
  await page.locator('#notices-box summary').click();
  await page.waitForFunction((h) => document.querySelector('#webhook-shown')?.textContent === h, hook);
  check(await page.locator('input#mail-daily').isChecked(), 'after a reload the mail notices are not daily');
  const shown = await page.evaluate(() => document.body.innerText + [...document.querySelectorAll('input')].map((i) => i.value).join(' '));
  check(!shown.includes(SECRET), 'the secret is shown after a reload');
  await page.locator('button#webhook-remove').click();
  await page.waitForFunction(() => document.querySelector('#webhook-current')?.textContent === 'No webhook.');
  check(await page.locator('button#webhook-remove').isHidden(), 'Remove is offered without a webhook');
  // The refusal came over the WebSocket: no HTTP status, nothing for the page's error watch.
}

// Runs in every page of the notify-browser test before its scripts: records each notice the
// page shows (window.__notices: { title, body, tag }; the objects in window.__noticeObjects),
// and lets the test send the page to the background (window.__away).
function recordNotices() {
  const Real = window.Notification;
  window.__notices = [];
  window.__noticeObjects = [];
  window.__away = false;
  class Recorded {
    constructor(title, options = {}) {
      this.title = title;
      this.body = options.body;
      this.tag = options.tag;
      this.onclick = null;
      window.__notices.push({ title, body: options.body, tag: options.tag });
      window.__noticeObjects.push(this);
    }

    close() { this.closed = true; }

    static get permission() { return Real ? Real.permission : 'default'; }

    static requestPermission(...args) { return Real.requestPermission(...args); }
  }
  window.Notification = Recorded;
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => window.__away });
  const hasFocus = Document.prototype.hasFocus;
  Document.prototype.hasFocus = function focused() { return !window.__away && hasFocus.call(this); };
}

// Takes a general's seat in the unlisted room the page shows, by the side's name.
async function takeNamedSeat(page, side) {
  await page.locator('select#join-role').waitFor({ state: 'visible' });
  await page.locator('select#join-role').selectOption('general');
  await page.locator('input#join-seat').fill(side);
  await page.locator('button#join-named').click();
  await page.locator('#play').waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.querySelector('#you')?.textContent.trim());
}

async function notices(page) {
  return page.evaluate(() => window.__notices);
}

export async function notifyBrowserTest(t) {
  const ann = await t.newPage('Ann');
  const ben = await t.newPage('Ben');
  for (const p of [ann, ben]) {
    await fromAddress(p, '198.51.100.42');
    await p.context().grantPermissions(['notifications'], { origin: t.base });
    await p.context().addInitScript(recordNotices);
  }
  await ann.goto(`${t.base}/`);
  await ann.locator('#account-body form').first().waitFor({ state: 'visible' });
  await registerAccount(ann, 'ann_notify', PASSWORD);
  await ann.locator('#notices-box summary').click();
  await ann.locator('button#notify-browser').click();
  await ann.locator('button#notify-browser-stop').waitFor({ state: 'visible' });
  check((await ann.evaluate(() => localStorage.getItem('grognard.notify'))) === 'on', 'the choice is not kept in localStorage');
  await ann.locator('select#create-ruleset').selectOption('itchy');
  await ann.waitForFunction(() => [...document.querySelectorAll('#create-scenario option')].some((o) => o.value === 'intro'));
  await ann.locator('select#create-scenario').selectOption('intro');
  await ann.locator('input#create-unlisted').check();  // its link alone finds it (below)
  await ann.locator('button#create-room').click();
  await takeNamedSeat(ann, 'British');
  const code = new URL(ann.url()).pathname.split('/').pop();

  // Ann's lobby in a second tab, her game listed (waiting for Ben).
  const lobby = await ann.context().newPage();
  t.watch(lobby, 'ann-lobby');
  await lobby.goto(`${t.base}/`);
  const item = lobby.locator('#my-games li.my-game').first();
  await item.waitFor({ state: 'visible' });
  const gameId = await item.getAttribute('data-game');

  await ben.goto(`${t.base}/`);
  await ben.locator('#account-body form').first().waitFor({ state: 'visible' });
  await registerAccount(ben, 'ben_notify', PASSWORD);
  for (const p of [ann, lobby]) await p.evaluate(() => { window.__away = true; });
  check(!(await notices(ann)).length && !(await notices(lobby)).length, 'a notice came before the game waited for Ann');
  await ben.goto(`${t.base}/rooms/${code}`);
  await takeNamedSeat(ben, 'Boers');

  // Ben acts (going second when he won the initiative) until the game waits for Ann.
  const annTurn = () => ann.evaluate(() => document.querySelector('#status')?.classList.contains('your-turn'));
  for (let i = 0; i < 12 && !(await annTurn()); i += 1) {
    await sleep(300);
    if (await annTurn()) break;
    const orders = await enabledOrders(ben);
    if (!orders.length) continue;
    const o = orders.find((x) => /second/i.test(x.text)) || orders.find((x) => x.end) || orders[0];
    await expectEvent(ben, [ben, ann], () => o.click(), `Ben's order "${o.text}"`);
  }
  check(await annTurn(), 'the game never came to wait for Ann');
  await ann.waitForFunction(() => window.__notices.length > 0, null, { timeout: 3000 })
    .catch(() => check(false, 'Ann\'s room tab showed no notice when the game came to wait for her'));
  await lobby.waitForFunction(() => window.__notices.length > 0, null, { timeout: 9000 })
    .catch(() => check(false, 'Ann\'s lobby tab showed no notice when a game came to wait for her'));
  await sleep(1000);
  const inRoom = await notices(ann);
  const inLobby = await notices(lobby);
  check(inRoom.length === 1, `Ann's room tab showed ${inRoom.length} notices: ${JSON.stringify(inRoom)}`);
  check(inLobby.length === 1, `Ann's lobby tab showed ${inLobby.length} notices: ${JSON.stringify(inLobby)}`);
  for (const [n, where, name] of [[inRoom[0], 'room', `room ${code}`], [inLobby[0], 'lobby', `game ${gameId}`]]) {
    check(n.title === 'Grognard' && n.tag === gameId, `the ${where}'s notice is ${JSON.stringify(n)}`);
    check(n.body.startsWith('Your move in Itchy & Scratchy') && n.body.includes(name), `the ${where}'s notice reads "${n.body}"`);
  }
  t.note = `"${inRoom[0].body}"`;
  // A click focuses the tab; the room is already open there.
  await ann.evaluate(() => window.__noticeObjects[0].onclick());
  check(await ann.locator('#play').isVisible(), 'a click on the notice left the room');
  // In the lobby's tab a click opens the game, as its Play button does.
  await lobby.evaluate(() => window.__noticeObjects[0].onclick());
  await lobby.locator('#play').waitFor({ state: 'visible' });
  check(new URL(lobby.url()).pathname === `/rooms/${code}`, `a click on the lobby's notice opened ${lobby.url()}`);
  await lobby.waitForFunction(() => /You play British/.test(document.querySelector('#you')?.textContent ?? ''))
    .catch(async () => check(false, `the lobby's notice seats "${await lobby.locator('#you').textContent().catch(() => '?')}"`));

  // The notice's link on another device, logged in as Ann: her seat resumed as the account's.
  const pad = await t.newPage('Ann-pad');
  await fromAddress(pad, '198.51.100.42');
  await pad.goto(`${t.base}/`);
  await pad.locator('input#login-name').fill('ann_notify');
  await pad.locator('input#login-password').fill(PASSWORD);
  await pad.locator('button#login-go').click();
  await pad.locator('#account-name').waitFor({ state: 'visible' });
  await pad.goto(`${t.base}/rooms/${code}?seat=side:0`);
  await pad.locator('#play').waitFor({ state: 'visible' });
  await pad.waitForFunction(() => /You play British/.test(document.querySelector('#you')?.textContent ?? ''))
    .catch(async () => check(false, `the link seats "${await pad.locator('#you').textContent().catch(() => '?')}"`));
  check((await pad.evaluate(() => localStorage.getItem('grognard.seats') || '[]')) === '[]', 'a token was stored for the account\'s seat');
}
