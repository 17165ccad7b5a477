// RCW units on the SVG table: each unit a rectangle as wide as its footprint, turned to its
// facing (a thick front edge and a pointer), in its side's colour AND with its map letter
// (side 0's A, B, C..., side 1's a, b, c..., as the terminal client gives them) and a symbol of
// its type. Marks: "!" pinned, sandbags in front dug in, "L"/"P" limbered or packed, a tick and
// paler when activated this turn, "?" unspotted (a fixed unit in woods or a village that may not
// be targeted yet, §9, R49), a dashed outline for your own units the enemy cannot see (a
// hidden enemy is not in the view at all, R20), a faint cross where a unit was destroyed. The
// armoured train is drawn car by car on its line. The active unit is ringed, with its declared
// actions; marks.selected and marks.targets are highlighted. Clickable: data-key 'u:<id>' (an
// enemy train's cars 'u:<car id>', as they are the targets).

import { svg } from 'grognard/svg.js';
import {
  letterOf, typeText, trainingText, coverText, stateMarks, actionWord, bearingTo,
} from 'grognard/rulesets/rcw_words.js';

const SIDE_FILL = ['#c0392b', '#f4f1e8'];
const SIDE_STROKE = ['#5e140d', '#1f3a68'];
const SIDE_TEXT = ['#fff', '#1f3a68'];
const TARGET = { move: '#1e8449', attack: '#c0392b', assault: '#922b21', deploy: '#2471a3',
  pivot: '#1e8449' };

// The type symbol inside a rectangle of half-width `a` and half-depth `b` (front toward -y).
function symbol(type, a, b, ink) {
  const s = { stroke: ink, 'stroke-width': 0.07, fill: 'none', 'stroke-opacity': 0.55 };
  switch (type) {
    case 'INFANTRY':
      return svg('path', { ...s, d: `M${-a},${-b} L${a},${b} M${a},${-b} L${-a},${b}` });
    case 'CAVALRY':
      return svg('path', { ...s, d: `M${-a},${b} L${a},${-b}` });
    case 'MG':
      return svg('path', { ...s, d: `M${-a},${-b} L${a},${b} M${a},${-b} L${-a},${b} ` +
        `M${-a * 0.5},${-b * 0.55} h${a}` });
    case 'MORTAR':
      return svg('path', { ...s, d: `M0,${b * 0.7} V${-b * 0.7} l${-a * 0.2},${b * 0.3} ` +
        `M0,${-b * 0.7} l${a * 0.2},${b * 0.3}` });
    case 'ARTILLERY':
      return svg('circle', { cx: 0, cy: -b * 0.45, r: b * 0.25, fill: ink, 'fill-opacity': 0.55 });
    case 'ARMOURED_CAR':
    case 'TANK':
      return svg('ellipse', { ...s, cx: 0, cy: 0, rx: a * 0.65, ry: b * 0.55 });
    case 'WAGON':
      return svg('g', {}, svg('circle', { ...s, cx: -a * 0.55, cy: b * 0.6, r: b * 0.25 }),
        svg('circle', { ...s, cx: a * 0.55, cy: b * 0.6, r: b * 0.25 }));
    case 'HQ':
      return svg('path', { ...s, d: `M${-a},${b} v${b * 1.6} M${-a},${-b} h${a}` });
    case 'FAO':
      return svg('path', { ...s, d: `M${-a * 0.5},${b * 0.6} L0,${-b * 0.6} L${a * 0.5},${b * 0.6} z` });
    default:
      return null;
  }
}

// The words of a unit's tooltip.
function title(view, u) {
  const marks = stateMarks(view, u);
  let t = `${letterOf(u)} ${u.name || u.id} (${u.id}): ${typeText(u.type)}` +
    `${u.type === 'TANK' && u.gun ? ' (gun)' : ''}, ${trainingText(u.training)}`;
  if (u.cover) t += `, counts as ${coverText(u.cover)}`;
  return t + (marks ? `; ${marks}` : '');
}

// Letters and badges grow a little on large tables, to stay readable when the map is small.
let k = 1;

// A small round badge with one character (state marks), upright whatever the facing.
function badge(x, y, ch, fill, ink) {
  return svg('g', { 'pointer-events': 'none' },
    svg('circle', { cx: x, cy: y, r: 0.34 * k, fill, stroke: '#222', 'stroke-width': 0.05 }),
    svg('text', { x, y: y + 0.19 * k, 'font-size': 0.52 * k, 'text-anchor': 'middle', fill: ink,
      'font-weight': 'bold', 'font-family': 'sans-serif' }, ch));
}

