// Sharpe's Mess command line, the players' lines, in the terminal client's syntax
// (docs/client.md, "Sharpe's Mess"; client-cli/src/render/sharpe_commands.cpp): a typed line
// becomes { command } or { error }. Ids are matched without regard to case; points are inches
// X,Y (or (X,Y), a trailing " allowed); a weapon is its number from 1 or its kind. The
// referee's lines are in sharpe_referee.js.

import {
  done, figureId, groupId, figureOf, gunOf, weaponKind, weaponName, firearm, bearingTo,
} from 'grognard/rulesets/sharpe_common.js';
import { parseReferee, refereeHelp } from 'grognard/rulesets/sharpe_referee.js';
import { fail, numberOf, pointOf, bearingOf, unknown, waypoints } from 'grognard/rulesets/common.js';

const posOf = (f) => ({ x: Number((f.figure.pos && f.figure.pos.x) || 0), y: Number((f.figure.pos && f.figure.pos.y) || 0) });

function parseMove(w, v, crawlVerb) {
  const usage = crawlVerb
    ? 'usage: crawl FIGURE WAYPOINT..., e.g. crawl sharpe 6,40 or crawl sharpe 1@N'
    : 'usage: move FIGURE WAYPOINT... [crawl], each X,Y, N@BEARING or toward TARGET [N], e.g. move sharpe 10,40 12,36 or move sharpe 3@NE or move sharpe toward voltigeur-2 4';
  if (w.length < 3) return fail(usage);
  let crawl = crawlVerb;
  let path = w.slice(2);
  if (!crawl && path.length > 1 && path[path.length - 1].toLowerCase() === 'crawl') {
    crawl = true;
    path = path.slice(0, -1);
  }
  const figure = figureId(v, w[1]);
  const f = figureOf(v, figure);
  const place = (id) => {
    const t = figureOf(v, figureId(v, id));
    return t ? posOf(t) : null;
  };
  const r = waypoints(path, f ? posOf(f) : { x: 0, y: 0 }, place);
  if (r.error) return fail(`${r.error}; ${usage}`);
  const move = { figure, waypoints: r.points };
  if (crawl) move.crawl = true;
  return done({ move });
}

// The weapon's index (from 0) for what was typed, or the default for firing or loading.
function weaponIndex(v, fig, typed, purpose) {
  const f = figureOf(v, fig);
  const weapons = (f && f.figure.weapons) || [];
  const hasFirearm = weapons.some((x) => firearm(x.kind) && !x.outOfAction);
  const fits = (x) => !x.outOfAction && (purpose === 'fire'
    ? !x.unloaded && (firearm(x.kind) || x.kind === 'THROWN')
    : x.unloaded && firearm(x.kind));
  if (!typed || weaponKind(typed)) {
    const kind = typed ? weaponKind(typed) : null;
    const ofKind = (x) => (kind ? x.kind === kind : firearm(x.kind) || (!hasFirearm && x.kind === 'THROWN'));
    for (let pass = 0; pass < 2; pass += 1) {
      const i = weapons.findIndex((x) => ofKind(x) && (pass === 1 || fits(x)));
      if (i >= 0) return { index: i };
    }
    if (!f) return kind ? { error: `no figure "${fig}" on the table to find a ${typed} on; give the weapon's number` } : { index: 0 };
    return { error: `${f.figure.name || fig} has no ${kind ? weaponName(kind) : 'firearm'}` };
  }
  const n = numberOf(typed);
  if (n === null || n < 1 || n !== Math.floor(n) || n > 64) return { error: `"${typed}" is not a weapon (a number from 1, or musket, rifle, pistol, knife…)` };
  if (f && n > weapons.length) return { error: `${f.figure.name || fig} has ${weapons.length} weapons, not ${typed}` };
  return { index: n - 1 };
}

function parseFire(w, v) {
  const usage = 'usage: fire FIGURE [WEAPON] [at] TARGET, e.g. fire sharpe at voltigeur2';
  const rest = w.slice(2).filter((x, i) => !(x.toLowerCase() === 'at' && i + 2 + 2 === w.length));
  if (w.length < 3 || !rest.length || rest.length > 2 || rest[rest.length - 1].toLowerCase() === 'at') return fail(usage);
  const figure = figureId(v, w[1]);
  const wi = weaponIndex(v, figure, rest.length === 2 ? rest[0] : '', 'fire');
  if (wi.error) return fail(wi.error);
  const fire = { figure, target: figureId(v, rest[rest.length - 1]) };
  if (wi.index) fire.weapon = wi.index;
  return done({ fire });
}

function parseLoad(w, v) {
  const usage = 'usage: load FIGURE [WEAPON [FUNCTIONS]], e.g. load sharpe rifle 3';
  if (w.length < 2 || w.length > 4) return fail(usage);
  const figure = figureId(v, w[1]);
  const wi = weaponIndex(v, figure, w[2] || '', 'load');
  if (wi.error) return fail(wi.error);
  const load = { figure };
  if (wi.index) load.weapon = wi.index;
  if (w.length === 4) {
    const n = numberOf(w[3]);
    if (n === null || n < 1 || n !== Math.floor(n) || n > 99) return fail(`"${w[3]}" is not a number of functions; ${usage}`);
    load.functions = n;
  }
  return done({ load });
}

