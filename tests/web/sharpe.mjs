// Test 2: Sharpe's Mess with a referee page. The referee creates the room from the lobby and
// takes the referee's seat; three players take theirs by the invite link. The referee pauses
// and resumes play by his orders, the players play two turns by theirs (one figure moved to a
// point clicked on the table). The referee's panels show for him only, and no player's page
// shows another player's secret briefing. A ruling the server warns about is asked about first.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, rng, sleep } from './lib.mjs';
import {
  actorKeys, checkLog, enabledOrders, errorText, expectEvent, giveOrder, logSeqs, maxSeq,
  selectActor, takeSeat, waitSeq,
} from './ui.mjs';

const SCATTER = /scatter/i; // a player may always set his scatter orders: not a move of the game
const MAX_ORDERS = 250;
const ORDERS_PER_ACTIVATION = 3; // then the activation is ended, so the turns go by

// The players' secret briefings, from the scenario itself: { British: '...', ... }.
function briefings() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const text = fs.readFileSync(path.join(here, '../../scenarios/sharpe/village.textproto'), 'utf8');
  const out = {};
  for (const m of text.matchAll(/name:\s*"([^"]+)"\s*\n\s*briefing:\s*"([^"]+)"/g)) out[m[1]] = m[2];
  check(Object.keys(out).length >= 2, 'no briefings found in scenarios/sharpe/village.textproto');
  return out;
}

// The turn #status names, or 0.
async function turnOf(page) {
  const m = /turn (\d+)/i.exec(await page.locator('#status').textContent());
  return m ? Number(m[1]) : 0;
}

// The first enabled order of `page` whose words match `re`, clicked; waits for its event.
async function orderNamed(page, all, re) {
  const o = (await enabledOrders(page)).find((x) => re.test(x.text));
  check(o, `${page.label}: no order matching ${re} (orders: ${(await enabledOrders(page)).map((x) => x.text).join(' | ') || 'none'})`);
  await expectEvent(page, all, () => o.click(), `the order "${o.text}"`);
  return o.text;
}

// Moves one of the page's figures by its "Move …" order and a point clicked on the table a
// little way off the figure. Returns true once a move was given.
async function moveByMap(page, all) {
  for (const key of (await actorKeys(page)).slice(0, 3)) {
    await selectActor(page, key);
    const move = page.locator('#orders .order-list:not(.free) button.order', { hasText: /^Move / });
    if (!(await move.count())) continue;
    const box = await page.locator(`svg#map [data-key="${key}"]`).first().boundingBox();
    if (!box) continue;
    for (const [dx, dy] of [[18, 0], [0, 18], [-18, 0], [0, -18]]) {
      await move.first().click();
      await page.locator('#orders .point-mode').waitFor({ state: 'visible' });
      const before = await maxSeq(page);
      await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
      const until = Date.now() + 3000;
      while ((await maxSeq(page)) <= before && !(await errorText(page)) && Date.now() < until) await sleep(50);
      if ((await maxSeq(page)) > before) {
        await waitSeq(all, await maxSeq(page));
        return true;
      }
      if (await page.locator('#orders .point-mode').isVisible()) await page.keyboard.press('Escape');
    }
  }
  return false;
}

