// Sharpe's Mess: the referee's lines (seat "referee", S12) in the terminal client's syntax
// (docs/client.md; client-cli/src/render/sharpe_referee.cpp): event cards, the bad-card deck,
// briefings and rulings. Every ruling states its reason; a line without one is refused here.
// Also the builders the referee's panel (sharpe_panels.js) sends through.

import {
  cmd, done, figureId, groupId, seatOf, effectOf, defaultCardName, weaponKind,
} from 'grognard/rulesets/sharpe_common.js';
import { fail, numberOf, pointOf } from 'grognard/rulesets/common.js';


// An event card: { kind: 'EVENT_CARD', event: { name, effect, amount } }, or draw-bad.
export function eventCard(effect, amount, name) {
  const event = { effect, name: name || defaultCardName(effect, amount) };
  if (effect === 'GAIN_FUNCTIONS') event.amount = amount;
  return { kind: 'EVENT_CARD', event };
}

// The Ruling command: { ruling: { kind, figure, to, added, group, result, reason } }.
export function ruling(fields) {
  const r = {};
  for (const [k, val] of Object.entries(fields)) if (val !== undefined && val !== null && val !== '') r[k] = val;
  return cmd({ ruling: r });
}

function parseCard(w) {
  const usage = 'usage: card lose-half|gain N|trip|misfire|reinforcements|decides [NAME...] or card draw-bad';
  if (w.length < 2) return fail(usage);
  if (w[1].toLowerCase() === 'draw-bad') {
    if (w.length !== 2) return fail('usage: card draw-bad');
    return done({ addEventCard: { card: { kind: 'DRAW_BAD_CARD' } } });
  }
  const effect = effectOf(w[1]);
  if (!effect) return fail(`"${w[1]}" is no card effect; ${usage}`);
  let from = 2;
  let amount = 0;
  if (effect === 'GAIN_FUNCTIONS') {
    const n = numberOf(w[2]);
    if (n === null || n < 1 || n > 20 || n !== Math.floor(n)) return fail('card gain needs the functions gained (1-20), e.g. card gain 2 Second wind');
    amount = n;
    from = 3;
  }
  return done({ addEventCard: { card: eventCard(effect, amount, w.slice(from).join(' ')) } });
}

function parseBadDeck(w) {
  if (w.length < 2) return fail('usage: baddeck EFFECT[:N] ..., e.g. baddeck lose-half trip gain:2');
  const cards = [];
  for (const word of w.slice(1)) {
    const colon = word.indexOf(':');
    const effect = effectOf(colon < 0 ? word : word.slice(0, colon));
    if (!effect) return fail(`"${word}" is no card effect (lose-half, gain:N, trip, misfire, reinforcements, decides)`);
    let amount = 0;
    if (effect === 'GAIN_FUNCTIONS') {
      const n = colon < 0 ? null : numberOf(word.slice(colon + 1));
      if (n === null || n < 1 || n > 20 || n !== Math.floor(n)) return fail(`"${word}": a gain card needs its functions, e.g. gain:2`);
      amount = n;
    } else if (colon >= 0) {
      return fail(`"${word}": only a gain card takes a number`);
    }
    cards.push(eventCard(effect, amount).event);
  }
  return done({ buildBadDeck: { cards } });
}

// The seat id for what was typed: an id, a label or the name after "player:".
function seatIdOf(v, typed) {
  const s = seatOf(v, typed);
  if (s) return s.id;
  return typed.includes(':') ? typed : `player:${typed.toLowerCase()}`;
}

function parseBrief(w, v) {
  const verb = w[0].toLowerCase();
  if (w.length < 3) return fail(`usage: ${verb} SEAT TEXT..., e.g. ${verb} british The bridge is mined`);
  const setBriefing = { seat: seatIdOf(v, w[1]), text: w.slice(2).join(' ') };
  if (verb === 'rebrief') setBriefing.replace = true;
  return done({ setBriefing });
}