// One rectangle in a facing at (x, y): the body, the front edge, the pointer.
function body(x, y, facing, a, b, side, opts) {
  const g = svg('g', { transform: `translate(${x} ${y}) rotate(${facing || 0})` });
  g.append(svg('rect', { x: -a, y: -b, width: 2 * a, height: 2 * b, fill: SIDE_FILL[side],
    'fill-opacity': opts.faded ? 0.5 : 1, stroke: SIDE_STROKE[side], 'stroke-width': 0.1,
    'stroke-dasharray': opts.concealed ? '0.25 0.18' : null }));
  if (opts.lead !== undefined) {
    // A train car: no front; the leading car points along the line (local +x).
    if (opts.lead) {
      g.append(svg('path', { d: `M${a},-0.3 L${a + 0.45},0 L${a},0.3 z`,
        fill: SIDE_STROKE[side] }));
    }
  } else {
    g.append(svg('path', { d: `M${-a},${-b} H${a}`, stroke: SIDE_STROKE[side],
      'stroke-width': 0.22 }));
    g.append(svg('path', { d: `M${-0.3},${-b} L0,${-b - 0.45} L0.3,${-b} z`,
      fill: SIDE_STROKE[side] }));
  }
  if (opts.dugIn) {
    g.append(svg('path', { d: `M${-a},${-b - 0.3} Q0,${-b - 0.75} ${a},${-b - 0.3}`,
      stroke: '#7b5a2e', 'stroke-width': 0.22, 'stroke-dasharray': '0.3 0.1', fill: 'none' }));
  }
  if (opts.type) {
    const sym = symbol(opts.type, a, b, SIDE_STROKE[side]);
    if (sym) g.append(sym);
  }
  return g;
}

function letter(x, y, text, side, base) {
  const size = base * k;
  return svg('text', { x, y: y + size * 0.36, 'font-size': size, 'text-anchor': 'middle',
    'font-weight': 'bold', 'font-family': 'sans-serif', fill: SIDE_TEXT[side],
    stroke: SIDE_FILL[side], 'stroke-width': 0.12, 'paint-order': 'stroke',
    'pointer-events': 'none' }, text);
}

// A ring around a place: the active unit, the selection, a target.
function ring(x, y, r, colour, dash) {
  return svg('circle', { cx: x, cy: y, r, fill: 'none', stroke: colour, 'stroke-width': 0.25,
    'stroke-dasharray': dash || null, 'pointer-events': 'none' });
}

function unit(view, u) {
  const side = u.side || 0;
  const x = (u.pos && u.pos.x) || 0;
  const y = (u.pos && u.pos.y) || 0;
  const r = u.radius || 1;
  const a = Math.max(r, 0.6);
  const b = Math.max(r * 0.55, 0.4);
  const g = svg('g', { class: 'rcw-unit', 'data-key': `u:${u.id}` });
  g.append(svg('title', {}, title(view, u)));
  // A transparent disc of the footprint: easy to click.
  g.append(svg('circle', { cx: x, cy: y, r: Math.max(r, 0.8), fill: '#fff', 'fill-opacity': 0 }));
  g.append(body(x, y, u.facing, a, b, side, { faded: u.activated, concealed: u.concealed,
    dugIn: u.dugIn, type: u.type }));
  g.append(letter(x, y, letterOf(u), side, Math.max(0.8, Math.min(1.1, a * 1.2))));
  if (u.pinned) g.append(badge(x + a, y - b - 0.2, '!', '#f5b041', '#000'));
  if (u.limbered) g.append(badge(x - a, y - b - 0.2, u.type === 'ARTILLERY' ? 'L' : 'P', '#fff', '#000'));
  if (u.activated) g.append(badge(x + a, y + b + 0.2, '\u2713', '#d5d8dc', '#000'));
  if (u.unspotted) g.append(badge(x - a, y + b + 0.2, '?', '#aed6f1', '#000'));  // §9, R49
  return g;
}

// A train: each car a rectangle along its line, turned from the car behind toward the one
// ahead; the train's letter and the car's number on it.
function train(view, u, mine) {
  const side = u.side || 0;
  const cars = u.cars || [];
  const g = svg('g', { class: 'rcw-train', 'data-key': mine ? `u:${u.id}` : null });
  const at = (c) => ({ x: (c.pos && c.pos.x) || 0, y: (c.pos && c.pos.y) || 0 });
  cars.forEach((c, i) => {
    const p = at(c);
    let facing = u.facing || 0;
    if (cars.length > 1) {
      facing = i === 0 ? bearingTo(at(cars[1]), p) : bearingTo(p, at(cars[i - 1]));
    }
    const cg = svg('g', { class: 'rcw-car', 'data-key': mine ? null : `u:${c.id}` });
    cg.append(svg('title', {}, `${letterOf(u)}${i + 1} ${c.name || c.id} (${c.id}) of ` +
      `${u.name || u.id}: ${c.armament === 'CAR_ARTILLERY' ? 'artillery' : 'armoured'} car` +
      (c.destroyed ? ', DESTROYED' : c.pinned ? ', pinned' : '') +
      (u.concealed ? ', hidden from the enemy' : '')));
    if (c.destroyed) {
      cg.append(wreck(p.x, p.y));
    } else {
      // A car lies along the line: its long side (local x) on the bearing of travel.
      cg.append(body(p.x, p.y, facing - 90, 1.3, 0.55, side, { faded: u.activated,
        concealed: u.concealed, type: c.armament === 'CAR_ARTILLERY' ? 'ARTILLERY' : 'TANK',
        lead: i === 0 }));
      cg.append(letter(p.x, p.y, `${letterOf(u)}${i + 1}`, side, 0.75));
      if (c.pinned) cg.append(badge(p.x + 1, p.y - 0.8, '!', '#f5b041', '#000'));
    }
    g.append(cg);
  });
  if (u.activated && cars.length) {
    const p = at(cars[0]);
    g.append(badge(p.x + 1.2, p.y + 0.8, '\u2713', '#d5d8dc', '#000'));
  }
  return g;
}

