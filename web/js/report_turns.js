// The battle report's losses table and its turns: for each turn the map at its end (drawn by
// the rule set's drawMap) and what happened in it, in words with the dice, chat and the
// referee's rulings in their place. Part of report.js.

import { svg, html } from 'grognard/svg.js';
import { diceOfEvent, eventKind, kindWords } from 'grognard/dice.js';
import { seatName, message } from 'grognard/report_util.js';

export function turnName(turn) {
  return Number(turn) === 0 ? 'Before the battle' : `Turn ${turn}`;
}

// Each side's strength at each turn's end: [{ side, unit, values: [number|null per turn] }].
function strengths(ctx) {
  const sides = [];
  const byName = new Map();
  ctx.turns.forEach((t, i) => {
    if (!t.view || !ctx.ruleset || !ctx.ruleset.strength) return;
    let list = [];
    try {
      list = ctx.ruleset.strength(t.view) || [];
    } catch (err) {
      ctx.problems.push(`The strength at the end of ${turnName(t.turn).toLowerCase()} could not be counted: ${message(err)}`);
    }
    for (const s of list) {
      if (!byName.has(s.side)) {
        const row = { side: s.side, unit: s.unit || '', values: ctx.turns.map(() => null) };
        byName.set(s.side, row);
        sides.push(row);
      }
      byName.get(s.side).values[i] = Number(s.value);
    }
  });
  return sides;
}

// The losses per side per turn: strength lost in each turn (a gain shown with '+'), the sums
// of the turns' losses and of their gains (kept apart: a rally does not undo a loss), and the
// strength at the start and at the end.
export function renderLosses(root, ctx) {
  const section = html('section', { id: 'losses', class: 'losses' }, html('h2', {}, 'Losses'));
  root.append(section);
  const rows = strengths(ctx);
  if (!rows.length) {
    section.append(html('p', {}, 'No strengths could be counted for this game.'));
    return;
  }
  const first = ctx.turns[0] && ctx.turns[0].turn === 0 ? 1 : 0;  // turn 0 is the starting line
  const cols = ctx.turns.slice(first);
  const table = html('table', { class: 'losses-table' },
    html('caption', {}, 'Strength lost in each turn; + marks a gain (a reinforcement, a rally)'),
    html('thead', {}, html('tr', {},
      html('th', { scope: 'col' }, 'Side'),
      html('th', { scope: 'col' }, 'At start'),
      cols.map((t) => html('th', { scope: 'col' }, turnName(t.turn).replace('Turn ', 'T'))),
      html('th', { scope: 'col' }, 'Total lost'),
      html('th', { scope: 'col' }, 'Total gained'),
      html('th', { scope: 'col' }, 'At end'))));
  const body = html('tbody');
  for (const r of rows) {
    const start = r.values.find((v) => v !== null);
    const end = [...r.values].reverse().find((v) => v !== null);
    const cells = [];
    let lostSum = 0;
    let gainSum = 0;
    let counted = false;
    for (let i = first; i < ctx.turns.length; i++) {
      const before = i > 0 ? r.values[i - 1] : null;
      const after = r.values[i];
      if (before === null || after === null) {
        cells.push(html('td', { class: 'num' }, i === 0 ? '' : '?'));
        continue;
      }
      const lost = before - after;
      counted = true;
      if (lost > 0) lostSum += lost;
      else gainSum -= lost;
      cells.push(html('td', { class: lost < 0 ? 'num gain' : lost > 0 ? 'num lost' : 'num' },
        lost < 0 ? `+${-lost}` : lost === 0 ? '–' : String(lost)));
    }
    body.append(html('tr', {},
      html('th', { scope: 'row' }, r.side),
      html('td', { class: 'num' }, fmt(start, r.unit)),
      cells,
      html('td', { class: 'num total' }, counted ? String(round(lostSum)) : ''),
      html('td', { class: 'num total' }, counted ? (gainSum ? `+${round(gainSum)}` : '–') : ''),
      html('td', { class: 'num' }, fmt(end, r.unit))));
  }
  table.append(body);
  section.append(html('div', { class: 'table-wrap' }, table));
}

// A sum of fractional strengths without the float noise (0.1 + 0.2).
const round = (v) => Math.round(v * 1000) / 1000;

function fmt(v, unit) {
  return v === undefined || v === null ? '' : `${v}${unit ? ` ${unit}` : ''}`;
}

