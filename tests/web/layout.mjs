// Test 4: the lobby, the room, the replay and the report at phone width (390x844) and at
// 1280x800, screenshots of each, no page wider than the window; and keyboard-only play: from
// the room page, Tab to an order button and Enter gives that order.
import { check, sleep } from './lib.mjs';
import { endedItchyGame, seatedRoom } from './protocol_game.mjs';
import { expectEvent, takeSeat, waitSeq } from './ui.mjs';

const SIZES = [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }];

// The innermost elements that reach past the window's right edge, by their box or by content
// that does not wrap (a long hash), leaving out what scrolls inside a scrolling box.
function widest(page) {
  return page.evaluate(() => {
    const w = window.innerWidth + 1;
    const scrolled = (el) => {
      for (let a = el.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const over = (el) => {
      const r = el.getBoundingClientRect();
      const spills = getComputedStyle(el).overflowX === 'visible' && el.scrollWidth > el.clientWidth + 1;
      return r.right > w || (spills && r.left + el.scrollWidth > w);
    };
    const all = [...document.querySelectorAll('body *')].filter((el) => over(el) && !scrolled(el));
    const leaves = all.filter((el) => !all.some((o) => o !== el && el.contains(o)));
    return leaves.slice(0, 4).map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}` +
      `${[...el.classList].map((c) => `.${c}`).join('')} "${el.textContent.trim().slice(0, 24)}"`)
      .join(', ') || 'none found';
  });
}

// Screenshots `page` at both sizes; fails when the page scrolls sideways.
async function bothSizes(t, page, what) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await sleep(250);
    await t.shot(page, `${what}-${size.name}`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    check(wide <= 1, `${what} at ${size.width}x${size.height} is ${wide} px wider than the window` +
      ` (reaching out: ${await widest(page)})`);
  }
}

// Passes the turn over the protocol until the page's seat has orders.
async function untilPageActs(page, other) {
  for (let i = 0; i < 40; i += 1) {
    if (await page.locator('#orders button.order:not([disabled])').count()) return;
    const legal = (await other.proto.req({ getLegal: {} })).legal?.commands ?? [];
    const pass = legal.find((c) => c.chooseOrder && !c.chooseOrder.goFirst) ?? legal.find((c) => c.endSideTurn);
    if (pass) {
      const ans = await other.proto.req({ command: { commandId: `pass${i}`, command: pass } });
      check(ans.commandResult, `the other seat's ${JSON.stringify(pass)}: ${JSON.stringify(ans.error ?? ans)}`);
    }
    await sleep(200);
  }
  check(false, "the page's seat never got an order to give");
}

export async function layoutAndKeyboard(t) {
  const page = await t.newPage('keyboard');
  await page.goto(`${t.base}/`);
  await page.locator('#lobby').waitFor({ state: 'visible' });
  await page.locator('select#create-ruleset option').first().waitFor({ state: 'attached' });
  await bothSizes(t, page, 'lobby');

  // A room: the page takes the first seat by its controls, a protocol connection the other.
  const { room } = await seatedRoom(t, 'itchy', 'intro', { join: false });
  const other = { proto: await t.protocol('protocol-side:1') };
  await page.goto(`${t.base}/rooms/${room.inviteCode}`);
  await takeSeat(page, 'side:0', 'Kit');
  const joined = await other.proto.req({ joinRoom: { inviteCode: room.inviteCode, role: 'general', seat: 'side:1', name: 'Lou' } });
  check(joined.seated, `join_room side:1: ${JSON.stringify(joined.error ?? joined)}`);
  await waitSeq([page], 2);
  await untilPageActs(page, other);
  await bothSizes(t, page, 'room');

  // Keyboard only: Tab from the top of the page to an order button, then Enter.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('body').focus();
  let label = null;
  for (let i = 0; i < 200 && !label; i += 1) {
    await page.keyboard.press('Tab');
    label = await page.evaluate(() => {
      const el = document.activeElement;
      return el && el.matches('#orders button.order:not([disabled])') ? el.textContent.trim() : null;
    });
  }
  check(label, 'Tab never reached an order button in #orders');
  await t.shot(page, 'keyboard-focus');
  await expectEvent(page, [page], () => page.keyboard.press('Enter'), `the order "${label}" given by Enter`);
  const note = `Enter gave "${label}"`;

  // The replay and the report of an ended game.
  const gameId = await endedItchyGame(t);
  await page.goto(`${t.base}/games/${gameId}`);
  await page.locator('#replay').waitFor({ state: 'visible' });
  await page.locator('#replay-seq').waitFor({ state: 'visible' });
  await bothSizes(t, page, 'replay');
  await page.goto(`${t.base}/games/${gameId}/report`);
  await page.locator('#report[data-ready="true"]').waitFor({ state: 'attached' });
  await bothSizes(t, page, 'report');
  t.note = [note, t.note].filter(Boolean).join('; ');
}