export async function sharpeReferee(t) {
  const rand = rng(12);
  const secret = briefings();
  const referee = await t.newPage('Referee');
  await referee.goto(`${t.base}/`);
  await referee.locator('input#player-name').fill('Rhea');
  await referee.locator('select#create-ruleset').selectOption('sharpe');
  await referee.waitForFunction(() => [...document.querySelectorAll('#create-scenario option')].some((o) => o.value === 'village'));
  await referee.locator('select#create-scenario').selectOption('village');
  await referee.locator('button#create-room').click();
  await takeSeat(referee, 'referee', 'Rhea');
  const invite = (await referee.locator('#invite-link').textContent()).trim();

  const players = [];
  for (const [seat, name] of [['player:british', 'British'], ['player:french', 'French'], ['player:partisans', 'Partisans']]) {
    const page = await t.newPage(name);
    page.side = name;
    await page.goto(invite);
    await takeSeat(page, seat, `${name} player`);
    players.push(page);
  }
  const all = [referee, ...players];
  await waitSeq(all, 2);
  await t.shot(referee, 'referee');
  for (const p of players) await t.shot(p, `player-${p.side}`);

  // The referee's tools (#panels .referee) for him only; a player's page shows his own
  // briefing and no other player's.
  const refereePanel = (p) => p.locator('#panels .referee').count();
  check(await refereePanel(referee), "the referee's page has no referee's panel in #panels");
  for (const p of players) {
    check(!(await refereePanel(p)), `${p.label}'s page shows the referee's panel`);
    const text = await p.locator('body').textContent();
    for (const [side, words] of Object.entries(secret)) {
      if (side !== p.side) check(!text.includes(words.slice(0, 40)), `${p.label}'s page shows the ${side} briefing`);
    }
    check(text.includes(secret[p.side].slice(0, 40)), `${p.label}'s page does not show its own briefing`);
  }

  // The referee pauses play and resumes it, by his order buttons.
  await orderNamed(referee, all, /^pause/i);
  await orderNamed(referee, all, /^resume/i);

  // A ruling the server warns about (a figure beyond 10" of its leader, S2) is asked about
  // first, with the server's words; kept back, it changes nothing.
  const before = await maxSeq(referee);
  await referee.locator('input#command').fill('rule move harper 60,10 a test of the warning');
  await referee.locator('input#command').press('Enter');
  const box = referee.locator('#confirm-warning');
  await box.waitFor({ state: 'visible', timeout: 5000 });
  const words = await box.textContent();
  check(/Sergeant Harper/.test(words) && /\(S2\)/.test(words), `the warning box says "${words}"`);
  await t.shot(referee, 'warning');
  await box.locator('button.keep').click();
  await box.waitFor({ state: 'hidden', timeout: 5000 });
  await sleep(300);
  check((await maxSeq(referee)) === before, 'a ruling kept back after its warning was given');
  check(!(await errorText(referee)), `keeping a ruling back showed an error: ${await errorText(referee)}`);

  // The players play on until turn 3 begins (or the game ends).
  let given = 0; let sinceEnd = 0; let last = null; let moved = false;
  for (; given < MAX_ORDERS; given += 1) {
    if (await referee.locator('#game-over').isVisible()) break;
    if ((await turnOf(referee)) >= 3) break;
    let page = null;
    for (let i = 0; i < 50 && !page; i += 1) {
      for (const p of players) {
        if ((await actorKeys(p)).length || (await enabledOrders(p, SCATTER)).length) { page = p; break; }
      }
      if (!page) await sleep(100);
    }
    if (!page) {
      // Play waits for the referee (a card for him, a pause): he resumes it.
      await orderNamed(referee, all, /^resume/i);
      continue;
    }
    if (page !== last) sinceEnd = 0;
    last = page;
    if (!moved && sinceEnd === 1 && await moveByMap(page, all)) {
      moved = true;
      sinceEnd += 1;
      await t.shot(page, `moved-${page.side}`);
      continue;
    }
    const text = await giveOrder(page, all, rand, { avoid: SCATTER, end: sinceEnd >= ORDERS_PER_ACTIVATION });
    sinceEnd = /^end/i.test(text) ? 0 : sinceEnd + 1;
    if (given === 10) await t.shot(page, `playing-${page.side}`);
  }
  check(given < MAX_ORDERS, `turn 3 did not begin after ${MAX_ORDERS} orders`);
  check(moved, 'no figure could be moved by a point clicked on the table');
  await t.shot(referee, 'referee-turn3');
  for (const p of players) await t.shot(p, `turn3-${p.side}`);

  const end = await maxSeq(referee);
  await waitSeq(all, end);
  for (const p of all) {
    const seqs = await logSeqs(p);
    checkLog(seqs, p.label);
    check(seqs[seqs.length - 1] === end, `${p.label}'s #log ends at ${seqs[seqs.length - 1]}, the referee's at ${end}`);
  }
  t.note = `${given} orders by the players, 2 by the referee, ${end} events`;
}
