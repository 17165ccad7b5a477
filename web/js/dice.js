// Dice in the event log, and whether they look fair. Every die a rule set throws is recorded as a
// grognard.v1.Roll `{ n, sides, face }` (proto/grognard/v1/dice.proto; `n`, the throw number, is
// omitted when 0) somewhere inside GameEvent.rules. This module finds them, groups them by kind
// of throw (the rule-set event that used them and the die), and tests each group against the
// uniform distribution with a chi-square goodness-of-fit test. Used by the battle report (the
// live log shows the dice each rule set's describeEvent gives, and takes only eventKind and
// kindWords from here); it touches no DOM.

// The kind of a rule-set event ('initiativeThrown', 'attackResolved', ...): rulesets/common.js's.
import { eventKind } from 'grognard/rulesets/common.js';

export { eventKind };

// Is `v` a Roll as the JSON protocol writes it: an object of only n, sides and face, with sides
// and face present (a face is 1..sides, so never omitted)?
function isRoll(v) {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  return 'sides' in v && 'face' in v && keys.every((k) => k === 'n' || k === 'sides' || k === 'face');
}

// Every Roll anywhere inside `value` (a GameEvent.rules JSON), in document order (which is the
// order the fields are declared in, and for repeated fields the order thrown):
// [{ n, sides, face }] with numbers (n as a Number: throw numbers stay far below 2^53).
function rollsIn(value) {
  const out = [];
  const walk = (v) => {
    if (Array.isArray(v)) { v.forEach(walk); return; }
    if (!v || typeof v !== 'object') return;
    if (isRoll(v)) {
      out.push({ n: Number(v.n || 0), sides: Number(v.sides), face: Number(v.face) });
      return;
    }
    for (const [k, x] of Object.entries(v)) if (k !== '@type') walk(x);
  };
  walk(value);
  return out;
}

// The dice of one GameEvent JSON (chat and system notes have none), in the order thrown (by
// throw number, whatever the order of the JSON's fields): [{ kind, die: 'd6', n, sides, face, seq }].
export function diceOfEvent(event) {
  const rules = event && event.rules;
  if (!rules) return [];
  const kind = eventKind(rules);
  return rollsIn(rules).sort((a, b) => a.n - b.n)
    .map((r) => ({ kind, die: `d${r.sides}`, ...r, seq: Number(event.seq || 0) }));
}

// Is `face` a face of a `sides`-sided die?
function isFace(face, sides) {
  return Number.isInteger(face) && Number.isInteger(sides) && face >= 1 && face <= sides;
}

// ---- Statistics -------------------------------------------------------------------------------

// The plain verdicts (the report explains them).
export const FEW = 'too few throws to judge';
export const FAIR = 'within what chance allows';

// Statistics of `faces` (a list of face values) thrown with a `sides`-sided die:
// { sides, count, faces: [{ face, observed, expected }], mean, expectedMean, chi2, df, p,
//   verdict, judged, unusual }. `p` is null when there are too few throws to judge (fewer than 5
// expected per face, where the chi-square approximation does not hold). A face the die does not
// have is left out here (diceStatistics names it as a problem).
function faceStats(sides, allFaces) {
  const faces = allFaces.filter((f) => isFace(f, sides));
  const count = faces.length;
  const observed = new Array(sides).fill(0);
  let sum = 0;
  for (const f of faces) { observed[f - 1] += 1; sum += f; }
  const expected = count / sides;
  const rows = observed.map((o, i) => ({ face: i + 1, observed: o, expected }));
  const mean = count ? sum / count : null;
  const expectedMean = (sides + 1) / 2;
  let chi2 = 0;
  for (const o of observed) chi2 += expected > 0 ? (o - expected) ** 2 / expected : 0;
  const df = sides - 1;
  const judged = count > 0 && expected >= 5;
  const p = judged ? chiSquareP(chi2, df) : null;
  let verdict = FEW;
  let unusual = false;
  if (judged) {
    if (p >= 0.01) {
      verdict = FAIR;
    } else {
      unusual = true;
      verdict = 1 / p >= 1e12
        ? 'unusual: this would happen by chance less than once in a million million games'
        : `unusual: this would happen by chance about once in ${onceIn(p)} games`;
    }
  }
  return { sides, count, faces: rows, mean, expectedMean, chi2, df, p, verdict, judged, unusual };
}

