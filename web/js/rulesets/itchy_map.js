// Itchy & Scratchy (Mark 2): the grid map in SVG. Each area is a square drawn as a wargamer's map
// would have it (open ground, woods with trees, built-up areas with house blocks, fortifications
// with an earthwork), columns and rows numbered as the commands write areas ("4,3": column 4,
// row 3), objectives with their names and points, the units as counters (itchy_counters.js),
// the legal moves and targets highlighted, and a legend under the map.

import { svg, clear } from 'grognard/svg.js';
import { px, py, sideLetters, sideName, unitsOf } from 'grognard/rulesets/itchy_common.js';
import { stack, SIDE_COLOURS, frame } from 'grognard/rulesets/itchy_counters.js';

const A = 100; // one area, in map units
const M = 34; // room for the column and row numbers
const INK = '#141414';

// What was last drawn into each <svg>: its size in areas and the areas highlighted as moves,
// for pointAt.
const drawn = new WeakMap();

export const TERRAIN = {
  OPEN: { fill: '#ece5c8', word: 'open ground' },
  WOODS: { fill: '#b7d29a', word: 'woods (cover)' },
  BUILT_UP: { fill: '#e2d3bb', word: 'built-up (cover)' },
  FORTIFICATION: { fill: '#d8c7a2', word: 'fortification (cover)' },
};

function terrainAt(view, x, y) {
  if (x < 0 || y < 0 || x >= (view.width || 0) || y >= (view.height || 0)) return 'OPEN';
  const t = Array.isArray(view.terrain) ? view.terrain[y * (view.width || 0) + x] : undefined;
  return TERRAIN[t] ? t : 'OPEN';
}

// A small number from x, y and i, the same on every drawing, to scatter trees and houses.
function jitter(x, y, i) {
  const n = Math.sin(x * 12.9898 + y * 78.233 + i * 37.719) * 43758.5453;
  return n - Math.floor(n);
}

// The marks of a terrain type inside the area whose top-left corner is x0,y0.
function decoration(t, x0, y0, x, y, fort) {
  const out = [];
  if (t === 'WOODS') {
    const spots = [[0.22, 0.25], [0.7, 0.2], [0.45, 0.52], [0.18, 0.78], [0.78, 0.72]];
    spots.forEach(([fx, fy], i) => {
      const cx = x0 + A * (fx + (jitter(x, y, i) - 0.5) * 0.08);
      const cy = y0 + A * (fy + (jitter(y, x, i) - 0.5) * 0.08);
      out.push(svg('line', { x1: cx, y1: cy + 4, x2: cx, y2: cy + 12, stroke: '#5a3d1e', 'stroke-width': 3 }));
      out.push(svg('circle', { cx, cy, r: 10, fill: '#4d7f36', stroke: '#2b4d1d', 'stroke-width': 2 }));
    });
  } else if (t === 'BUILT_UP') {
    const blocks = [[0.14, 0.14, 0.3, 0.22], [0.56, 0.12, 0.3, 0.26], [0.12, 0.58, 0.26, 0.28], [0.52, 0.6, 0.34, 0.24]];
    blocks.forEach(([fx, fy, fw, fh]) => {
      out.push(svg('rect', {
        x: x0 + A * fx, y: y0 + A * fy, width: A * fw, height: A * fh,
        fill: '#8d5b45', stroke: '#4a2c1f', 'stroke-width': 2,
      }));
    });
  } else if (t === 'FORTIFICATION') {
    out.push(earthwork(x0, y0, fort));
  }
  return out;
}

