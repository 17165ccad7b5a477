// Test 1: a whole Itchy & Scratchy game in the browser. Anna creates the room from the lobby
// and takes the first seat; Boris opens the invite link and takes the other; Clio watches by
// the same link. Anna chats to the room and to Boris alone, and tries a move the rules refuse.
// They play to the end by the page's own controls (order buttons, clicks on the map, a typed
// command); Boris reloads mid-game and must get his seat back with every event once; then the
// replay steps through the game, plays it and shows it as an observer saw it.
import { check, rng, sleep } from './lib.mjs';
import {
  actorKeys, checkLog, clickKey, enabledOrders, expectEvent, giveName, giveOrder,
  highlightCentres, logSeqs, maxSeq, selectActor, storedSeats, takeSeat, waitSeq, whoActs,
} from './ui.mjs';

const MAX_ORDERS = 400;
const MAP_MOVES = 3; // at least this many orders given by clicking the map
const RELOAD_AT = 25; // Boris reloads after this many orders
const WHISPER = 'Between the two of us: the farm is lightly held.'; // chat to Boris alone

// Creates the room from the lobby's controls; resolves on the room page.
async function createRoom(t, page) {
  await page.goto(`${t.base}/`);
  await page.locator('#lobby').waitFor({ state: 'visible' });
  await t.shot(page, 'lobby');
  await page.locator('input#player-name').fill('Anna');
  await page.locator('select#create-ruleset').selectOption('itchy');
  await page.waitForFunction(() => [...document.querySelectorAll('#create-scenario option')].some((o) => o.value === 'intro'));
  await page.locator('select#create-scenario').selectOption('intro');
  await page.locator('input#create-observers').check();
  await page.locator('button#create-room').click();
  await takeSeat(page, 'side:0', 'Anna');
}

// Selects a unit by clicking it on the map, then clicks the centre of one of the areas it
// highlights. Returns false (and deselects) when no such click gave an order.
async function orderByMap(page, all, rand) {
  const actors = await actorKeys(page);
  for (let tries = 0; tries < Math.min(4, actors.length); tries += 1) {
    const unit = rand.pick(actors);
    if (!(await page.locator('#orders .selected-actor').isVisible())) await clickKey(page, unit);
    else await selectActor(page, unit);
    await page.locator('#orders .selected-actor').waitFor({ state: 'visible', timeout: 3000 });
    const centres = await highlightCentres(page);
    if (centres.length) {
      const before = await maxSeq(page);
      const c = rand.pick(centres);
      await page.mouse.click(c.x, c.y);
      const choice = page.locator('#orders .chooser button.order').first();
      if (await choice.isVisible({ timeout: 300 }).catch(() => false)) await choice.click();
      const until = Date.now() + 3000;
      while ((await maxSeq(page)) <= before && Date.now() < until) await sleep(50);
      if ((await maxSeq(page)) > before) {
        await waitSeq(all, await maxSeq(page));
        return true;
      }
    }
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  }
  return false;
}

// Sends a chat message from `page` (to one seat, or to everyone) and returns its seq once
// `readers` show it.
async function chat(page, readers, text, to = '') {
  await page.locator('input#chat-text').fill(text);
  await page.locator('select#chat-to').selectOption(to);
  const before = await maxSeq(page);
  await page.locator('button#chat-send').click();
  await page.waitForFunction(([b, w]) => [...document.querySelectorAll('#log li[data-seq]')]
    .some((li) => Number(li.dataset.seq) > b && li.textContent.includes(w)), [before, text]);
  const seq = await page.$$eval('#log li[data-seq]', (lis, w) => Number(lis.filter((li) => li.textContent.includes(w)).pop().dataset.seq), text);
  await waitSeq(readers, seq);
  for (const r of readers) {
    check((await r.locator('#log').textContent()).includes(text), `${r.label}'s #log does not show the chat "${text}"`);
  }
  return seq;
}

// No layout jump when events arrive: the map stays where it was first drawn.
async function mapStays(page, who, first) {
  const box = await page.locator('svg#map').boundingBox();
  if (!first.box) first.box = box;
  for (const k of ['x', 'y', 'width', 'height']) {
    check(Math.abs(box[k] - first.box[k]) <= 1,
      `${who}'s map moved as events came (${k} ${Math.round(first.box[k])} -> ${Math.round(box[k])})`);
  }
}

