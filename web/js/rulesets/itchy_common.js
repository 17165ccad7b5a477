// Itchy & Scratchy (Mark 2): what the map, the words, the orders and the command line share:
// facings, unit types and weapons in words, the combat table, finding units and sides in a View
// (proto/grognard/v1/itchy.proto, as JSON: enums by name, defaults omitted).

export const COMMAND_TYPE = 'type.googleapis.com/grognard.v1.itchy.Command';

// The four facings: the edge crossed or faced, with the step it makes on the grid (y grows south).
export const FACINGS = {
  NORTH: { letter: 'N', dx: 0, dy: -1 },
  EAST: { letter: 'E', dx: 1, dy: 0 },
  SOUTH: { letter: 'S', dx: 0, dy: 1 },
  WEST: { letter: 'W', dx: -1, dy: 0 },
};

// 'N' for 'NORTH', '?' for anything else.
export function facingLetter(f) {
  return FACINGS[f] ? FACINGS[f].letter : '?';
}

// A facing by its name or its letter, in any case ('n', 'North', '^'): the enum name or null.
export function facingOf(word) {
  const w = String(word).toUpperCase();
  const byWord = { N: 'NORTH', NORTH: 'NORTH', '^': 'NORTH', E: 'EAST', EAST: 'EAST', '>': 'EAST',
    S: 'SOUTH', SOUTH: 'SOUTH', V: 'SOUTH', W: 'WEST', WEST: 'WEST', '<': 'WEST' };
  return byWord[w] || null;
}

// The area one step from `p` towards facing `f`.
export function stepFrom(p, f) {
  const d = FACINGS[f] || { dx: 0, dy: 0 };
  return { x: px(p) + d.dx, y: py(p) + d.dy };
}

// Coordinates of a Pos as JSON gives them (a 0 is omitted).
export function px(p) { return (p && p.x) || 0; }
export function py(p) { return (p && p.y) || 0; }

// An area as the terminal client writes it: "4,3" (column, row), and its map key.
export function areaText(p) { return `${px(p)},${py(p)}`; }
export function areaKey(p) { return `a:${px(p)},${py(p)}`; }

// Unit types: a word for people, and the class that tells which doubles hurt it (I6).
export const UNIT_TYPES = {
  INFANTRY: { word: 'infantry', short: 'INF', hurt: 'double 4s, 5s or 6s' },
  DISMOUNTED_CAVALRY: { word: 'dismounted cavalry', short: 'DCAV', hurt: 'double 2s or 3s' },
  MOUNTED_CAVALRY: { word: 'mounted cavalry', short: 'MCAV', hurt: 'double 2s or 3s' },
  MACHINE_GUN: { word: 'machine gun', short: 'MG', hurt: 'double 1s' },
  ARTILLERY: { word: 'artillery', short: 'ART', hurt: 'double 1s' },
  HORSE_DRAWN_TRANSPORT: { word: 'horse-drawn transport', short: 'TRN', hurt: 'double 2s or 3s' },
  GENERAL: { word: 'General', short: 'GEN', hurt: 'a treble 1' },
};

export function typeWord(t) {
  return (UNIT_TYPES[t] || { word: 'unit' }).word;
}

// §Combat: dice thrown at range 1, 2, ... for each weapon (server/rules/itchy/types.cpp).
export const WEAPONS = {
  RIFLED_HEAVY_ARTILLERY: { word: 'rifled heavy artillery', dice: [6, 6, 6, 4, 4, 4, 2, 2, 2] },
  RIFLED_FIELD_ARTILLERY: { word: 'rifled field artillery', dice: [6, 6, 4, 4, 2, 2] },
  RIFLED_MOUNTAIN_ARTILLERY: { word: 'rifled mountain artillery', dice: [6, 4, 4, 2, 2] },
  SMOOTHBORE_HEAVY_ARTILLERY: { word: 'smoothbore heavy artillery', dice: [6, 6, 4, 4, 2, 2] },
  SMOOTHBORE_FIELD_ARTILLERY: { word: 'smoothbore field artillery', dice: [6, 4, 4, 2, 2] },
  SMOOTHBORE_MOUNTAIN_ARTILLERY: { word: 'smoothbore mountain artillery', dice: [4, 4, 2, 2] },
  MACHINE_GUNS: { word: 'machine guns', dice: [8, 6, 4, 2] },
  RIFLES: { word: 'rifles', dice: [6, 4, 2] },
  MUSKETS: { word: 'muskets', dice: [4, 2] },
  HAND_HELD: { word: 'hand-held weapons', dice: [4] },
};

export function weaponWord(w) {
  return WEAPONS[w] ? WEAPONS[w].word : 'no weapon';
}

// Dice the weapon throws at `range` (0 beyond its table).
export function diceAt(w, range) {
  const t = WEAPONS[w] ? WEAPONS[w].dice : [];
  return range >= 1 && range <= t.length ? t[range - 1] : 0;
}

// The units of a view (removed ones included), and one by id in any case.
export function unitsOf(view) {
  return (view && Array.isArray(view.units)) ? view.units : [];
}

export function findUnit(view, id) {
  const want = String(id || '').toUpperCase();
  return unitsOf(view).find((u) => String(u.id).toUpperCase() === want) || null;
}

// The units standing in area p (removed ones are off the map).
export function unitsAt(view, p) {
  return unitsOf(view).filter((u) => !u.removed && px(u.pos) === px(p) && py(u.pos) === py(p));
}

export function sideOf(u) { return (u && u.side) || 0; }

// A side's name as the scenario spells it, else "side N".
export function sideName(view, side) {
  const s = view && Array.isArray(view.sides) ? view.sides[side || 0] : null;
  return s && s.name ? s.name : `side ${side || 0}`;
}

// A unit in words: "2nd Bn, Royal Fusiliers (B1)", or the bare id when the view does not know it.
export function unitText(view, id) {
  const u = findUnit(view, id);
  return u && u.name ? `${u.name} (${u.id})` : String(id || '?');
}

// Short letters telling the two sides apart without colour: the first letter of each name, or
// as many as it takes to differ ("Br" and "Bo" for British and Boers), at most three.
export function sideLetters(view) {
  const names = [0, 1].map((i) => sideName(view, i).replace(/[^\p{L}\p{N}]/gu, '') || `S${i}`);
  let n = 1;
  while (n < 3 && names[0].slice(0, n).toUpperCase() === names[1].slice(0, n).toUpperCase()) n++;
  const out = names.map((s) => s.charAt(0).toUpperCase() + s.slice(1, n).toLowerCase());
  if (out[0].toUpperCase() === out[1].toUpperCase()) return ['1', '2'];
  return out;
}

// Grid distance through edges (I1).
export function distance(a, b) {
  return Math.abs(px(a) - px(b)) + Math.abs(py(a) - py(b));
}
