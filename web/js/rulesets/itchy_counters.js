// Itchy & Scratchy (Mark 2): unit counters on the grid map. A counter is the side's colour and
// shape (side 0 square-cornered, side 1 with cut corners) with the unit's id on top, a NATO-like
// type symbol (infantry X, cavalry /, artillery dot, machine gun arrow, transport wheel, General
// star), its Strength Points and the side's letter below, and a notch on the edge it faces.
// Generals sharing an area with a unit are round tokens in the area's corner.

import { svg } from 'grognard/svg.js';
import { facingLetter, sideOf, typeWord, weaponWord } from 'grognard/rulesets/itchy_common.js';

export const SIDE_COLOURS = ['#2b5c9e', '#a8322a'];
const INK = '#141414';

// The outline of a counter of side `side`, `s` wide, centred on 0,0.
export function frame(side, s, attrs) {
  const h = s / 2;
  if (side === 0) return svg('rect', { x: -h, y: -h, width: s, height: s, rx: s * 0.06, ...attrs });
  const c = s * 0.16;
  const pts = [[-h + c, -h], [h - c, -h], [h, -h + c], [h, h - c], [h - c, h], [-h + c, h], [-h, h - c], [-h, -h + c]];
  return svg('polygon', { points: pts.map((p) => p.join(',')).join(' '), ...attrs });
}

// A five-pointed star of outer radius r at cx,cy.
function star(cx, cy, r, attrs) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.42 : r;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return svg('polygon', { points: pts.join(' '), ...attrs });
}

// The NATO-like symbol box, w x h centred on cx,cy.
function symbol(type, cx, cy, w, h) {
  const x0 = cx - w / 2;
  const y0 = cy - h / 2;
  const sw = Math.max(1.2, w * 0.05);
  const line = { stroke: INK, 'stroke-width': sw, fill: 'none', 'stroke-linecap': 'round' };
  const box = svg('rect', { x: x0, y: y0, width: w, height: h, fill: '#fbfaf4', stroke: INK, 'stroke-width': sw });
  const g = svg('g', { class: 'symbol' }, box);
  const diag1 = svg('line', { x1: x0, y1: y0 + h, x2: x0 + w, y2: y0, ...line });
  const diag2 = svg('line', { x1: x0, y1: y0, x2: x0 + w, y2: y0 + h, ...line });
  switch (type) {
    case 'INFANTRY':
      g.append(diag1, diag2);
      break;
    case 'MOUNTED_CAVALRY':
      g.append(diag1);
      break;
    case 'DISMOUNTED_CAVALRY':
      // Cavalry fighting on foot: the cavalry slash with the infantry cross's other arm dashed.
      g.append(diag1, svg('line', { x1: x0, y1: y0, x2: x0 + w, y2: y0 + h, ...line, 'stroke-dasharray': `${sw * 2} ${sw * 2}` }));
      break;
    case 'ARTILLERY':
      g.append(svg('circle', { cx, cy, r: h * 0.24, fill: INK }));
      break;
    case 'MACHINE_GUN':
      // An upward arrow: the old sign for machine guns.
      g.append(
        svg('line', { x1: cx, y1: y0 + h * 0.82, x2: cx, y2: y0 + h * 0.18, ...line }),
        svg('polyline', { points: `${cx - w * 0.14},${y0 + h * 0.42} ${cx},${y0 + h * 0.18} ${cx + w * 0.14},${y0 + h * 0.42}`, ...line }),
      );
      break;
    case 'HORSE_DRAWN_TRANSPORT': {
      // A wheel.
      const r = h * 0.32;
      g.append(svg('circle', { cx, cy, r, ...line }));
      for (let i = 0; i < 4; i++) {
        const a = (i * Math.PI) / 4;
        g.append(svg('line', { x1: cx - r * Math.cos(a), y1: cy - r * Math.sin(a), x2: cx + r * Math.cos(a), y2: cy + r * Math.sin(a), ...line, 'stroke-width': sw * 0.7 }));
      }
      break;
    }
    default:
      g.append(svg('text', { x: cx, y: cy + h * 0.2, 'font-size': h * 0.6, 'text-anchor': 'middle', fill: INK }, '?'));
  }
  return g;
}

