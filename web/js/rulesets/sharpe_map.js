// Sharpe's Mess: the table in inches as SVG, north up (x grows east, y south, as the scenario
// files say). One SVG unit is one inch; the viewBox scales the table to the window. Drawn: a
// faint inch grid with rulers, cover, buildings with walls, doors and windows, free-standing
// walls and gates, guns with their aim, the figures (sharpe_figures.js), a scale bar, a legend
// and the card just drawn. Only presentation attributes are used, so the same drawing works on
// the live page and in a saved battle report.

import { svg, clear } from 'grognard/svg.js';
import {
  seatIndex, gunType, aimVector, cardText, num,
} from 'grognard/rulesets/sharpe_common.js';
import { drawFigures, seatColour } from 'grognard/rulesets/sharpe_figures.js';

const INK = '#3b3226';
const FONT = 'sans-serif';

const xy = (p) => ({ x: Number((p && p.x) || 0), y: Number((p && p.y) || 0) });
const pts = (list) => (list || []).map((p) => { const q = xy(p); return `${q.x},${q.y}`; }).join(' ');

function text(x, y, size, words, extra = {}) {
  return svg('text', { x, y, 'font-size': size, 'font-family': FONT, fill: INK, ...extra }, words);
}

// The table and its faint inch grid, every 6" a little stronger, with rulers along the top and
// the left.
function table(g, w, h) {
  g.append(svg('rect', { x: 0, y: 0, width: w, height: h, fill: '#ebe6cf', stroke: INK, 'stroke-width': 0.12 }));
  const grid = svg('g', { stroke: '#8a8266', 'stroke-width': 0.02, 'stroke-opacity': 0.35 });
  for (let x = 1; x < w; x += 1) grid.append(svg('line', { x1: x, y1: 0, x2: x, y2: h, 'stroke-width': x % 6 ? 0.02 : 0.05 }));
  for (let y = 1; y < h; y += 1) grid.append(svg('line', { x1: 0, y1: y, x2: w, y2: y, 'stroke-width': y % 6 ? 0.02 : 0.05 }));
  g.append(grid);
  const rulers = svg('g', { 'aria-hidden': 'true' });
  for (let x = 0; x <= w; x += 6) rulers.append(text(x, -0.35, 0.75, String(x), { 'text-anchor': 'middle' }));
  for (let y = 6; y <= h; y += 6) rulers.append(text(-0.3, y + 0.25, 0.75, String(y), { 'text-anchor': 'end' }));
  g.append(rulers);
}

// The points of `path` from `a` to `b` inches along it.
function subPath(path, a, b) {
  const out = [];
  let at = 0;
  for (let i = 0; i + 1 < path.length; i += 1) {
    const p = path[i];
    const q = path[i + 1];
    const len = Math.hypot(q.x - p.x, q.y - p.y);
    const s = Math.max(a, at);
    const e = Math.min(b, at + len);
    if (len > 0 && e > s) {
      const pt = (d) => ({ x: p.x + ((q.x - p.x) * (d - at)) / len, y: p.y + ((q.y - p.y) * (d - at)) / len });
      const first = pt(s);
      const last = out[out.length - 1];
      if (!last || Math.hypot(last.x - first.x, last.y - first.y) > 1e-9) out.push(first);
      out.push(pt(e));
    }
    at += len;
  }
  return out;
}

function pathLength(path) {
  let n = 0;
  for (let i = 0; i + 1 < path.length; i += 1) n += Math.hypot(path[i + 1].x - path[i].x, path[i + 1].y - path[i].y);
  return n;
}

