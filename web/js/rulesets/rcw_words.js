// RCW quick rules: the words and numbers shared by the map, the event log, the orders and the
// command line, as the terminal client says them (client-cli/src/render/rcw_ui.cpp, words.cpp):
// inches to one decimal, compass bearings, dice "d6 3", modifiers "+1 elite", units named
// "1st Red Guards company (R1)", map letters A-Z for side 0 and a-z for side 1.
// Views and events are the JSON of proto/grognard/v1/rcw.proto: defaults (0, false, "", empty
// lists) are omitted, enums come by name.

// Inches (or any number) to one decimal without a trailing ".0": "12", "12.5".
export function num(x) {
  const s = (Number(x) || 0).toFixed(1).replace(/\.0$/, '');
  return s === '-0' ? '0' : s;
}

// A point {x, y} (either may be omitted on the wire) as "12.5,20".
export function point(p) {
  return `${num(p && p.x)},${num(p && p.y)}`;
}

// Both coordinates to two decimals, "12.53,20.00": what a click gives and a move aims at.
export function precise(x, y) {
  return `${(Number(x) || 0).toFixed(2)},${(Number(y) || 0).toFixed(2)}`;
}

const POINTS16 = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE',
  'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'];

// The nearest of the eight compass points: "N", "NE", ... "NW".
export function compass(degrees) {
  let d = (Number(degrees) || 0) % 360;
  if (d < 0) d += 360;
  return POINTS16[(Math.floor((d + 22.5) / 45) % 8) * 2];
}

// "90 (E)".
export function facingText(degrees) {
  return `${num(degrees)} (${compass(degrees)})`;
}

// A bearing typed as degrees ("135") or a compass point ("SE", "nne"), in [0, 360); null if not.
export function bearingOf(word) {
  const w = String(word).toUpperCase();
  const i = POINTS16.indexOf(w);
  if (i >= 0) return 22.5 * i;
  const n = numberOf(w);
  if (n === null || n < -360 || n > 720) return null;
  return ((n % 360) + 360) % 360;
}

// "12.5" (a trailing '"' allowed) as a number; null unless the whole word is a finite number.
export function numberOf(word) {
  let w = String(word);
  if (w.endsWith('"')) w = w.slice(0, -1);
  if (!w || w.length > 24 || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(w)) return null;
  const d = Number(w);
  return Number.isFinite(d) ? d : null;
}

// "12.5,40" or "(12.5,40)" as {x, y}; null if not.
export function xyOf(word) {
  let w = String(word);
  if (w.length >= 2 && w.startsWith('(') && w.endsWith(')')) w = w.slice(1, -1);
  const comma = w.indexOf(',');
  if (comma < 0) return null;
  const x = numberOf(w.slice(0, comma));
  const y = numberOf(w.slice(comma + 1));
  return x === null || y === null ? null : { x, y };
}

// Compass bearings on the table (0 north toward y = 0, 90 east, clockwise): the unit vector
// along `degrees`, and the bearing from one point to another in [0, 360).
export function aimVector(degrees) {
  const r = (Number(degrees) || 0) * Math.PI / 180;
  return { x: Math.sin(r), y: -Math.cos(r) };
}
export function bearingTo(from, to) {
  const dx = (to.x || 0) - (from.x || 0);
  const dy = (to.y || 0) - (from.y || 0);
  if (dx === 0 && dy === 0) return 0;
  const b = Math.atan2(dx, -dy) * 180 / Math.PI;
  return b < 0 ? b + 360 : b;
}

// One die "d6 3"; a list "d6 3, d6 5"; a signed number "+1", "-1".
export function die(r) {
  return `d${(r && r.sides) || 6} ${(r && r.face) || 0}`;
}
export function diceText(list) {
  return (list || []).map(die).join(', ');
}
export function signed(n) {
  const v = Number(n) || 0;
  return (v < 0 ? '-' : '+') + Math.abs(v);
}
// Modifiers of a throw: "+1 elite -1 conscript" ('' if none).
export function modifiers(parts) {
  return (parts || []).map((m) => `${signed(m.value)} ${m.name || '?'}`).join(' ');
}
// Dice for the log: [{sides, face}].
export function diceOf(list) {
  return (list || []).map((r) => ({ sides: (r && r.sides) || 6, face: (r && r.face) || 0 }));
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
  if (u.activated) m.push('activated');
  if (u.type === 'TRAIN' && u.placed) {
    const rail = ((view && view.rails) || [])[u.rail || 0];
    m.push(`on ${(rail && rail.name) || 'its line'} at ${num(u.railAt)}"` +
      (u.reversed ? ', reversed' : ''));
  }
  return m.join(', ');
}