// The facing notch: a triangle outside the edge the unit faces, `s` the counter's size.
function notch(facing, s, side) {
  const h = s / 2;
  const d = Math.max(5, s * 0.13);
  const pts = {
    NORTH: [[-d, -h], [d, -h], [0, -h - d]],
    SOUTH: [[-d, h], [d, h], [0, h + d]],
    EAST: [[h, -d], [h, d], [h + d, 0]],
    WEST: [[-h, -d], [-h, d], [-h - d, 0]],
  }[facing];
  if (!pts) return null;
  return svg('polygon', {
    class: 'facing', points: pts.map((p) => p.join(',')).join(' '),
    fill: SIDE_COLOURS[side] || INK, stroke: INK, 'stroke-width': Math.max(1, s * 0.025),
  });
}

// What a counter says when pointed at.
function title(u, view, letters) {
  const side = sideOf(u);
  const sideName = view.sides && view.sides[side] ? view.sides[side].name : `side ${side}`;
  const state = u.id === view.activeUnit ? ', ACTIVE' : u.activated ? ', done this turn' : '';
  const did = `${u.moved ? `, moved ${u.areasMoved || 0}` : ''}${u.attacked ? ', fired' : ''}`;
  return `${u.id} ${u.name || ''} — ${typeWord(u.type)} of ${sideName} (${letters[side]})`
    + `${u.weapon ? `, ${weaponWord(u.weapon)}` : ''}, ${u.sp || 0} of ${u.startSp || 0} SP, `
    + `facing ${facingLetter(u.facing)}${state}${did}${u.native ? ', native troops' : ''}`;
}

// Outlines for the active unit (thick gold) and the selected one (dashed); `r` the half size.
function outlines(u, view, marks, r, round) {
  const out = [];
  const shape = (attrs) => (round
    ? svg('circle', { cx: 0, cy: 0, r, fill: 'none', ...attrs })
    : svg('rect', { x: -r, y: -r, width: 2 * r, height: 2 * r, fill: 'none', ...attrs }));
  if (u.id === view.activeUnit) {
    out.push(shape({ class: 'active', stroke: INK, 'stroke-width': 9 }));
    out.push(shape({ stroke: '#ffd21f', 'stroke-width': 5 }));
  }
  if (marks && marks.selected === `u:${u.id}`) {
    out.push(shape({ class: 'selected', stroke: '#ffffff', 'stroke-width': 4 }));
    out.push(shape({ stroke: INK, 'stroke-width': 4, 'stroke-dasharray': '7 5' }));
  }
  return out;
}

// One counter of size `s` at cx,cy (a <g data-key="u:ID">).
export function counter(u, view, marks, letters, cx, cy, s) {
  const side = sideOf(u);
  const colour = SIDE_COLOURS[side] || '#666';
  const g = svg('g', {
    class: `unit side${side}${u.activated ? ' done' : ''}`, transform: `translate(${cx},${cy})`,
    'data-key': `u:${u.id}`,
  }, svg('title', {}, title(u, view, letters)));
  g.append(...outlines(u, view, marks, s / 2 + 5, false));
  const n = notch(u.facing, s, side);
  if (n) g.append(n);
  g.append(frame(side, s, { fill: colour, stroke: INK, 'stroke-width': Math.max(1, s * 0.03) }));
  const h = s / 2;
  // The id across the top: a long one is squeezed to the counter's width rather than shrunk.
  const id = String(u.id);
  const fit = (s * 0.92) / (Math.max(2, id.length) * 0.62);
  const idSize = Math.max(Math.min(s * 0.22, fit), Math.min(s * 0.17, s * 0.22));
  g.append(svg('text', {
    x: 0, y: -h + s * 0.04 + idSize * 0.85, 'font-size': idSize.toFixed(1), 'text-anchor': 'middle',
    fill: '#fff', 'font-family': 'sans-serif', 'font-weight': 'bold',
    textLength: fit < idSize ? (s * 0.92).toFixed(1) : null,
    lengthAdjust: fit < idSize ? 'spacingAndGlyphs' : null,
  }, id));
  if (u.type === 'GENERAL') {
    g.append(star(0, s * 0.02, s * 0.24, { fill: '#ffd21f', stroke: INK, 'stroke-width': s * 0.02 }));
  } else {
    g.append(symbol(u.type, 0, -s * 0.02, s * 0.58, s * 0.34));
  }
  // Strength Points, and the side's letter: colour is never the only sign of the side.
  const worn = (u.sp || 0) < (u.startSp || 0);
  const fs = s * 0.26;
  const spText = worn ? `${u.sp || 0}/${u.startSp || 0}` : String(u.sp || 0);
  if (worn) {
    g.append(svg('rect', { x: -h + s * 0.05, y: h - fs * 1.1, width: fs * 0.62 * spText.length, height: fs * 1.02, fill: '#ffe08a', rx: 2 }));
  }
  g.append(svg('text', {
    x: -h + s * 0.08, y: h - s * 0.07, 'font-size': fs.toFixed(1), fill: worn ? INK : '#fff',
    'font-family': 'sans-serif', 'font-weight': 'bold',
  }, spText));
  g.append(svg('text', {
    x: h - s * 0.07, y: h - s * 0.07, 'font-size': (s * 0.22).toFixed(1), 'text-anchor': 'end',
    fill: '#fff', 'font-family': 'sans-serif', 'font-style': 'italic',
  }, letters[side] || '?'));
  if (u.activated && u.id !== view.activeUnit) {
    g.append(svg('text', { x: h - s * 0.04, y: -h + s * 0.02, 'font-size': (s * 0.28).toFixed(1), 'text-anchor': 'middle', fill: '#1b1b1b', stroke: '#fff', 'stroke-width': 3, 'paint-order': 'stroke' }, '✓'));
  }
  return g;
}