// A wall: solid stretches between its openings; a door (or gate) a gap between two posts with a
// thin dashed line, a window a thin double line. `stone` free-standing walls are grey.
function wall(g, w, stone) {
  const path = (w.path || []).map(xy);
  if (path.length < 2) return;
  const total = pathLength(path);
  const openings = (w.openings || []).map((o) => ({ from: Number(o.from || 0), to: Number(o.to || 0), kind: o.kind }))
    .sort((a, b) => a.from - b.from);
  const colour = stone ? '#6d6a63' : '#4a3320';
  const width = stone ? 0.3 : 0.4;
  let at = 0;
  const solid = (a, b) => {
    if (b - a < 1e-6) return;
    g.append(svg('polyline', { points: pts(subPath(path, a, b)), fill: 'none', stroke: colour, 'stroke-width': width, 'stroke-linecap': 'square', 'stroke-linejoin': 'miter' }));
  };
  for (const o of openings) {
    solid(at, o.from);
    const gap = subPath(path, o.from, o.to);
    if (o.kind === 'WINDOW') {
      g.append(svg('polyline', { points: pts(gap), fill: 'none', stroke: colour, 'stroke-width': width }));
      g.append(svg('polyline', { points: pts(gap), fill: 'none', stroke: '#dfeef7', 'stroke-width': width * 0.45 }));
    } else if (gap.length) {
      g.append(svg('polyline', { points: pts(gap), fill: 'none', stroke: colour, 'stroke-width': 0.08, 'stroke-dasharray': '0.2 0.15' }));
      for (const p of [gap[0], gap[gap.length - 1]]) g.append(svg('circle', { cx: p.x, cy: p.y, r: width * 0.6, fill: colour }));
    }
    at = Math.max(at, o.to);
  }
  solid(at, total);
}

function terrain(g, view) {
  for (const c of view.cover || []) {
    g.append(svg('polygon', { points: pts(c.vertices), fill: '#7fa35a', 'fill-opacity': 0.45, stroke: '#4f7236', 'stroke-width': 0.12, 'stroke-dasharray': '0.5 0.25' }));
  }
  for (const b of view.buildings || []) {
    const floor = (b.floor && b.floor.vertices) || [];
    g.append(svg('polygon', { points: pts(floor), fill: '#cdb591', stroke: 'none' }));
    for (const w of b.walls || []) wall(g, w, false);
    if (b.name && floor.length) {
      const xs = floor.map((p) => xy(p).x);
      const ys = floor.map((p) => xy(p).y);
      g.append(text((Math.min(...xs) + Math.max(...xs)) / 2, Math.min(...ys) + 1.1, 0.8, b.name, { 'text-anchor': 'middle', 'font-style': 'italic' }));
    }
  }
  for (const w of view.walls || []) wall(g, w, true);
}

// A gun: a carriage at its position with the barrel along its aim (a compass bearing), the
// crew's colour and a "G"; unloaded guns show "u" and how much of the 16 is gathered.
function guns(g, view) {
  for (const gun of view.guns || []) {
    const p = xy(gun.pos);
    const d = aimVector(gun.aim);
    const idx = seatIndex(view, gun.group);
    const colour = seatColour(idx);
    const el = svg('g', { class: 'sharpe-gun' });
    el.append(svg('title', {}, `${gun.id}: ${gunType(gun.type)}, aim ${num(gun.aim)} deg, ${gun.unloaded ? `unloaded (${gun.loadSpent || 0}/16 loading)` : 'loaded'}${gun.group ? `, crew ${gun.group}` : ''}`));
    el.append(svg('line', { x1: p.x, y1: p.y, x2: p.x + d.x * 3, y2: p.y + d.y * 3, stroke: INK, 'stroke-width': 0.1, 'stroke-dasharray': '0.3 0.3' }));
    el.append(svg('line', { x1: p.x, y1: p.y, x2: p.x + d.x * 1.4, y2: p.y + d.y * 1.4, stroke: '#222', 'stroke-width': 0.32, 'stroke-linecap': 'round' }));
    el.append(svg('rect', { x: p.x - 0.5, y: p.y - 0.5, width: 1, height: 1, rx: 0.15, fill: colour, stroke: '#111', 'stroke-width': 0.08 }));
    el.append(text(p.x, p.y + 0.3, 0.8, 'G', { 'text-anchor': 'middle', fill: '#fff', 'font-weight': 'bold' }));
    if (gun.unloaded) el.append(text(p.x + 0.65, p.y - 0.45, 0.6, `u${gun.loadSpent || 0}/16`, { 'font-weight': 'bold' }));
    g.append(el);
  }
}

