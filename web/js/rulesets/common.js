// What the rule-set modules share: the kind of a Command or Event JSON, the command line's
// words for numbers, points and bearings (the terminal client's grammar, docs/client.md), and
// numbers and dice as the log's words give them. Pure functions; no DOM.

// The kind of one Command or Event JSON: its first field besides '@type' ('move',
// 'attackResolved', ...), or '' when there is none.
export function eventKind(msg) {
  if (!msg || typeof msg !== 'object') return '';
  return Object.keys(msg).find((k) => k !== '@type') || '';
}

// A command line's refusal: { error } (parse() returns it).
export const fail = (error) => ({ error });

// The refusal of a first word that is none of the rule set's commands (the terminal's words).
export const unknown = (word) => fail(`unknown command "${word}"; type help for the list`);

// "12.5" (a trailing '"' allowed) as a number; null unless the whole word is a finite number.
export function numberOf(word) {
  let w = String(word || '');
  if (w.endsWith('"')) w = w.slice(0, -1);
  if (!w || w.length > 24 || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(w)) return null;
  const d = Number(w);
  return Number.isFinite(d) ? d : null;
}

// "12.5,40" or "(12.5,40)" as { x, y } in inches; null if not.
export function pointOf(word) {
  let w = String(word || '');
  if (w.length >= 2 && w.startsWith('(') && w.endsWith(')')) w = w.slice(1, -1);
  const comma = w.indexOf(',');
  if (comma < 0) return null;
  const x = numberOf(w.slice(0, comma));
  const y = numberOf(w.slice(comma + 1));
  return x === null || y === null ? null : { x, y };
}

// The sixteen compass points, from north clockwise, 22.5 degrees apart.
export const COMPASS16 = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE',
  'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'];

// A bearing typed as degrees ("135") or a compass point ("SE", "nne"), in [0, 360); null if not.
export function bearingOf(word) {
  const i = COMPASS16.indexOf(String(word || '').toUpperCase());
  if (i >= 0) return 22.5 * i;
  const n = numberOf(word);
  if (n === null || n < -360 || n > 720) return null;
  return ((n % 360) + 360) % 360;
}

// Inches (or any number) to one decimal without a trailing ".0": "12", "12.5" (the client's num()).
// A tie goes to the even tenth, as printf's "%.1f" takes it in the terminal: 0.25 is "0.2", 0.75
// "0.8" (toFixed would say "0.3"); the ties are the quarters, the only ones a double holds exactly.
export function num(x) {
  const v = Number(x) || 0;
  const quarters = Math.abs(v) * 4;
  const even = Number.isInteger(quarters) && quarters % 4 === 1
    ? Math.sign(v) * Math.trunc(Math.abs(v) * 10) / 10 : v;
  const s = even.toFixed(1).replace(/\.0$/, '');
  return s === '-0' ? '0' : s;
}

// A point { x, y } (either may be omitted on the wire) as typed in commands: "12.5,20".
export function point(p) {
  return `${num(p && p.x)},${num(p && p.y)}`;
}

// A signed number: "+2", "-1", "+0".
export function signed(n) {
  const v = Number(n) || 0;
  return (v < 0 ? '-' : '+') + Math.abs(v);
}

// One die as the log's words give it: "d6 3".
export function die(roll) {
  return `d${Number(roll && roll.sides) || 6} ${Number(roll && roll.face) || 0}`;
}

// One die for the `dice` list of describeEvent: { sides, face }.
export function rollOf(roll) {
  return { sides: Number(roll && roll.sides) || 6, face: Number(roll && roll.face) || 0 };
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

// The waypoints of a move, each from the one before (the first from `start`, { x, y }): X,Y;
// N@BEARING (N inches that way); toward TARGET [N] (X,Y, or what `place(word)` finds: a unit or a
// figure, { x, y } or null). { points } or { error }, in the terminal's words
// (client-cli/src/render/words.cpp, waypoints_of).
export function waypoints(words, start, place) {
  const points = [];
  let at = start;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const p = pointOf(w);
    if (p) {
      at = p;
    } else if (w.includes('@')) {
      const d = numberOf(w.slice(0, w.indexOf('@')));
      const b = bearingOf(w.slice(w.indexOf('@') + 1));
      if (d === null || d <= 0 || b === null) {
        return { error: `"${w}" is not a distance on a bearing (e.g. 3@NE or 2.5@135)` };
      }
      const v = aimVector(b);
      at = { x: at.x + v.x * d, y: at.y + v.y * d };
    } else if (w.toLowerCase() === 'toward') {
      if (i + 1 >= words.length) return { error: 'toward what? e.g. toward voltigeur-2 3' };
      const target = words[++i];
      const to = pointOf(target) || place(target);
      if (!to) return { error: `no "${target}" to move toward (a figure, or X,Y)` };
      const len = Math.hypot(to.x - at.x, to.y - at.y);
      const n = i + 1 < words.length ? numberOf(words[i + 1]) : null;
      if (n !== null) {
        i++;
        if (n <= 0) return { error: `move toward ${target} by more than nothing` };
      }
      const step = n !== null && len > 0 ? Math.min(n, len) / len : 1;
      at = { x: at.x + (to.x - at.x) * step, y: at.y + (to.y - at.y) * step };
    } else {
      return { error: `"${w}" is not a point X,Y in inches, a distance on a bearing N@B, or ` +
        'toward TARGET [N]' };
    }
    points.push({ x: at.x, y: at.y });
  }
  return { points };
}
