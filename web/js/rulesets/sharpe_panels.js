// Sharpe's Mess panels beside the map (#panels). The referee's tools: his desk (play paused
// and why, the card waiting for the next hero, his cards waiting for the next shuffle, a Bad
// Card to come), rulings (move, wound, heal, remove, add a figure, pause, resume, end the
// game; always with a reason), event cards and the bad-card deck, and the players' secret
// briefings. A player: his briefing and his groups' standing scatter orders (S25). The forms
// are built once per root and only their lists and texts are refreshed when the view changes,
// so what the referee is typing survives the events that arrive meanwhile.

import { html, clear } from 'grognard/svg.js';
import {
  cmd, cardText, eventCardText, onTable, groupText, seatName,
} from 'grognard/rulesets/sharpe_common.js';
import { refereeForms } from 'grognard/rulesets/sharpe_rulings.js';

const built = new WeakMap();

// Replaces the options of `select`, keeping the chosen value when it is still offered.
function setOptions(select, list) {
  const keep = select.value;
  clear(select);
  for (const [value, label] of list) select.append(html('option', { value }, label));
  if (list.some(([value]) => value === keep)) select.value = keep;
}

function desk(view) {
  const lines = [];
  if (view.paused) lines.push(`Play is paused: ${view.pauseReason || 'no reason given'} (resume goes on).`);
  if (view.pending) lines.push(`The card drawn waits for the next hero: ${eventCardText(view.pending)}.`);
  if (view.cardsWaiting) {
    const faces = (view.waiting || []).map((c) => cardText(view, c)).join('; ');
    lines.push(`${view.cardsWaiting} of your cards wait${view.cardsWaiting === 1 ? 's' : ''} for the next shuffle${faces ? `: ${faces}` : ''}.`);
  }
  if (view.drawBad) lines.push(`A Bad Card is to be drawn (${view.badDeckRemaining || 0} in the bad-card deck).`);
  lines.push(`Hero deck: ${view.deckRemaining || 0} cards left; bad deck: ${view.badDeckRemaining || 0}.`);
  return lines;
}

function briefingList(view, ownSeat) {
  const out = [];
  for (const s of view.seats || []) {
    if (!s.briefing || (ownSeat && s.id !== ownSeat)) continue;
    out.push(html('div', { class: 'briefing' },
      html('strong', {}, ownSeat ? 'Your briefing: ' : `${s.name || s.id}: `),
      ...s.briefing.split('\n\n').map((p) => html('p', {}, p))));
  }
  return out;
}

// The player's panel: his briefing and the scatter order of each of his groups.
function playerPanel(root, ctx) {
  const view = ctx.view || {};
  clear(root);
  const box = html('section', { class: 'sharpe-panel', 'aria-label': 'Your briefing and orders' });
  const b = briefingList(view, ctx.seat);
  box.append(html('h3', {}, 'Briefing'), ...(b.length ? b : [html('p', {}, 'No secret briefing.')]));
  const mine = (view.groups || []).filter((g) => g.seat === ctx.seat);
  if (mine.length && ctx.role !== 'observer') {
    box.append(html('h3', {}, 'Scatter orders (S25)'));
    for (const g of mine) {
      const now = g.scatterTowardCover ? 'toward cover' : 'directly away';
      const row = html('p', { class: 'scatter-order' }, `${groupText(view, g.id)}: scatters ${now}. `);
      for (const [cover, label] of [[true, 'Toward cover'], [false, 'Directly away']]) {
        const btn = html('button', { type: 'button', 'aria-pressed': String(cover === !!g.scatterTowardCover), dataset: { scatter: `${g.id}:${cover ? 'cover' : 'away'}` } }, label);
        btn.addEventListener('click', () => {
          const setScatter = { group: g.id };
          if (cover) setScatter.towardCover = true;
          ctx.send(cmd({ setScatter }));
        });
        row.append(btn);
      }
      box.append(row);
    }
  }
  root.append(box);
}

// The referee's panel: built once, then refreshed.
function refereePanel(root, ctx) {
  let p = built.get(root);
  if (!p || p.seat !== ctx.seat || !root.contains(p.box)) {
    clear(root);
    p = { seat: ctx.seat, ctx };
    p.box = html('section', { class: 'sharpe-panel referee', 'aria-label': "The referee's tools" });
    p.desk = html('ul', { class: 'desk' });
    p.briefings = html('div', { class: 'briefings' });
    p.box.append(html('h3', {}, "Referee's desk"), p.desk);
    refereeForms(p, () => p.ctx);
    p.box.append(html('h3', {}, 'Briefings (each seen by its player and you only)'), p.briefings);
    root.append(p.box);
    built.set(root, p);
  }
  p.ctx = ctx;
  const view = ctx.view || {};
  clear(p.desk);
  for (const l of desk(view)) p.desk.append(html('li', {}, l));
  clear(p.briefings);
  const b = briefingList(view, null);
  p.briefings.append(...(b.length ? b : [html('p', {}, 'No briefings.')]));
  const figs = (view.figures || []).filter(onTable).map((f) => [f.figure.id, `${f.figure.id} (${f.figure.name || f.figure.id})`]);
  setOptions(p.figure, figs);
  setOptions(p.group, (view.groups || []).map((g) => [g.id, groupText(view, g.id)]));
  setOptions(p.seatSel, (view.seats || []).map((s) => [s.id, s.name || seatName(view, s.id)]));
  p.sync();
}

export function panels(root, ctx) {
  if (!root || !ctx) return;
  if (ctx.role === 'referee' || ctx.seat === 'referee') refereePanel(root, ctx);
  else if (ctx.role === 'observer' || !ctx.seat) clear(root);
  else playerPanel(root, ctx);
}