// A fortification's parapet: a wall with hachures on its outer side along each edge that does
// not join another fortified area, so that neighbouring areas make one work. `fort(dx, dy)` tells
// whether the neighbour at that offset is fortified.
function earthwork(x0, y0, fort) {
  const i = A * 0.14;
  const n = !fort(0, -1);
  const e = !fort(1, 0);
  const s = !fort(0, 1);
  const w = !fort(-1, 0);
  const d = [];
  const ticks = [];
  const wall = (xa, ya, xb, yb, ox, oy) => {
    d.push(`M${xa},${ya}L${xb},${yb}`);
    const len = Math.hypot(xb - xa, yb - ya);
    const k = Math.max(1, Math.round(len / 12));
    for (let j = 0; j <= k; j++) {
      const tx = xa + ((xb - xa) * j) / k;
      const ty = ya + ((yb - ya) * j) / k;
      ticks.push(`M${tx},${ty}l${ox * 8},${oy * 8}`);
    }
  };
  if (n) wall(x0 + (w ? i : 0), y0 + i, x0 + A - (e ? i : 0), y0 + i, 0, -1);
  if (s) wall(x0 + (w ? i : 0), y0 + A - i, x0 + A - (e ? i : 0), y0 + A - i, 0, 1);
  if (w) wall(x0 + i, y0 + (n ? i : 0), x0 + i, y0 + A - (s ? i : 0), -1, 0);
  if (e) wall(x0 + A - i, y0 + (n ? i : 0), x0 + A - i, y0 + A - (s ? i : 0), 1, 0);
  // Inner corners: both neighbours fortified but not the one between them.
  for (const [dx, dy] of [[-1, -1], [1, -1], [-1, 1], [1, 1]]) {
    if (!fort(dx, 0) || !fort(0, dy) || fort(dx, dy)) continue;
    const cx = dx < 0 ? x0 + i : x0 + A - i;
    const cy = dy < 0 ? y0 + i : y0 + A - i;
    const ex = dx < 0 ? x0 : x0 + A;
    const ey = dy < 0 ? y0 : y0 + A;
    d.push(`M${cx},${ey}L${cx},${cy}L${ex},${cy}`);
  }
  return svg('g', { class: 'earthwork' },
    svg('path', { d: ticks.join(''), stroke: '#6b4a2b', 'stroke-width': 2.5, fill: 'none' }),
    svg('path', { d: d.join(''), stroke: '#6b4a2b', 'stroke-width': 5, fill: 'none', 'stroke-linecap': 'square' }));
}

// The objective in an area: a flag with its points and its name along the area's foot.
function objective(o, fontSize) {
  const x0 = M + px(o.pos) * A;
  const y0 = M + py(o.pos) * A;
  const pts = o.points || 1;
  const g = svg('g', { class: 'objective', 'pointer-events': 'none' },
    svg('title', {}, `${o.name}: ${pts} point${pts > 1 ? 's' : ''}`));
  g.append(svg('line', { x1: x0 + 9, y1: y0 + 6, x2: x0 + 9, y2: y0 + 34, stroke: INK, 'stroke-width': 3 }));
  g.append(svg('rect', { x: x0 + 9, y: y0 + 6, width: 22, height: 16, fill: '#ffd21f', stroke: INK, 'stroke-width': 2 }));
  g.append(svg('text', { x: x0 + 20, y: y0 + 19, 'font-size': 14, 'text-anchor': 'middle', 'font-weight': 'bold', fill: INK, 'font-family': 'sans-serif' }, String(pts)));
  g.append(svg('text', {
    x: x0 + A / 2, y: y0 + A - 4, 'font-size': fontSize, 'text-anchor': 'middle', fill: INK,
    stroke: '#fffbe8', 'stroke-width': fontSize * 0.3, 'paint-order': 'stroke', 'font-family': 'sans-serif',
  }, o.name || ''));
  return g;
}

