// Clocks in the browser (docs/web.md, "Clocks"): Ann registers and creates an Itchy & Scratchy
// room on "days 1" from the lobby's form; Ben's rooms list shows its time control, and he takes
// the other seat by the room's link. Both room pages show each general's clock (and Ann's Your
// games her time left); the running one counts down in the page (its clock moved an hour on). Then the server's test clock moves 25
// hours on (the file GROGNARD_TEST_CLOCK_FILE names, run.mjs --clock-server): the general to act
// is out of time; the other gives him two hours (no claim offered then), then one more typed on
// the command line (`grant boers 1h`, after a seat it does not know is explained), and once they
// are gone too claims the win on time: both pages show the game over on time and the claim in the log.
// Last, Ann takes a vacation from her account card and ends it.
import fs from 'node:fs';
import { check } from './lib.mjs';
import { registerAccount, takeSeat } from './ui.mjs';

const HOUR = 3_600_000;

// The server's clock `ms` ahead of the system's: the file replaced whole, never read half written.
function serverClock(t, ms) {
  fs.writeFileSync(`${t.clockFile}.next`, String(ms));
  fs.renameSync(`${t.clockFile}.next`, t.clockFile);
}

const clockText = (page, seat) => page.locator(`#clock-list li[data-seat="${seat}"] .clock-left`).textContent();

async function clocksShown(page, who) {
  await page.locator('#clocks').waitFor({ state: 'visible' });
  await page.locator('#clock-list li.running').first().waitFor({ state: 'visible' });
  const control = (await page.locator('#time-control').textContent()).trim();
  check(control === '1 day per move', `${who}: the time control reads "${control}"`);
  check((await page.locator('#clock-list li').count()) === 2, `${who}: not one clock per general`);
}