// Under the table: a scale bar of 12", the legend, and the turn and card just drawn.
function margin(g, view, w, h) {
  const y = h + 1.2;
  for (let i = 0; i < 12; i += 1) {
    g.append(svg('rect', { x: i, y, width: 1, height: 0.4, fill: i % 2 ? '#fff' : INK, stroke: INK, 'stroke-width': 0.05 }));
  }
  g.append(text(0, y + 1.2, 0.7, '0'));
  g.append(text(6, y + 1.2, 0.7, '6"', { 'text-anchor': 'middle' }));
  g.append(text(12, y + 1.2, 0.7, '12 inches', { 'text-anchor': 'middle' }));
  const lx = 16;
  const sample = (x, el, words) => { g.append(el); g.append(text(x + 2.2, y + 0.45, 0.7, words)); };
  sample(lx, svg('line', { x1: lx, y1: y + 0.2, x2: lx + 2, y2: y + 0.2, stroke: '#4a3320', 'stroke-width': 0.4 }), 'wall');
  sample(lx + 6, svg('line', { x1: lx + 6, y1: y + 0.2, x2: lx + 8, y2: y + 0.2, stroke: '#4a3320', 'stroke-width': 0.08, 'stroke-dasharray': '0.2 0.15' }), 'door');
  g.append(svg('line', { x1: lx + 12, y1: y + 0.2, x2: lx + 14, y2: y + 0.2, stroke: '#4a3320', 'stroke-width': 0.4 }));
  sample(lx + 12, svg('line', { x1: lx + 12, y1: y + 0.2, x2: lx + 14, y2: y + 0.2, stroke: '#dfeef7', 'stroke-width': 0.18 }), 'window');
  sample(lx + 20, svg('line', { x1: lx + 20, y1: y + 0.2, x2: lx + 22, y2: y + 0.2, stroke: '#6d6a63', 'stroke-width': 0.3 }), 'free wall');
  sample(lx + 28.5, svg('rect', { x: lx + 28.5, y: y - 0.2, width: 2, height: 0.8, fill: '#7fa35a', 'fill-opacity': 0.45, stroke: '#4f7236', 'stroke-width': 0.08 }), 'cover');
  g.append(text(lx + 35, y + 0.45, 0.7, '! wounded  † dying  _ prone  > aimed  u unloaded', {}));
  const drawn = view.drawn || [];
  let line = `Turn ${view.turn || 0}`;
  if (drawn.length) line += ` · card: ${cardText(view, drawn[drawn.length - 1])}`;
  line += ` · hero deck ${view.deckRemaining || 0} left`;
  if (view.badDeckRemaining) line += ` · bad deck ${view.badDeckRemaining}`;
  if (view.paused) line += ` · PAUSED${view.pauseReason ? `: ${view.pauseReason}` : ''}`;
  if (view.over) line += ` · over: ${view.result || 'no result'}`;
  g.append(text(0, y + 2.6, 0.85, line, { 'font-weight': 'bold' }));
  g.append(text(w, y + 2.6, 0.85, 'North is up ↑', { 'text-anchor': 'end', 'font-weight': 'bold' }));
}

let clipNo = 0;

// Draws `view` into `svgEl`; `marks` = { selected, targets, seat } from the play screen.
export function drawMap(svgEl, view, marks) {
  clear(svgEl);
  const v = view || {};
  const w = Number(v.width || 72);
  const h = Number(v.height || 48);
  svgEl.setAttribute('viewBox', `-2.2 -1.4 ${w + 3.2} ${h + 5.4}`);
  svgEl.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  svgEl.setAttribute('role', 'img');
  svgEl.setAttribute('aria-label', `${v.scenarioName || 'The table'}: ${w}" by ${h}", north up`);
  const g = svg('g', {});
  // The selected figure's reach is cut at the table's edges.
  clipNo += 1;
  const clipId = `sharpe-table-${clipNo}`;
  g.append(svg('clipPath', { id: clipId }, svg('rect', { x: 0, y: 0, width: w, height: h })));
  table(g, w, h);
  terrain(g, v);
  guns(g, v);
  const reachLayer = svg('g', { 'clip-path': `url(#${clipId})` });
  g.append(reachLayer);
  drawFigures(g, v, marks || {}, reachLayer);
  margin(g, v, w, h);
  svgEl.append(g);
  svgEl.dataset.tableWidth = String(w);
  svgEl.dataset.tableHeight = String(h);
}

// The point under a click, in table inches: 'p:<x>,<y>' (2 decimals); null off the table.
export function pointAt(svgEl, clientX, clientY) {
  if (!svgEl || typeof svgEl.getScreenCTM !== 'function') return null;
  const ctm = svgEl.getScreenCTM();
  if (!ctm) return null;
  const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
  const w = Number(svgEl.dataset.tableWidth || 72);
  const h = Number(svgEl.dataset.tableHeight || 48);
  if (!(p.x >= 0 && p.y >= 0 && p.x <= w && p.y <= h)) return null;
  return `p:${p.x.toFixed(2)},${p.y.toFixed(2)}`;
}
