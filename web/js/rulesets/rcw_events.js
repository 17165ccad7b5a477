// RCW events in words, with every die, as the terminal client says them
// (client-cli/src/render/rcw_events.cpp, rcw_combat.cpp): command throws, rallies, moves,
// shots with their saves, each round of a close assault, the train, turns and the end.
// describeEvent(rules, view) -> { text, dice: [{sides, face}] in the order thrown, detail }
// (`detail`: the numbers needed and the modifiers, '' if none). An event about a unit concealed
// from the viewer arrives as `hidden`, a placeholder that says only that something happened
// out of sight (R20).

import {
  num, point, facingText, die, diceText, diceOf, modifiers, unitName, sideName, findUnit,
  actionWord, limberWord, typeText,
} from 'grognard/rulesets/rcw_words.js';

const hitsText = (n) => `${n || 0} ${n === 1 ? 'hit' : 'hits'}`;

// "saves (4+ each): d6 3 +1 elite = 4 saved, d6 1 failed".
function savesText(list) {
  if (!list || !list.length) return '';
  return 'saves (4+ each): ' + list.map((s) => {
    let out = die(s.roll);
    const mods = modifiers(s.parts);
    if (mods) out += ` ${mods} = ${s.total || 0}`;
    return out + (s.saved ? ' saved' : ' failed');
  }).join(', ');
}

// What the hits did: " -> PINNED", with the armour note (R7).
function result(outcome, fullEffect, hits) {
  let out = ' -> ' + (outcome === 'DESTROYED' ? 'DESTROYED' : outcome === 'PINNED' ? 'PINNED'
    : 'no effect');
  if (!fullEffect && hits > 0) out += ' (armour: at worst pinned, R7)';
  return out;
}

// The modifiers of a list of saves, once: "saves 4+, +1 elite".
function savesDetail(list) {
  if (!list || !list.length) return '';
  const mods = modifiers(list[0].parts);
  return 'saves 4+' + (mods ? ` (${mods})` : '');
}

function shot(v, e) {
  let text = `${unitName(v, e.firer)} shoots at ${unitName(v, e.target)}`;
  if (e.observer) text += ` observed by ${unitName(v, e.observer)}`;
  const cover = { OPEN: 'open', OBSCURED: 'obscured', ENTRENCHED: 'entrenched',
    ARMOURED: 'armoured' }[e.cover] || '-';
  text += `: range ${num(e.range)}", target ${cover}, needs ${e.needed || 0}+: ` +
    `${diceText(e.dice) || 'no dice'}: ${hitsText(e.hits)}`;
  if (e.hits > 0) text += '; ' + savesText(e.saves);
  text += result(e.outcome, e.fullEffect, e.hits || 0);
  if (e.moreShots) text += ' (the train\'s next car fires)';
  const saves = (e.saves || []).map((s) => s.roll);
  const detail = [`to hit ${e.needed || 0}+ (${cover}, range ${num(e.range)}")`,
    savesDetail(e.saves)].filter(Boolean).join('; ');
  return { text, dice: diceOf([...(e.dice || []), ...saves]), detail };
}

function sideThrow(who, t, other) {
  t = t || {};
  let out = `${who} throws ${(t.dice || []).length ? diceText(t.dice) : 'no dice'}, ` +
    `needs ${t.needed || 0}+`;
  const mods = modifiers(t.parts);
  if (mods) out += ` (${mods} on each die; a 6 always hits)`;
  out += `: ${hitsText(t.hits)}`;
  if (t.hits > 0) out += `; ${other} ${savesText(t.saves)}`;
  return out + result(t.outcome, t.fullEffect, t.hits || 0);
}

