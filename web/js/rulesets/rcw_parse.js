// The RCW command line: a typed line becomes a Command JSON, in the terminal client's words
// (docs/client.md, "RCW"; client-cli/src/render/rcw_commands.cpp). Ids (units, train cars) are
// matched against the view without regard to case; points are inches "X,Y" (x east, y south);
// bearings are degrees (0 north, 90 east, clockwise) or compass points (N, NE, NNE...).

import {
  bearingOf, numberOf, bearingTo, findUnit, findCar, activeUnit, actionOf,
} from 'grognard/rulesets/rcw_words.js';
import { fail, pointOf, unknown, waypoints } from 'grognard/rulesets/common.js';

const TYPE = 'type.googleapis.com/grognard.v1.rcw.Command';
const done = (kind, body) => ({ command: { '@type': TYPE, [kind]: body } });

export const help = [
  'deploy UNIT X,Y BEARING - place (or place again) a unit inside your zone (R19): deploy R1 8,14 N',
  'confirm - every unit placed: your deployment is done',
  'activate UNIT ACTION ACTION - declare two actions in order (move shoot limber rally assault):' +
    ' activate R2 move shoot',
  'move WAYPOINT... [face BEARING] - the current Move: straight legs, each X,Y, N@BEARING or' +
    ' toward UNIT [N]; without face, along the last leg: move 30,12 face N, move 6@NE',
  'pivot BEARING - the current Move as a turn in place (R15): pivot 200',
  'rail AT - a train\'s Move: its first car to AT inches along its line (R13): rail 30',
  'shoot TARGET [via OBSERVER] - the current Shoot; artillery via a FAO, a mortar via an HQ:' +
    ' shoot W2, shoot W-T1 via R-FAO',
  'shoot CAR=TARGET ... - a train\'s Shoot: a target for each car that fires: shoot W-T1=R2' +
    ' W-T3=R1',
  'assault TARGET - the current Close Assault (§11): assault W1',
  'skip - forgo the current action',
  'carry - carry out the current Limber or Rally of a unit the enemy cannot see (R48)',
  'end - end your side turn: your other units pass (R14)',
  'concede - give up the game',
  'X,Y: inches, x east, y south, 0,0 the north-west corner; BEARING: degrees (0 north, 90 east,' +
    ' clockwise) or N NE E SE S SW W NW (and NNE...). A click on the table gives X,Y.',
].join('\n');

// The id as the view spells it (a unit or a car); the typed word when the view does not know it.
function idOf(view, typed) {
  const u = findUnit(view, typed);
  if (u) return u.id;
  const c = findCar(view, typed);
  return c ? c.car.id : typed;
}

const notPoint = (w) => `"${w}" is not a point X,Y in inches (x east, y south), e.g. 12.5,20`;
const notBearing = (w) =>
  `"${w}" is not a bearing: degrees (0 north, 90 east, clockwise) or N, NE, E…`;

function deploy(w, view) {
  const usage = 'usage: deploy UNIT X,Y BEARING, e.g. deploy R1 10,20 N';
  if (w.length !== 4) return fail(usage);
  const p = pointOf(w[2]);
  if (!p) return fail(`${notPoint(w[2])}; ${usage}`);
  const b = bearingOf(w[3]);
  if (b === null) return fail(`${notBearing(w[3])}; ${usage}`);
  return done('deploy', { unit: idOf(view, w[1]), pos: p, facing: b });
}

function activate(w, view) {
  const usage = 'usage: activate UNIT ACTION ACTION (move, shoot, limber, rally, assault), e.g. ' +
    'activate R1 move shoot';
  if (w.length !== 4) return fail(usage);
  const first = actionOf(w[2]);
  const second = actionOf(w[3]);
  if (!first || !second) return fail(`"${first ? w[3] : w[2]}" is not an action; ${usage}`);
  return done('activate', { unit: idOf(view, w[1]), first, second });
}

