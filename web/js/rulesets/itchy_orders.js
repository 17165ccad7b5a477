// Itchy & Scratchy (Mark 2): the legal commands of get_legal as orders for the play screen.
// Who may act (actors), what one unit may do (orders: move to an area, turn in place, fire on an
// enemy; or, for nobody, choose the order and end the side turn) and, for "move and face D", the
// command once an area is picked on the map (withPoint).

import {
  areaKey, areaText, COMMAND_TYPE, diceAt, distance, FACINGS, facingLetter, findUnit,
  px, py, sideOf, stepFrom, unitsAt, unitsOf,
} from 'grognard/rulesets/itchy_common.js';
import { eventKind } from 'grognard/rulesets/common.js';

// The unit a command is for ('' for choose_order and end_side_turn).
function unitOf(cmd) {
  const k = eventKind(cmd);
  return (k === 'move' || k === 'attack') && cmd[k] ? String(cmd[k].unit || '') : '';
}

// Where a move from `from` ends.
function endOf(from, steps) {
  let p = { x: px(from), y: py(from) };
  for (const s of steps || []) p = stepFrom(p, s);
  return p;
}

// Who can be given orders now: the units that appear in the legal commands, in the view's order.
export function actors(legal, view) {
  const ids = new Set((legal || []).map(unitOf).filter(Boolean));
  const out = [];
  for (const u of unitsOf(view)) {
    if (!ids.has(u.id)) continue;
    ids.delete(u.id);
    const active = view && view.activeUnit === u.id ? ' (active)' : '';
    out.push({ key: `u:${u.id}`, label: `${u.id} ${u.name || ''}`.trim() + active });
  }
  for (const id of ids) out.push({ key: `u:${id}`, label: id });
  return out;
}

function make(kind, body) {
  return { '@type': COMMAND_TYPE, [kind]: body };
}

// The orders that belong to no unit: choose the order, end the side turn.
function sideOrders(legal) {
  const out = [];
  for (const c of legal) {
    const k = eventKind(c);
    if (k === 'chooseOrder') {
      const first = Boolean(c.chooseOrder && c.chooseOrder.goFirst);
      out.push({ label: first ? 'Go first' : 'Go second', command: c, target: null, kind: 'choose', point: false });
    } else if (k === 'endSideTurn') {
      out.push({ label: 'End side turn', command: c, target: null, kind: 'end', point: false });
    }
  }
  return out;
}

// The enemy a click on whose counter fires at area p: a unit before a General.
function targetKey(view, p, side) {
  const here = unitsAt(view, p).filter((u) => sideOf(u) !== side);
  const pick = here.find((u) => u.type !== 'GENERAL') || here[0];
  return pick ? `u:${pick.id}` : areaKey(p);
}

// The facing a move to `dest` along `steps` takes by default: the last step's, when legal.
function preferred(cands) {
  const shortest = Math.min(...cands.map((c) => (c.move.steps || []).length));
  const short = cands.filter((c) => (c.move.steps || []).length === shortest);
  const last = (short[0].move.steps || []).slice(-1)[0];
  return short.find((c) => c.move.facing === last) || short[0];
}

function stepsText(steps) {
  return (steps || []).map(facingLetter).join(' ');
}