// Types a move the rules refuse; #error must give the server's words and the clause.
async function refusedCommand(page) {
  const before = await maxSeq(page);
  const line = page.locator('input#command');
  await line.fill('move B1 N N N');
  await line.press('Enter');
  await page.waitForFunction(() => document.querySelector('#error')?.textContent.trim());
  const words = (await page.locator('#error').textContent()).trim();
  check(/\(itchy\.[\w.-]+\)/.test(words), `#error for a refused move gives no clause: "${words}"`);
  check((await maxSeq(page)) === before, 'a refused command added an event');
  return words;
}

// Types `end` into the command line (the acting side ends its turn).
async function orderByTyping(page, all) {
  const line = page.locator('input#command');
  await line.fill('end');
  await expectEvent(page, all, () => line.press('Enter'), 'the typed command "end"');
}

export async function itchyGame(t) {
  const rand = rng(15);
  const anna = await t.newPage('Anna');
  await createRoom(t, anna);
  const invite = (await anna.locator('#invite-link').textContent()).trim();
  check(/^https?:\/\/[^/]+\/rooms\/[A-Z0-9]+$/.test(invite), `#invite-link reads "${invite}"`);
  const [{ gameId } = {}] = await storedSeats(anna);
  check(gameId, 'no seat token in localStorage["grognard.seats"] after taking a seat');
  t.shared.itchyGameId = gameId;

  const boris = await t.newPage('Boris');
  await boris.goto(invite);
  await giveName(boris, 'Boris');
  await t.shot(boris, 'join');
  await takeSeat(boris, 'side:1', 'Boris');
  const clio = await t.newPage('Clio');
  await clio.goto(invite);
  await takeSeat(clio, 'watch', 'Clio');
  const players = [anna, boris];
  const all = [anna, boris, clio];
  await waitSeq(all, 2); // the seed's hash and the first initiative throw
  await t.shot(anna, 'room');
  await t.shot(clio, 'watching');
  await chat(anna, all, 'Good luck, sir.');
  const whisper = await chat(anna, [anna, boris], WHISPER, 'side:1');
  await t.shot(boris, 'chat');

  const mapAt = {}; // where the map first was on Anna's page: events must not move it
  let given = 0; let byMap = 0; let typed = false; let reloaded = false; let borisAfter = 0; let refused = false;
  for (; given < MAX_ORDERS; given += 1) {
    const page = await whoActs(players);
    if (!page) break;
    t.noErrors();
    const status = await page.locator('#status').textContent();
    if (reloaded && page === boris) borisAfter += 1;
    if (!refused && page === anna && /activate/i.test(status) && (await actorKeys(page)).includes('u:B1')) {
      await refusedCommand(anna);
      await t.shot(anna, 'refused');
      refused = true;
    }
    if (byMap < MAP_MOVES && given % 4 === 3 && (await actorKeys(page)).length && await orderByMap(page, all, rand)) {
      byMap += 1;
    } else if (!typed && given > 10 && /activate/i.test(status) && (await enabledOrders(page)).some((o) => o.end)) {
      await orderByTyping(page, all);
      typed = true;
    } else {
      await giveOrder(page, all, rand);
    }
    if (given % 10 === 0) await mapStays(anna, 'Anna', mapAt);
    if (given === RELOAD_AT) {
      await t.shot(boris, 'before-reload');
      await reload(boris, anna);
      reloaded = true;
    }
  }
  check(given < MAX_ORDERS, `the game did not end after ${MAX_ORDERS} orders`);
  check(reloaded, `the game ended before Boris reloaded (${given} orders)`);
  check(borisAfter > 0, 'Boris gave no order after reloading');
  check(byMap >= MAP_MOVES, `only ${byMap} orders could be given by clicking the map`);
  check(typed, 'no command was typed into #command');
  check(refused, 'no refused command was tried');

  for (const page of all) {
    await page.locator('#game-over').waitFor({ state: 'visible' });
    const over = await page.locator('#game-over').innerText();
    check(/(^|[^0-9a-f])[0-9a-f]{64}($|[^0-9a-f])/.test(over), `${page.label}'s #game-over does not give the dice seed: "${over.trim().slice(0, 200)}"`);
    await t.shot(page, `game-over-${page.label}`);
  }
  const last = await maxSeq(anna);
  await waitSeq(all, last);
  const ref = await logSeqs(anna);
  checkLog(ref, 'Anna');
  for (const page of [boris, clio]) {
    const seqs = await logSeqs(page);
    checkLog(seqs, page.label, page === clio ? [whisper] : []);
    check(seqs[seqs.length - 1] === ref[ref.length - 1],
      `${page.label}'s #log ends at ${seqs[seqs.length - 1]}, Anna's at ${ref[ref.length - 1]}`);
  }
  t.shared.itchyEnded = true;
  await replay(t, clio, gameId, last, WHISPER);
  t.note = `${given} orders (${byMap} on the map, 1 typed), ${last} events`;
}

