// The RCW quick rules in the browser (Russian Civil War in inches: two declared actions per
// unit, pins, concealment, an armoured train): the rule-set module the play screen, the replay
// and the battle report use (docs/web.md). The map is rcw_map.js and rcw_units.js, the events
// in words rcw_events.js, orders by clicking rcw_orders.js, the command line rcw_parse.js.

import { drawMap, pointAt } from 'grognard/rulesets/rcw_map.js';
import { describeEvent } from 'grognard/rulesets/rcw_events.js';
import { actors, orders, withPoint } from 'grognard/rulesets/rcw_orders.js';
import { parse, help } from 'grognard/rulesets/rcw_parse.js';
import { sideName, unitName, actionWord } from 'grognard/rulesets/rcw_words.js';

// The situation in one line: scenario, turn of the limit, who acts or the deployment, the open
// activation, points, the result once over.
function status(view) {
  const v = view || {};
  const parts = [];
  let head = v.scenarioName || 'RCW';
  if (v.turn) head += `, turn ${v.turn} of ${v.turns || '?'}`;
  parts.push(head);
  switch (v.phase) {
    case 'NOT_STARTED': parts.push('waiting for both generals'); break;
    case 'DEPLOY': {
      const c = v.confirmed || [];
      parts.push(`deployment: ${sideName(v, 0)} ${c[0] ? 'confirmed' : 'placing'}, ` +
        `${sideName(v, 1)} ${c[1] ? 'confirmed' : 'placing'}`);
      break;
    }
    case 'PLAY': parts.push(`${sideName(v, v.side || 0)} to act`); break;
    default: break;
  }
  const a = v.active;
  if (a && a.unit && !v.over) {
    const next = a.next || 0;
    parts.push(`active: ${unitName(v, a.unit)}, ${actionWord(a.first)}` +
      `${next > 0 ? ' (done)' : ' (next)'} then ${actionWord(a.second)}` +
      `${next > 1 ? ' (done)' : next === 1 ? ' (next)' : ''}` +
      (a.commandFailed ? ', the command throw failed' : '') +
      (a.rallyFailed ? ', the rally failed' : ''));
  }
  const p = v.points || [];
  parts.push(`points for enemy units destroyed: ${sideName(v, 0)} ${p[0] || 0}, ` +
    `${sideName(v, 1)} ${p[1] || 0}`);
  if (v.over) {
    parts.push(`game over: ${v.result || (v.winner !== undefined ? `${sideName(v, v.winner)} win`
      : 'a draw')}${v.endReason ? ` (${v.endReason})` : ''}`);
  }
  if (v.viewerSide !== undefined) parts.push(`you: ${sideName(v, v.viewerSide)}`);
  return parts.join(' \u00b7 ');
}

// Each side's units still in the fight (a train counts each car left), as the viewer sees them:
// for the report's losses.
function strength(view) {
  const v = view || {};
  const count = [0, 0];
  for (const u of v.units || []) {
    const s = u.side === 1 ? 1 : 0;
    if (u.type === 'TRAIN') count[s] += (u.cars || []).filter((c) => !c.destroyed).length;
    else if (!u.destroyed) count[s] += 1;
  }
  return [0, 1].map((s) => ({ side: sideName(v, s), value: count[s], unit: 'units' }));
}

export const ruleset = {
  name: 'rcw',
  title: 'RCW quick rules',
  drawMap,
  pointAt,
  describeEvent,
  actors,
  orders,
  withPoint,
  parse,
  help,
  status,
  strength,
  panels: null,
};