// Highlights for the legal targets: moves a dashed green area with a dot, attacks a red area
// with cross-hairs (shape as well as colour).
function highlight(key, kind, view) {
  let p = null;
  const a = /^a:(-?\d+),(-?\d+)$/.exec(key);
  if (a) p = { x: Number(a[1]), y: Number(a[2]) };
  const u = /^u:(.+)$/.exec(key);
  if (u) {
    const unit = unitsOf(view).find((v) => v.id === u[1] && !v.removed);
    if (unit) p = unit.pos || {};
  }
  if (!p) return null;
  const x0 = M + px(p) * A;
  const y0 = M + py(p) * A;
  const cx = x0 + A / 2;
  const cy = y0 + A / 2;
  const g = svg('g', { class: `target ${kind}`, 'pointer-events': 'none' });
  if (kind === 'attack') {
    g.append(svg('rect', { x: x0 + 3, y: y0 + 3, width: A - 6, height: A - 6, fill: '#c0392b', 'fill-opacity': 0.18, stroke: '#b3241a', 'stroke-width': 5, 'stroke-dasharray': '14 6' }));
    // Cross-hairs around the counter, never over its numbers.
    g.append(svg('circle', { cx, cy, r: A * 0.44, fill: 'none', stroke: '#b3241a', 'stroke-width': 4 }));
    g.append(svg('path', { d: `M${x0 + 3},${cy}h${A * 0.12}M${x0 + A - 3},${cy}h${-A * 0.12}M${cx},${y0 + 3}v${A * 0.12}M${cx},${y0 + A - 3}v${-A * 0.12}`, stroke: '#b3241a', 'stroke-width': 6 }));
  } else if (kind === 'move') {
    g.append(svg('rect', { x: x0 + 4, y: y0 + 4, width: A - 8, height: A - 8, fill: '#2f8f3a', 'fill-opacity': 0.22, stroke: '#17602a', 'stroke-width': 4, 'stroke-dasharray': '8 6' }));
    g.append(svg('circle', { cx, cy, r: 8, fill: '#17602a', stroke: '#fff', 'stroke-width': 2 }));
  } else {
    g.append(svg('rect', { x: x0 + 4, y: y0 + 4, width: A - 8, height: A - 8, fill: '#ffd21f', 'fill-opacity': 0.25, stroke: '#8a6d00', 'stroke-width': 4 }));
  }
  return g;
}

// Legend items laid out in rows under the map; returns the height used.
function legend(root, view, letters, top, width, fs) {
  const items = [];
  for (const t of Object.keys(TERRAIN)) {
    items.push({ label: TERRAIN[t].word, draw: (x, y) => svg('rect', { x, y: y - fs, width: fs * 1.3, height: fs * 1.1, fill: TERRAIN[t].fill, stroke: '#777' }) });
  }
  [0, 1].forEach((side) => {
    items.push({
      label: `${letters[side]}: ${sideName(view, side)}`,
      draw: (x, y) => svg('g', { transform: `translate(${x + fs * 0.65},${y - fs * 0.4})` },
        frame(side, fs * 1.25, { fill: SIDE_COLOURS[side], stroke: INK, 'stroke-width': 1.5 }),
        svg('text', { x: 0, y: fs * 0.35, 'font-size': fs * 0.8, 'text-anchor': 'middle', fill: '#fff', 'font-style': 'italic' }, letters[side])),
    });
  });
  const sym = { X: 'infantry', '/': 'cavalry', '●': 'artillery', '↑': 'machine gun', '✇': 'transport', '★': 'General' };
  for (const [s, w] of Object.entries(sym)) items.push({ label: `${s} ${w}`, draw: null });
  items.push({ label: '▲ facing · gold ring: active · ✓ done · n/m: SP left of start', draw: null });
  for (const o of (view.victory && view.victory.objectives) || []) {
    const pts = o.points || 1;
    items.push({ label: `⚑ ${o.name} (${px(o.pos)},${py(o.pos)}) ${pts} pt${pts > 1 ? 's' : ''}`, draw: null });
  }
  const g = svg('g', { class: 'legend', 'font-size': fs, 'font-family': 'sans-serif', fill: INK });
  let x = M;
  let y = top + fs * 1.5;
  const gap = fs * 1.2;
  for (const it of items) {
    const w = (it.draw ? fs * 1.7 : 0) + it.label.length * fs * 0.56;
    if (x > M && x + w > width - 6) {
      x = M;
      y += fs * 1.6;
    }
    if (it.draw) g.append(it.draw(x, y));
    g.append(svg('text', { x: x + (it.draw ? fs * 1.7 : 0), y }, it.label));
    x += w + gap;
  }
  root.append(g);
  return y - top + fs * 0.8;
}