// Boris reloads: the stored token must seat him again with every event once.
async function reload(boris, anna) {
  const before = await storedSeats(boris);
  await boris.reload();
  await boris.locator('#play').waitFor({ state: 'visible' });
  await boris.waitForFunction(() => /Boers|side:1/i.test(document.querySelector('#you')?.textContent ?? ''));
  check(!(await boris.locator('#join').isVisible().catch(() => false)), 'after a reload Boris is asked to pick a seat again');
  await waitSeq([boris], await maxSeq(anna));
  const mine = await logSeqs(boris);
  checkLog(mine, 'Boris after reloading');
  const theirs = await logSeqs(anna);
  check(mine[0] === theirs[0] && mine[mine.length - 1] === theirs[theirs.length - 1],
    `after reloading Boris shows events ${mine[0]}..${mine[mine.length - 1]}, Anna ${theirs[0]}..${theirs[theirs.length - 1]}`);
  const after = await storedSeats(boris);
  check(JSON.stringify(after) === JSON.stringify(before), 'the stored seats changed across a reload');
}

// Steps the replay of the game: last, first, next, prev and a jump to turn 3; #replay-seq
// ("event N of M") must follow each step.
async function replay(t, page, gameId, lastSeq, whisper) {
  await page.goto(`${t.base}/games/${gameId}`);
  await page.locator('#replay').waitFor({ state: 'visible' });
  const at = async () => {
    const text = await page.locator('#replay-seq').textContent();
    const m = /(\d+)\D+(\d+)/.exec(text);
    return m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
  };
  // Clicks `button` (or runs it) and waits for #replay-seq to say event `want`.
  const step = async (act, want, what) => {
    await (typeof act === 'string' ? page.locator(act).click() : act());
    await page.waitForFunction((w) => {
      const m = /(\d+)\D+(\d+)/.exec(document.querySelector('#replay-seq')?.textContent ?? '');
      return m && (typeof w === 'number' ? Number(m[1]) === w : Number(m[1]) > 1 && Number(m[1]) < Number(m[2]));
    }, want, { timeout: 5000 }).catch(() => {});
    const [n, total] = await at();
    check(typeof want === 'number' ? n === want : n > 1 && n < total,
      `after ${what}, #replay-seq reads "${await page.locator('#replay-seq').textContent()}"`);
    return n;
  };
  await page.waitForFunction(() => /\d+\D+\d+/.test(document.querySelector('#replay-seq')?.textContent ?? ''));
  const [, total] = await at();
  check(total === lastSeq, `#replay-seq counts ${total} events, the game has ${lastSeq}`);
  await step('button#last', total, '#last');
  await t.shot(page, 'replay-last');
  await step('button#first', 1, '#first');
  await t.shot(page, 'replay-first');
  await step('button#next', 2, '#next');
  await step('button#prev', 1, '#prev');
  const mid = await step(async () => {
    await page.locator('input#turn-jump').fill('3');
    await page.locator('input#turn-jump').press('Enter');
  }, 'middle', 'a jump to turn 3');
  const status = await page.locator('#replay #status').textContent();
  check(/turn 3\b/i.test(status), `after a jump to turn 3 (event ${mid}), #status reads "${status.trim()}"`);
  await t.shot(page, 'replay-turn3');

  // Played automatically from the first event, then stopped.
  await step('button#first', 1, '#first');
  await page.locator('button#autoplay').click();
  await page.waitForFunction(() => Number(/(\d+)/.exec(document.querySelector('#replay-seq').textContent)?.[1]) >= 4,
    null, { timeout: 15_000 }).catch(() => {});
  await page.locator('button#autoplay').click();
  const [played] = await at();
  check(played >= 4, `#autoplay went no further than event ${played}`);

  // As an observer saw it: the chat to one seat is not there.
  await page.locator('select#view-as').selectOption('observer');
  await page.waitForFunction(() => /\d+\D+\d+/.test(document.querySelector('#replay-seq')?.textContent ?? ''));
  await step('button#last', lastSeq, '#last as an observer');
  const log = await page.locator('#log').textContent();
  check(!log.includes(whisper), 'the replay as an observer shows the chat sent to Boris alone');
  await t.shot(page, 'replay-observer');
}
