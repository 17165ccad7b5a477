// Sharpe's Mess events of fire, hand to hand, wounds, morale and artillery in words, with every
// die and each modifier by the name the rules give it, as the terminal client says them
// (client-cli/src/render/sharpe_combat.cpp). Each returns { text, dice, detail }.

import {
  die, rollOf, signed, functions, num, nameOf, groupText, weaponOf,
} from 'grognard/rulesets/sharpe_common.js';

function causeText(cause) {
  if (cause === 'hits') return '20% hits this turn';
  if (cause === 'melee') return 'hand to hand lost';
  if (cause === 'ball') return 'hit by a cannon ball';
  return cause || 'no cause given';
}

// " +2 aimed shot -2 target moved".
function partsText(parts) {
  return (parts || []).map((m) => ` ${signed(m.value)} ${m.name || 'modifier'}`).join('');
}

const STATES = { FIGURE_WOUNDED: 'wounded', FIGURE_DYING: 'dying', FIGURE_KILLED: 'killed', FIGURE_LOST: 'lost', FIGURE_UNHURT: 'unhurt' };
const RESULTS = { HIT_NO_EFFECT: 'no effect', HIT_WOUNDED: 'wounded', HIT_DYING: 'dying', HIT_KILLED: 'killed' };

function spent(v, e) {
  let what;
  switch (e.action) {
    case 'STAND_UP': what = 'stands up'; break;
    case 'AIM': what = 'aims'; break;
    case 'LOAD_MUSKET':
    case 'LOAD_RIFLE':
      what = `loads the ${weaponOf(v, e.figure, e.weapon)} ${e.loaded ? '(loaded)' : '(not yet loaded)'}`;
      break;
    default: what = 'acts';
  }
  return { text: `${nameOf(v, e.figure)} ${what}: ${functions(e.functions)}`, dice: [], detail: '' };
}

function fired(v, e) {
  const weapon = weaponOf(v, e.figure, e.weapon);
  const face = Number((e.roll && e.roll.face) || 0);
  const total = Number(e.total || 0);
  const mods = Number(e.modifiers || 0);
  const scaled = total - mods;
  let throwText = die(e.roll);
  if (weapon === 'rifle' || (weapon === 'weapon' && scaled === face * 2 && face > 0)) throwText += ` x2 = ${scaled}`;
  else if (weapon === 'pistol' || (weapon === 'weapon' && scaled !== face)) throwText += ` /2 = ${scaled}`;
  if ((e.parts || []).length) throwText += `${partsText(e.parts)} = ${total}`;
  else if (mods) throwText += ` ${signed(mods)} modifiers = ${total}`;
  let verdict;
  if (e.malfunction) verdict = `: a bare 1, a miss and the ${weapon} is out of action`;
  else if (face === 20 && e.hit) verdict = ': a bare 20 always hits';
  else verdict = `${e.hit ? ' > ' : ' <= '}${num(e.range)}${e.hit ? ', hit' : ', miss'}`;
  const verb = weapon === 'knife' ? ' throws a ' : ' fires a ';
  const text = `${nameOf(v, e.figure)}${verb}${weapon} at ${nameOf(v, e.target)} (range ${num(e.range)}"): `
    + `${throwText}${verdict} (${functions(e.functions)})`;
  const scale = weapon === 'rifle' ? 'a rifle doubles the d20; ' : weapon === 'pistol' ? 'a pistol halves the d20; ' : '';
  const named = (e.parts || []).map((m) => `${signed(m.value)} ${m.name || 'modifier'}`).join(', ');
  const detail = `${scale}modifiers: ${named || (mods ? signed(mods) : 'none')}; needs more than ${num(e.range)} (the range)`;
  return { text, dice: [rollOf(e.roll)].filter(Boolean), detail };
}

function hurt(v, e) {
  let text = `${nameOf(v, e.figure)} on the Hit Table: ${e.roll ? `${die(e.roll)} ` : ''}${RESULTS[e.result] || 'no effect'}`;
  if (e.dyingRoll) text += ` (${die(e.dyingRoll)} turns left)`;
  const plain = { HIT_WOUNDED: 'FIGURE_WOUNDED', HIT_DYING: 'FIGURE_DYING', HIT_KILLED: 'FIGURE_KILLED' }[e.result] || e.after;
  if (e.after && e.after !== plain) {
    text += `; now ${STATES[e.after] || 'changed'}`;
    if (e.after === 'FIGURE_DYING' && e.dyingRoll) text += ` ${e.dyingRoll.face || 0}`;
  }
  return {
    text,
    dice: [rollOf(e.roll), rollOf(e.dyingRoll)].filter(Boolean),
    detail: e.roll ? 'hit from fire: read on the Hit Table' : 'hand to hand: the difference read on the Hit Table',
  };
}

