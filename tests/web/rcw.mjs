// Test 5: the Russian Civil War rule set in the browser, briefly. Two pages take the generals'
// seats by the invite link, deploy their units (one by a point clicked inside the zone on the
// table, the rest typed into the command line), confirm, and give a few orders by the buttons;
// hidden deployments must still leave every page's log whole.
import { check, rng } from './lib.mjs';
import { seatedRoom } from './protocol_game.mjs';
import {
  checkLog, enabledOrders, expectEvent, giveOrder, logSeqs, maxSeq, selectActor, takeSeat, waitSeq,
  whoActs,
} from './ui.mjs';

// Places inside each side's deployment zone of scenarios/rcw/intro.textproto.
const PLACES = {
  'side:0': { 'R-HQ': [16.5, 17.5], R1: [8.75, 20.75], R2: [8.3, 14.7], R3: [1.25, 20.75] },
  'side:1': { 'W-HQ': [33.75, 6.25], W1: [26.25, 1.25], W2: [6.25, 6.25], W3: [18.75, 6.25] },
};
const CONCEDE = /concede/i;
const ORDERS = 8;

// Deploys `unit` by its "Deploy …" order and a click on the table at (x, y) inches.
async function deployByMap(page, all, unit, [x, y]) {
  await selectActor(page, `u:${unit}`);
  await page.locator('#orders button.order', { hasText: /^Deploy / }).first().click();
  await page.locator('#orders .point-mode').waitFor({ state: 'visible' });
  const at = await page.evaluate(([ix, iy]) => {
    const p = new DOMPoint(ix, iy).matrixTransform(document.querySelector('svg#map').getScreenCTM());
    return { x: p.x, y: p.y };
  }, [x, y]);
  await expectEvent(page, all, () => page.mouse.click(at.x, at.y), `deploying ${unit} by a click on the table`);
}

async function typed(page, all, text) {
  const line = page.locator('input#command');
  await line.fill(text);
  await expectEvent(page, all, () => line.press('Enter'), `the typed command "${text}"`);
}

export async function rcwSmoke(t) {
  const rand = rng(5);
  const { room } = await seatedRoom(t, 'rcw', 'intro', { join: false });
  const pages = {};
  for (const seat of ['side:0', 'side:1']) {
    const page = await t.newPage(seat === 'side:0' ? 'Reds' : 'Whites');
    await page.goto(`${t.base}/rooms/${room.inviteCode}`);
    await takeSeat(page, seat, page.label);
    pages[seat] = page;
  }
  const all = Object.values(pages);
  await waitSeq(all, 1);
  check(await all[0].locator('svg#map *').count() > 10, 'the RCW table is not drawn');

  for (const [seat, places] of Object.entries(PLACES)) {
    const page = pages[seat];
    const [first, ...rest] = Object.keys(places);
    await deployByMap(page, all, first, places[first]);
    for (const unit of rest) await typed(page, all, `deploy ${unit} ${places[unit].join(',')} N`);
    await t.shot(page, `deployed-${page.label}`);
  }
  for (const page of all) {
    const confirm = (await enabledOrders(page)).find((o) => /^confirm/i.test(o.text));
    check(confirm, `${page.label} has no "Confirm deployment" order once every unit is placed`);
    await expectEvent(page, all, () => confirm.click(), 'confirming the deployment');
  }

  for (let i = 0; i < ORDERS; i += 1) {
    const page = await whoActs(all, CONCEDE);
    check(page, 'the game ended during the first orders');
    await giveOrder(page, all, rand, { avoid: CONCEDE });
  }
  for (const page of all) await t.shot(page, `playing-${page.label}`);
  const end = Math.max(...(await Promise.all(all.map(maxSeq))));
  await waitSeq(all, end);
  for (const page of all) {
    const seqs = await logSeqs(page);
    checkLog(seqs, page.label);
    check(seqs[seqs.length - 1] === end, `${page.label}'s #log ends at ${seqs[seqs.length - 1]}, not ${end}`);
  }
  t.note = `${end} events`;
}

// Test 5b: the railway scenario's garrison fixed in Kamenka is in an observer's view but
// unspotted (§9, R19, R49): the "?" mark and the word in its tooltip; a unit the scenario
// places in the open has neither.
export async function rcwUnspotted(t) {
  const { room } = await seatedRoom(t, 'rcw', 'railway', { join: false });
  const page = await t.newPage('Watcher');
  await page.goto(`${t.base}/rooms/${room.inviteCode}`);
  await takeSeat(page, 'watch', page.label);
  const unit = (id) => page.locator(`svg#map g.rcw-unit[data-key="u:${id}"]`);
  for (const id of ['W-MG', 'W-MARK']) {
    await unit(id).waitFor({ state: 'attached' });
    const title = await unit(id).locator('title').textContent();
    check(/unspotted/.test(title), `${id}'s tooltip does not say unspotted: ${title}`);
    const marks = await unit(id).locator('text').allTextContents();
    check(marks.includes('?'), `${id} has no "?" mark: ${marks.join(' ')}`);
  }
  const train = await page.locator('svg#map g.rcw-car title').allTextContents();
  check(train.length === 3 && train.every((x) => !/unspotted/.test(x)),
    `the train's cars: ${train.join(' | ')}`);
  await t.shot(page, 'railway-unspotted');
}
