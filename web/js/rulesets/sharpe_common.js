// Sharpe's Mess in the browser: what the other sharpe_*.js files share. Look-ups in the View
// JSON (sharpe.proto's View: fields in lowerCamelCase, enums by name, defaults omitted), names
// as the terminal client says them (client-cli/src/render/sharpe_*.cpp), numbers and dice.

import {
  num, point, die, signed, rollOf as dieFace, aimVector, bearingTo,
} from 'grognard/rulesets/common.js';

export const COMMAND_TYPE = 'type.googleapis.com/grognard.v1.sharpe.Command';

// A Command JSON with its @type: cmd({ aim: { figure: 'harper' } }).
export function cmd(body) {
  return { '@type': COMMAND_TYPE, ...body };
}

// Numbers, points and dice in words, as every rule set says them (common.js).
export { num, point, die, signed, aimVector, bearingTo };

// A roll for the `dice` list of describeEvent ({sides, face}); null when absent.
export function rollOf(roll) {
  return roll ? dieFace(roll) : null;
}

export function functions(n) {
  const v = Number(n || 0);
  return `${v} ${v === 1 ? 'function' : 'functions'}`;
}

export function same(a, b) {
  return String(a || '').toLowerCase() === String(b || '').toLowerCase();
}

export function figureOf(view, id) {
  return ((view && view.figures) || []).find((f) => same(f.figure && f.figure.id, id)) || null;
}

// A parsed line's answer: { command } with the Command's @type.
export const done = (body) => ({ command: cmd(body) });

// The id of the figure (or group) typed, as the view spells it; the typed word if none matches.
export const figureId = (v, typed) => { const f = figureOf(v, typed); return f ? f.figure.id : typed; };
export const groupId = (v, typed) => { const g = groupOf(v, typed); return g ? g.id : typed; };

export function groupOf(view, id) {
  return ((view && view.groups) || []).find((g) => same(g.id, id)) || null;
}

export function gunOf(view, id) {
  return ((view && view.guns) || []).find((g) => same(g.id, id)) || null;
}

export function seatOf(view, idOrName) {
  return ((view && view.seats) || []).find((s) => same(s.id, idOrName) || same(s.name, idOrName)
    || same(s.id, `player:${idOrName}`)) || null;
}

// The figure's name ("Captain Sharpe"), or its id when the view does not know it.
export function nameOf(view, id) {
  const f = figureOf(view, id);
  return (f && f.figure.name) || id || 'someone';
}

export function seatName(view, seatId) {
  if (seatId === 'referee') return 'the referee';
  const s = ((view && view.seats) || []).find((x) => x.id === seatId);
  return (s && s.name) || seatId || 'a player';
}

// "sharpe (Captain Sharpe, British)": a group, its hero and its seat.
export function groupText(view, id) {
  const g = groupOf(view, id);
  if (!g) return id || 'a group';
  let inside = g.hero ? nameOf(view, g.hero) : 'no hero';
  if (g.seat) inside += `, ${seatName(view, g.seat)}`;
  return `${g.id} (${inside})`;
}

// The group's letter on the map: 'A' for the view's first group, 'B' the next...
export function groupLetter(view, id) {
  const i = ((view && view.groups) || []).findIndex((g) => g.id === id);
  return i >= 0 && i < 26 ? String.fromCharCode(65 + i) : '?';
}

// The index of the group's seat among the view's seats (its colour); -1 when unknown.
export function seatIndex(view, groupId) {
  const g = groupOf(view, groupId);
  return g ? ((view && view.seats) || []).findIndex((s) => s.id === g.seat) : -1;
}

// The seat a figure belongs to ("player:british").
function seatOfFigure(view, id) {
  const f = figureOf(view, id);
  const g = f && groupOf(view, f.group);
  return (g && g.seat) || '';
}

export function onTable(f) {
  return f && f.state !== 'FIGURE_KILLED' && f.state !== 'FIGURE_LOST';
}

export function stateText(f) {
  switch (f && f.state) {
    case 'FIGURE_WOUNDED': return 'wounded';
    case 'FIGURE_DYING': return `dying ${f.dyingTurns || 0}`;
    case 'FIGURE_KILLED': return 'killed';
    case 'FIGURE_LOST': return 'lost';
    default: return 'unhurt';
  }
}

