// Sharpe's Mess: the referee's forms in his panel (sharpe_panels.js builds the panel around
// them): a ruling (move, wound, heal, remove, add a figure, pause, resume, end the game, each
// with its reason, S12), an event card or a "draw a Bad Card" for the next shuffle (S23), the
// bad-card deck, and a player's secret briefing (added to, or replacing, what he has). Each
// form sends one Command of sharpe.proto through ctx.send; the server's refusal shows as the
// page shows every error, a form's own complaint (no reason given) beside the form.

import { html } from 'grognard/svg.js';
import { cmd, EFFECTS, weaponKind } from 'grognard/rulesets/sharpe_common.js';
import { pointOf } from 'grognard/rulesets/common.js';
import { eventCard, ruling } from 'grognard/rulesets/sharpe_referee.js';

// One labelled field on its own line (a div is a block without any style sheet).
const field = (label, input) => html('div', { class: 'field' }, html('label', {}, `${label} `, input));

// X,Y in inches -> { x, y }, or null: the command line's words, spaces in the field allowed.
const pointIn = (text) => pointOf(String(text || '').replace(/\s+/g, ''));

const KINDS = [
  ['RULING_MOVE', 'Move a figure'], ['RULING_WOUND', 'Wound a figure'], ['RULING_HEAL', 'Heal a figure'],
  ['RULING_REMOVE', 'Remove a figure'], ['RULING_ADD', 'Add a figure'], ['RULING_PAUSE', 'Pause play'],
  ['RULING_RESUME', 'Resume play'], ['RULING_END_GAME', 'End the game'],
];

// Sends `command`; on success clears `inputs`. `note` says what the form itself refuses.
async function sendFrom(getCtx, note, command, inputs) {
  note.textContent = '';
  const ok = await getCtx().send(command);
  if (ok) for (const i of inputs) i.value = '';
  return ok;
}

function rulingForm(p, getCtx) {
  const kind = html('select', { name: 'kind' }, ...KINDS.map(([v, l]) => html('option', { value: v }, l)));
  p.figure = html('select', { name: 'figure' });
  p.group = html('select', { name: 'group' });
  const to = html('input', { type: 'text', name: 'to', placeholder: 'X,Y', size: 8, inputmode: 'decimal' });
  const id = html('input', { type: 'text', name: 'id', placeholder: 'redcoat4', size: 10 });
  const name = html('input', { type: 'text', name: 'name', placeholder: 'Private Hale', size: 14 });
  const weapons = html('input', { type: 'text', name: 'weapons', placeholder: 'musket bayonet', size: 14 });
  const quals = ['officer', 'elite', 'mounted'].map((q) => [q, html('input', { type: 'checkbox', name: q })]);
  const result = html('input', { type: 'text', name: 'result', placeholder: 'British win', size: 14 });
  const reason = html('input', { type: 'text', name: 'reason', placeholder: 'a roof tile falls', size: 20, required: true });
  const note = html('p', { class: 'form-note', 'aria-live': 'polite' });
  const rows = {
    figure: field('Figure', p.figure), to: field('To (X,Y inches)', to), group: field('Group', p.group),
    id: field('Id', id), name: field('Name', name), weapons: field('Weapons', weapons),
    quals: html('div', { class: 'field' }, ...quals.map(([q, box]) => html('label', {}, box, ` ${q} `))),
    result: field('Result', result),
  };
  const show = {
    RULING_MOVE: ['figure', 'to'], RULING_WOUND: ['figure'], RULING_HEAL: ['figure'], RULING_REMOVE: ['figure'],
    RULING_ADD: ['group', 'id', 'name', 'to', 'weapons', 'quals'], RULING_PAUSE: [], RULING_RESUME: [], RULING_END_GAME: ['result'],
  };
  p.sync = () => {
    for (const [k, row] of Object.entries(rows)) row.hidden = !show[kind.value].includes(k);
  };
  kind.addEventListener('change', p.sync);
  const form = html('form', { class: 'ruling-form', 'aria-label': 'A ruling' },
    field('Ruling', kind), ...Object.values(rows), field('Reason', reason),
    html('button', { type: 'submit', class: 'send' }, 'Rule'), note);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const k = kind.value;
    if (!reason.value.trim()) { note.textContent = 'A ruling states its reason.'; return; }
    const f = { kind: k, reason: reason.value.trim() };
    const need = show[k];
    if (need.includes('figure')) f.figure = p.figure.value;
    if (need.includes('to')) {
      const at = pointIn(to.value);
      if (!at) { note.textContent = 'Give the point as X,Y in inches, e.g. 12,40.'; return; }
      if (k === 'RULING_MOVE') f.to = at;
      else {
        const added = { id: id.value.trim(), name: name.value.trim() || id.value.trim(), pos: at, weapons: [], qualities: {} };
        if (!added.id) { note.textContent = 'The new figure needs an id.'; return; }
        for (const w of weapons.value.split(/[\s,]+/).filter(Boolean)) {
          const wk = weaponKind(w);
          if (!wk) { note.textContent = `"${w}" is no weapon (musket, rifle, pistol, knife, sword, bayonet).`; return; }
          added.weapons.push({ kind: wk });
        }
        for (const [q, box] of quals) if (box.checked) added.qualities[q] = true;
        f.added = added;
        f.group = p.group.value;
      }
    }
    if (need.includes('result')) {
      if (!result.value.trim()) { note.textContent = 'Say the result, e.g. British win, or draw.'; return; }
      f.result = result.value.trim();
    }
    sendFrom(getCtx, note, ruling(f), [reason, to, id, name, weapons, result]);
  });
  return form;
}

