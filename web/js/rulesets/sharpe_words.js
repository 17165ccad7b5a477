// Sharpe's Mess events in words, with every die thrown, as the terminal client says them
// (client-cli/src/render/sharpe_events.cpp): cards drawn, functions thrown, moves, the
// referee's cards, briefings and rulings; fire, hand to hand and the rest are in
// sharpe_combat.js. Hidden shuffles and briefings say only that they happened.

import {
  die, rollOf, functions, point, nameOf, groupText, seatName, cardText, eventCardText,
} from 'grognard/rulesets/sharpe_common.js';
import { combatWords } from 'grognard/rulesets/sharpe_combat.js';

const plain = (text) => ({ text, dice: [], detail: '' });

function shuffled(v, e) {
  let text = `Turn ${e.turn || 0}: the deck is shuffled (${e.cards || 0} cards)`;
  const order = e.order || [];
  const rolls = e.rolls || [];
  if (!e.hidden && order.length) {
    text += `: ${order.map((c) => (c.kind === 'HERO_CARD' ? c.group : cardText(v, c))).join(', ')}`;
    if (rolls.length) text += ` [${rolls.map(die).join(', ')}]`;
  }
  return {
    text,
    dice: e.hidden ? [] : rolls.map(rollOf),
    detail: e.hidden ? 'the order of the cards is kept secret until the game ends' : '',
  };
}

function thrown(v, e) {
  const face = Number((e.roll && e.roll.face) || 0);
  const base = Number(e.base || 0);
  let text = `${groupText(v, e.group)} throws for functions: ${die(e.roll)} + base ${base} = `;
  if (!e.card) text += functions(e.functions);
  else text += `${face + base}; card ${eventCardText(e.card)}: ${functions(e.functions)}`;
  return { text, dice: [rollOf(e.roll)].filter(Boolean), detail: `d6 + base ${base}; each figure of the group has as many` };
}

function moved(v, e) {
  let text = `${nameOf(v, e.figure)}${e.crawl ? ' crawls to ' : ' moves to '}${(e.path || []).map(point).join(' -> ')}`;
  text += ` (${functions(e.functions)})`;
  if (e.contact) text += `, in base contact with ${nameOf(v, e.contact)}`;
  return plain(text);
}

function names(v, ids) {
  return (ids || []).map((id) => nameOf(v, id)).join(', ');
}

function ruled(v, e) {
  const r = e.ruling || {};
  let what;
  switch (r.kind) {
    case 'RULING_MOVE': what = `${nameOf(v, r.figure)} is moved to ${point(r.to)}`; break;
    case 'RULING_WOUND':
      what = `${nameOf(v, r.figure)} is wounded`;
      if (e.dyingRoll) what += ` again: dying, ${die(e.dyingRoll)} turns left`;
      break;
    case 'RULING_HEAL': what = `${nameOf(v, r.figure)} is healed`; break;
    case 'RULING_REMOVE': what = `${nameOf(v, r.figure)} is removed`; break;
    case 'RULING_ADD': {
      const a = r.added || {};
      what = `${a.name || a.id || 'a figure'} (${a.id || '?'}) joins ${r.group || 'a group'} at ${point(a.pos)}`;
      break;
    }
    case 'RULING_PAUSE': what = 'the game is paused'; break;
    case 'RULING_RESUME': what = 'play resumes'; break;
    case 'RULING_END_GAME': what = `the game ends: ${r.result || 'no result'}`; break;
    default: what = 'a ruling';
  }
  return {
    text: `The referee rules: ${what} (reason: ${r.reason || 'none given'})`,
    dice: [rollOf(e.dyingRoll)].filter(Boolean),
    detail: '',
  };
}

function badDeck(e) {
  let text = `The referee builds the bad-card deck (${e.cards || 0} cards`;
  const order = e.order || [];
  if (e.hidden || !order.length) return plain(`${text}, shuffled)`);
  text += `): ${order.map(eventCardText).join(', ')}`;
  const rolls = e.rolls || [];
  if (rolls.length) text += ` [${rolls.map(die).join(', ')}]`;
  return { text, dice: rolls.map(rollOf), detail: '' };
}

function briefing(v, b) {
  const who = seatName(v, b.seat);
  if (b.hidden) return plain(`The referee hands ${who} a secret briefing`);
  const t = b.text || '';
  // S12: words added to a briefing come after its last paragraph break.
  const at = t.lastIndexOf('\n\n');
  if (at >= 0) return plain(`The referee adds to ${who}'s briefing: "${t.slice(at + 2)}"`);
  return plain(`The referee hands ${who} a briefing: "${t}"`);
}

// One event (GameEvent.rules with @type) in words; `view` the view after it, or null.
export function describeEvent(rules, view) {
  const v = view || {};
  const ev = rules || {};
  const combat = combatWords(v, ev);
  if (combat) return combat;
  if (ev.deckShuffled) return shuffled(v, ev.deckShuffled);
  if (ev.cardDrawn) return plain(`Card drawn: ${cardText(v, ev.cardDrawn.card)}`);
  if (ev.badCardDrawn) return plain(`Bad card drawn: ${eventCardText(ev.badCardDrawn.card)}`);
  if (ev.functionsThrown) return thrown(v, ev.functionsThrown);
  if (ev.figureMoved) return moved(v, ev.figureMoved);
  if (ev.figuresLost) return plain(`Lost (beyond 10" and out of the hero's sight): ${names(v, ev.figuresLost.figures)}`);
  if (ev.heroNamed) return plain(`${nameOf(v, ev.heroNamed.figure)} is the new hero of ${ev.heroNamed.group || 'his group'}`);
  if (ev.activationEnded) return plain(`${groupText(v, ev.activationEnded.group)} ends its activation`);
  if (ev.turnEnded) {
    const t = ev.turnEnded;
    const died = (t.died || []).length ? `; died of their wounds: ${names(v, t.died)}` : '';
    return plain(`Turn ${t.turn || 0} ends${died}`);
  }
  if (ev.cardAdded) {
    const c = ev.cardAdded;
    if (c.hidden) return plain('The referee adds a card to the deck (its face is hidden until drawn)');
    return plain(`The referee adds ${cardText(v, c.card)} to the deck for the next shuffle`);
  }
  if (ev.badDeckBuilt) return badDeck(ev.badDeckBuilt);
  if (ev.briefingSet) return briefing(v, ev.briefingSet);
  if (ev.ruled) return ruled(v, ev.ruled);
  if (ev.gameEnded) {
    const g = ev.gameEnded;
    return plain(`Game over: ${g.result || 'no result'}${g.reason ? ` - ${g.reason}` : ''}`);
  }
  if (ev.scatterOrderSet) {
    const s = ev.scatterOrderSet;
    if (s.hidden) return plain(`${groupText(v, s.group)} sets its scatter order (hidden)`);
    return plain(`${groupText(v, s.group)} will scatter ${s.towardCover ? 'toward cover' : 'directly away'}`);
  }
  return plain('(an empty event)');
}