// Every turn: its map and its events.
export function renderTurns(root, ctx) {
  // The events a later take-back undid: still shown (their dice were thrown), struck through.
  ctx.undone = ctx.events.filter((e) => e.takenBack)
    .map((e) => [Number(e.takenBack.firstSeq || 0), Number(e.takenBack.lastSeq || 0)]);
  for (const t of ctx.turns) {
    const section = html('section', { id: `turn-${t.turn}`, class: 'turn' },
      html('h2', {}, turnName(t.turn)));
    section.append(map(ctx, t));
    if (t.events.length) {
      section.append(html('h3', {}, t.turn === 0 ? 'Before the first turn' : 'What happened'),
        html('ol', { class: 'events' }, t.events.map((e) => eventLine(ctx, e, t.view))));
    } else if (t.turn !== 0) {
      section.append(html('p', { class: 'quiet' }, 'Nothing was recorded in this turn.'));
    }
    root.append(section);
  }
}

function map(ctx, t) {
  const caption = t.turn === 0 ? 'The field before the battle' : `The field at the end of turn ${t.turn}`;
  const figure = html('figure', { class: 'map' });
  if (!t.view || !ctx.ruleset) {
    figure.append(html('p', { class: 'quiet' }, 'No map for this turn.'));
    return figure;
  }
  const el = svg('svg', { class: 'map', role: 'img', 'aria-label': caption });
  figure.append(el);
  try {
    ctx.ruleset.drawMap(el, t.view, { selected: null, targets: new Map(), seat: null });
  } catch (err) {
    el.remove();
    figure.append(html('p', { class: 'problem' }, `This map could not be drawn: ${message(err)}`));
  }
  let status = '';
  try {
    status = ctx.ruleset.status ? ctx.ruleset.status(t.view) || '' : '';
  } catch (err) {
    status = '';
  }
  figure.append(html('figcaption', {}, caption + (status ? `. ${status}` : '')));
  return figure;
}

// One event as a list item: its number, who, the words, the dice, the modifiers.
function eventLine(ctx, e, view) {
  const seq = String(e.seq || '');
  const li = html('li', { class: 'event', dataset: { seq } }, html('span', { class: 'seq' }, seq));
  if (e.chat) {
    const c = e.chat;
    const from = c.fromLabel || seatName(ctx, c.fromSeat);
    const name = c.fromName && c.fromName !== from ? ` (${c.fromName})` : '';
    const to = c.to ? `, to ${seatName(ctx, c.to)}` : ', to all';
    li.classList.add('chat');
    li.append(html('span', { class: 'who' }, `${from}${name}${to}:`), ' ',
      html('q', { class: 'said' }, c.text || ''));
    return li;
  }
  if (e.system) {
    li.classList.add('system');
    li.append(html('span', { class: 'who' }, 'Server:'), ' ', e.system.text || '');
    return li;
  }
  if (e.takenBack) {
    const tb = e.takenBack;
    li.classList.add('taken-back');
    li.append(`Events ${tb.firstSeq || 0} to ${tb.lastSeq || 0} taken back by ${seatName(ctx, tb.bySeat)}` +
      (tb.agreedBy ? `, agreed by ${seatName(ctx, tb.agreedBy)}.` : '.'));
    return li;
  }
  if (!e.rules) {
    li.append('(an event this page cannot read)');
    return li;
  }
  const kind = eventKind(e.rules);
  const undone = (ctx.undone || []).some(([a, b]) => Number(seq) >= a && Number(seq) <= b);
  if (undone) li.classList.add('undone');
  const seat = e.seat ? ctx.seats.get(e.seat) : null;
  const ruling = kind === 'ruled' || (seat && seat.role === 'referee');
  let words = { text: kindWords(kind), detail: '' };
  if (ctx.ruleset && ctx.ruleset.describeEvent) {
    try {
      words = ctx.ruleset.describeEvent(e.rules, view) || words;
    } catch (err) {
      words = { text: `${kindWords(kind)} (not put into words: ${message(err)})`, detail: '' };
    }
  }
  if (ruling) {
    li.classList.add('ruling');
    li.append(html('span', { class: 'who' }, "Referee's ruling:"), ' ');
  } else if (e.seat) {
    li.append(html('span', { class: 'who' }, `${seatName(ctx, e.seat)}:`), ' ');
  }
  li.append(html('span', { class: 'text' }, words.text || kindWords(kind)));
  const dice = diceOfEvent(e);
  if (dice.length) {
    li.append(' ', html('span', { class: 'dice', 'aria-label': `dice: ${dice.map((d) => `${d.die} ${d.face}`).join(', ')}` },
      dice.map((d) => html('span', { class: 'die', title: `${d.die}, throw number ${d.n}` },
        d.sides === 6 ? String(d.face) : `${d.face}/${d.die}`))));
  }
  if (words.detail) li.append(' ', html('span', { class: 'detail' }, words.detail));
  if (undone) li.append(' ', html('span', { class: 'undone-note' }, '(taken back)'));
  return li;
}