function assaultRound(v, e) {
  const a = unitName(v, e.attacker);
  const d = unitName(v, e.defender);
  const ba = e.byAttacker || {};
  const bd = e.byDefender || {};
  const text = `Close assault, round ${e.round || 0}: ${sideThrow(a, ba, e.defender || '?')}. ` +
    sideThrow(d, bd, e.attacker || '?');
  // Thrown: the attacker's dice, the defender's, the defender's saves, the attacker's.
  const thrown = [...(ba.dice || []), ...(bd.dice || []),
    ...(ba.saves || []).map((s) => s.roll), ...(bd.saves || []).map((s) => s.roll)];
  const part = (who, t) => {
    const mods = modifiers(t.parts);
    return `${who} needs ${t.needed || 0}+` + (mods ? ` (${mods})` : '');
  };
  const detail = [part('attacker', ba), part('defender', bd),
    savesDetail([...(ba.saves || []), ...(bd.saves || [])])].filter(Boolean).join('; ');
  return { text, dice: diceOf(thrown), detail };
}

function assaultEnded(v, e) {
  const a = unitName(v, e.attacker);
  const d = unitName(v, e.defender);
  const out = `The close assault of ${a} on ${d} ends: `;
  switch (e.end) {
    case 'DEFENDER_DESTROYED':
      return out + `${d} is destroyed; ${a} takes its place at ${point(e.attackerTo)}`;
    case 'ATTACKER_DESTROYED': return out + `${a} is destroyed`;
    case 'BOTH_DESTROYED': return out + 'both are destroyed';
    case 'FELL_BACK':
      return out + `${a} is pinned and falls back 3" to ${point(e.attackerTo)} (R8)`;
    case 'ROUND_LIMIT':
      return out + `after 50 rounds ${a} falls back to ${point(e.attackerTo)} (R21)`;
    default: return out + 'how, the event does not say';
  }
}

function commandThrown(v, e) {
  if (e.outcomeOnly) {  // R20, R53: the enemy's throw reaches us as its outcome alone
    const text = unitName(v, e.unit) + (e.passed ? ' is under command (R5)'
      : ' fails its command throw: its Move and Close Assault are lost (R5)');
    return { text, dice: [], detail: '' };
  }
  let text = `Command throw (R5) for ${unitName(v, e.unit)}, `;
  text += e.hq ? `${num(e.hqDistance)}" from ${unitName(v, e.hq)}` : 'no HQ of its side left';
  text += ': ' + die(e.roll);
  const mods = modifiers(e.parts);
  if (mods) text += ' ' + mods;
  let detail = 'needs 4+' + (mods ? ` (${mods})` : '') + ' when beyond 12" of its HQ';
  if (e.notCounted) {
    text += ': it need not throw, the die does not count (R47)';
    detail = 'the die does not count (R47)';
  } else {
    text += ` = ${e.total || 0}, needs 4+: ` +
      (e.passed ? 'passed' : 'FAILED (its Move and Close Assault are lost)');
  }
  return { text, dice: diceOf([e.roll]), detail };
}

function rallied(v, e) {
  if (e.outcomeOnly) {  // R20, R53: the enemy's rally, its outcome alone
    const text = unitName(v, e.unit) +
      (e.success ? ' rallies, no longer pinned (R6)' : ' fails to rally, still pinned (R6)');
    return { text, dice: [], detail: '' };
  }
  let text = `${unitName(v, e.unit)} tries to rally (R6): ${die(e.roll)}`;
  const mods = modifiers(e.parts);
  if (mods) text += ' ' + mods;
  text += ` = ${e.total || 0}, needs 4+: ` +
    (e.success ? 'rallied, no longer pinned' : 'failed, still pinned');
  return { text, dice: diceOf([e.roll]), detail: 'needs 4+' + (mods ? ` (${mods})` : '') };
}