const WEAPONS = { MUSKET: 'musket', RIFLE: 'rifle', PISTOL: 'pistol', THROWN: 'knife', SWORD: 'sword', BAYONET: 'bayonet' };

export function weaponName(kind) {
  return WEAPONS[kind] || 'weapon';
}

// The kind a typed word names ('musket', 'knife', 'hatchet'...), or null.
export function weaponKind(word) {
  const w = String(word || '').toLowerCase();
  if (w === 'knife' || w === 'hatchet' || w === 'thrown') return 'THROWN';
  const k = Object.keys(WEAPONS).find((x) => WEAPONS[x] === w);
  return k || null;
}

export function firearm(kind) {
  return kind === 'MUSKET' || kind === 'RIFLE' || kind === 'PISTOL';
}

// The weapon's name on a figure by its index ("rifle"), 'weapon' when unknown.
export function weaponOf(view, figureId, index) {
  const f = figureOf(view, figureId);
  const w = f && (f.figure.weapons || [])[Number(index || 0)];
  return w ? weaponName(w.kind) : 'weapon';
}

// "musket(u) bayonet": the weapons with their state, as the roster gives them.
export function weaponsText(fig) {
  const out = (fig.weapons || []).map((w) => {
    let t = weaponName(w.kind);
    if (w.outOfAction) t += ' (out of action)';
    else if (w.unloaded && w.loadSpent) t += ` (unloaded, ${w.loadSpent} of loading spent)`;
    else if (w.unloaded) t += ' (unloaded)';
    return t;
  });
  return out.length ? out.join(', ') : 'unarmed';
}

export const EFFECTS = {
  LOSE_HALF: 'lose-half', GAIN_FUNCTIONS: 'gain', TRIP: 'trip', MISFIRE: 'misfire',
  REINFORCEMENTS: 'reinforcements', REFEREE_DECIDES: 'decides',
};

export function effectOf(word) {
  const w = String(word || '').toLowerCase();
  if (w === 'half') return 'LOSE_HALF';
  if (w === 'referee-decides') return 'REFEREE_DECIDES';
  return Object.keys(EFFECTS).find((k) => EFFECTS[k] === w) || null;
}

// The default name of an event card ("Gain 2").
export function defaultCardName(effect, amount) {
  return {
    LOSE_HALF: 'Lose half', GAIN_FUNCTIONS: `Gain ${amount || 0}`, TRIP: 'Trip', MISFIRE: 'Misfire',
    REINFORCEMENTS: 'Reinforcements', REFEREE_DECIDES: 'Referee decides',
  }[effect] || 'Event';
}

function effectText(card) {
  switch (card && card.effect) {
    case 'LOSE_HALF': return 'the next hero loses half his functions';
    case 'GAIN_FUNCTIONS': return `the next hero gains ${functions(card.amount)}`;
    case 'TRIP': return 'the next hero trips and lies prone';
    case 'MISFIRE': return "the next hero's firearm misfires (out of action)";
    case 'REINFORCEMENTS': return 'reinforcements: the game pauses for the referee';
    case 'REFEREE_DECIDES': return 'the referee decides: the game pauses';
    default: return 'no effect';
  }
}

// '"Trip" (the next hero trips and lies prone)'.
export function eventCardText(card) {
  const c = card || {};
  return `"${c.name || EFFECTS[c.effect] || 'event'}" (${effectText(c)})`;
}

export function cardText(view, card) {
  switch (card && card.kind) {
    case 'HERO_CARD': return `hero card ${groupText(view, card.group)}`;
    case 'EVENT_CARD': return `event card ${eventCardText(card.event)}`;
    case 'DRAW_BAD_CARD': return '"draw a Bad Card"';
    default: return 'an unknown card';
  }
}

export function gunType(type) {
  return type === 'GUN_8PDR' ? '8-pdr' : type === 'GUN_4PDR' ? '4-pdr' : 'gun';
}

export function distance(a, b) {
  return Math.hypot(((a && a.x) || 0) - ((b && b.x) || 0), ((a && a.y) || 0) - ((b && b.y) || 0));
}

// The seat's player groups' figures standing (not killed, not lost): the strength of a side.
export function figuresStanding(view, seatId) {
  return ((view && view.figures) || []).filter((f) => onTable(f) && seatOfFigure(view, f.figure.id) === seatId).length;
}