function melee(v, e) {
  const ta = Number(e.totalA || 0);
  const tb = Number(e.totalB || 0);
  let text = `Hand to hand: ${nameOf(v, e.a)} ${die(e.rollA)}${partsText(e.partsA)} = ${ta} v `
    + `${nameOf(v, e.b)} ${die(e.rollB)}${partsText(e.partsB)} = ${tb}`;
  if (!e.loser) text += ': a tie, no effect';
  else text += `: ${nameOf(v, e.loser)} loses by ${Math.abs(ta - tb)}`;
  const list = (p) => (p || []).map((m) => `${signed(m.value)} ${m.name || 'modifier'}`).join(', ') || 'none';
  const detail = `${nameOf(v, e.a)}: ${list(e.partsA)}; ${nameOf(v, e.b)}: ${list(e.partsB)}; `
    + 'd6 each plus modifiers, the loser checks the difference on the Hit Table and tests morale';
  return { text, dice: [rollOf(e.rollA), rollOf(e.rollB)].filter(Boolean), detail };
}

function ran(v, e) {
  const rolls = e.rolls || [];
  const sum = rolls.reduce((s, r) => s + Number(r.face || 0), 0);
  return {
    text: `${nameOf(v, e.figure)} runs ${sum}" [${rolls.map(die).join(', ')}] to ${num(e.to && e.to.x)},${num(e.to && e.to.y)}`,
    dice: rolls.map(rollOf),
    detail: '',
  };
}

const BANDS = ['1-4"', '4-8"', '8-12"', '12-16"', '16-20"', '20-24"', '24-30"'];

function canister(v, e) {
  const head = `${nameOf(v, e.figure)} fires canister from ${e.gun || 'the gun'} at bearing ${num(e.aim)} (${functions(e.functions)})`;
  const throws = e.throws || [];
  if (!throws.length) return { text: `${head}: nobody in the cone`, dice: [], detail: '' };
  const parts = throws.map((t) => `${nameOf(v, t.figure)} (${BANDS[Number(t.band || 0)] || '?'}, 1-${t.toHit || 0}) ${die(t.roll)} ${t.hit ? 'hit' : 'miss'}`);
  return {
    text: `${head}: ${parts.join('; ')}`,
    dice: throws.map((t) => rollOf(t.roll)).filter(Boolean),
    detail: 'each figure in the cone throws a d6 and is hit on 1 to the number its range band gives',
  };
}

function ball(v, e) {
  return {
    text: `${nameOf(v, e.figure)} fires ball from ${e.gun || 'the gun'} at ${nameOf(v, e.target)} (range ${num(e.range)}", `
      + `bearing ${num(e.aim)}): ${die(e.roll)}${e.hit ? ', hit' : ', miss (a 1 hits)'} (${functions(e.functions)})`,
    dice: [rollOf(e.roll)].filter(Boolean),
    detail: 'round shot hits on a 1',
  };
}

function loading(v, e) {
  return {
    text: `${nameOf(v, e.figure)} loads ${e.gun || 'the gun'}: ${e.amount || 0} towards the 16 (${functions(e.functions)})`
      + `${e.loaded ? '; the gun is loaded' : ''}`,
    dice: [],
    detail: '',
  };
}

// The combat events in words; null for the others.
export function combatWords(v, ev) {
  if (ev.functionsSpent) return spent(v, ev.functionsSpent);
  if (ev.fired) return fired(v, ev.fired);
  if (ev.figureHurt) return hurt(v, ev.figureHurt);
  if (ev.meleeFought) return melee(v, ev.meleeFought);
  if (ev.moraleTested) {
    const m = ev.moraleTested;
    return {
      text: `${groupText(v, m.group)} tests morale (${causeText(m.cause)}): ${die(m.roll)}${m.passed ? ', passed' : ', failed'}`,
      dice: [rollOf(m.roll)].filter(Boolean),
      detail: '',
    };
  }
  if (ev.figureRan) return ran(v, ev.figureRan);
  if (ev.scattered) {
    const s = ev.scattered;
    return {
      text: `${groupText(v, s.group)} scatters ${s.towardCover ? 'toward cover' : 'directly away'} (${causeText(s.cause)})`,
      dice: [],
      detail: '',
    };
  }
  if (ev.gunLoading) return loading(v, ev.gunLoading);
  if (ev.canisterFired) return canister(v, ev.canisterFired);
  if (ev.ballFired) return ball(v, ev.ballFired);
  return null;
}
