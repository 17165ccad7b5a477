// Sharpe's Mess figures on the SVG table (sharpe_map.js draws the rest). Each figure is its
// base at its position: the seat's colour AND a shape per seat (circle, square, diamond,
// hexagon...) AND the group's letter (the hero upper case, his men lower case), as the terminal
// client letters them. Marks beside the base, readable without colour: ! wounded, † dying (with
// the turns left), _ prone, > aimed, u an unloaded firearm; a figure done for this activation
// is faded; the killed are a faint cross, the lost are not drawn. The active group has a gold
// ring, the figure acting now a black one; the selected figure a thick dashed ring with how far
// its functions take it walking and crawling; targets of the selected figure's orders a red
// (attack) or blue (other) ring. Each figure carries data-key 'u:<id>'.

import { svg } from 'grognard/svg.js';
import {
  groupOf, groupLetter, seatIndex, seatName, stateText, weaponsText, onTable, firearm,
} from 'grognard/rulesets/sharpe_common.js';

const COLOURS = ['#2b5c9e', '#a8322a', '#3d7a2a', '#7a4a9e', '#9e6a1a', '#2a7a7a'];

export function seatColour(i) {
  return i >= 0 ? COLOURS[i % COLOURS.length] : '#777';
}

// The base's outline for the seat with index `i`, centred on (x, y), about `r` in radius.
function shape(i, x, y, r, attrs) {
  const poly = (n, turn) => {
    const p = [];
    for (let k = 0; k < n; k += 1) {
      const a = turn + (2 * Math.PI * k) / n;
      p.push(`${(x + r * Math.cos(a)).toFixed(3)},${(y + r * Math.sin(a)).toFixed(3)}`);
    }
    return svg('polygon', { points: p.join(' '), ...attrs });
  };
  switch (i % 4) {
    case 1: return svg('rect', { x: x - r * 0.88, y: y - r * 0.88, width: r * 1.76, height: r * 1.76, ...attrs });
    case 2: return poly(4, -Math.PI / 2);
    case 3: return poly(6, 0);
    default: return svg('circle', { cx: x, cy: y, r, ...attrs });
  }
}

// The marks beside a figure: "!", "†3", "_", ">", "u".
function marksOf(f) {
  let m = '';
  if (f.state === 'FIGURE_WOUNDED') m += '!';
  if (f.state === 'FIGURE_DYING') m += `†${f.dyingTurns || ''}`;
  if (f.prone) m += '_';
  if (f.aimed) m += '>';
  if ((f.figure.weapons || []).some((w) => firearm(w.kind) && (w.unloaded || w.outOfAction))) m += 'u';
  return m;
}

function title(view, f, hero) {
  const fig = f.figure;
  const g = groupOf(view, f.group);
  const bits = [`${fig.id} (${fig.name || fig.id}) of ${f.group}${g ? `, ${seatName(view, g.seat)}` : ''}${hero ? ', hero' : ''}`,
    `at ${Number((fig.pos && fig.pos.x) || 0).toFixed(1)},${Number((fig.pos && fig.pos.y) || 0).toFixed(1)}`,
    stateText(f)];
  if (f.prone) bits.push('prone');
  if (f.aimed) bits.push('aimed');
  if (f.functions) bits.push(`${f.functions} functions left`);
  if (f.done) bits.push('done this activation');
  bits.push(weaponsText(fig));
  return bits.join('; ');
}

