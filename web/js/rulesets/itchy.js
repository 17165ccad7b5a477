// Itchy & Scratchy (Mark 2) in the browser: the rule-set module the play screen, the replay and
// the battle report use (docs/web.md). The map is in itchy_map.js and itchy_counters.js, events
// in words in itchy_words.js, orders from get_legal in itchy_orders.js, the command line in
// itchy_parse.js; the rules themselves are the server's (docs/rules/itchy.md).

import { drawMap, pointAt } from 'grognard/rulesets/itchy_map.js';
import { describeEvent } from 'grognard/rulesets/itchy_words.js';
import { actors, orders, withPoint } from 'grognard/rulesets/itchy_orders.js';
import { help, parse } from 'grognard/rulesets/itchy_parse.js';
import { sideName, unitsOf } from 'grognard/rulesets/itchy_common.js';

// The losses of each side against its Exhaustion Point (I14), e.g. "British lost 3 of 7".
function losses(view) {
  return (view.sides || []).map((s, i) => {
    const tired = s.exhausted ? ', exhausted' : '';
    return `${sideName(view, i)} lost ${s.losses || 0} SP of ${s.exhaustionPoint || 0}${tired}`;
  }).join('; ');
}

function score(view) {
  const sc = view.score || [];
  if (sc.length !== 2) return '';
  return `score ${sideName(view, 0)} ${sc[0] || 0}, ${sideName(view, 1)} ${sc[1] || 0}`;
}

// The situation in one line: turn N of M, phase, who acts, losses and score.
function status(view) {
  if (!view) return '';
  const turn = `Turn ${view.turn || 0} of ${view.turnLimit || 0}`;
  const parts = [];
  switch (view.phase) {
    case 'PHASE_CHOOSE_ORDER':
      parts.push(`${turn}: initiative won by ${sideName(view, view.initiativeWinner)}, who choose the order`);
      break;
    case 'PHASE_ACTIVATION':
      parts.push(`${turn}: ${sideName(view, view.actingSide)} to act`
        + (view.activeUnit ? ` (active unit ${view.activeUnit})` : ''));
      break;
    case 'PHASE_OVER':
      parts.push(`Game over after turn ${view.turn || 0}: ${view.draw ? 'a draw' : `${sideName(view, view.winner)} win`}`
        + (view.endReason ? ` (${view.endReason})` : ''));
      break;
    default:
      if (view.over) {
        parts.push(`Game over: ${view.draw ? 'a draw' : `${sideName(view, view.winner)} win`}`);
      } else {
        parts.push('Before the first turn: waiting for both generals');
      }
  }
  const l = losses(view);
  if (l) parts.push(l);
  const s = score(view);
  if (s) parts.push(s);
  return parts.join(' — ');
}

// The Strength Points each side has on the map (Generals included).
function strength(view) {
  if (!view) return [];
  return (view.sides || []).map((s, i) => ({
    side: sideName(view, i),
    value: unitsOf(view).filter((u) => (u.side || 0) === i && !u.removed)
      .reduce((sum, u) => sum + (u.sp || 0), 0),
    unit: 'SP',
  }));
}

export const ruleset = {
  name: 'itchy',
  title: 'Itchy & Scratchy (Mark 2)',
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
