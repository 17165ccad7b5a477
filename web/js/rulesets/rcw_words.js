// RCW quick rules: the words and numbers shared by the map, the event log, the orders and the
// command line, as the terminal client says them (client-cli/src/render/rcw_ui.cpp, words.cpp):
// inches to one decimal, compass bearings, dice "d6 3", modifiers "+1 elite", units named
// "1st Red Guards company (R1)", map letters A-Z for side 0 and a-z for side 1.
// Views and events are the JSON of proto/grognard/v1/rcw.proto: defaults (0, false, "", empty
// lists) are omitted, enums come by name.

import {
  num, point, numberOf, bearingOf, die, signed, rollOf, COMPASS16, aimVector, bearingTo,
} from 'grognard/rulesets/common.js';

// Numbers, points, bearings and dice in words, as every rule set says them (common.js).
export { num, point, numberOf, bearingOf, die, aimVector, bearingTo };

// The nearest of the eight compass points: "N", "NE", ... "NW".
export function compass(degrees) {
  let d = (Number(degrees) || 0) % 360;
  if (d < 0) d += 360;
  return COMPASS16[(Math.floor((d + 22.5) / 45) % 8) * 2];
}

// "90 (E)".
export function facingText(degrees) {
  return `${num(degrees)} (${compass(degrees)})`;
}

// A list of dice: "d6 3, d6 5".
export function diceText(list) {
  return (list || []).map(die).join(', ');
}
// Modifiers of a throw: "+1 elite -1 conscript" ('' if none).
export function modifiers(parts) {
  return (parts || []).map((m) => `${signed(m.value)} ${m.name || '?'}`).join(' ');
}
// Dice for the log: [{sides, face}].
export function diceOf(list) {
  return (list || []).map(rollOf);
}

// Case-insensitive equality of ids.
export function sameId(a, b) {
  return String(a).toLowerCase() === String(b).toLowerCase();
}

export function units(view) {
  return (view && view.units) || [];
}
export function findUnit(view, id) {
  return units(view).find((u) => sameId(u.id, id)) || null;
}
// A train car by id: { car, train } or null.
export function findCar(view, id) {
  for (const u of units(view)) {
    for (const c of u.cars || []) if (sameId(c.id, id)) return { car: c, train: u };
  }
  return null;
}
export function activeUnit(view) {
  const id = view && view.active && view.active.unit;
  return id ? findUnit(view, id) : null;
}

// "1st Red Guards company (R1)"; a car "Forward gun car (W-T1) of Armoured train Ofitser"; an
// id the view does not know as itself.
export function unitName(view, id) {
  if (!id) return 'someone';
  const u = findUnit(view, id);
  if (u) return u.name ? `${u.name} (${u.id})` : u.id;
  const c = findCar(view, id);
  if (c) return `${c.car.name || 'car'} (${c.car.id}) of ${c.train.name || c.train.id}`;
  return String(id);
}

export function sideName(view, side) {
  const s = Number(side) || 0;
  const sides = (view && view.sides) || [];
  return (sides[s] && sides[s].name) || `side ${s}`;
}

// The map letter: side 0's A, B, C... and side 1's a, b, c... by the unit's `mark`.
export function letterOf(u) {
  const m = Number(u && u.mark) || 0;
  if (m >= 26) return '?';
  return String.fromCharCode((u && u.side === 1 ? 97 : 65) + m);
}

const TYPES = {
  HQ: 'HQ', FAO: 'FAO', INFANTRY: 'infantry', MG: 'MG', MORTAR: 'mortar', CAVALRY: 'cavalry',
  ARTILLERY: 'artillery', ARMOURED_CAR: 'armoured car', TANK: 'tank', WAGON: 'wagon',
  TRAIN: 'train',
};
export function typeText(t) {
  return TYPES[t] || '?';
}
export function trainingText(t) {
  return t === 'ELITE' ? 'elite' : t === 'CONSCRIPT' ? 'conscript' : 'average';
}
export function coverText(c) {
  return { OPEN: 'open', OBSCURED: 'obscured', ENTRENCHED: 'entrenched', ARMOURED: 'armoured' }[c]
    || '-';
}
export function actionWord(a) {
  return { MOVE: 'move', SHOOT: 'shoot', LIMBER: 'limber', RALLY: 'rally', ASSAULT: 'assault' }[a]
    || '?';
}
// A typed action word as the wire's enum name; null if not one.
export function actionOf(word) {
  const w = String(word).toLowerCase();
  if (w === 'move') return 'MOVE';
  if (w === 'shoot' || w === 'fire') return 'SHOOT';
  if (['limber', 'unlimber', 'pack', 'unpack'].includes(w)) return 'LIMBER';
  if (w === 'rally') return 'RALLY';
  if (w === 'assault' || w === 'close-assault') return 'ASSAULT';
  return null;
}
// "limbers"/"unlimbers", or for MGs and mortars "packs up"/"deploys" (R9).
export function limberWord(u, limbered) {
  const packs = u && (u.type === 'MG' || u.type === 'MORTAR');
  if (packs) return limbered ? 'packs up' : 'deploys';
  return limbered ? 'limbers' : 'unlimbers';
}

// A unit's marks as the terminal's table says them: "pinned, limbered, hidden from the enemy".
export function stateMarks(view, u) {
  if (u.destroyed) return 'DESTROYED';
  const m = [];
  if (!u.placed) m.push('not placed');
  if (u.pinned) m.push('pinned');
  if (u.limbered) m.push(u.type === 'ARTILLERY' ? 'limbered' : 'packed');
  if (u.dugIn) m.push('dug in');
  if (u.concealed) m.push('hidden from the enemy');
  // §9, R49: in view, but no target until it moves or fires or an enemy comes within 3".
  if (u.unspotted) m.push('unspotted');
  if (u.activated) m.push('activated');
  if (u.type === 'TRAIN' && u.placed) {
    const rail = ((view && view.rails) || [])[u.rail || 0];
    m.push(`on ${(rail && rail.name) || 'its line'} at ${num(u.railAt)}"` +
      (u.reversed ? ', reversed' : ''));
  }
  return m.join(', ');
}