export async function clocksTest(t) {
  check(t.clockFile, 'the clocks test needs the server with a test clock: run.mjs --clock-server PATH');
  const ann = await t.newPage('ann');
  const ben = await t.newPage('ben');
  for (const p of [ann, ben]) await p.clock.install();

  await ann.goto(`${t.base}/`);
  await ann.locator('#lobby').waitFor({ state: 'visible' });
  await registerAccount(ann, 'ann_clocks', 'correct horse battery');
  await ann.locator('select#create-ruleset').selectOption('itchy');
  await ann.waitForFunction(() => [...document.querySelectorAll('#create-scenario option')].some((o) => o.value === 'intro'));
  await ann.locator('select#create-scenario').selectOption('intro');
  await ann.locator('select#create-time').selectOption('days');
  await ann.locator('input#create-days').fill('1');
  await t.shotOf(ann.locator('#create-form'), 'create-form');
  await ann.locator('button#create-room').click();
  await takeSeat(ann, 'side:0', 'Ann');
  const code = new URL(ann.url()).pathname.split('/').pop();

  await ben.goto(`${t.base}/`);
  const listed = ben.locator(`#rooms li[data-room="${code}"] .room-clock`);
  await listed.waitFor({ state: 'visible' });
  const line = await listed.textContent();
  check(/1 day per move: British 1 day, Boers 1 day/.test(line), `the rooms list reads "${line}"`);
  await ben.goto(`${t.base}/rooms/${code}`);  // the lobby lists other tests' rooms too
  await takeSeat(ben, 'side:1', 'Ben');
  await clocksShown(ann, 'Ann');
  await clocksShown(ben, 'Ben');

  // Ann's Your games gives the time left on her clock.
  const lobby = await ann.context().newPage();
  t.watch(lobby, 'ann-lobby');
  await lobby.goto(`${t.base}/`);
  const mine = lobby.locator('#my-games li.my-game .game-clock');
  await mine.waitFor({ state: 'visible' });
  const left = await mine.textContent();
  check(/^(1 day|23 hours 59 minutes) left on your clock$/.test(left), `Your games reads "${left}"`);
  await lobby.close();

  // The clock of the general to act runs, counted down in the page.
  const acting = await ann.locator('#clock-list li.running').getAttribute('data-seat');
  const before = await clockText(ann, acting);
  check(/^(23 hours 59 minutes|1 day)$/.test(before), `the running clock starts at "${before}"`);
  await ann.clock.fastForward('01:00:00');
  await ann.waitForFunction((s) => /^2[23] hours/.test(document.querySelector(`#clock-list li[data-seat="${s}"] .clock-left`).textContent),
    acting, { timeout: 3000 }).catch(async () => check(false, `an hour on, the clock reads "${await clockText(ann, acting)}"`));
  await t.shotOf(ann.locator('#clocks'), 'counting');

  // A day and an hour later on the server (and in the pages): out of time, and the claim.
  serverClock(t, 25 * HOUR);
  await ann.clock.fastForward('24:00:00');
  await ben.clock.fastForward('25:00:00');
  const [claimer, loser] = acting === 'side:0' ? [ben, ann] : [ann, ben];
  await loser.locator(`#clock-list li.out[data-seat="${acting}"]`).waitFor({ state: 'visible' });
  check(await loser.locator('#claim-time').isHidden(), 'the general out of time is offered the claim');
  await claimer.locator('#claim-time').waitFor({ state: 'visible' });
  await t.shotOf(claimer.locator('#clocks'), 'claim');

  // Two hours more for the general out of time: no claim then, until they are gone too.
  await claimer.locator('#grant-time').click();
  await claimer.locator('input#grant-hours').fill('2');
  await claimer.locator('#grant-go').click();
  await claimer.waitForFunction((s) => /^(2 hours|1 hour 59 minutes)$/.test(document.querySelector(`#clock-list li[data-seat="${s}"] .clock-left`).textContent),
    acting, { timeout: 5000 }).catch(async () => check(false, `after 2 hours given the clock reads "${await clockText(claimer, acting)}"`));
  check(await claimer.locator('#claim-time').isHidden(), 'the claim is still offered after time was given');
  await loser.locator('#log li.ev-clock').first().waitFor({ state: 'visible' });
  // The command line's `grant` (docs/web.md "Notifications"): a seat it does not know is
  // explained, then an hour more given as the button gives it.
  const side = acting === 'side:0' ? 'British' : 'Boers';
  await claimer.locator('input#command').fill('grant Zulus 1');
  await claimer.locator('input#command').press('Enter');
  await claimer.waitForFunction(() => /no seat "Zulus" in this room; usage: grant SEAT HOURS/.test(document.querySelector('#error')?.textContent ?? ''))
    .catch(async () => check(false, `a grant to no seat reads "${await claimer.locator('#error').textContent()}"`));
  await claimer.locator('input#command').fill(`grant ${side.toLowerCase()} 1h`);
  await claimer.locator('input#command').press('Enter');
  await loser.locator('#log li.ev-clock').nth(1).waitFor({ state: 'visible' });
  check(!(await claimer.locator('#error').textContent()).trim(), 'the typed grant left an error shown');
  check(!(await claimer.locator('input#command').inputValue()), 'the typed grant stays on the command line');
  serverClock(t, 29 * HOUR);
  for (const p of [ann, ben]) await p.clock.fastForward('04:00:00');
  await claimer.locator('#claim-time').waitFor({ state: 'visible' });
  await claimer.locator('#claim-time').click();
  for (const page of [claimer, loser]) {
    await page.locator('#game-over').waitFor({ state: 'visible' });
    const result = await page.locator('#game-over .result').textContent();
    check(result.includes(`win on time: ${side} ran out of time`), `${page.label}: the game ends with "${result}"`);
    await page.locator('#log li.ev-clock').nth(2).waitFor({ state: 'visible' });
    check(await page.locator('#claim-time').isHidden(), `${page.label}: the claim is still offered after the end`);
  }
  await t.shot(loser, 'over-on-time');

  // A vacation from the account card, and back early.
  await ann.goto(`${t.base}/`);
  await ann.locator('#vacation-box summary').click();
  const status = ann.locator('#vacation-status');
  check(/^Not on vacation\. 14 days of vacation left this year\.$/.test(await status.textContent()),
    `before a vacation the card reads "${await status.textContent()}"`);
  await ann.locator('input#vacation-days').fill('3');
  check((await ann.locator('#vacation-take').textContent()) === 'Take a vacation (3 days)', 'the button does not name the days');
  await ann.locator('#vacation-take').click();
  await ann.locator('#vacation-end').waitFor({ state: 'visible' });
  const on = await status.textContent();
  check(/^On vacation until .+: your clocks stand still\. 11 days of vacation left this year\.$/.test(on), `on vacation the card reads "${on}"`);
  await t.shotOf(ann.locator('#account'), 'vacation');
  await ann.locator('#vacation-end').click();
  await ann.locator('#vacation-take').waitFor({ state: 'visible' });
  const back = await status.textContent();
  check(/^Not on vacation\. 1[234] days of vacation left this year\.$/.test(back), `back early the card reads "${back}"`);
}