const CARD_LABELS = {
  LOSE_HALF: 'lose half the functions', GAIN_FUNCTIONS: 'gain functions', TRIP: 'trip (lies prone)',
  MISFIRE: 'misfire (a firearm out of action)', REINFORCEMENTS: 'reinforcements (pauses play)',
  REFEREE_DECIDES: 'the referee decides (pauses play)',
};

function cardForm(getCtx) {
  const effect = html('select', { name: 'effect' },
    ...Object.keys(EFFECTS).map((v) => html('option', { value: v }, CARD_LABELS[v])),
    html('option', { value: 'DRAW_BAD_CARD' }, 'draw a Bad Card'));
  const amount = html('input', { type: 'number', name: 'amount', min: 1, max: 20, value: 2, size: 3 });
  const name = html('input', { type: 'text', name: 'card-name', placeholder: 'Second wind', size: 14 });
  const note = html('p', { class: 'form-note', 'aria-live': 'polite' });
  const amountRow = field('Functions gained', amount);
  const sync = () => { amountRow.hidden = effect.value !== 'GAIN_FUNCTIONS'; };
  effect.addEventListener('change', sync);
  sync();
  const form = html('form', { class: 'card-form', 'aria-label': 'An event card' },
    field('Card', effect), amountRow, field('Name', name),
    html('button', { type: 'submit', class: 'send' }, 'Add to the deck'), note);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (effect.value === 'DRAW_BAD_CARD') {
      sendFrom(getCtx, note, cmd({ addEventCard: { card: { kind: 'DRAW_BAD_CARD' } } }), [name]);
      return;
    }
    const n = Number(amount.value);
    if (effect.value === 'GAIN_FUNCTIONS' && !(n >= 1 && n <= 20 && Number.isInteger(n))) {
      note.textContent = 'A gain card gains 1 to 20 functions.';
      return;
    }
    sendFrom(getCtx, note, cmd({ addEventCard: { card: eventCard(effect.value, n, name.value.trim()) } }), [name]);
  });
  return form;
}

function badDeckForm(getCtx) {
  const cards = html('input', { type: 'text', name: 'bad-deck', placeholder: 'lose-half trip gain:2', size: 22 });
  const note = html('p', { class: 'form-note', 'aria-live': 'polite' });
  const form = html('form', { class: 'bad-deck-form', 'aria-label': 'The bad-card deck' },
    field('Bad cards', cards), html('button', { type: 'submit', class: 'send' }, 'Build and shuffle'), note);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const list = [];
    for (const word of cards.value.trim().split(/\s+/).filter(Boolean)) {
      const [w, n] = word.split(':');
      const effect = Object.keys(EFFECTS).find((k) => EFFECTS[k] === w.toLowerCase());
      if (!effect) { note.textContent = `"${word}" is no card effect (lose-half, gain:N, trip, misfire, reinforcements, decides).`; return; }
      const amount = Number(n || 0);
      if (effect === 'GAIN_FUNCTIONS' && !(amount >= 1 && amount <= 20)) { note.textContent = `"${word}": a gain card needs its functions, e.g. gain:2.`; return; }
      list.push(eventCard(effect, amount).event);
    }
    if (!list.length) { note.textContent = 'Name the cards, e.g. lose-half trip gain:2.'; return; }
    sendFrom(getCtx, note, cmd({ buildBadDeck: { cards: list } }), [cards]);
  });
  return form;
}

function briefingForm(p, getCtx) {
  p.seatSel = html('select', { name: 'seat' });
  const text = html('textarea', { name: 'briefing', rows: 3, cols: 30, placeholder: 'The bridge is mined.' });
  const replace = html('input', { type: 'checkbox', name: 'replace' });
  const note = html('p', { class: 'form-note', 'aria-live': 'polite' });
  const form = html('form', { class: 'briefing-form', 'aria-label': 'A secret briefing' },
    field('To', p.seatSel), field('Text', text), html('div', { class: 'field' }, html('label', {}, replace, ' replace the briefing (else added after it)')),
    html('button', { type: 'submit', class: 'send' }, 'Hand the briefing'), note);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!text.value.trim()) { note.textContent = 'Write the briefing first.'; return; }
    const setBriefing = { seat: p.seatSel.value, text: text.value.trim() };
    if (replace.checked) setBriefing.replace = true;
    sendFrom(getCtx, note, cmd({ setBriefing }), [text]);
  });
  return form;
}

// Builds the referee's forms into `p.box`; sets p.figure, p.group, p.seatSel and p.sync.
export function refereeForms(p, getCtx) {
  p.box.append(
    html('h3', {}, 'Rulings'), rulingForm(p, getCtx),
    html('h3', {}, 'Event cards (for the next shuffle)'), cardForm(getCtx),
    html('h3', {}, 'Bad-card deck'), badDeckForm(getCtx),
    html('h3', {}, 'Secret briefing'), briefingForm(p, getCtx),
  );
}
