// Test 3: the battle report of an ended game renders in Chromium with no console error, and
// its dice tables agree with the event log counted here from get_events; `grognard report GAME`
// writes the same page, which also renders when opened from disk.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { check } from './lib.mjs';
import { endedItchyGame } from './protocol_game.mjs';

// The dice of a GameEvent list, counted without the page's code: every grognard.v1.Roll
// ({ n, sides, face }, n omitted when 0) inside `rules`, by the event's kind (the first key
// after '@type') and by die. Returns Map('kind dN' -> Map(face -> count)); kind '*' is every
// throw of that die.
export function countDice(events) {
  const counts = new Map();
  const add = (kind, sides, face) => {
    const key = `${kind} d${sides}`;
    if (!counts.has(key)) counts.set(key, new Map());
    const faces = counts.get(key);
    faces.set(face, (faces.get(face) ?? 0) + 1);
  };
  const walk = (v, kind) => {
    if (Array.isArray(v)) { v.forEach((x) => walk(x, kind)); return; }
    if (!v || typeof v !== 'object') return;
    const keys = Object.keys(v);
    if ('sides' in v && 'face' in v && keys.every((k) => ['n', 'sides', 'face'].includes(k))) {
      add(kind, Number(v.sides), Number(v.face));
      add('*', Number(v.sides), Number(v.face));
      return;
    }
    for (const [k, x] of Object.entries(v)) if (k !== '@type') walk(x, kind);
  };
  for (const e of events) {
    if (!e.rules) continue;
    walk(e.rules, Object.keys(e.rules).find((k) => k !== '@type'));
  }
  return counts;
}

const total = (faces) => [...faces.values()].reduce((a, b) => a + b, 0);

// What the report page shows: the same Map, read from its hooks (web/js/report_dice.js).
function shownDice(page) {
  return page.evaluate(() => {
    const out = {};
    for (const tr of document.querySelectorAll('table.dice-summary tr[data-kind][data-die]')) {
      const key = `${tr.dataset.kind} ${tr.dataset.die}`;
      out[key] = { count: Number(tr.querySelector('td.count')?.textContent), faces: {} };
    }
    for (const card of document.querySelectorAll('.dice-kind[data-kind][data-die]')) {
      const key = `${card.dataset.kind} ${card.dataset.die}`;
      out[key] ??= { count: null, faces: {} };
      for (const tr of card.querySelectorAll('tr[data-face]')) {
        out[key].faces[tr.dataset.face] = Number(tr.querySelector('td.observed')?.textContent);
      }
      // Fewer throws than faces, or too many faces for a table: only the faces seen.
      const seen = card.querySelector('p.faces-seen[data-faces]');
      if (seen) {
        out[key].seenOnly = true;
        for (const pair of seen.dataset.faces.split(' ').filter(Boolean)) {
          const [face, count] = pair.split(':');
          out[key].faces[face] = Number(count);
        }
      }
    }
    return out;
  });
}

function compare(counted, shown, where) {
  const keys = [...counted.keys()].sort();
  check(keys.length, 'the event log holds no dice');
  check(JSON.stringify(Object.keys(shown).sort()) === JSON.stringify(keys),
    `${where}: the report's dice tables are for ${Object.keys(shown).sort().join(', ')}; the log has ${keys.join(', ')}`);
  for (const key of keys) {
    const faces = counted.get(key);
    check(shown[key].count === total(faces), `${where}: ${key}: the report says ${shown[key].count} throws, the log has ${total(faces)}`);
    const sides = Number(key.split(' d')[1]);
    for (let f = 1; f <= sides; f += 1) {
      const want = faces.get(f) ?? 0;
      const got = shown[key].faces[f] ?? (shown[key].seenOnly ? 0 : undefined);
      check(got === want, `${where}: ${key} face ${f}: the report says ${got}, the log has ${want}`);
    }
  }
}

async function openReport(page, url) {
  await page.goto(url);
  await page.locator('#report[data-ready="true"]').waitFor({ state: 'attached' });
  const problems = await page.locator('#report .problem').allTextContents();
  check(!problems.length, `the report says: ${problems.join(' ')}`);
}

export async function reportDice(t) {
  const gameId = await endedItchyGame(t);
  const proto = await t.protocol();
  const events = await proto.events(gameId);
  const counted = countDice(events);

  const page = await t.newPage('report');
  await openReport(page, `${t.base}/games/${gameId}/report`);
  await t.shot(page, 'report');
  await t.shotOf(page.locator('#dice'), 'report-dice');
  compare(counted, await shownDice(page), 'GET /games/ID/report');
  t.noErrors();

  // The same page from the terminal client, saved and opened from disk.
  const res = await fetch(`${t.base}/games/${gameId}/report`);
  check(res.ok, `GET /games/${gameId}/report answered ${res.status}`);
  const served = await res.text();
  const saved = await new Promise((resolve, reject) => {
    execFile(t.client, ['--server', t.ws, 'report', gameId], { maxBuffer: 64 << 20, timeout: 20_000 },
      (err, stdout, stderr) => (err ? reject(new Error(`grognard report: ${stderr.trim() || err.message}`)) : resolve(stdout)));
  });
  check(saved === served, `grognard report ${gameId} differs from GET /games/ID/report (${saved.length} against ${served.length} characters)`);
  const file = path.join(t.h.artefacts, 'report.html');
  fs.writeFileSync(file, saved);
  await openReport(page, `file://${file}`);
  compare(counted, await shownDice(page), 'the saved report');
  await t.shot(page, 'report-saved');
  t.note = [`${events.length} events, ${total(counted.get('* d6') ?? new Map())} d6 thrown`, t.note].filter(Boolean).join('; ');
}
