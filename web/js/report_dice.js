// The battle report's dice statistics: for every kind of throw (and for all the game's throws of
// each die) the count, each face observed against what fair dice would give, the mean against
// the expected mean, and the chi-square test's verdict. The numbers come from dice.js. Part of
// report.js.
//
// Hooks (tests read them): every summary row is `tr[data-kind][data-die]` (data-kind '*' for a
// die over the whole game) with `td.count`; every face row of a kind's table is
// `.dice-kind[data-kind][data-die] tr[data-face]` with `td.observed` (or, for a die thrown fewer
// times than it has faces, `p.faces-seen` with data-faces 'face:count face:count ...').

import { svg, html } from 'grognard/svg.js';
import { kindWords, FAIR, FEW } from 'grognard/dice.js';

// Faces are tabulated one by one up to this many sides (a d1000 of a card shuffle is not).
const MAX_TABULATED = 20;

export function renderDice(root, ctx) {
  const { stats } = ctx;
  const section = html('section', { id: 'dice', class: 'dice-report' }, html('h2', {}, 'Dice'));
  root.append(section);
  if (!stats.total) {
    section.append(html('p', {}, 'No dice were thrown in this game.'));
    return;
  }
  section.append(
    html('p', {}, `${stats.total} ${stats.total === 1 ? 'die was' : 'dice were'} thrown in this game. ` +
      'Each kind of throw is compared with what fair dice would give: every face equally often, ' +
      'and a mean halfway between the lowest and the highest face.'),
    html('p', {}, 'How to read the verdict: the chi-square test asks how often fair dice would ' +
      'stray at least this far from even counts. ',
      html('strong', {}, FAIR), ' means they often would (in at least 1 game in 100). ',
      html('strong', {}, 'Unusual'), ' means they rarely would, and says how rarely; in a long ' +
      'campaign some kind of throw will be unusual now and then by chance alone. ',
      html('strong', {}, FEW), ' means fewer than 5 throws per face were expected, too few for ' +
      'the test to say anything. Whether the dice are fair can be proved, not only judged: see ',
      html('a', { href: '#seed' }, 'the seed'), '.'));
  if (ctx.events.some((e) => e.takenBack)) {
    section.append(html('p', {}, 'The dice of events later taken back are counted too: they were ' +
      'thrown, and a command given again threw new ones.'));
  }

  section.append(html('h3', {}, 'Every kind of throw'),
    summary(stats.kinds, true, 'Each kind of throw: the rule-set event that threw the dice, and the die'));
  section.append(html('h3', {}, 'All the game\'s throws, by die'),
    summary(stats.sizes, false, 'All the throws of each die, whatever they were for'));

  const cards = html('div', { class: 'dice-cards' });
  for (const k of stats.kinds) cards.append(kindCard(k, k.kind));
  // A die over the whole game, where more than one kind of throw used it.
  for (const s of stats.sizes) {
    if (stats.kinds.filter((k) => k.die === s.die).length > 1) cards.append(kindCard(s, '*'));
  }
  section.append(html('h3', {}, 'Faces observed against expected'), cards);
}

function fixed(x, digits) {
  return x === null || x === undefined || Number.isNaN(x) ? '' : x.toFixed(digits);
}

// A p-value in words that keep small ones readable: 0.43, 0.012, 3.1e-5.
function pWords(p) {
  if (p === null) return '';
  if (p >= 0.01) return p.toFixed(2);
  if (p >= 0.001) return p.toFixed(3);
  return p.toExponential(1);
}

function verdictCell(s) {
  const cls = !s.judged ? 'verdict few' : s.unusual ? 'verdict unusual' : 'verdict fair';
  return html('td', { class: cls }, s.verdict);
}

