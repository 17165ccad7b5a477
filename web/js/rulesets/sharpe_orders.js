// Sharpe's Mess orders from get_legal (the Command JSONs the server accepts now): who may act
// (each figure a command names), the orders of one figure (move and crawl to a point picked on
// the map, stand, aim, load, fire and fight at a figure, the gun's loading, canister and ball),
// and the orders of no figure (throw, end the activation, name a hero, the scatter orders, the
// referee's resume). A click on a red-ringed figure fires or fights; a click on the table moves.

import {
  cmd, num, functions, figureOf, gunOf, nameOf, weaponName, distance, bearingTo,
  defaultCardName,
} from 'grognard/rulesets/sharpe_common.js';

const KINDS = ['move', 'standUp', 'aim', 'load', 'fire', 'fight', 'loadGun', 'fireCanister', 'fireBall'];

// The figure a command is for; '' for the seat's own commands.
function figureOfCommand(c) {
  for (const k of KINDS) if (c && c[k]) return c[k].figure || '';
  return '';
}

// Who may be given orders now: the figures the legal commands name.
export function actors(legal, view) {
  const seen = new Map();
  for (const c of legal || []) {
    const id = figureOfCommand(c);
    if (!id || seen.has(id)) continue;
    const f = figureOf(view, id);
    const label = f
      ? `${id} (${f.figure.name || id}${f.functions ? `, ${functions(f.functions)}` : ''})`
      : id;
    seen.set(id, { key: `u:${id}`, label });
  }
  return [...seen.values()];
}

function weaponLabel(f, w) {
  const k = f && (f.figure.weapons || [])[Number(w || 0)];
  return `${Number(w || 0) + 1} (${k ? weaponName(k.kind) : 'weapon'})`;
}

// The figure that stands on the bearing a canister order is aimed at, if any.
function aimedAt(view, c) {
  const gun = gunOf(view, c.gun);
  if (!gun) return '';
  const f = (view.figures || []).find((x) => Math.abs(bearingTo(gun.pos || {}, x.figure.pos || {}) - Number(c.aim || 0)) < 1e-6);
  return f ? f.figure.id : '';
}

// The orders of one figure.
function figureOrders(legal, id, view) {
  const f = figureOf(view, id);
  const from = (f && f.figure.pos) || {};
  const out = [];
  const mine = (legal || []).filter((c) => figureOfCommand(c) === id);
  const walk = mine.find((c) => c.move && !c.move.crawl);
  const crawl = mine.find((c) => c.move && c.move.crawl);
  if (walk) out.push({ label: `Move ${id} (up to ${num(f && f.moveReach)}")`, command: walk, target: null, kind: 'move', point: true, pointKind: 'move', figure: id });
  if (crawl) out.push({ label: `Crawl ${id} (up to ${num(f && f.crawlReach)}")`, command: crawl, target: null, kind: 'move', point: true, pointKind: 'crawl', figure: id });
  const guns = new Set();
  for (const c of mine) {
    if (c.standUp) out.push({ label: `Stand ${id} up (2 functions)`, command: c, target: null, kind: 'order', point: false });
    else if (c.aim) out.push({ label: `Aim ${id} (3 functions, +2)`, command: c, target: null, kind: 'order', point: false });
    else if (c.load) {
      const w = Number(c.load.weapon || 0);
      const need = f && f.loadNeeded ? Number(f.loadNeeded[w] || 0) : 0;
      out.push({ label: `Load ${weaponLabel(f, w)}${need ? `: ${need} functions to go` : ''}`, command: c, target: null, kind: 'order', point: false });
    } else if (c.fire) {
      const t = figureOf(view, c.fire.target);
      const range = t ? ` (${num(distance(from, t.figure.pos))}")` : '';
      out.push({ label: `Fire ${weaponLabel(f, c.fire.weapon)} at ${nameOf(view, c.fire.target)}${range}`, command: c, target: `u:${c.fire.target}`, kind: 'attack', point: false });
    } else if (c.fight) {
      out.push({ label: `Fight ${nameOf(view, c.fight.enemy)}`, command: c, target: `u:${c.fight.enemy}`, kind: 'attack', point: false });
    } else if (c.loadGun) {
      out.push({ label: `Load the gun ${c.loadGun.gun}`, command: c, target: null, kind: 'order', point: false });
    } else if (c.fireCanister) {
      const at = aimedAt(view, c.fireCanister);
      const on = at ? ` at ${nameOf(view, at)}` : '';
      out.push({ label: `Canister from ${c.fireCanister.gun}, bearing ${num(c.fireCanister.aim)}${on}`, command: c, target: at ? `u:${at}` : null, kind: 'attack', point: false });
      guns.add(c.fireCanister.gun);
    } else if (c.fireBall) {
      out.push({ label: `Ball from ${c.fireBall.gun} at ${nameOf(view, c.fireBall.target)}`, command: c, target: `u:${c.fireBall.target}`, kind: 'attack', point: false });
    }
  }
  for (const gun of guns) {
    out.push({ label: `Canister from ${gun} toward a point`, command: cmd({ fireCanister: { figure: id, gun, aim: 0 } }), target: null, kind: 'attack', point: true, pointKind: 'canister', figure: id, gun, gunPos: (gunOf(view, gun) || {}).pos || {} });
  }
  return out;
}