function parseGun(verb, w, v) {
  const gun = w.length >= 3 ? gunOf(v, w[2]) : null;
  const gunId = gun ? gun.id : (w[2] || '');
  const figure = figureId(v, w[1]);
  if (verb === 'loadgun') {
    if (w.length !== 3) return fail('usage: loadgun FIGURE GUN, e.g. loadgun gunner1 gun');
    return done({ loadGun: { figure, gun: gunId } });
  }
  const at = w.length === 5 && w[3].toLowerCase() === 'at';
  if (verb === 'ball') {
    if (w.length !== 4 && !at) return fail('usage: ball FIGURE GUN [at] TARGET, e.g. ball marbot gun at sharpe');
    return done({ fireBall: { figure, gun: gunId, target: figureId(v, w[w.length - 1]) } });
  }
  const usage = 'usage: canister FIGURE GUN BEARING (degrees) or canister FIGURE GUN at TARGET|X,Y, e.g. canister marbot gun 225';
  if (w.length !== 4 && !at) return fail(usage);
  if (!at) {
    const b = numberOf(w[3]);
    if (b === null) return fail(`"${w[3]}" is not a bearing in degrees; ${usage}`);
    return done({ fireCanister: { figure, gun: gunId, aim: b } });
  }
  if (!gun) return fail(`no gun "${w[2]}" on the table to aim from`);
  const t = figureOf(v, w[4]);
  const p = t ? posOf(t) : pointOf(w[4]);
  if (!p) return fail(`"${w[4]}" is neither a figure nor a point X,Y; ${usage}`);
  return done({ fireCanister: { figure, gun: gunId, aim: Math.round(bearingTo(gun.pos || {}, p) * 10) / 10 } });
}

// A typed line -> { command } or { error }.
export function parse(text, ctx) {
  const v = (ctx && ctx.view) || {};
  const w = String(text || '').trim().split(/\s+/).filter(Boolean);
  if (!w.length) return fail('type a command; help lists them');
  const verb = w[0].toLowerCase();
  if (verb === 'throw' || verb === 'end') {
    if (w.length !== 1 && !(verb === 'end' && w.length === 2 && w[1] === '!')) return fail(`usage: ${verb} (no arguments)`);
    return done(verb === 'throw' ? { throwFunctions: {} } : { endActivation: {} });
  }
  if (verb === 'move' || verb === 'crawl') return parseMove(w, v, verb === 'crawl');
  if (verb === 'stand' || verb === 'aim') {
    if (w.length !== 2) return fail(`usage: ${verb} FIGURE, e.g. ${verb} sharpe`);
    return done(verb === 'stand' ? { standUp: { figure: figureId(v, w[1]) } } : { aim: { figure: figureId(v, w[1]) } });
  }
  if (verb === 'load') return parseLoad(w, v);
  if (verb === 'fire') return parseFire(w, v);
  if (verb === 'fight') {
    if (w.length !== 3) return fail('usage: fight FIGURE ENEMY, e.g. fight harper voltigeur2');
    return done({ fight: { figure: figureId(v, w[1]), enemy: figureId(v, w[2]) } });
  }
  if (verb === 'hero') {
    if (w.length !== 3) return fail('usage: hero GROUP FIGURE, e.g. hero sharpe harper');
    return done({ nameHero: { group: groupId(v, w[1]), figure: figureId(v, w[2]) } });
  }
  if (verb === 'scatter') {
    const order = w.length === 3 ? w[2].toLowerCase() : '';
    if (order !== 'cover' && order !== 'away') return fail('usage: scatter GROUP cover|away, e.g. scatter sharpe cover');
    const setScatter = { group: groupId(v, w[1]) };
    if (order === 'cover') setScatter.towardCover = true;
    return done({ setScatter });
  }
  if (verb === 'loadgun' || verb === 'canister' || verb === 'ball') {
    if (w.length < 3) return fail(`usage: ${verb} FIGURE GUN …; type help`);
    return parseGun(verb, w, v);
  }
  const r = parseReferee(w, v);
  if (r) return r;
  // The terminal client's lines that ask rather than command: the page shows these itself.
  const page = {
    legal: 'the orders panel lists what you may do now; select a figure for its orders',
    show: "hover a figure on the map: its title tells everything your view holds of it",
    pending: "the referee's desk in his panel shows what is pending",
    '?': 'previews are not on the page: a refused command shows the server\'s words',
    zoom: 'the map scales with the window; zoom the page to see more closely',
  }[verb];
  if (page) return fail(`"${verb}" is the terminal client's: ${page}`);
  return unknown(w[0]);
}

export const help = [
  'throw                              throw your functions when your hero\'s card is drawn (d6 + base)',
  'move FIG WAYPOINT... [crawl]       walk through waypoints (1 function a 2"): X,Y in inches, N@BEARING or toward FIG [N]  e.g. move sharpe 10,40 12,36 / move sharpe 3.5@NE',
  'crawl FIG WAYPOINT...              crawl (2 functions an inch) and lie prone  e.g. crawl hagman 1@N',
  'stand FIG                          stand up (2 functions)',
  'aim FIG                            aim (3 functions): +2 on the next shot',
  'load FIG [WEAPON [N]]              load (4, a rifle 6); N: put only N functions in  e.g. load sharpe rifle 3',
  'fire FIG [WEAPON] [at] TARGET      fire or throw (weapon: number from 1 or kind)  e.g. fire sharpe at voltigeur2',
  'fight FIG ENEMY                    a round of hand to hand with an enemy in base contact',
  'hero GROUP FIG                     name a new hero when the group\'s hero is dead (S3)',
  'loadgun FIG GUN                    a crew member puts functions into loading the gun (16 in all)',
  'canister FIG GUN BEARING           canister along a compass bearing (or: at TARGET|X,Y)  e.g. canister marbot gun at sharpe',
  'ball FIG GUN [at] TARGET           round shot at one enemy figure',
  'scatter GROUP cover|away           the group\'s standing order when it must scatter (any time)',
  'end                                end the activation; the next card is drawn',
  ...refereeHelp,
  'undo                               take back your last command',
  'On the map: click a figure to select it, click the table to move or crawl it there, click a red-ringed figure to fire or fight.',
].join('\n');