function move(w, view) {
  const usage = 'usage: move WAYPOINT... [face BEARING], each X,Y, N@BEARING (N inches that ' +
    'way) or toward TARGET [N], e.g. move 12,18 14,15 face N, move 6@NE, move toward R2 4 ' +
    '(pivot BEARING to turn in place)';
  let end = w.length;
  let facing = null;
  if (w.length >= 3 && w[w.length - 2].toLowerCase() === 'face') {
    facing = bearingOf(w[w.length - 1]);
    if (facing === null) return fail(`${notBearing(w[w.length - 1])}; ${usage}`);
    end -= 2;
  }
  if (end < 2) return fail(usage);
  const u = activeUnit(view);
  const start = u && u.pos ? { x: u.pos.x || 0, y: u.pos.y || 0 } : { x: 0, y: 0 };
  const typed = w.slice(1, end);
  const place = (id) => {
    const t = findUnit(view, id);
    return t ? { x: (t.pos && t.pos.x) || 0, y: (t.pos && t.pos.y) || 0 } : null;
  };
  const r = waypoints(typed, start, place);
  if (r.error) return fail(`${r.error}; ${usage}`);
  if (!u && typed.some((x) => !pointOf(x))) {
    return fail(`no unit of yours is being activated to move from; give points X,Y: ${usage}`);
  }
  const pts = r.points;
  if (facing === null) {
    // Along the last leg, from the point before it (the unit's place for a one-leg move).
    if (pts.length < 2 && !u) {
      return fail(`no unit of yours is being activated to move from; give the facing: ${usage}`);
    }
    const to = pts[pts.length - 1];
    const from = pts.length >= 2 ? pts[pts.length - 2] : start;
    facing = from.x === to.x && from.y === to.y && u ? u.facing || 0 : bearingTo(from, to);
  }
  return done('move', { waypoints: pts, facing });
}

function shoot(w, view) {
  const usage = 'usage: shoot TARGET [via OBSERVER], e.g. shoot W2; a train: shoot CAR=TARGET ' +
    '..., e.g. shoot W-T1=R1 W-T3=R2';
  if (w.length < 2) return fail(usage);
  if (w[1].includes('=')) {
    const cars = [];
    for (const x of w.slice(1)) {
      const eq = x.indexOf('=');
      if (eq <= 0 || eq + 1 === x.length) return fail(`"${x}" is not CAR=TARGET; ${usage}`);
      cars.push({ car: idOf(view, x.slice(0, eq)), target: idOf(view, x.slice(eq + 1)) });
    }
    return done('shoot', { cars });
  }
  const via = w.length === 4 && w[2].toLowerCase() === 'via';
  if (w.length !== 2 && !via) return fail(usage);
  const body = { target: idOf(view, w[1]) };
  if (via) body.observer = idOf(view, w[3]);
  return done('shoot', body);
}

const BARE = { confirm: 'confirmDeployment', skip: 'skipAction', carry: 'carryOut',
  end: 'endTurn', concede: 'concede' };

// A typed line -> { command } or { error }.
export function parse(text, ctx = {}) {
  const view = (ctx && ctx.view) || null;
  const w = String(text || '').trim().split(/\s+/).filter(Boolean);
  if (!w.length) return fail('type a command; help lists them');
  const verb = w[0].toLowerCase();
  if (BARE[verb]) {
    if (w.length !== 1) return fail(`usage: ${verb} (no arguments)`);
    return done(BARE[verb], {});
  }
  if (verb === 'deploy') return deploy(w, view);
  if (verb === 'activate') return activate(w, view);
  if (verb === 'move') return move(w, view);
  if (verb === 'pivot') {
    const usage = 'usage: pivot BEARING, e.g. pivot 90 or pivot E';
    if (w.length !== 2) return fail(usage);
    const b = bearingOf(w[1]);
    return b === null ? fail(`${notBearing(w[1])}; ${usage}`) : done('move', { facing: b });
  }
  if (verb === 'rail') {
    const usage = 'usage: rail AT (inches along the line from its start to the first car), ' +
      'e.g. rail 30';
    if (w.length !== 2) return fail(usage);
    const at = numberOf(w[1]);
    if (at === null) return fail(`"${w[1]}" is not a number of inches; ${usage}`);
    const u = activeUnit(view);
    return done('move', { facing: (u && u.facing) || 0, railAt: at });
  }
  if (verb === 'shoot') return shoot(w, view);
  if (verb === 'assault') {
    if (w.length !== 2) return fail('usage: assault TARGET, e.g. assault W2');
    return done('assault', { target: idOf(view, w[1]) });
  }
  return unknown(w[0]);
}
