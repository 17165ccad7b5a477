// The RCW table in SVG: inches as user units (x east, y south, north up, as on the wire), a
// faint grid with rulers every 6", a scale bar and a north arrow, terrain outlines filled by kind
// (woods, swamp, rough ground, villages with their buildings, hills with a contour), roads, the
// railway with its sleepers, objectives with their radius, and during deployment each side's
// zones. The units are drawn by rcw_units.js. pointAt gives the click as 'p:<x>,<y>' in inches.

import { svg, clear } from 'grognard/svg.js';
import { sideName } from 'grognard/rulesets/rcw_words.js';
import { drawUnits } from 'grognard/rulesets/rcw_units.js';

// Each drawing gets its own pattern ids: a report holds many maps in one page.
let drawings = 0;
// The table size of each drawn <svg>, for pointAt.
const tables = new WeakMap();

const TERRAIN = {
  WOODS: { fill: '#a9c98c', stroke: '#4e7a35', label: 'woods' },
  SWAMP: { fill: '#bcd8da', stroke: '#4f8a93', label: 'swamp' },
  ROUGH: { fill: '#e0d3a8', stroke: '#9a8550', label: 'rough' },
  VILLAGE: { fill: '#ddd3c6', stroke: '#7a6a58', label: 'village' },
  HILL: { fill: '#d9c7a0', stroke: '#8b7348', label: 'hill' },
};
export const SIDE_FILL = ['#c0392b', '#f4f1e8'];
export const SIDE_STROKE = ['#6e1a12', '#1f3a68'];

const pts = (list) => (list || []).map((p) => `${p.x || 0},${p.y || 0}`).join(' ');

function centroid(list) {
  const n = (list || []).length || 1;
  return {
    x: (list || []).reduce((s, p) => s + (p.x || 0), 0) / n,
    y: (list || []).reduce((s, p) => s + (p.y || 0), 0) / n,
  };
}

// Fill patterns: trees, marsh dashes, stones, buildings.
function patterns(id) {
  const pat = (name, size, ...kids) => svg('pattern', { id: `${id}-${name}`,
    patternUnits: 'userSpaceOnUse', width: size, height: size }, ...kids);
  return svg('defs', {},
    pat('WOODS', 2, svg('circle', { cx: 0.5, cy: 0.5, r: 0.35, fill: '#6f9a52' }),
      svg('circle', { cx: 1.5, cy: 1.5, r: 0.35, fill: '#6f9a52' })),
    pat('SWAMP', 1.5, svg('path', { d: 'M0.2,0.5 h0.6 M0.9,1.2 h0.5', stroke: '#4f8a93',
      'stroke-width': 0.08 })),
    pat('ROUGH', 1.5, svg('circle', { cx: 0.4, cy: 0.4, r: 0.1, fill: '#9a8550' }),
      svg('circle', { cx: 1.1, cy: 1.0, r: 0.14, fill: '#9a8550' })),
    pat('VILLAGE', 2.5, svg('rect', { x: 0.3, y: 0.3, width: 0.9, height: 0.7, fill: '#9c8a74' }),
      svg('rect', { x: 1.5, y: 1.4, width: 0.7, height: 0.8, fill: '#9c8a74' })));
}

function terrain(id, t) {
  const look = TERRAIN[t.kind] || { fill: '#ddd', stroke: '#888', label: '' };
  const v = (t.area && t.area.vertices) || [];
  const g = svg('g', { class: `rcw-terrain rcw-${String(t.kind).toLowerCase()}` },
    svg('polygon', { points: pts(v), fill: look.fill, stroke: look.stroke, 'stroke-width': 0.12 }),
    svg('polygon', { points: pts(v), fill: TERRAIN[t.kind] && t.kind !== 'HILL'
      ? `url(#${id}-${t.kind})` : 'none', stroke: 'none' }));
  if (t.kind === 'HILL') {
    // A contour inside the outline, toward the crest.
    const c = centroid(v);
    const inner = v.map((p) => ({ x: c.x + ((p.x || 0) - c.x) * 0.55,
      y: c.y + ((p.y || 0) - c.y) * 0.55 }));
    g.append(svg('polygon', { points: pts(inner), fill: '#ccb68a', stroke: look.stroke,
      'stroke-width': 0.08 }));
  }
  g.append(svg('title', {}, `${t.name || look.label} (${look.label})`));
  return g;
}