// rule add GROUP ID [NAME...] X,Y [WEAPON|officer|elite|mounted...] REASON...
function parseAdd(w, v) {
  const usage = 'usage: rule add GROUP ID [NAME...] X,Y [WEAPON|officer|elite|mounted...] REASON..., e.g. rule add lawford redcoat4 Private Hale 12,47 musket bayonet late from the baggage';
  let at = 4;
  while (at < w.length && !pointOf(w[at])) at += 1;
  if (w.length < 5 || at >= w.length) return fail(usage);
  const added = { id: w[3], name: at > 4 ? w.slice(4, at).join(' ') : w[3], pos: pointOf(w[at]), weapons: [], qualities: {} };
  let i = at + 1;
  for (; i < w.length; i += 1) {
    const word = w[i].toLowerCase();
    const kind = weaponKind(word);
    if (kind) added.weapons.push({ kind });
    else if (word === 'officer') added.qualities.officer = true;
    else if (word === 'elite' || word === 'nco') added.qualities.elite = true;
    else if (word === 'mounted') added.qualities.mounted = true;
    else break;
  }
  if (!Object.keys(added.qualities).length) delete added.qualities;
  const reason = w.slice(i).join(' ');
  if (!reason) return fail(`a ruling states its reason; ${usage}`);
  return { command: ruling({ kind: 'RULING_ADD', group: groupId(v, w[2]), added, reason }) };
}

function parseRule(w, v) {
  const usage = 'usage: rule move FIG X,Y REASON... | rule wound|heal|remove FIG REASON... | rule add …';
  if (w.length < 2) return fail(usage);
  const kind = w[1].toLowerCase();
  if (kind === 'add') return parseAdd(w, v);
  const kinds = { move: 'RULING_MOVE', wound: 'RULING_WOUND', heal: 'RULING_HEAL', remove: 'RULING_REMOVE' };
  if (!kinds[kind]) return fail(`"${w[1]}" is no ruling; ${usage}`);
  let from = 3;
  let to = null;
  if (kind === 'move') {
    to = pointOf(w[3]);
    if (!to) return fail('usage: rule move FIG X,Y REASON..., e.g. rule move hagman 8,40 he slipped');
    from = 4;
  }
  if (w.length < 3) return fail(`rule ${kind} names a figure; ${usage}`);
  const reason = w.slice(from).join(' ');
  if (!reason) return fail(`a ruling states its reason, e.g. rule ${kind} ${w[2]}${kind === 'move' ? ` ${w[3]}` : ''} a roof tile falls`);
  return { command: ruling({ kind: kinds[kind], figure: figureId(v, w[2]), to, reason }) };
}

function parseGame(verb, w) {
  if (verb === 'endgame') {
    const sep = w.indexOf('--');
    const result = sep >= 0 ? w.slice(1, sep).join(' ') : (w[1] || '');
    const reason = w.slice(sep >= 0 ? sep + 1 : 2).join(' ');
    if (!result || !reason) return fail('usage: endgame RESULT [--] REASON... needs a result and a reason, e.g. endgame British win -- the gun is taken');
    return { command: ruling({ kind: 'RULING_END_GAME', result, reason }) };
  }
  const reason = w.slice(1).join(' ');
  if (!reason) return fail(`usage: ${verb} REASON... (a ruling states its reason)`);
  return { command: ruling({ kind: verb === 'pause' ? 'RULING_PAUSE' : 'RULING_RESUME', reason }) };
}

// The referee's lines; null when the verb is none of them.
export function parseReferee(w, v) {
  const verb = w[0].toLowerCase();
  if (verb === 'card') return parseCard(w);
  if (verb === 'baddeck') return parseBadDeck(w);
  if (verb === 'brief' || verb === 'rebrief') return parseBrief(w, v);
  if (verb === 'rule') return parseRule(w, v);
  if (verb === 'pause' || verb === 'resume' || verb === 'endgame') return parseGame(verb, w);
  return null;
}

export const refereeHelp = [
  'card EFFECT [N] [NAME...]          (referee) an event card for the next shuffle: lose-half, gain N, trip, misfire, reinforcements, decides  e.g. card gain 2 Second wind',
  'card draw-bad                      (referee) a "draw a Bad Card" card for the next shuffle',
  'baddeck EFFECT[:N]...              (referee) build and shuffle the bad-card deck  e.g. baddeck lose-half trip gain:2',
  'brief SEAT TEXT...                 (referee) add to one player\'s secret briefing (seat id or name)  e.g. brief french Hold the church',
  'rebrief SEAT TEXT...               (referee) replace one player\'s secret briefing',
  'rule move FIG X,Y REASON...        (referee) put a figure elsewhere  e.g. rule move hagman 8,40 he slipped',
  'rule wound|heal|remove FIG REASON... (referee) wound, heal or remove a figure  e.g. rule wound perkins a falling tile',
  'rule add GROUP ID [NAME...] X,Y [WEAPON|officer|elite|mounted...] REASON...  (referee) a new figure  e.g. rule add lawford redcoat4 Private Hale 12,47 musket bayonet from the baggage',
  'pause REASON... / resume REASON... (referee) stop and restart play',
  'endgame RESULT [--] REASON...      (referee) end the game (several words of result before --)  e.g. endgame British win -- the gun is taken',
];