function wreck(x, y) {
  return svg('path', { d: `M${x - 0.6},${y - 0.6} L${x + 0.6},${y + 0.6} M${x + 0.6},${y - 0.6} ` +
    `L${x - 0.6},${y + 0.6}`, stroke: '#555', 'stroke-opacity': 0.5, 'stroke-width': 0.15,
  'pointer-events': 'none' });
}

// Where a key is on the table: a unit, a car, or a point 'p:x,y'.
function placeOf(view, key) {
  const s = String(key);
  const m = /^p:(-?[\d.]+),(-?[\d.]+)$/.exec(s);
  if (m) return { x: Number(m[1]), y: Number(m[2]), r: 0.5, point: true };
  const id = s.replace(/^u:/, '');
  for (const u of view.units || []) {
    if (u.id === id && u.placed && !u.destroyed) {
      const c = u.type === 'TRAIN' && (u.cars || [])[0];
      const p = c ? c.pos || {} : u.pos || {};
      return { x: p.x || 0, y: p.y || 0, r: (u.radius || 1) + 0.5 };
    }
    for (const c of u.cars || []) {
      if (c.id === id) return { x: (c.pos && c.pos.x) || 0, y: (c.pos && c.pos.y) || 0, r: 1.6 };
    }
  }
  return null;
}

// The active unit's declared actions, above it: "1 move (done)  2 shoot (next)".
function actions(view, place) {
  const a = view.active || {};
  const next = a.next || 0;
  const part = (i, act) => `${actionWord(act)}${next > i ? ' \u2713' : next === i ? ' (next)' : ''}`;
  const text = `${part(0, a.first)}, then ${part(1, a.second)}` +
    (a.commandFailed ? '  command failed' : '') + (a.rallyFailed ? '  rally failed' : '');
  // Kept on the table: about half a letter's width a character each side of its middle.
  const half = text.length * 0.75 * k * 0.28;
  const x = Math.max(half - 1.5, Math.min((view.width || 72) + 0.5 - half, place.x));
  return svg('text', { x, y: place.y - place.r - 0.5, 'font-size': 0.75 * k,
    'text-anchor': 'middle', 'font-family': 'sans-serif', 'font-weight': 'bold', fill: '#000',
    stroke: '#fff', 'stroke-width': 0.2, 'paint-order': 'stroke', 'pointer-events': 'none' },
  text);
}

export function drawUnits(el, view, marks) {
  k = Math.max(1, Math.min(1.4, (view.width || 72) / 55));
  const layer = svg('g', { class: 'rcw-units' });
  const mine = (u) => view.viewerSide !== undefined && (u.side || 0) === view.viewerSide;
  for (const u of view.units || []) {
    if (!u.placed) continue;
    if (u.type === 'TRAIN') {
      layer.append(train(view, u, mine(u)));
    } else if (u.destroyed) {
      layer.append(wreck((u.pos && u.pos.x) || 0, (u.pos && u.pos.y) || 0));
    } else {
      layer.append(unit(view, u));
    }
  }
  el.append(layer);
  const over = svg('g', { class: 'rcw-marks', 'pointer-events': 'none' });
  const active = view.active && view.active.unit && placeOf(view, `u:${view.active.unit}`);
  if (active) {
    const au = (view.units || []).find((u) => u.id === view.active.unit) || {};
    const places = au.type === 'TRAIN'
      ? (au.cars || []).filter((c) => !c.destroyed).map((c) => placeOf(view, `u:${c.id}`))
      : [active];
    for (const p of places) {
      over.append(ring(p.x, p.y, p.r, '#f1c40f'));
      over.append(ring(p.x, p.y, p.r + 0.25, '#000', '0.4 0.3'));
    }
    over.append(actions(view, active));
  }
  for (const [key, kind] of (marks.targets instanceof Map ? marks.targets : new Map())) {
    const p = placeOf(view, key);
    if (!p) continue;
    const colour = TARGET[kind] || '#7d3c98';
    over.append(p.point
      ? svg('path', { d: `M${p.x},${p.y - 0.6} l0.6,0.6 l-0.6,0.6 l-0.6,-0.6 z`, fill: colour,
        'fill-opacity': 0.6, stroke: colour, 'stroke-width': 0.1 })
      : ring(p.x, p.y, p.r, colour, '0.5 0.25'));
  }
  const sel = marks.selected && placeOf(view, marks.selected);
  if (sel) over.append(ring(sel.x, sel.y, sel.r + 0.15, '#2471a3'));
  el.append(over);
}
