// RCW orders by clicking: who may be given orders now and what orders, from get_legal's Command
// JSONs (proto/grognard/v1/rcw.proto). Deploy and Activate name their unit; the orders of the
// current action (move, shoot, assault, skip, carry) belong to the active unit of the view.
// A move or a deployment to a point is an order with `point: true`, which `withPoint` completes
// with the point clicked on the map ('p:<x>,<y>' in inches); a train's move is to the place on
// its line nearest the click. Orders of no unit: confirm the deployment, end the turn, concede.

import {
  num, point, facingText, actionWord, unitName, findUnit, activeUnit, letterOf, bearingTo,
} from 'grognard/rulesets/rcw_words.js';
import { eventKind } from 'grognard/rulesets/common.js';

const TYPE = 'type.googleapis.com/grognard.v1.rcw.Command';
const UNIT_KINDS = ['move', 'shoot', 'assault', 'skipAction', 'carryOut'];

const command = (kind, body) => ({ '@type': TYPE, [kind]: body });

// The unit a legal command belongs to: its own for Deploy and Activate, the active unit's for
// the orders of the current action, none for the rest.
function unitOf(c, view) {
  const k = eventKind(c);
  if (k === 'deploy' || k === 'activate') return c[k].unit || '';
  if (UNIT_KINDS.includes(k)) return (view && view.active && view.active.unit) || '';
  return '';
}

export function actors(legal, view) {
  const out = [];
  const seen = new Set();
  for (const c of legal || []) {
    const id = unitOf(c, view);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    const u = findUnit(view, id);
    out.push({ key: `u:${id}`, label: u ? `${letterOf(u)} ${unitName(view, id)}` : id });
  }
  return out;
}

// Where a point lies along a polyline: the distance from the line's start to the nearest point
// of the line, and that nearest point.
function along(path, p) {
  let best = { d: Infinity, at: 0, x: 0, y: 0 };
  let run = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = { x: path[i].x || 0, y: path[i].y || 0 };
    const b = { x: path[i + 1].x || 0, y: path[i + 1].y || 0 };
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy);
    const t = len ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len ** 2)) : 0;
    const x = a.x + t * dx;
    const y = a.y + t * dy;
    const d = Math.hypot(p.x - x, p.y - y);
    if (d < best.d) best = { d, at: run + t * len, x, y };
    run += len;
  }
  return best;
}

// The point `at` inches along a polyline (for a train's rail_at), or null.
function pointAlong(path, at) {
  let run = 0;
  for (let i = 0; i + 1 < (path || []).length; i++) {
    const a = path[i];
    const b = path[i + 1];
    const len = Math.hypot((b.x || 0) - (a.x || 0), (b.y || 0) - (a.y || 0));
    if (run + len >= at || i + 2 === path.length) {
      const t = len ? Math.max(0, Math.min(1, (at - run) / len)) : 0;
      return { x: (a.x || 0) + t * ((b.x || 0) - (a.x || 0)),
        y: (a.y || 0) + t * ((b.y || 0) - (a.y || 0)) };
    }
    run += len;
  }
  return null;
}

// The facing a unit is deployed with by a click: toward the middle of the enemy's zones (else
// of the table), to be turned later by a pivot or typed with `deploy UNIT X,Y BEARING`.
function deployToward(view, u) {
  const side = u ? u.side || 0 : 0;
  const pts = [];
  for (const z of (view && view.zones) || []) {
    if ((z.side || 0) !== side) pts.push(...((z.area && z.area.vertices) || []));
  }
  return pts.length
    ? { x: pts.reduce((s, q) => s + (q.x || 0), 0) / pts.length,
      y: pts.reduce((s, q) => s + (q.y || 0), 0) / pts.length }
    : { x: (view.width || 72) / 2, y: (view.height || 48) / 2 };
}