function moved(v, e) {
  const who = unitName(v, e.unit);
  const path = e.path || [];
  let out;
  if (e.railAt !== undefined) {
    out = `${who} runs along the line to ${num(e.railAt)}"`;
    if (path.length) out += `, its first car at ${point(path[path.length - 1])}`;
    out += ` (${num(e.cost)}")`;
  } else if (!path.length) {
    out = `${who} turns to face ${facingText(e.facing)}`;
  } else {
    out = `${who} moves to ${path.map(point).join(' -> ')} (${num(e.cost)}" of its move), ` +
      `facing ${facingText(e.facing)}`;
  }
  if (e.stoppedBy) out += `; STOPPED by a hidden enemy within 3": ${unitName(v, e.stoppedBy)} (R17)`;
  if (e.dugInLost) out += '; no longer dug in (R22)';
  return out;
}

function revealed(e) {
  let out = 'Revealed' + (e.cause ? ` (${e.cause})` : '') + ':';
  out += (e.units || []).map((u) => {
    let s = ` ${u.name || u.id} (${u.id}, ${typeText(u.type)})`;
    if (u.type === 'TRAIN' && (u.cars || []).length) s += ` at ${point(u.cars[0].pos)}`;
    else if (u.placed) s += ` at ${point(u.pos)} facing ${facingText(u.facing)}`;
    return s;
  }).join(';');
  return out;
}

function gameEnded(v, e) {
  let out = 'Game over: ';
  out += e.result || (e.winner !== undefined ? `${sideName(v, e.winner)} win` : 'a draw');
  if (e.reason) out += ` - ${e.reason}`;
  const p = e.points || [];
  if (p.length >= 2) {
    out += `. Points: ${sideName(v, 0)} ${p[0] || 0}, ${sideName(v, 1)} ${p[1] || 0}`;
  }
  return out;
}

// The words for the kinds without dice.
const PLAIN = {
  deploymentBegan: () =>
    'Deployment begins: each side places its units in secret inside its zone (R19)',
  unitDeployed: (v, d) =>
    `${unitName(v, d.unit)} is placed at ${point(d.pos)} facing ${facingText(d.facing)}`,
  deploymentConfirmed: (v, d) => `${sideName(v, d.side)} confirm their deployment`,
  deploymentEnded: () => 'Deployment ends',
  unitsRevealed: (v, e) => revealed(e),
  turnBegan: (v, e) => `Turn ${e.turn || 0} begins: ${sideName(v, e.side)} to act`,
  activated: (v, a) =>
    `${unitName(v, a.unit)} is activated: ${actionWord(a.first)}, then ${actionWord(a.second)}`,
  actionSkipped: (v, e) => `${unitName(v, e.unit)} does not ${actionWord(e.action)} ` +
    `(${e.index ? 'second' : 'first'} action): ${e.reason || 'skipped'}`,
  limbered: (v, l) => `${unitName(v, l.unit)} ${limberWord(findUnit(v, l.unit), !!l.limbered)}`,
  moved,
  assaultMoved: (v, m) => `${unitName(v, m.attacker)} charges into contact with ` +
    `${unitName(v, m.defender)}: from ${point(m.from)} to ${point(m.to)}`,
  assaultEnded,
  activationEnded: (v, e) => `${unitName(v, e.unit)} ends its activation`,
  turnEnded: (v, e) => `Turn ${e.turn || 0} ends for the ${sideName(v, e.side)}`,
  gameEnded,
  conceded: (v, e) => `${sideName(v, e.side)} concede`,
  hidden: () => 'The enemy did something out of sight.',
};

const WITH_DICE = { shot, assaultRound, commandThrown, rallied };

// One event (GameEvent.rules, with @type) in words; `view` is the view after it, or null.
export function describeEvent(rules, view) {
  const v = view || null;
  const kind = Object.keys(rules || {}).find((k) => k !== '@type');
  if (!kind) return { text: '(an empty event)', dice: [], detail: '' };
  const body = rules[kind] || {};
  if (WITH_DICE[kind]) return WITH_DICE[kind](v, body);
  if (PLAIN[kind]) return { text: PLAIN[kind](v, body), dice: [], detail: '' };
  return { text: `(an event this page does not know: ${kind})`, dice: [], detail: '' };
}