// A terrain piece's name, just inside its northern edge (its middle is for objectives).
function label(t) {
  const v = (t.area && t.area.vertices) || [];
  const c = centroid(v);
  const top = Math.min(...v.map((p) => p.y || 0));
  return svg('text', { x: c.x, y: top + 1.1, 'font-size': 0.8, 'text-anchor': 'middle',
    'font-style': 'italic', fill: '#3d3a30', 'fill-opacity': 0.75, 'pointer-events': 'none',
    'font-family': 'sans-serif' }, t.name || '');
}

function grid(w, h) {
  const g = svg('g', { class: 'rcw-grid', 'pointer-events': 'none' });
  for (let x = 0; x <= w; x++) {
    g.append(svg('line', { x1: x, y1: 0, x2: x, y2: h, stroke: '#000',
      'stroke-opacity': x % 6 ? 0.05 : 0.14, 'stroke-width': 0.05 }));
    if (x % 6 === 0) {
      g.append(svg('text', { x, y: -0.4, 'font-size': 0.8, 'text-anchor': 'middle',
        fill: '#555', 'font-family': 'sans-serif' }, String(x)));
    }
  }
  for (let y = 0; y <= h; y++) {
    g.append(svg('line', { x1: 0, y1: y, x2: w, y2: y, stroke: '#000',
      'stroke-opacity': y % 6 ? 0.05 : 0.14, 'stroke-width': 0.05 }));
    if (y % 6 === 0) {
      g.append(svg('text', { x: -0.4, y: y + 0.28, 'font-size': 0.8, 'text-anchor': 'end',
        fill: '#555', 'font-family': 'sans-serif' }, String(y)));
    }
  }
  return g;
}

// A scale bar under the table (6" for small tables, 12" for large) and a north arrow.
function scale(w, h) {
  const len = w > 48 ? 12 : 6;
  const step = len / 6;
  const y = h + 1.2;
  const g = svg('g', { class: 'rcw-scale', 'pointer-events': 'none', 'font-family': 'sans-serif' });
  for (let i = 0; i < 6; i++) {
    g.append(svg('rect', { x: i * step, y, width: step, height: 0.4,
      fill: i % 2 ? '#fff' : '#333', stroke: '#333', 'stroke-width': 0.05 }));
  }
  g.append(svg('text', { x: 0, y: y + 1.3, 'font-size': 0.8, fill: '#333' }, '0'));
  g.append(svg('text', { x: len, y: y + 1.3, 'font-size': 0.8, fill: '#333',
    'text-anchor': 'middle' }, `${len}"`));
  g.append(svg('text', { x: len + 1, y: y + 0.45, 'font-size': 0.8, fill: '#333' },
    `inches; table ${w}" x ${h}"`));
  g.append(svg('path', { d: `M${w - 0.5},${y + 1.4} l0.5,-1.4 l0.5,1.4 l-0.5,-0.4 z`,
    fill: '#333' }));
  g.append(svg('text', { x: w - 1.2, y: y + 1.1, 'font-size': 0.8, fill: '#333',
    'text-anchor': 'end' }, 'N'));
  return g;
}

function zones(view) {
  const g = svg('g', { class: 'rcw-zones', 'pointer-events': 'none' });
  for (const z of view.zones || []) {
    const s = z.side || 0;
    const v = (z.area && z.area.vertices) || [];
    g.append(svg('polygon', { points: pts(v), fill: SIDE_FILL[s], 'fill-opacity': 0.12,
      stroke: SIDE_STROKE[s], 'stroke-width': 0.2, 'stroke-dasharray': s ? '0.3 0.3' : '1 0.4' }));
    // The name just inside the zone's north-west corner.
    const x = Math.min(...v.map((p) => p.x || 0));
    const y = Math.min(...v.map((p) => p.y || 0));
    g.append(svg('text', { x: x + 0.5, y: y + 1.1, 'font-size': 0.8, fill: SIDE_STROKE[s],
      'font-family': 'sans-serif', 'font-weight': 'bold' },
    `${sideName(view, s)} deploy here: ${z.name || 'zone'}`));
  }
  return g;
}