// A General sharing an area: a round token of radius r at cx,cy.
function generalToken(u, view, marks, letters, cx, cy, r) {
  const side = sideOf(u);
  const g = svg('g', {
    class: `unit general side${side}`, transform: `translate(${cx},${cy})`, 'data-key': `u:${u.id}`,
  }, svg('title', {}, title(u, view, letters)));
  g.append(...outlines(u, view, marks, r + 4, true));
  const n = notch(u.facing, r * 2, side);
  if (n) g.append(n);
  g.append(svg('circle', { cx: 0, cy: 0, r, fill: SIDE_COLOURS[side] || '#666', stroke: INK, 'stroke-width': Math.max(1, r * 0.08) }));
  g.append(star(0, -r * 0.18, r * 0.55, { fill: '#ffd21f', stroke: INK, 'stroke-width': r * 0.05 }));
  g.append(svg('text', {
    x: 0, y: r * 0.78, 'font-size': (r * 0.62).toFixed(1), 'text-anchor': 'middle', fill: '#fff',
    'font-family': 'sans-serif', 'font-style': 'italic',
  }, letters[side] || '?'));
  return g;
}

// Everything standing in one area of size A whose top-left corner is x0,y0.
export function stack(units, view, marks, letters, x0, y0, A) {
  const cx = x0 + A / 2;
  const cy = y0 + A / 2;
  const troops = units.filter((u) => u.type !== 'GENERAL');
  let generals = units.filter((u) => u.type === 'GENERAL');
  const out = [];
  if (troops.length === 0 && generals.length) {
    // Generals alone: the first is a full counter.
    out.push(counter(generals[0], view, marks, letters, cx, cy, A * 0.68));
    generals = generals.slice(1);
  } else if (troops.length === 1) {
    out.push(counter(troops[0], view, marks, letters, cx, cy, A * 0.7));
  } else if (troops.length >= 2) {
    const s = A * 0.45;
    troops.forEach((u, i) => {
      const dx = troops.length === 2 ? (i ? 1 : -1) * (s / 2 + 1) : 0;
      const dy = troops.length === 2 ? A * 0.06 : (i - (troops.length - 1) / 2) * (s * 0.45);
      out.push(counter(u, view, marks, letters, cx + dx, cy + dy, s));
    });
  }
  const corners = [[1, -1], [-1, -1], [1, 1], [-1, 1]];
  generals.forEach((u, i) => {
    const [sx, sy] = corners[i % 4];
    out.push(generalToken(u, view, marks, letters, cx + sx * A * 0.35, cy + sy * A * 0.35, A * 0.15));
  });
  return out;
}
