#pragma once
// Test fixture for the RCW pure rules: build a Scenario in C++, start a game with scripted dice,
// and run decide + apply of one command at a time.
//
//   Scenario s = ScenarioBuilder()
//                    .unit("I", 0, UnitType::kInfantry, {10, 10}, 0)   // side 0, facing north
//                    .unit("E", 1, UnitType::kInfantry, {10, 20}, 180).conscript()
//                    .woods(20, 20, 30, 30);
//   TestGame g(s);                                   // begun: turn 1, side 0 to act
//   g.accept(kSide0, activate("I", kShoot, kMove));  // stops at the Shoot, waiting for its order
//   auto o = g.run(kSide0, shoot("E"), {4, 3});      // hit on 4, save 3 - 1 = 2 fails
//   auto shot = only<Shot>(o);
//
// Scripted dice (engine::ScriptedDice) are consumed in the order the rules throw them; run()
// CHECKs that a successful command used every face given.

#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/dice.h"
#include "engine/plane.h"
#include "engine/sight.h"
#include "rules/rcw/clauses.h"
#include "rules/rcw/command.h"
#include "rules/rcw/rules.h"
#include "rules/rcw/state.h"

namespace rcw_test {

using namespace grognard::rcw;  // NOLINT: test code reads like the rules
using grognard::engine::Error;
using grognard::engine::ErrorCode;
using grognard::engine::ScriptedDice;
namespace engine = grognard::engine;

// The two generals' seats.
inline const std::string kSide0 = "side:0";
inline const std::string kSide1 = "side:1";

// The declared actions (§4), short.
inline constexpr ActionKind kMove = ActionKind::kMove;
inline constexpr ActionKind kShoot = ActionKind::kShoot;
inline constexpr ActionKind kLimber = ActionKind::kLimber;
inline constexpr ActionKind kRally = ActionKind::kRally;
inline constexpr ActionKind kAssault = ActionKind::kAssault;

// An axis-aligned rectangle with corners (x0, y0) and (x1, y1), counter-clockwise.
Polygon rect(double x0, double y0, double x1, double y1);

// R13: a car of an armoured train.
ScenarioCar car(std::string id, CarArmament armament = CarArmament::kArtillery);

// Builds a Scenario: a 72x48 table, sides "Reds" (0) and "Whites" (1), side 0 first, 8 turns,
// victory text set. unit()/unplaced()/train() add a unit; the modifiers after it (elite(),
// limbered(), ...) apply to the last unit added.
class ScenarioBuilder {
 public:
  ScenarioBuilder();
  // A unit fixed by the scenario at `pos` facing `facing` (compass degrees) (R19).
  ScenarioBuilder& unit(std::string id, int side, UnitType type, Point pos, double facing = 0);
  // A unit its side deploys in secret (R19): no position.
  ScenarioBuilder& unplaced(std::string id, int side, UnitType type);
  // R13: an armoured train on rail `rail`, its first car's centre `at` inches along the line.
  ScenarioBuilder& train(std::string id, int side, std::string rail, double at,
                         std::vector<ScenarioCar> cars, bool reversed = false);
  ScenarioBuilder& training(Training t);
  ScenarioBuilder& elite() { return training(Training::kElite); }
  ScenarioBuilder& conscript() { return training(Training::kConscript); }
  ScenarioBuilder& limbered(bool on = true);  // artillery limbered, MG/mortar packed (R9)
  ScenarioBuilder& dug_in(bool on = true);    // R12
  ScenarioBuilder& gun(bool on = true);       // a tank carrying artillery (§6, R7)
  ScenarioBuilder& radius(double r);          // R4
  ScenarioBuilder& points(int p);
  ScenarioBuilder& named(std::string name);

  ScenarioBuilder& terrain(TerrainKind kind, Polygon area, std::string name = {});
  ScenarioBuilder& woods(double x0, double y0, double x1, double y1);
  ScenarioBuilder& swamp(double x0, double y0, double x1, double y1);
  ScenarioBuilder& rough(double x0, double y0, double x1, double y1);
  ScenarioBuilder& village(double x0, double y0, double x1, double y1);
  ScenarioBuilder& hill(double x0, double y0, double x1, double y1);
  ScenarioBuilder& rail(std::string name, std::vector<Point> path);
  ScenarioBuilder& road(std::string name, std::vector<Point> path);
  ScenarioBuilder& zone(int side, Polygon area, std::string name = {});
  ScenarioBuilder& objective(std::string name, Point pos, double radius = 3.0, int points = 1);

  ScenarioBuilder& table(double width, double height);
  ScenarioBuilder& turns(int n);
  ScenarioBuilder& first_side(int side);
  ScenarioBuilder& victory(std::string text);

  Scenario& get() { return s_; }
  operator const Scenario&() const { return s_; }  // NOLINT: implicit by design