function lines(view) {
  const g = svg('g', { class: 'rcw-lines', 'pointer-events': 'none', fill: 'none' });
  for (const r of view.roads || []) {
    g.append(svg('polyline', { points: pts(r.path), stroke: '#a7834e', 'stroke-width': 0.7,
      'stroke-linecap': 'round', 'stroke-linejoin': 'round' }));
    g.append(svg('polyline', { points: pts(r.path), stroke: '#e8d6a8', 'stroke-width': 0.4,
      'stroke-linecap': 'round', 'stroke-linejoin': 'round' }));
  }
  for (const r of view.rails || []) {
    g.append(svg('polyline', { points: pts(r.path), stroke: '#444', 'stroke-width': 0.8,
      'stroke-dasharray': '0.15 0.55' }));
    g.append(svg('polyline', { points: pts(r.path), stroke: '#222', 'stroke-width': 0.22 }));
    const a = (r.path || [])[0] || {};
    g.append(svg('title', {}, r.name || 'railway'));
    g.append(svg('text', { x: (a.x || 0) + 0.5, y: (a.y || 0) - 0.8, 'font-size': 0.75,
      fill: '#222', 'font-style': 'italic', 'font-family': 'sans-serif' }, r.name || 'railway'));
  }
  return g;
}

function objectives(view) {
  const g = svg('g', { class: 'rcw-objectives', 'pointer-events': 'none',
    'font-family': 'sans-serif' });
  for (const o of view.objectives || []) {
    const x = (o.pos && o.pos.x) || 0;
    const y = (o.pos && o.pos.y) || 0;
    const r = o.radius !== undefined ? o.radius : 3;
    g.append(svg('circle', { cx: x, cy: y, r, fill: 'none', stroke: '#7d3c98',
      'stroke-width': 0.12, 'stroke-dasharray': '0.5 0.3' }));
    g.append(svg('path', { d: `M${x},${y - 0.7} l0.7,0.7 l-0.7,0.7 l-0.7,-0.7 z`,
      fill: '#7d3c98', stroke: '#fff', 'stroke-width': 0.08 }));
    const pts2 = o.points !== undefined ? o.points : 1;
    g.append(svg('text', { x, y: y + 1.7, 'font-size': 0.75, 'text-anchor': 'middle',
      fill: '#5b2c6f', 'font-weight': 'bold' }, `${o.name || 'objective'} (${pts2} pt)`));
  }
  return g;
}

export function drawMap(el, view, marks) {
  clear(el);
  const v = view || {};
  const w = v.width || 72;
  const h = v.height || 48;
  tables.set(el, { w, h });
  el.setAttribute('viewBox', `-2 -1.6 ${w + 3} ${h + 4.6}`);
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', `${v.scenarioName || 'RCW'}: the table, ${w} by ${h} inches`);
  const id = `rcw${++drawings}`;
  el.append(patterns(id));
  el.append(svg('rect', { x: 0, y: 0, width: w, height: h, fill: '#ece6cf', stroke: '#5a5140',
    'stroke-width': 0.15, class: 'rcw-table' }));
  for (const t of v.terrain || []) el.append(terrain(id, t));
  el.append(grid(w, h));
  if (v.phase === 'DEPLOY') el.append(zones(v));
  el.append(lines(v));
  el.append(objectives(v));
  for (const t of v.terrain || []) el.append(label(t));
  el.append(scale(w, h));
  drawUnits(el, v, marks || {});
}

// The point under a click in table inches: 'p:<x>,<y>' (2 decimals); null off the table.
export function pointAt(el, clientX, clientY) {
  const ctm = el.getScreenCTM && el.getScreenCTM();
  if (!ctm) return null;
  const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
  const t = tables.get(el) || { w: 72, h: 48 };
  if (p.x < 0 || p.y < 0 || p.x > t.w || p.y > t.h) return null;
  return `p:${p.x.toFixed(2)},${p.y.toFixed(2)}`;
}