// The orders of one unit (actorKey 'u:ID'), or of nobody (actorKey null).
export function orders(legal, actorKey, view) {
  legal = Array.isArray(legal) ? legal : [];
  if (!actorKey) return sideOrders(legal);
  const id = String(actorKey).replace(/^u:/, '');
  const unit = findUnit(view, id);
  const mine = legal.filter((c) => unitOf(c) === id);
  const from = unit ? unit.pos : null;
  const out = [];

  // Fire: one order per target area, clicked on the enemy there.
  for (const c of mine.filter((x) => eventKind(x) === 'attack')) {
    const p = c.attack.target || {};
    const here = unitsAt(view, p).filter((u) => sideOf(u) !== sideOf(unit));
    const names = here.map((u) => u.id).join(', ') || 'the area';
    let range = '';
    if (from) {
      const r = distance(from, p);
      const generals = unitsAt(view, from).some((u) => u.type === 'GENERAL' && u.id !== id && sideOf(u) === sideOf(unit));
      const dice = diceAt(unit.weapon, r) + (generals ? 1 : 0);
      range = ` (range ${r}, ${dice} dice${generals ? ' with the General' : ''})`;
    }
    out.push({
      label: `Fire on ${names} at ${areaText(p)}${range}`,
      command: c, target: targetKey(view, p, sideOf(unit)), kind: 'attack', point: false,
    });
  }

  const moves = mine.filter((x) => eventKind(x) === 'move');
  // Turning in place (a move of 0 areas).
  for (const c of moves.filter((x) => !(x.move.steps || []).length)) {
    const same = unit && unit.facing === c.move.facing;
    out.push({
      label: same ? `Hold, facing ${facingLetter(c.move.facing)}` : `Turn to face ${facingLetter(c.move.facing)}`,
      command: c, target: null, kind: 'turn', point: false,
    });
  }

  // Moves, grouped by the area they end in: one order per area, with its default facing.
  const byArea = new Map();
  for (const c of moves.filter((x) => (x.move.steps || []).length)) {
    const end = endOf(from, c.move.steps);
    const key = areaKey(end);
    if (!byArea.has(key)) byArea.set(key, { end, cands: [] });
    byArea.get(key).cands.push(c);
  }
  if (byArea.size) {
    // "Move and face D": pick the area afterwards (withPoint), for a facing other than the default.
    const facings = new Set();
    for (const { cands } of byArea.values()) {
      const usual = preferred(cands).move.facing;
      for (const c of cands) if (c.move.facing !== usual) facings.add(c.move.facing);
    }
    for (const f of Object.keys(FACINGS)) {
      if (!facings.has(f)) continue;
      out.push({
        label: `Move and face ${facingLetter(f)}`,
        command: null, target: null, kind: 'move', point: true, unit: id, facing: f, from,
        legal: moves, view,
      });
    }
  }
  const sorted = [...byArea.entries()].sort((a, b) => py(a[1].end) - py(b[1].end) || px(a[1].end) - px(b[1].end));
  for (const [key, { end, cands }] of sorted) {
    const c = preferred(cands);
    out.push({
      label: `Move to ${areaText(end)} (${stepsText(c.move.steps)}), facing ${facingLetter(c.move.facing)}`,
      command: c, target: key, kind: 'move', point: false,
    });
  }
  return out;
}

// The command of a "move, then face D" order once the area `key` ('a:x,y', or a unit 'u:ID' for
// the area it stands in) is picked: the shortest legal move there with that facing, else a move
// by the straight way that the server will refuse with its reason.
export function withPoint(order, key) {
  if (!order || !order.point) return order ? order.command || null : null;
  const view = order.view || null;
  let dest = null;
  const a = /^a:(-?\d+),(-?\d+)$/.exec(String(key || ''));
  if (a) dest = { x: Number(a[1]), y: Number(a[2]) };
  const u = /^u:(.+)$/.exec(String(key || ''));
  if (u && view) {
    const t = findUnit(view, u[1]);
    if (t) dest = t.pos || { x: 0, y: 0 };
  }
  if (!dest) return null;
  const from = order.from || { x: 0, y: 0 };
  const fitting = (order.legal || []).filter((c) => {
    const e = endOf(from, c.move.steps);
    return c.move.facing === order.facing && px(e) === px(dest) && py(e) === py(dest);
  });
  if (fitting.length) {
    fitting.sort((x, y) => (x.move.steps || []).length - (y.move.steps || []).length);
    return fitting[0];
  }
  const steps = [];
  const dx = px(dest) - px(from);
  const dy = py(dest) - py(from);
  for (let i = 0; i < Math.abs(dy); i++) steps.push(dy < 0 ? 'NORTH' : 'SOUTH');
  for (let i = 0; i < Math.abs(dx); i++) steps.push(dx < 0 ? 'WEST' : 'EAST');
  const body = { unit: order.unit, facing: order.facing };
  if (steps.length) body.steps = steps;
  return make('move', body);
}
