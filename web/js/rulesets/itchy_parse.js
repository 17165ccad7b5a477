// Itchy & Scratchy (Mark 2): the command line, in the terminal client's syntax (docs/client.md):
//
//   first | second              choose the order after winning the initiative
//   move UNIT STEPS... [face D] steps are edges crossed: N E S W (or "NNE" in one word)
//   turn UNIT D                 turn in place to face D
//   attack UNIT X,Y | UNIT2     fire at an area (or at the area of an enemy unit)
//   end                         end the side turn

import { COMMAND_TYPE, facingOf, findUnit } from 'grognard/rulesets/itchy_common.js';
import { unknown } from 'grognard/rulesets/common.js';

export const help = [
  'first | second — after winning the initiative: go first or second',
  'move UNIT STEPS... [face D] — move through edges N E S W (one word or several), then face D: move B1 N N face E',
  'turn UNIT D — turn in place to face D (a move of 0 areas): turn B4 E',
  'attack UNIT X,Y — fire at the area in column X, row Y: attack B1 4,3',
  'attack UNIT ENEMY — fire at the area of an enemy unit: attack B1 R2',
  'end — end your side turn',
].join('\n');

function command(kind, body) {
  return { command: { '@type': COMMAND_TYPE, [kind]: body } };
}

// The unit's id as the view spells it (the typed one when the view does not know it).
function unitId(view, typed) {
  const u = findUnit(view, typed);
  return u ? u.id : typed;
}

// Steps from a word such as "N", "north" or "NNE"; null when it is none.
function stepsOf(word) {
  const one = facingOf(word);
  if (one) return [one];
  const out = [];
  for (const ch of word) {
    if ('^<>'.includes(ch)) return null;
    const f = facingOf(ch);
    if (!f) return null;
    out.push(f);
  }
  return out.length ? out : null;
}

function parseMove(w, view) {
  const usage = 'usage: move UNIT STEPS... [face N|E|S|W], e.g. move B1 N N face E';
  if (w.length < 2) return { error: usage };
  const body = { unit: unitId(view, w[1]) };
  const steps = [];
  let facing = null;
  for (let i = 2; i < w.length; i++) {
    if (w[i].toUpperCase() === 'FACE') {
      if (i + 2 !== w.length) return { error: usage };
      const f = facingOf(w[i + 1]);
      if (!f) return { error: `"${w[i + 1]}" is not a direction (N, E, S or W)` };
      facing = f;
      break;
    }
    const s = stepsOf(w[i]);
    if (!s) return { error: `"${w[i]}" is not a step (N, E, S or W); ${usage}` };
    steps.push(...s);
  }
  if (steps.length) body.steps = steps;
  if (facing) body.facing = facing;
  return command('move', body);
}

function parseTurn(w, view) {
  const f = w.length === 3 ? facingOf(w[2]) : null;
  if (!f) return { error: 'usage: turn UNIT N|E|S|W, e.g. turn B1 E' };
  return command('move', { unit: unitId(view, w[1]), facing: f });
}

function number(s) {
  return /^\d{1,4}$/.test(s) ? Number(s) : null;
}

function parseAttack(w, view) {
  const usage = "usage: attack UNIT X,Y (or an enemy unit's id), e.g. attack B1 4,3";
  if (w.length < 3 || w.length > 4) return { error: usage };
  const body = { unit: unitId(view, w[1]) };
  let xs = w[2];
  let ys = w.length === 4 ? w[3] : '';
  if (w.length === 3) {
    const target = findUnit(view, w[2]);
    if (target) {
      body.target = { ...(target.pos || {}) };
      return command('attack', body);
    }
    const comma = w[2].indexOf(',');
    if (comma < 0) return { error: usage };
    xs = w[2].slice(0, comma);
    ys = w[2].slice(comma + 1);
  }
  const x = number(xs);
  const y = number(ys);
  if (x === null || y === null) return { error: usage };
  body.target = {};
  if (x) body.target.x = x;
  if (y) body.target.y = y;
  return command('attack', body);
}

// A typed line -> { command } or { error }.
export function parse(text, ctx = {}) {
  const view = ctx && ctx.view ? ctx.view : null;
  const w = String(text || '').trim().split(/\s+/).filter(Boolean);
  if (!w.length) return { error: 'type a command; help lists them' };
  const verb = w[0].toUpperCase();
  if (verb === 'FIRST' || verb === 'SECOND') {
    if (w.length !== 1) return { error: 'usage: first | second' };
    return command('chooseOrder', verb === 'FIRST' ? { goFirst: true } : {});
  }
  if (verb === 'END') {
    if (w.length !== 1) return { error: 'usage: end' };
    return command('endSideTurn', {});
  }
  if (verb === 'MOVE') return parseMove(w, view);
  if (verb === 'TURN') return parseTurn(w, view);
  if (verb === 'ATTACK') return parseAttack(w, view);
  if (verb === 'HELP' || verb === '?') return { error: help };
  return unknown(w[0]);
}
