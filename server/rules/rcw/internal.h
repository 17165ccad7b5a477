#pragma once
// Pieces shared by the RCW decide/legal code. Not part of the rules API.
//
// Files: turn and activation flow, deployment, movement, concealment, victory, legal, apply and
// hashes on one side (activate.cpp, deploy.cpp, move.cpp, conceal.cpp, turn.cpp, legal.cpp,
// apply.cpp, hash.cpp, new_game.cpp, state.cpp, types.cpp, decide.cpp); terrain, the train's
// line, line of fire, fire and close assault on the other (terrain.cpp, train.cpp, sight.cpp,
// fire.cpp, assault.cpp, saves.cpp).
#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "rules/rcw/clauses.h"
#include "rules/rcw/command.h"
#include "rules/rcw/rules.h"

namespace grognard::rcw::detail {

using engine::Error;
using engine::ErrorCode;
using engine::Result;
using engine::Status;

using engine::illegal;  // a broken clause: kIllegal with the clause id and a sentence

// §5, §6, §7, R5, R6, R7: the training modifier of a throw, named as the text names it ("elite"
// +1, "conscript" -1; none for average).
inline void add_training(std::vector<Modifier>& parts, Training t) {
  if (const int m = training_modifier(t); m != 0) parts.push_back({std::string(to_string(t)), m});
}
// A throw's total: the die and every modifier.
inline int total_of(const Roll& roll, const std::vector<Modifier>& parts) {
  int n = roll.face;
  for (const Modifier& m : parts) n += m.value;
  return n;
}

// Events are folded into a scratch state as they are produced, so that each step of a command
// (a reveal, a move, the shot, a pin) reads the state the one before left behind.
struct Emitter {
  State s;
  std::vector<Event> out;
  void emit(Event e);
};

// --- Terrain (terrain.cpp) -------------------------------------------------------------------

// `p` lies in (or on the edge of) a terrain piece of kind `k`.
bool in_terrain(const State& s, Point p, TerrainKind k);
// R12: the class of a target: a unit or a train car (cars are armoured).
Cover cover_of(const State& s, const Unit& target);
// R12: the allowance a move along `path` (from the unit's position through each point) spends:
// its length, with the length inside woods, swamp and rough ground counted twice for cavalry.
double move_cost(const State& s, const Unit& u, const std::vector<Point>& path);
// R12: the first terrain piece the path enters that the unit may not enter (woods and swamp for
// wheeled units), by index into State::terrain.
std::optional<std::size_t> forbidden_entry(const State& s, const Unit& u,
                                           const std::vector<Point>& path);

// --- The train's line (train.cpp, R13) -------------------------------------------------------

double line_length(const Line& line);
// The point `at` inches along the line from its first point (clamped to the line).
Point point_on_line(const Line& line, double at);
// The bearing of the line at `at`, towards its end.
Degrees bearing_on_line(const Line& line, double at);
// Car i's distance along the line for a train whose first car stands at `rail_at`.
double car_at(const Unit& train, std::size_t car);
// Sets the position and facing of the train and of each car from rail_at (R13).
void place_train(const State& s, Unit& train);
// R13: every car of the train stays on its line at `rail_at`.
bool train_fits(const State& s, const Unit& train, double rail_at);
// R49: the stretches of line the train's live cars run along when its first car goes from where
// it stands to `rail_at`.
std::vector<engine::Segment> train_run(const State& s, const Unit& train, double rail_at);

// --- Targets ---------------------------------------------------------------------------------

// A unit or a train car, as something to shoot at or assault.
struct Target {
  std::size_t unit = 0;            // index into State::units (the train, for a car)
  std::optional<std::size_t> car;  // the car of that train
  UnitId id;
  Point pos;
  double radius = 1.0;
};
std::optional<Target> find_target(const State& s, const UnitId& id);
std::vector<Target> targets_of(const State& s, std::size_t unit);  // a unit, or every live car

// --- Line of fire (sight.cpp, §10, R11) ------------------------------------------------------

// R11: the line from `from` to `to` is clear: no footprint of another unit the `side` sees
// (not those in `except`), and no hill, wood or village, except that a hill or village holding
// either end does not block it, and woods holding either end block only where the line runs
// more than 2" inside them (R11 amended, R51).
bool line_clear(const State& s, int side, Point from, Point to, const std::vector<UnitId>& except);
// The same line as `who` sees it (only the units `who` sees block, R26): what blocks it ("Hill
// Wood (woods)", a unit's name), or nullopt when it is clear.
std::optional<std::string> line_blocker(const State& s, const Sight& who, Point from, Point to,
                                        const std::vector<UnitId>& except);

// --- Fire (fire.cpp, saves.cpp) --------------------------------------------------------------

// §4b, §6, §10, R7, R11, R13: the shot may be carried out by unit `unit` now (not pinned is
// checked by the caller). Errors name the clause.
Status check_shoot(const State& s, std::size_t unit, const ShootOrder& order);
// Carries it out: the firer is revealed (R10), then each Shot.
void resolve_shoot(Emitter& e, std::size_t unit, const ShootOrder& order, Dice& dice);
// Every shot the unit could make now, for legal(): each target alone (each car at each of its
// targets, for a train), with an observer where one is needed.
std::vector<ShootOrder> shoot_options(const State& s, std::size_t unit);

// §6, R7, R8: one save per hit; returns the throws and what they leave the target.
struct SaveResult {
  std::vector<Save> saves;
  bool full_effect = true;
  Outcome outcome = Outcome::kNoEffect;
};
// `full_effect`: the hit may destroy (false: armour hit by what cannot hurt it, R7, R8).
SaveResult throw_saves(int hits, Training training, bool full_effect, Dice& dice);
// R7, R8, R11: whether the weapon may destroy an armoured target: artillery (and artillery
// cars), gun-armed tanks; in close assault also infantry. A mortar is not artillery.
bool hurts_armour(const State& s, const Target& by, bool assault);

// --- Close assault (assault.cpp, §11, R4, R8) ------------------------------------------------

Status check_assault(const State& s, std::size_t unit, const AssaultOrder& order);
// Carries it out: the attacker is revealed (it moves), moves into contact, and rounds follow.
void resolve_assault(Emitter& e, std::size_t unit, const AssaultOrder& order, Dice& dice);
std::vector<AssaultOrder> assault_options(const State& s, std::size_t unit);

// --- Concealment (conceal.cpp, §9, R10, R17, R20) -------------------------------------------

// The given units are revealed (or spotted, R49) for good, with `cause`; those neither concealed
// nor unspotted are left out, and nothing is emitted when none remain.
void reveal(Emitter& e, const std::vector<std::size_t>& units, const std::string& cause);
// R10, R49: the unit is concealed (R10) or unspotted (a fixed unit in woods or a village): no
// target until revealed or spotted.
bool unseen(const Unit& u);
// R10, R49: every concealed or unspotted enemy of unit `unit` within 3" of it is revealed.
void reveal_near(Emitter& e, std::size_t unit);
// R10, R46, R49: every concealed or unspotted enemy of unit `unit` within 3" of any of `legs`
// (the way it went) is revealed.
void reveal_along(Emitter& e, std::size_t unit, const std::vector<engine::Segment>& legs);
// R17: the first concealed enemy of `unit` that a move along `path` comes within 3" of, and
// the point where it does.
struct HiddenStop {
  std::size_t enemy = 0;
  Point at;
  std::size_t leg = 0;  // index of the leg (path[leg-1] -> path[leg], from the unit's position)
};
std::optional<HiddenStop> hidden_stop(const State& s, std::size_t unit,
                                      const std::vector<Point>& path);

// --- Activation flow (activate.cpp, turn.cpp) ------------------------------------------------

// After an action: carries out what needs no choice (R5's command throw, Rally, Limber,
// cancelled actions) until an action needs the general's command, or ends the activation, the
// side's turn (R14) and the game when it ends.
void advance(Emitter& e, Dice& dice);
// R14: the game is over (turn limit, a side with nothing left): emits GameEnded.
bool check_end(Emitter& e);

}  // namespace grognard::rcw::detail
