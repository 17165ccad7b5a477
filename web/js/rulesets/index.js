// Every rule set the web client can draw and command, by the name the server gives it
// (welcome.rulesets, RoomInfo.ruleset). Each module exports `ruleset` with the interface the
// play screen uses (docs/web.md): drawMap, pointAt, describeEvent, actors, orders, withPoint,
// parse, help, status, strength and, optionally, panels.

import { ruleset as itchy } from 'grognard/rulesets/itchy.js';
import { ruleset as sharpe } from 'grognard/rulesets/sharpe.js';
import { ruleset as rcw } from 'grognard/rulesets/rcw.js';

export const rulesets = { itchy, sharpe, rcw };

// The title of a rule set for a person: its module's, else the server's name for it.
export function rulesetTitle(name) {
  return (rulesets[name] && rulesets[name].title) || name;
}