function one(view, f, marks) {
  const fig = f.figure;
  const x = Number((fig.pos && fig.pos.x) || 0);
  const y = Number((fig.pos && fig.pos.y) || 0);
  const r = Number(view.baseDiameter || 1) / 2;
  const key = `u:${fig.id}`;
  const g = groupOf(view, f.group);
  const hero = g && g.hero === fig.id;
  const idx = seatIndex(view, f.group);
  const colour = seatColour(idx);
  if (!onTable(f)) {
    if (f.state !== 'FIGURE_KILLED') return null;
    const el = svg('g', { 'stroke-opacity': 0.45 });
    el.append(svg('title', {}, `${fig.name || fig.id}: killed`));
    el.append(svg('path', { d: `M${x - r * 0.6},${y - r * 0.6}L${x + r * 0.6},${y + r * 0.6}M${x + r * 0.6},${y - r * 0.6}L${x - r * 0.6},${y + r * 0.6}`, stroke: '#555', 'stroke-width': 0.12 }));
    return el;
  }
  const el = svg('g', { class: 'sharpe-figure', dataset: { key }, opacity: f.done ? 0.6 : null });
  el.append(svg('title', {}, title(view, f, hero)));
  const active = view.activeGroup && f.group === view.activeGroup && view.phase === 'ACTIVATION';
  const target = marks.targets && marks.targets.get ? marks.targets.get(key) : null;
  if (target) {
    el.append(svg('circle', { cx: x, cy: y, r: r + 0.45, fill: 'none', stroke: target === 'attack' ? '#d0141b' : '#1560bd', 'stroke-width': 0.22 }));
  }
  if (active) el.append(svg('circle', { cx: x, cy: y, r: r + 0.22, fill: 'none', stroke: '#e0a800', 'stroke-width': 0.16 }));
  if (view.acting === fig.id) el.append(svg('circle', { cx: x, cy: y, r: r + 0.3, fill: 'none', stroke: '#000', 'stroke-width': 0.12 }));
  if (marks.selected === key) {
    el.append(svg('circle', { cx: x, cy: y, r: r + 0.6, fill: 'none', stroke: '#000', 'stroke-width': 0.2, 'stroke-dasharray': '0.35 0.2' }));
  }
  const base = f.prone ? r * 0.8 : r;
  el.append(shape(Math.max(idx, 0), x, y, base, { fill: colour, stroke: '#111', 'stroke-width': hero ? 0.14 : 0.07 }));
  const letter = groupLetter(view, f.group);
  el.append(svg('text', {
    x, y: y + base * 0.38, 'font-size': base * 1.1, 'font-family': 'sans-serif', 'font-weight': 'bold',
    'text-anchor': 'middle', fill: '#fff', 'pointer-events': 'none',
  }, hero ? letter : letter.toLowerCase()));
  const m = marksOf(f);
  if (m) {
    el.append(svg('text', {
      x: x + r + 0.1, y: y - r * 0.2, 'font-size': 0.75, 'font-family': 'sans-serif', 'font-weight': 'bold',
      fill: f.state === 'FIGURE_WOUNDED' || f.state === 'FIGURE_DYING' ? '#b00000' : '#222',
      stroke: '#ebe6cf', 'stroke-width': 0.12, 'paint-order': 'stroke', 'pointer-events': 'none',
    }, m));
  }
  return el;
}

// How far the selected figure's functions take it (S15): the walking and crawling reach.
function reach(view, marks) {
  if (!marks.selected || !marks.selected.startsWith('u:')) return null;
  const id = marks.selected.slice(2);
  const f = (view.figures || []).find((x) => x.figure && x.figure.id === id);
  if (!f || !onTable(f)) return null;
  const x = Number((f.figure.pos && f.figure.pos.x) || 0);
  const y = Number((f.figure.pos && f.figure.pos.y) || 0);
  const g = svg('g', { 'pointer-events': 'none', fill: 'none' });
  if (f.moveReach) g.append(svg('circle', { cx: x, cy: y, r: f.moveReach, stroke: '#1560bd', 'stroke-width': 0.1, 'stroke-dasharray': '0.6 0.3', fill: '#1560bd', 'fill-opacity': 0.06 }));
  if (f.crawlReach) g.append(svg('circle', { cx: x, cy: y, r: f.crawlReach, stroke: '#1560bd', 'stroke-width': 0.08, 'stroke-dasharray': '0.2 0.2' }));
  return g;
}

// Draws the figures into `parent`, the selected figure's reach into `reachLayer` (clipped to the
// table by the caller).
export function drawFigures(parent, view, marks, reachLayer) {
  const r = reach(view, marks);
  if (r) (reachLayer || parent).append(r);
  const list = view.figures || [];
  // The killed first, so the standing are drawn over them.
  for (const f of list.filter((x) => !onTable(x))) {
    const el = one(view, f, marks);
    if (el) parent.append(el);
  }
  for (const f of list.filter(onTable)) parent.append(one(view, f, marks));
}