// A label for a referee's ruling offered by the server.
function rulingLabel(r) {
  switch (r.kind) {
    case 'RULING_RESUME': return `Resume play (${r.reason || 'ruling'})`;
    case 'RULING_PAUSE': return `Pause play (${r.reason || 'ruling'})`;
    case 'RULING_END_GAME': return `End the game: ${r.result || 'no result'}`;
    default: return `Ruling ${String(r.kind || '').replace('RULING_', '').toLowerCase()}`;
  }
}

// The orders that belong to no figure.
function seatOrders(legal, view) {
  const out = [];
  for (const c of legal || []) {
    if (figureOfCommand(c)) continue;
    if (c.throwFunctions) out.push({ label: 'Throw for functions (d6 + base)', command: c, target: null, kind: 'order', point: false });
    else if (c.endActivation) out.push({ label: 'End the activation', command: c, target: null, kind: 'order', point: false });
    else if (c.nameHero) {
      out.push({ label: `Name ${nameOf(view, c.nameHero.figure)} hero of ${c.nameHero.group}`, command: c, target: `u:${c.nameHero.figure}`, kind: 'order', point: false });
    } else if (c.setScatter) {
      // The standing scatter orders (S25) are always open: the player's panel has them.
      continue;
    } else if (c.ruling) out.push({ label: rulingLabel(c.ruling), command: c, target: null, kind: 'order', point: false });
    else if (c.addEventCard) {
      const card = c.addEventCard.card || {};
      out.push({ label: `Add ${card.kind === 'DRAW_BAD_CARD' ? 'a "draw a Bad Card"' : `the card "${(card.event && card.event.name) || defaultCardName(card.event && card.event.effect)}"`}`, command: c, target: null, kind: 'order', point: false });
    } else {
      const k = Object.keys(c).find((x) => x !== '@type') || 'command';
      out.push({ label: k, command: c, target: null, kind: 'order', point: false });
    }
  }
  return out;
}

// The orders for `actorKey` ('u:<id>'), or for null those of no figure.
export function orders(legal, actorKey, view) {
  if (!actorKey) return seatOrders(legal, view || {});
  if (!actorKey.startsWith('u:')) return [];
  return figureOrders(legal, actorKey.slice(2), view || {});
}

function pointOf(key) {
  const m = /^p:(-?[\d.]+),(-?[\d.]+)$/.exec(key || '');
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

// A point order completed with the point picked ('p:<x>,<y>', inches); with a view, a figure's
// key ('u:<id>') gives its position.
export function withPoint(order, key, view) {
  if (!order) return null;
  let p = pointOf(key);
  if (!p && key && key.startsWith('u:')) {
    const f = figureOf(view, key.slice(2));
    if (f) p = { x: Number(f.figure.pos.x || 0), y: Number(f.figure.pos.y || 0) };
  }
  if (!p) return null;
  const at = { x: Number(p.x.toFixed(2)), y: Number(p.y.toFixed(2)) };
  if (order.pointKind === 'move' || order.pointKind === 'crawl') {
    const move = { figure: order.figure, waypoints: [at] };
    if (order.pointKind === 'crawl') move.crawl = true;
    return cmd({ move });
  }
  if (order.pointKind === 'canister') {
    const gun = view ? gunOf(view, order.gun) : null;
    const from = (gun && gun.pos) || order.gunPos;
    if (!from) return null;
    return cmd({ fireCanister: { figure: order.figure, gun: order.gun, aim: Math.round(bearingTo(from, at) * 10) / 10 } });
  }
  return null;
}
