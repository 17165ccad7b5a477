// Steps through the web client's screens by the ids and attributes docs/web.md promises
// (lobby, seat picking, the room page, orders, the map, the log), for the tests to share.
import { check, sleep } from './lib.mjs';

// Registers account `name` with `password` (and `email`, if given) in the lobby's account card,
// and waits for the card to name it.
export async function registerAccount(page, name, password, email = '') {
  await page.locator('#register-box summary').click();
  await page.locator('input#register-name').fill(name);
  await page.locator('input#register-password').fill(password);
  await page.locator('input#register-password2').fill(password);
  if (email) await page.locator('input#register-email').fill(email);
  await page.locator('button#register-go').click();
  await page.locator('#account-name').waitFor({ state: 'visible' });
  check((await page.locator('#account-name').textContent()) === name, `the card does not name ${name}`);
}

// The seqs of the events in a page's #log, in the order shown.
export function logSeqs(page) {
  return page.$$eval('#log li[data-seq]', (lis) => lis.map((li) => Number(li.dataset.seq)));
}

export async function maxSeq(page) {
  const seqs = await logSeqs(page);
  return seqs.length ? Math.max(...seqs) : 0;
}

// Every event once, in order, none missing from the first shown on.
// `hidden`: the seqs this page may not see (chat sent to another seat).
export function checkLog(seqs, who, hidden = []) {
  for (let i = 1; i < seqs.length; i += 1) {
    check(seqs[i] !== seqs[i - 1], `${who}: event ${seqs[i]} shown twice in #log`);
    check(seqs[i] > seqs[i - 1], `${who}: #log out of order (${seqs[i - 1]} before ${seqs[i]})`);
    for (let missing = seqs[i - 1] + 1; missing < seqs[i]; missing += 1) {
      check(hidden.includes(missing), `${who}: #log misses event ${missing}`);
    }
  }
  for (const seq of hidden) check(!seqs.includes(seq), `${who}: #log shows event ${seq}, chat meant for another seat`);
}

// Waits until every page's #log reaches `seq` and the page has had the answers to every
// request it made since (the legal commands it asks for after each event, above all), so that
// no button of a moment ago is clicked.
export async function waitSeq(pages, seq, timeout = 10_000) {
  for (const page of pages) {
    await page.waitForFunction((s) => {
      const lis = document.querySelectorAll('#log li[data-seq]');
      return [...lis].some((li) => Number(li.dataset.seq) >= s) && !window.__grognardPending?.size;
    }, seq, { timeout }).catch(async () => {
      check(false, `${page.label}: #log did not reach event ${seq} with every request answered (it ends at ${await maxSeq(page)})`);
    });
  }
}

// The server's words in #error, or ''.
export function errorText(page) {
  return page.evaluate(() => {
    const el = document.querySelector('#error');
    return el && el.offsetParent !== null ? el.textContent.trim() : '';
  });
}

// Gives a name in the lobby or on the seat picker, when the page asks for one.
export async function giveName(page, name) {
  for (const id of ['#join-name', '#player-name']) {
    const input = page.locator(`input${id}`);
    // A page going away (the lobby's, for the room's) may take its input with it meanwhile.
    if (await input.isVisible().catch(() => false)) await input.fill(name, { timeout: 2_000 }).catch(() => {});
  }
}

// Takes a seat from the room page's #join (or, failing that, the lobby's room list).
// `seat` is a seat id, or 'watch' for an observer.
export async function takeSeat(page, seat, name) {
  const sel = seat === 'watch' ? 'button.watch' : `button[data-seat="${seat}"]`;
  const button = page.locator(`#join ${sel}, #rooms ${sel}`).first();
  await button.waitFor({ state: 'visible' });
  if (name) await giveName(page, name);
  await button.click();
  await page.locator('#play').waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.querySelector('#you')?.textContent.trim());
}

// The page's enabled order buttons: [{ text, end, click() }] (`end`: it ends the turn or the
// activation). Orders that need a point picked on the map (labels ending in '…') and those
// whose words match `avoid` are left out. One round trip to the page.
export async function enabledOrders(page, avoid = null, scope = '#orders') {
  const sel = `${scope} button.order:not([disabled])`;
  const found = await page.$$eval(sel, (bs) => bs.map((b) => ({ text: b.textContent.trim(), cls: b.className })));
  return found.map((o, i) => ({
    text: o.text,
    end: /\bkind-end\b/.test(o.cls) || /^end\b/i.test(o.text),
    click: () => page.locator(sel).nth(i).click(),
  })).filter((o) => !o.text.endsWith('…') && !(avoid && avoid.test(o.text)));
}