// N of "once in N games" for a small probability (below 1e-12 is said apart), rounded to two
// significant figures: 120, 4,700, 1.2 million, 35,000 million.
function onceIn(p) {
  const n = 1 / p;
  if (n >= 1e6) return `${Number((n / 1e6).toPrecision(2)).toLocaleString('en')} million`;
  return Number(n.toPrecision(2)).toLocaleString('en');
}

// The statistics of a whole log of GameEvent JSONs:
// { dice: [every die, as diceOfEvent], kinds: [{ kind, die, ...faceStats }] in order of first
//   throw, sizes: [{ die, ...faceStats }] by number of sides, total, problems: [words for each
//   die whose face the die does not have] }.
export function diceStatistics(events) {
  const dice = (events || []).flatMap(diceOfEvent);
  const problems = dice.filter((d) => !isFace(d.face, d.sides)).map((d) =>
    `Throw ${d.n} in event ${d.seq} is recorded as ${d.die} showing ${d.face}, which is no face of that die; `
    + 'it is left out of the dice statistics.');
  const byKind = new Map();
  const bySize = new Map();
  for (const d of dice) {
    const k = `${d.kind} ${d.die}`;
    if (!byKind.has(k)) byKind.set(k, { kind: d.kind, die: d.die, sides: d.sides, faces: [] });
    byKind.get(k).faces.push(d.face);
    if (!bySize.has(d.sides)) bySize.set(d.sides, []);
    bySize.get(d.sides).push(d.face);
  }
  const kinds = [...byKind.values()].map((g) => ({ kind: g.kind, die: g.die, ...faceStats(g.sides, g.faces) }));
  const sizes = [...bySize.entries()].sort((a, b) => a[0] - b[0])
    .map(([sides, faces]) => ({ die: `d${sides}`, ...faceStats(sides, faces) }));
  return { dice, kinds, sizes, total: dice.length, problems };
}

// Words for a kind of throw: 'initiativeThrown' -> 'initiative thrown'.
export function kindWords(kind) {
  return String(kind || 'other').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

// ---- The chi-square distribution ---------------------------------------------------------------

// P(X >= chi2) for X chi-square distributed with `df` degrees of freedom: the regularized upper
// incomplete gamma function Q(df/2, chi2/2).
function chiSquareP(chi2, df) {
  if (df <= 0) return 1;
  if (!(chi2 > 0)) return 1;
  return gammaQ(df / 2, chi2 / 2);
}

// ln Γ(x) for x > 0 (Lanczos approximation, g = 7, 9 coefficients; relative error < 1e-13).
const LANCZOS = [0.99999999999980993, 676.5203681218851, -1259.1392167224028,
  771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
  9.9843695780195716e-6, 1.5056327351493116e-7];
function logGamma(x) {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

// The regularized upper incomplete gamma Q(a, x) = 1 - P(a, x), for a > 0, x >= 0: through the
// power series of P for x < a + 1, the continued fraction (modified Lentz) otherwise, each where
// it converges fast, as in the classic numerical treatments.
function gammaQ(a, x) {
  if (x <= 0) return 1;
  const lead = a * Math.log(x) - x - logGamma(a);  // ln(x^a e^-x / Γ(a))
  if (x < a + 1) {
    // P(a, x) = x^a e^-x / Γ(a+1) · Σ x^k / ((a+1)…(a+k))
    let term = 1 / a;
    let sum = term;
    for (let k = 1; k < 1000; k++) {
      term *= x / (a + k);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.min(1, Math.max(0, 1 - sum * Math.exp(lead)));
  }
  // Q(a, x) = x^a e^-x / Γ(a) · 1 / (x + 1 - a - 1·(1-a) / (x + 3 - a - 2·(2-a) / (x + 5 - a - …)))
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.min(1, Math.max(0, Math.exp(lead) * h));
}