 private:
  ScenarioUnit& last();
  Scenario s_;
};

// new_game(s), REQUIREd to succeed.
State fresh_state(const Scenario& s);
using grognard::engine::describe;

// What one command did: its events (applied to the game) or its error.
struct RunOutcome {
  std::optional<Error> error;
  std::vector<Event> events;
  std::size_t dice_left = 0;
  bool ok() const { return !error.has_value(); }
};

class TestGame {
 public:
  // new_game + begin() with `begin_faces` (none are thrown by begin today).
  explicit TestGame(const Scenario& s, std::vector<int> begin_faces = {});
  struct NotBegun {};
  TestGame(const Scenario& s, NotBegun);
  std::vector<Event> begin(std::vector<int> faces = {});
  // decide + apply. On success CHECKs that every scripted face was thrown.
  RunOutcome run(const std::string& seat, const Command& c, std::vector<int> faces = {});
  // run(), REQUIREd to succeed.
  std::vector<Event> accept(const std::string& seat, const Command& c, std::vector<int> faces = {});
  // run(), REQUIREd to fail; CHECKs the state (full hash) did not change.
  Error reject(const std::string& seat, const Command& c, std::vector<int> faces = {});

  const Unit& unit(const std::string& id) const;
  // Direct edits of the state for set-ups the rules reach only slowly (state is a plain value).
  Unit& edit(const std::string& id);
  void conceal(const std::string& id, bool on = true) { edit(id).concealed = on; }
  // R49: a fixed unit in woods or a village spotted, as if it had moved or fired.
  void spot(const std::string& id) { edit(id).unspotted = false; }
  void pin(const std::string& id, bool on = true) { edit(id).pinned = on; }
  // A car of a train (by the car's id).
  const Car& car(const std::string& id) const;
  Car& edit_car(const std::string& id);

  State state;
};

// --- Commands, short ---------------------------------------------------------------------------

inline Deploy deploy(std::string id, Point pos, double facing = 0) {
  return Deploy{UnitId{std::move(id)}, pos, Degrees{facing}};
}
inline Activate activate(std::string id, ActionKind first, ActionKind second) {
  return Activate{UnitId{std::move(id)}, first, second};
}
// A Move through `waypoints`, ending facing `facing`.
inline MoveOrder move_to(std::vector<Point> waypoints, double facing) {
  return MoveOrder{std::move(waypoints), Degrees{facing}, std::nullopt};
}
inline MoveOrder pivot(double facing) {
  return MoveOrder{{}, Degrees{facing}, std::nullopt};
}
// R13: a train's Move to `at` along its line.
inline MoveOrder rail_move(double at) {
  return MoveOrder{{}, Degrees{0}, at};
}
inline ShootOrder shoot(std::string target) {
  return ShootOrder{UnitId{std::move(target)}, std::nullopt, {}};
}
inline ShootOrder shoot_via(std::string target, std::string observer) {
  return ShootOrder{UnitId{std::move(target)}, UnitId{std::move(observer)}, {}};
}
// R13: one Shoot of a train: each car at its target.
inline ShootOrder train_shoot(std::vector<std::pair<std::string, std::string>> shots) {
  ShootOrder o;
  for (auto& [c, t] : shots) o.cars.push_back(CarShot{UnitId{c}, UnitId{t}});
  return o;
}
inline AssaultOrder assault(std::string target) {
  return AssaultOrder{UnitId{std::move(target)}};
}

inline Sight sight_of(int side) {
  return Sight{side, false};
}
inline Sight observer() {
  return Sight{std::nullopt, false};
}

// --- Reading events ----------------------------------------------------------------------------

template <class E>
std::vector<E> of(const std::vector<Event>& events) {
  std::vector<E> out;
  for (const Event& e : events) {
    if (const E* p = std::get_if<E>(&e)) out.push_back(*p);
  }
  return out;
}
template <class E>
std::vector<E> of(const RunOutcome& o) {
  return of<E>(o.events);
}
template <class E>
int count_of(const std::vector<Event>& events) {
  return static_cast<int>(of<E>(events).size());
}
template <class E>
int count_of(const RunOutcome& o) {
  return count_of<E>(o.events);
}
// The one event of type E, REQUIREd to be exactly one.
template <class E>
E only(const std::vector<Event>& events) {
  auto v = of<E>(events);
  REQUIRE(v.size() == 1);
  return v.front();
}
template <class E>
E only(const RunOutcome& o) {
  return only<E>(o.events);
}
// The ids of the units revealed in `events`, in order.
std::vector<std::string> revealed_ids(const std::vector<Event>& events);
// Faces of a set of rolls.
std::vector<int> faces(const std::vector<engine::Roll>& rolls);
// The sum of a throw's modifiers.
int sum(const std::vector<Modifier>& parts);
// Side 1's "Q" in woods at (30,18), concealed when `hidden`; side 0's "M" at (30,10) facing
// north, activated to move twice (previews and take-backs of a move near a hidden enemy, R17).
TestGame hidden_in_woods(bool hidden);
// R18: two points are the same place within the tolerance (printed on failure).
bool near(Point a, Point b, double tolerance = 1e-6);

}  // namespace rcw_test
