// Sharpe's Mess in the browser: the rule-set module the play screen, the replay and the battle
// report use (docs/web.md). The table is drawn by sharpe_map.js and sharpe_figures.js, events
// are put in words by sharpe_words.js and sharpe_combat.js, orders come from get_legal in
// sharpe_orders.js, the command line is sharpe_parse.js (the referee's lines
// sharpe_referee.js), and the referee's tools and the players' briefings are sharpe_panels.js
// and sharpe_rulings.js. The rules themselves are the server's (docs/rules/sharpe.md).

import { drawMap, pointAt } from 'grognard/rulesets/sharpe_map.js';
import { describeEvent } from 'grognard/rulesets/sharpe_words.js';
import { actors, orders, withPoint } from 'grognard/rulesets/sharpe_orders.js';
import { parse, help } from 'grognard/rulesets/sharpe_parse.js';
import { panels } from 'grognard/rulesets/sharpe_panels.js';
import {
  groupText, nameOf, cardText, eventCardText, figuresStanding,
} from 'grognard/rulesets/sharpe_common.js';

function phaseText(v) {
  switch (v.phase) {
    case 'NOT_STARTED': return 'waiting for every seat to be taken';
    case 'THROW': {
      const g = (v.groups || []).find((x) => x.id === v.activeGroup);
      if (g && !g.hero) return `${g.id}'s hero is dead: his player names a new hero`;
      return "the drawn hero's player throws the functions";
    }
    case 'ACTIVATION': return 'activation';
    case 'OVER': return 'game over';
    default: return 'before the first shuffle';
  }
}

// The situation in one line: turn and phase, pause, the card just drawn, the active group and
// the figure acting, the decks, the result.
function status(view) {
  if (!view) return '';
  const v = view;
  if (v.over) return `${v.scenarioName || "Sharpe's Mess"}: game over after turn ${v.turn || 0}: ${v.result || 'no result'}${v.endReason ? ` (${v.endReason})` : ''}`;
  const parts = [`Turn ${v.turn || 0}: ${phaseText(v)}`];
  if (v.paused) parts.push(`PAUSED${v.pauseReason ? `: ${v.pauseReason}` : ''}`);
  const drawn = v.drawn || [];
  if (drawn.length) parts.push(`card ${cardText(v, drawn[drawn.length - 1])}`);
  if (v.activeGroup) parts.push(`active ${groupText(v, v.activeGroup)}${v.acting ? `, acting ${nameOf(v, v.acting)}` : ''}`);
  if (v.pending) parts.push(`for the next hero: ${eventCardText(v.pending)}`);
  if (v.drawBad) parts.push('the next hero draws a Bad Card first');
  parts.push(`hero deck ${v.deckRemaining || 0} left`);
  return parts.join(' — ');
}

// Figures standing (not killed, not lost) for each player seat.
function strength(view) {
  if (!view) return [];
  return (view.seats || []).filter((s) => s.id !== 'referee').map((s) => ({
    side: s.name || s.id,
    value: figuresStanding(view, s.id),
    unit: 'figures',
  }));
}

export const ruleset = {
  name: 'sharpe',
  title: "Sharpe's Mess",
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
  panels,
};