// The keys of the units the page offers to order (#orders button.actor).
export function actorKeys(page) {
  return page.$$eval('#orders button.actor:not([disabled])', (bs) => bs.map((b) => b.dataset.key));
}

async function canAct(page, avoid) {
  const texts = await page.$$eval('#orders button.actor:not([disabled]), #orders button.order:not([disabled])',
    (bs) => bs.map((b) => (b.classList.contains('actor') ? '' : b.textContent.trim())));
  return texts.some((t) => t === '' || (!t.endsWith('…') && !(avoid && avoid.test(t))));
}

// Waits for one page among `pages` to have orders to give; null when the game has ended.
export async function whoActs(pages, avoid = null, timeout = 10_000) {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    for (const page of pages) {
      if (await page.locator('#game-over').isVisible()) return null;
    }
    for (const page of pages) {
      if (await canAct(page, avoid)) return page;
    }
    await sleep(100);
  }
  check(false, `no page has an order to give and #game-over is not shown (status: ${await pages[0].locator('#status').textContent().catch(() => '?')})`);
  return null;
}

// Selects the unit `key` in #orders (or deselects with null) and returns its orders.
export async function selectActor(page, key, avoid = null) {
  const button = page.locator(`#orders button.actor[data-key="${key}"]`);
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click(); // a click on the selected one deselects it
  await page.locator('#orders .selected-actor').waitFor({ state: 'visible' });
  return enabledOrders(page, avoid, '#orders .order-list:not(.free)');
}

// Gives one order by the #orders buttons, picked by `rand`: a unit's order when there is one
// (unless `end`), else an order of no unit, those that end the turn last. Returns its words.
export async function giveOrder(page, all, rand, { avoid = null, end = false } = {}) {
  const actors = await actorKeys(page);
  if (actors.length && !end) {
    for (let tries = 0; tries < Math.min(3, actors.length); tries += 1) {
      const orders = await selectActor(page, rand.pick(actors), avoid);
      if (orders.length) {
        const o = rand.pick(orders);
        await expectEvent(page, all, () => o.click(), `the order "${o.text}"`);
        return o.text;
      }
      await page.keyboard.press('Escape');
    }
  }
  const free = await enabledOrders(page, avoid, '#orders .order-list.free');
  const moves = free.filter((o) => !o.end);
  const ends = free.filter((o) => o.end);
  const list = end ? (ends.length ? ends : moves) : (moves.length ? moves : ends);
  check(list.length, `${page.label}: no order can be given (units: ${actors.join(' ') || 'none'})`);
  const o = rand.pick(list);
  await expectEvent(page, all, () => o.click(), `the order "${o.text}"`);
  return o.text;
}

// Runs `act` on `page` and waits for the event it causes to reach every page in `all`.
// Fails on a message in #error.
export async function expectEvent(page, all, act, what) {
  const before = Math.max(...(await Promise.all(all.map(maxSeq))));
  const shown = await errorText(page); // an earlier refusal stays until the next answer
  await act();
  const until = Date.now() + 10_000;
  for (;;) {
    // An order the server warns about waits for the player's word (web/js/confirm.js): given.
    const warning = page.locator('#confirm-warning button.give');
    if (await warning.isVisible()) await warning.click();
    const err = await errorText(page);
    check(!err || err === shown, `${page.label}: ${what} was refused: ${err}`);
    if ((await maxSeq(page)) > before) break;
    check(Date.now() < until, `${page.label}: ${what} caused no event in #log`);
    await sleep(50);
  }
  await waitSeq(all, await maxSeq(page));
  return maxSeq(page);
}

// The highlights of the selected unit's targets: the centres, on the screen, of the areas
// marked (web/js/rulesets/*_map.js draw them as `g.target` over or under the units).
export function highlightCentres(page) {
  return page.$$eval('svg#map g.target', (gs) => gs.map((g) => {
    const r = g.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2, kind: g.getAttribute('class') };
  }).filter((c) => c.x > 0 && c.y > 0));
}

export async function clickKey(page, key) {
  await page.locator(`svg#map [data-key="${key}"]`).first().click();
}

// The seat tokens the page keeps.
export function storedSeats(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('grognard.seats') || '[]'));
}