function summary(list, byKind, caption) {
  const table = html('table', { class: 'dice-summary' },
    html('caption', {}, caption),
    html('thead', {}, html('tr', {},
      byKind ? html('th', { scope: 'col' }, 'Throw') : null,
      html('th', { scope: 'col' }, 'Die'),
      html('th', { scope: 'col' }, 'Throws'),
      html('th', { scope: 'col' }, 'Mean'),
      html('th', { scope: 'col' }, 'Expected mean'),
      html('th', { scope: 'col' }, 'Chi-square'),
      html('th', { scope: 'col' }, 'p'),
      html('th', { scope: 'col' }, 'Verdict'))));
  const body = html('tbody');
  for (const s of list) {
    body.append(html('tr', { dataset: { kind: byKind ? s.kind : '*', die: s.die } },
      byKind ? html('th', { scope: 'row' }, kindWords(s.kind)) : null,
      byKind ? html('td', {}, s.die) : html('th', { scope: 'row' }, s.die),
      html('td', { class: 'num count' }, String(s.count)),
      html('td', { class: 'num' }, fixed(s.mean, 2)),
      html('td', { class: 'num' }, fixed(s.expectedMean, 2)),
      html('td', { class: 'num' }, s.judged ? `${fixed(s.chi2, 2)} (${s.df} df)` : ''),
      html('td', { class: 'num' }, pWords(s.p)),
      verdictCell(s)));
  }
  table.append(body);
  return html('div', { class: 'table-wrap' }, table);
}

// One kind of throw (or, with kind '*', one die over the whole game): faces observed against
// expected, with bars.
function kindCard(s, kind) {
  const title = kind === '*' ? `Every ${s.die}` : `${capital(kindWords(kind))}, ${s.die}`;
  const card = html('div', { class: 'dice-kind', dataset: { kind, die: s.die } },
    html('h4', {}, title),
    html('p', { class: 'dice-line' }, `${s.count} ${s.count === 1 ? 'throw' : 'throws'}; mean ` +
      `${fixed(s.mean, 2)} against ${fixed(s.expectedMean, 2)} expected; `,
    html('span', { class: !s.judged ? 'few' : s.unusual ? 'unusual' : 'fair' }, s.verdict), '.'));
  if (s.sides > MAX_TABULATED || s.count < s.sides) {
    // Too many faces to list, or fewer throws than faces (a card shuffle throws each die once):
    // the faces seen, and how often.
    const seen = s.faces.filter((f) => f.observed > 0).map((f) => (f.observed > 1 ? `${f.face} (${f.observed} times)` : String(f.face)));
    card.append(html('p', { class: 'dice-line faces-seen', dataset: { faces: s.faces.filter((f) => f.observed > 0).map((f) => `${f.face}:${f.observed}`).join(' ') } },
      `Faces seen: ${seen.join(', ')}.`));
    return card;
  }
  const most = Math.max(1, ...s.faces.map((f) => Math.max(f.observed, f.expected)));
  const table = html('table', { class: 'faces' },
    html('thead', {}, html('tr', {},
      html('th', { scope: 'col' }, 'Face'),
      html('th', { scope: 'col' }, 'Seen'),
      html('th', { scope: 'col' }, 'Expected'),
      html('th', { scope: 'col', class: 'bar-col' }, html('span', { class: 'visually-hidden' }, 'Bar')))));
  const body = html('tbody');
  for (const f of s.faces) {
    body.append(html('tr', { dataset: { face: f.face } },
      html('th', { scope: 'row' }, String(f.face)),
      html('td', { class: 'num observed' }, String(f.observed)),
      html('td', { class: 'num expected' }, fixed(f.expected, 1)),
      html('td', { class: 'bar-col' }, bar(f.observed, f.expected, most))));
  }
  table.append(body);
  card.append(table);
  return card;
}

// A bar for the observed count with a tick at the expected one (SVG, so that it prints).
function bar(observed, expected, most) {
  const w = (observed / most) * 100;
  const x = (expected / most) * 100;
  return svg('svg', { class: 'bar', viewBox: '0 0 102 10', preserveAspectRatio: 'none', 'aria-hidden': 'true' },
    svg('rect', { x: 0, y: 1, width: w.toFixed(2), height: 8, class: 'bar-observed' }),
    svg('line', { x1: x.toFixed(2), x2: x.toFixed(2), y1: 0, y2: 10, class: 'bar-expected' }));
}

function capital(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}