// The orders of the current action of the active unit `u`.
function actionOrders(legal, view, u) {
  const out = [];
  const rails = [];
  let movesToPoints = false;
  for (const c of legal) {
    const k = eventKind(c);
    const b = c[k] || {};
    if (k === 'move' && b.railAt !== undefined) {
      rails.push(c);
    } else if (k === 'move' && (b.waypoints || []).length) {
      movesToPoints = true;
    } else if (k === 'move') {
      out.push({ label: `Pivot to face ${facingText(b.facing)}`, command: c, target: null,
        kind: 'pivot', point: false });
    } else if (k === 'shoot' && (b.cars || []).length) {
      out.push({ label: 'Shoot: ' + b.cars.map((s) => `${s.car} at ${unitName(view, s.target)}`)
        .join(', '), command: c, target: `u:${b.cars[0].target}`, kind: 'attack', point: false });
    } else if (k === 'shoot') {
      out.push({ label: `Shoot at ${unitName(view, b.target)}` +
        (b.observer ? ` via ${unitName(view, b.observer)}` : ''), command: c,
      target: `u:${b.target}`, kind: 'attack', point: false });
    } else if (k === 'assault') {
      out.push({ label: `Close assault on ${unitName(view, b.target)}`, command: c,
        target: `u:${b.target}`, kind: 'assault', point: false });
    } else if (k === 'carryOut') {
      out.push({ label: 'Carry out the action (R48)', command: c, target: null, kind: 'carry',
        point: false });
    } else if (k === 'skipAction') {
      const a = view.active || {};
      const next = (a.next || 0) === 0 ? a.first : a.second;
      out.push({ label: `Skip this action (${actionWord(next)})`, command: c, target: null,
        kind: 'skip', point: false });
    }
  }
  const pos = u && u.pos ? { x: u.pos.x || 0, y: u.pos.y || 0 } : { x: 0, y: 0 };
  if (movesToPoints) {
    out.unshift({ label: 'Move: click the point to go to', point: true, kind: 'move',
      target: null, command: command('move', { facing: (u && u.facing) || 0 }),
      from: pos, facing: (u && u.facing) || 0 });
  }
  if (rails.length && u) {
    const line = ((view.rails || [])[u.rail || 0] || {}).path || [];
    out.unshift({ label: 'Run the train: click a place on its line', point: true, kind: 'move',
      target: null, command: command('move', { facing: u.facing || 0 }), rail: line,
      facing: u.facing || 0 });
    for (const c of rails) {
      const at = pointAlong(line, c.move.railAt);
      out.push({ label: `Run the train to ${num(c.move.railAt)}" along the line` +
        (at ? ` (first car at ${point(at)})` : ''), command: c,
      target: at ? `p:${at.x.toFixed(2)},${at.y.toFixed(2)}` : null, kind: 'move', point: false });
    }
  }
  return out;
}

export function orders(legal, actorKey, view) {
  const list = legal || [];
  const v = view || {};
  if (actorKey === null || actorKey === undefined) {
    const out = [];
    for (const c of list) {
      const k = eventKind(c);
      if (k === 'confirmDeployment') {
        out.push({ label: 'Confirm deployment', command: c, target: null, kind: 'confirm',
          point: false });
      } else if (k === 'endTurn') {
        out.push({ label: 'End turn (the rest of your units pass)', command: c, target: null,
          kind: 'end', point: false });
      } else if (k === 'concede') {
        out.push({ label: 'Concede', command: c, target: null, kind: 'concede', point: false });
      }
    }
    // R39: a side may concede at any time; get_legal does not list it.
    if (v.viewerSide !== undefined && !v.over && !out.some((o) => o.kind === 'concede')) {
      out.push({ label: 'Concede', command: command('concede', {}), target: null,
        kind: 'concede', point: false });
    }
    return out;
  }
  const id = String(actorKey).replace(/^u:/, '');
  const u = findUnit(v, id);
  const out = [];
  const mine = list.filter((c) => unitOf(c, v) === id);
  const deploys = mine.filter((c) => eventKind(c) === 'deploy');
  if (deploys.length) {
    out.push({ label: `Deploy ${unitName(v, id)}: click a point in your zone`, point: true,
      kind: 'deploy', target: null, command: command('deploy', { unit: id, facing: 0 }),
      unit: id, toward: deployToward(v, u) });
  }
  for (const c of mine.filter((x) => eventKind(x) === 'activate')) {
    out.push({ label: `Activate: ${actionWord(c.activate.first)}, then ` +
      actionWord(c.activate.second), command: c, target: null, kind: 'activate', point: false });
  }
  const active = activeUnit(v);
  const current = mine.filter((c) => UNIT_KINDS.includes(eventKind(c)));
  if (current.length) out.push(...actionOrders(current, v, active || u));
  return out;
}

// The command of a `point: true` order for the map key clicked ('p:<x>,<y>'); null if the key is
// not a point.
export function withPoint(order, key) {
  const m = /^p:(-?[\d.]+),(-?[\d.]+)$/.exec(String(key || ''));
  if (!m || !order) return null;
  const p = { x: Number(m[1]), y: Number(m[2]) };
  if (order.kind === 'deploy') {
    const facing = order.toward ? Math.round(bearingTo(p, order.toward)) : 0;
    return command('deploy', { unit: order.unit, pos: p, facing });
  }
  if (order.rail) {
    const at = along(order.rail, p).at;
    return command('move', { facing: order.facing || 0, railAt: Math.round(at * 100) / 100 });
  }
  const from = order.from || p;
  const still = from.x === p.x && from.y === p.y;
  const facing = still ? order.facing || 0 : Math.round(bearingTo(from, p) * 100) / 100;
  return command('move', { waypoints: [p], facing });
}
