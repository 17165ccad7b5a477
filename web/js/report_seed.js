// The battle report's last part: the revealed seed, the hash published at the start, how anyone
// can check the dice (docs/dice.md, docs/archives.md), and the check itself done in the page
// where the browser allows it (WebCrypto): SHA-256 of the seed against the published hash, and
// every die re-derived from the seed as docs/dice.md says. Part of report.js.
//
// Hook: `#seed-check` gets data-result 'ok', 'failed' or 'unavailable' once the check is done.

import { html } from 'grognard/svg.js';
import { message } from 'grognard/report_util.js';

export async function renderSeed(root, ctx) {
  const { game, stats } = ctx;
  const section = html('section', { id: 'seed', class: 'seed' }, html('h2', {}, 'The seed and how to check it'));
  root.append(section);
  const gameId = game.gameId || 'GAME';
  section.append(
    html('dl', { class: 'facts hashes' },
      html('dt', {}, 'Seed (revealed at the end)'), html('dd', {}, html('code', {}, game.seed || 'not revealed')),
      html('dt', {}, 'SHA-256 of the seed (published at the start)'), html('dd', {}, html('code', {}, game.seedSha256 || 'not known'))),
    html('p', {}, 'Every die in this game was derived from this seed: the face of throw number n ' +
      'is computed from HMAC-SHA256 of the seed and n, and nothing else. The server published the ' +
      'seed\'s SHA-256 when the game began and revealed the seed only when it ended, so nobody ' +
      'could foresee a throw during the game, and the server could not change the seed once ' +
      'play had begun. Every throw is written in the event that used it, with its number.'),
    html('p', {}, 'To check it yourself:'),
    html('ol', { class: 'how' },
      html('li', {}, 'SHA-256 of the seed (its 32 bytes, written above in hexadecimal) must equal the published hash.'),
      html('li', {}, 'Each die re-derived from the seed must show the face the report shows. The ' +
        'rule is in the Grognard project\'s docs/dice.md, with a short Python program that uses ' +
        'only the standard library.'),
      html('li', {}, 'The whole record can be checked too: every event, its hash chain and ' +
        'state hashes, every die, every event re-applied through the rules. Export the game\'s ' +
        'archive file and verify it on your own machine: ',
      html('code', {}, `grognard export ${gameId} --json > game.json`), ' and then ',
      html('code', {}, 'grognard verify game.json'), ' (docs/archives.md describes the file).')));
  const check = html('div', { id: 'seed-check', class: 'seed-check', role: 'status' });
  section.append(html('h3', {}, 'Checked by this page'), check);
  const lines = [];
  let result = 'ok';
  try {
    const numbering = numberingWords(stats.dice, game);
    lines.push(numbering.text);
    if (!numbering.ok) result = 'failed';
    const subtle = globalThis.crypto && globalThis.crypto.subtle;
    if (!subtle || !game.seed) {
      lines.push(!game.seed ? 'The seed has not been revealed, so nothing more can be checked.'
        : 'This browser does not let a page compute hashes here (it allows it on https, on ' +
          'localhost and in a saved file); use the steps above instead.');
      if (result === 'ok') result = 'unavailable';
    } else {
      const hashOk = (await sha256Hex(subtle, hexBytes(game.seed))) === String(game.seedSha256 || '').toLowerCase();
      lines.push(hashOk ? 'SHA-256 of the revealed seed equals the hash published at the start.'
        : 'SHA-256 of the revealed seed does NOT equal the hash published at the start.');
      if (!hashOk) result = 'failed';
      const d = await rederive(subtle, stats.dice, game);
      lines.push(d.text);
      if (d.bad) result = 'failed';
    }
  } catch (err) {
    lines.push(`The check could not be done here: ${message(err)}`);
    result = 'unavailable';
  }
  check.append(html('ul', {}, lines.map((l) => html('li', {}, l))));
  check.dataset.result = result;
}

// Throw numbers must increase along the log, each used once.
function numberingWords(dice, game) {
  if (!dice.length) return { ok: true, text: 'No dice were thrown.' };
  for (let i = 1; i < dice.length; i++) {
    if (dice[i].n <= dice[i - 1].n) {
      return { ok: false, text: `The throw numbers do not increase along the log: throw ${dice[i].n} ` +
        `in event ${dice[i].seq} comes after throw ${dice[i - 1].n}.` };
    }
  }
  const first = dice[0].n;
  const last = dice[dice.length - 1].n;
  const gaps = last - first + 1 - dice.length;
  const fork = game.forkedFrom && game.forkedFrom.gameId;
  return { ok: true, text: `The ${dice.length} throws are numbered ${first} to ${last}, each once, in the order ` +
    `of the log${gaps && !fork ? `; ${gaps} numbers in between are not in the log` : ''}.` };
}

// The seed a throw number comes from: a fork's throws below its dice_from are its source's.
function seedFor(n, game) {
  let seed = game.seed;
  let f = game.forkedFrom;
  while (f && f.gameId && n < Number(f.diceFrom || 0)) {
    seed = f.seed || '';
    f = f.source;
  }
  return seed;
}

async function rederive(subtle, dice, game) {
  const keys = new Map();
  let ok = 0;
  let unchecked = 0;
  const bad = [];
  for (const d of dice) {
    const seed = seedFor(d.n, game);
    if (!seed) { unchecked += 1; continue; }
    if (!keys.has(seed)) {
      keys.set(seed, await subtle.importKey('raw', hexBytes(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']));
    }
    const face = await deriveFace(subtle, keys.get(seed), d.n, d.sides);
    if (face === d.face) ok += 1; else bad.push(`throw ${d.n} (event ${d.seq}): ${d.die} shows ${d.face}, the seed gives ${face}`);
  }
  let text = `${ok} of ${dice.length} dice re-derived from the seed show the face recorded.`;
  if (bad.length) text += ` Differences: ${bad.slice(0, 5).join('; ')}${bad.length > 5 ? `; and ${bad.length - 5} more` : ''}.`;
  if (unchecked) text += ` ${unchecked} throws come from a game this one was forked from, whose seed is not known here.`;
  return { text, bad: bad.length > 0 };
}

// docs/dice.md: face of throw n with a `sides`-sided die, by rejection sampling over the four
// 64-bit big-endian words of HMAC-SHA256(seed, be64(n) ‖ be32(attempt)).
async function deriveFace(subtle, key, n, sides) {
  const two64 = 1n << 64n;
  const s = BigInt(sides);
  const limit = two64 - (two64 % s);
  for (let attempt = 0; attempt < 1000; attempt++) {
    const msg = new DataView(new ArrayBuffer(12));
    msg.setBigUint64(0, BigInt(n));
    msg.setUint32(8, attempt);
    const mac = new DataView(await subtle.sign('HMAC', key, msg.buffer));
    for (let i = 0; i < 4; i++) {
      const w = mac.getBigUint64(8 * i);
      if (w < limit) return Number(w % s) + 1;
    }
  }
  return 0;
}

function hexBytes(hex) {
  const clean = String(hex).trim();
  if (!/^([0-9a-fA-F]{2})+$/.test(clean)) throw new Error('the seed is not written in hexadecimal');
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(2 * i, 2 * i + 2), 16);
  return out;
}

async function sha256Hex(subtle, bytes) {
  const h = new Uint8Array(await subtle.digest('SHA-256', bytes));
  return [...h].map((b) => b.toString(16).padStart(2, '0')).join('');
}
