// Itchy & Scratchy (Mark 2): every Event of proto/grognard/v1/itchy.proto in words, with the dice
// thrown and what they needed (docs/rules/itchy.md: §Combat, I4–I7, I14, I16, I19, I23).
// The words are the terminal client's (client-cli/src/render/itchy_events.cpp), the parity
// table holding both to them (tests/parity/itchy.json); the detail is the web's own.

import {
  diceAt, facingLetter, findUnit, px, py, sideName, typeWord, UNIT_TYPES, weaponWord,
} from 'grognard/rulesets/itchy_common.js';
import { eventKind, rollOf } from 'grognard/rulesets/common.js';

// The play screen shows each die after the words as well (web/js/log.js), as rollOf gives them.

// An area as the terminal writes it in events: "(4,3)".
const pos = (p) => `(${px(p)},${py(p)})`;
const face = (r) => (r && r.face) || 0;

function initiative(e, view) {
  const throws = e.throws || [];
  const dice = [];
  const parts = throws.map((t, i) => {
    dice.push(rollOf(t.side0), rollOf(t.side1));
    return `${i ? '; again ' : ' '}${sideName(view, 0)} ${face(t.side0)}`
      + ` v ${sideName(view, 1)} ${face(t.side1)}`;
  });
  const ties = throws.length > 1 ? `; ${throws.length - 1} tie${throws.length > 2 ? 's' : ''} thrown again` : '';
  return {
    text: `Turn ${e.turn || 0} initiative:${parts.join('')} - ${sideName(view, e.winner)}`
      + ' choose the order',
    dice,
    detail: `Each side throws a D6, the higher chooses whether to go first (I16)${ties}.`,
  };
}

function orderChosen(e, view) {
  return {
    text: `${sideName(view, e.side)} choose to go ${e.goFirst ? 'first' : 'second'};`
      + ` ${sideName(view, e.firstSide)} act first`,
    dice: [],
    detail: '',
  };
}

function moved(e) {
  const path = e.path || [];
  let text = path.length === 0 ? `${e.unit || ''} turns to face ${facingLetter(e.facing)}`
    : `${e.unit || ''} moves to ${path.map(pos).join('->')}, faces ${facingLetter(e.facing)}`;
  const notes = [];
  if (e.withdrawal) {
    text += ' (withdrawal)';
    notes.push('a withdrawal: it ends farther from each enemy facing it (I10)');
  }
  if (e.stoppedByEnemy) {
    text += ' (stopped next to the enemy)';
    notes.push('it entered an area next to an enemy and had to stop and face it (I9)');
  }
  return { text, dice: [], detail: notes.length ? `${notes.join('; ')}.` : '' };
}

// Pairs and trebles among the faces, e.g. "two 4s, three 1s".
function matches(faces) {
  const count = [0, 0, 0, 0, 0, 0, 0];
  for (const f of faces) if (f >= 1 && f <= 6) count[f]++;
  const words = ['', '', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
  const out = [];
  for (let f = 1; f <= 6; f++) {
    if (count[f] >= 2) out.push(`${words[count[f]] || count[f]} ${f}s`);
  }
  return out.length ? out.join(', ') : 'no doubles';
}

function attacked(e, view) {
  const attacker = findUnit(view, e.unit);
  const rolls = e.rolls || [];
  const faces = rolls.map(face);
  const casualties = e.casualties || [];
  const range = e.range || 0;
  const dice = e.dice || 0;
  const results = casualties.filter((c) => (c.spLost || 0) > 0 || c.destroyed).map((c) =>
    `${c.unit || ''} loses ${c.spLost || 0} SP${c.destroyed ? ' and is destroyed' : ''}`);
  const text = `${e.unit || ''} fires at ${pos(e.target)}, range ${range}, ${dice} dice`
    + `${e.generalBonus ? ' (+1 General)' : ''}${e.cover ? ', target in cover' : ''}`
    + `: [${faces.join(' ')}] ${results.length ? results.join(', ') : 'no effect'}`;

  // The detail: the table's dice, the modifiers, what each target needed, the doubles thrown.
  const notes = [];
  if (attacker && attacker.weapon) {
    notes.push(`${weaponWord(attacker.weapon)} at range ${range}: ${diceAt(attacker.weapon, range)} dice`);
  } else {
    notes.push(`range ${range}: ${dice} dice`);
  }
  if (e.generalBonus) notes.push('+1 die: a General stands with the firing unit (I7)');
  const needs = new Map();
  for (const c of casualties) {
    const u = findUnit(view, c.unit);
    const t = UNIT_TYPES[u && u.type];
    if (!t) continue;
    let need;
    if (u.type === 'GENERAL') {
      need = e.cover ? `${t.hurt} PLUS any other double (in cover, I6)` : `${t.hurt} (in the open, I6)`;
    } else {
      need = e.cover
        ? `${t.hurt} PLUS any other double for each SP (in cover, I5)`
        : `${t.hurt}, each one SP (in the open, I4)`;
    }
    const key = `${typeWord(u.type)}`;
    if (!needs.has(key)) needs.set(key, `${key} needs ${need}`);
  }
  if (needs.size === 0 && e.cover) notes.push('target in cover: each hit needs another double too (I5)');
  notes.push(...needs.values());
  notes.push(`thrown: ${faces.join(' ') || 'nothing'} (${matches(faces)})`);
  return { text, dice: rolls.map(rollOf), detail: `${notes.join('; ')}.` };
}

function sideTurnEnded(e, view) {
  return { text: `${sideName(view, e.side)} end their side turn`, dice: [], detail: '' };
}

function turnEnded(e, view) {
  const losses = e.losses || [];
  const exhausted = e.exhausted || [];
  const parts = losses.map((l, i) =>
    `${i ? ', ' : ' '}${sideName(view, i)} ${l || 0}${exhausted[i] ? ' (exhausted)' : ''}`);
  const tired = exhausted.some(Boolean);
  return {
    text: `Turn ${e.turn || 0} ends; losses${parts.join('')}`,
    dice: [],
    detail: tired
      ? 'An exhausted side stops aggressive action: it attacks only without moving and moves no nearer the enemy (I15).'
      : '',
  };
}

function gameEnded(e, view) {
  const score = e.score || [];
  const result = e.draw ? 'a draw' : `${sideName(view, e.winner)} win`;
  const scored = score.length === 2 ? ` (score ${score[0] || 0}-${score[1] || 0})` : '';
  return {
    text: `Game over: ${result}${e.reason ? ` - ${e.reason}` : ''}${scored}`,
    dice: [],
    detail: scored ? 'Score: enemy SP destroyed plus the points of the objectives held (I19).' : '',
  };
}

const WORDS = {
  initiativeThrown: initiative,
  orderChosen,
  unitMoved: moved,
  attackResolved: attacked,
  sideTurnEnded,
  turnEnded,
  gameEnded,
};

// The last view seen, for the names of sides and units when an event comes without one (they
// never change in a game); used only when it knows the event's unit, or for side names.
let known = null;

function namesFor(ev, view) {
  if (view && Array.isArray(view.sides)) {
    known = view;
    return view;
  }
  if (!known) return null;
  const id = ev && ev.unit;
  return !id || findUnit(known, id) ? known : { sides: known.sides };
}

// GameEvent.rules (an Itchy & Scratchy Event JSON with @type) in words.
export function describeEvent(rules, view) {
  const kind = eventKind(rules);
  const f = WORDS[kind];
  if (!f) return { text: kind ? `(an event "${kind}")` : '(an empty event)', dice: [], detail: '' };
  const ev = rules[kind] || {};
  return f(ev, namesFor(ev, view));
}
