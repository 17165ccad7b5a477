// The battle report of one ended game: `renderReport(data, root)` draws it into `root` from the
// data the server embeds in the page (GET /games/ID/report; docs/web.md, "Battle reports"):
//   { game: GameSummary JSON, title: scenario title, events: [GameEvent JSON, all revealed],
//     turns: [{ turn, seq, view }] (turn 0: before the battle; each next: the view after the
//     turn's last event; the last: the view at the game's end) }.
// It needs no server: the page may be a saved file. Parts: the heading (here), losses and turns
// (report_turns.js), dice statistics (report_dice.js), the seed and how to check it
// (report_seed.js).

import { html, clear } from 'grognard/svg.js';
import { diceStatistics } from 'grognard/dice.js';
import { renderLosses, renderTurns, turnName } from 'grognard/report_turns.js';
import { renderDice } from 'grognard/report_dice.js';
import { renderSeed } from 'grognard/report_seed.js';
import { message, when } from 'grognard/report_util.js';

// Draws the report. Never throws: what cannot be drawn is said in the page. Resolves when the
// page is complete (then `root.dataset.ready` is 'true').
export async function renderReport(data, root) {
  clear(root);
  root.classList.add('report');
  try {
    const ruleset = await loadRuleset(data && data.game && data.game.ruleset);
    const ctx = context(data, ruleset.module);
    if (ruleset.error) ctx.problems.push(ruleset.error);
    root.append(heading(ctx));
    root.append(contents(ctx));
    renderLosses(root, ctx);
    renderTurns(root, ctx);
    renderDice(root, ctx);
    await renderSeed(root, ctx);
    if (ctx.problems.length) root.prepend(problems(ctx.problems));
  } catch (err) {
    root.append(html('p', { class: 'problem' }, `This report could not be drawn: ${message(err)}`));
  }
  root.dataset.ready = 'true';
}

// The rule set's module (rulesets/index.js), loaded here rather than imported at the top so that
// a report whose rule set cannot be loaded still shows its words, dice and seed.
async function loadRuleset(name) {
  try {
    const { rulesets } = await import('grognard/rulesets/index.js');
    const module = rulesets[name];
    if (!module) return { module: null, error: `This page has no drawing for the rule set "${name}".` };
    return { module, error: null };
  } catch (err) {
    return { module: null, error: `The rule set's drawing could not be loaded: ${message(err)}` };
  }
}

// Everything the parts share: the data, the rule-set module, the seats by id, the dice
// statistics, the turns with their events, and the problems met on the way.
function context(data, ruleset) {
  const game = data.game || {};
  const events = (data.events || []).slice().sort((a, b) => Number(a.seq) - Number(b.seq));
  const seats = new Map((game.seats || []).map((s) => [s.seatId, s]));
  const stats = diceStatistics(events);
  return {
    data, game, ruleset, seats, events, stats,
    title: data.title || game.scenario || 'A game',
    turns: splitTurns(data.turns || [], events),
    problems: [...stats.problems],
  };
}

// The turns with their events: turn i holds the events after turn i-1's seq up to its own seq.
// Events before the first entry go with it; events after the last, with the last. Turns run
// forward: an entry for a turn not after the one before it replaces that one (see below).
function splitTurns(turns, events) {
  const sorted = turns.slice().sort((a, b) => Number(a.seq || 0) - Number(b.seq || 0));
  const out = [];
  for (const t of sorted) {
    const entry = { turn: Number(t.turn || 0), seq: Number(t.seq || 0), view: t.view || null, events: [] };
    // A view of a turn already seen (the same turn again, or an earlier one after a take-back
    // went back over a turn's end): the later view is that turn's end, and the entries it
    // follows that are not before it were undone.
    while (out.length && out[out.length - 1].turn >= entry.turn) out.pop();
    out.push(entry);
  }
  if (!out.length) out.push({ turn: 1, seq: Infinity, view: null, events: [] });
  for (const e of events) {
    const seq = Number(e.seq || 0);
    const t = out.find((x) => seq <= x.seq) || out[out.length - 1];
    t.events.push(e);
  }
  return out;
}

function heading(ctx) {
  const { game } = ctx;
  const rulesetTitle = ctx.ruleset && ctx.ruleset.title ? ctx.ruleset.title : game.ruleset;
  const rows = [
    ['Rule set', rulesetTitle + (game.rulesetVersion ? `, version ${game.rulesetVersion}` : '')],
    ['Scenario', game.scenario],
    ['Game', game.gameId],
    ['Played', [when(game.createdMs), game.endedMs ? `to ${when(game.endedMs)}` : ''].filter(Boolean).join(' ')],
    ['Result', game.result || game.status],
  ];
  if (game.forkedFrom && game.forkedFrom.gameId) {
    rows.push(['Forked from', `game ${game.forkedFrom.gameId}, after event ${game.forkedFrom.seq || 0}`]);
  }
  if (game.importedMs) rows.push(['Imported', when(game.importedMs)]);
  const dl = html('dl', { class: 'facts' });
  for (const [k, v] of rows) if (v) dl.append(html('dt', {}, k), html('dd', {}, String(v)));
  const seats = html('ul', { class: 'seats' }, (game.seats || []).map((s) => html('li', {},
    html('span', { class: 'seat-label' }, s.label || s.seatId),
    s.role ? html('span', { class: 'seat-role' }, ` (${s.role})`) : null,
    ': ', s.playerName ? s.playerName : html('em', {}, 'nobody'))));
  return html('header', { class: 'report-head' },
    html('p', { class: 'kicker' }, 'Battle report'),
    html('h1', {}, ctx.title),
    dl,
    html('h2', { class: 'seats-title' }, 'Seats and players'), seats);
}

// Links to the parts of the report (on screen only).
function contents(ctx) {
  const items = [['losses', 'Losses']];
  for (const t of ctx.turns) items.push([`turn-${t.turn}`, turnName(t.turn)]);
  items.push(['dice', 'Dice'], ['seed', 'The seed and how to check it']);
  return html('nav', { class: 'contents', 'aria-label': 'Contents' },
    html('ol', {}, items.map(([id, label]) => html('li', {}, html('a', { href: `#${id}` }, label)))));
}

function problems(list) {
  return html('div', { class: 'problems', role: 'note' }, list.map((p) => html('p', { class: 'problem' }, p)));
}