// Draws `view` into `root` (an <svg>): see the rule-set interface (web/js/rulesets/index.js).
export function drawMap(root, view, marks) {
  clear(root);
  marks = marks || {};
  const W = Math.max(1, view && view.width ? view.width : 1);
  const H = Math.max(1, view && view.height ? view.height : 1);
  view = view || {};
  const letters = sideLetters(view);
  const width = M + W * A + 10;
  const fs = Math.max(16, width / 55);

  const ground = svg('g', { class: 'areas' });
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const t = terrainAt(view, x, y);
      const x0 = M + x * A;
      const y0 = M + y * A;
      ground.append(svg('g', { 'data-key': `a:${x},${y}`, class: `area ${t.toLowerCase()}` },
        svg('title', {}, `${x},${y}: ${TERRAIN[t].word}`),
        svg('rect', { x: x0, y: y0, width: A, height: A, fill: TERRAIN[t].fill, stroke: '#8d8670', 'stroke-width': 1.5 }),
        ...decoration(t, x0, y0, x, y, (dx, dy) => terrainAt(view, x + dx, y + dy) === 'FORTIFICATION')));
    }
  }
  root.append(ground);
  root.append(svg('rect', { x: M, y: M, width: W * A, height: H * A, fill: 'none', stroke: INK, 'stroke-width': 3, 'pointer-events': 'none' }));

  // Column numbers across the top, row numbers down the side.
  const labels = svg('g', { class: 'labels', 'font-size': 20, 'font-family': 'sans-serif', 'text-anchor': 'middle', fill: INK });
  for (let x = 0; x < W; x++) labels.append(svg('text', { x: M + x * A + A / 2, y: M - 10 }, String(x)));
  for (let y = 0; y < H; y++) labels.append(svg('text', { x: M / 2, y: M + y * A + A / 2 + 7 }, String(y)));
  root.append(labels);

  for (const o of (view.victory && view.victory.objectives) || []) root.append(objective(o, 13));

  const targets = marks.targets instanceof Map ? marks.targets : new Map();
  const under = svg('g', { class: 'targets' });
  const over = svg('g', { class: 'targets attack' });
  for (const [key, kind] of targets) {
    const h = highlight(String(key), String(kind), view);
    if (h) (kind === 'attack' ? over : under).append(h);
  }
  root.append(under);

  // Units, by area (several in one area share it: see itchy_counters.js).
  const byArea = new Map();
  for (const u of unitsOf(view)) {
    if (u.removed) continue;
    const k = `${px(u.pos)},${py(u.pos)}`;
    if (!byArea.has(k)) byArea.set(k, []);
    byArea.get(k).push(u);
  }
  const units = svg('g', { class: 'units' });
  for (const list of byArea.values()) {
    const p = list[0].pos;
    units.append(...stack(list, view, marks, letters, M + px(p) * A, M + py(p) * A, A));
  }
  root.append(units);
  root.append(over);

  drawn.set(root, {
    W, H, moves: new Set([...targets].filter(([, kind]) => kind === 'move').map(([key]) => String(key))),
  });
  const legendH = legend(root, view, letters, M + H * A, width, fs);
  root.setAttribute('viewBox', `0 0 ${width} ${M + H * A + legendH + 8}`);
  root.setAttribute('preserveAspectRatio', 'xMidYMin meet');
  root.setAttribute('role', 'img');
  root.setAttribute('aria-label', `${view.scenarioName || 'Itchy & Scratchy'}: a grid of ${W} by ${H} areas`);
}


// The area under a click, as 'a:<col>,<row>', when it is one of the highlighted moves (so that an
// order "move, then face D" can be given there by a click); otherwise null.
export function pointAt(root, clientX, clientY) {
  const d = drawn.get(root);
  if (!d || typeof root.getScreenCTM !== 'function') return null;
  const m = root.getScreenCTM();
  if (!m) return null;
  const pt = root.createSVGPoint();
  pt.x = clientX;
  pt.y = clientY;
  const p = pt.matrixTransform(m.inverse());
  const x = Math.floor((p.x - M) / A);
  const y = Math.floor((p.y - M) / A);
  const key = `a:${x},${y}`;
  return x >= 0 && y >= 0 && x < d.W && y < d.H && d.moves.has(key) ? key : null;
}
