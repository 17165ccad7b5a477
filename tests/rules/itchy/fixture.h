#pragma once
// Test fixture for the Itchy & Scratchy rules: build a Scenario in C++, start a game with
// scripted dice, and run decide + apply of one command at a time.
//
//   Scenario s = ScenarioBuilder(8, 8)
//                    .unit(0, "A", UnitType::kInfantry, {1, 1}, E)
//                    .unit(1, "X", UnitType::kInfantry, {3, 1}, W)
//                    .terrain({3, 1}, Terrain::kWoods);
//   TestGame g(s);                                   // side 0 acts first, turn 1
//   auto ev = g.accept(0, attack("A", {3, 1}), {4, 4, 5, 5});
//   auto err = g.reject(0, move("A", {E, E, E}));    // checks the state hash is unchanged

#include <catch2/catch.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/dice.h"
#include "engine/result.h"
#include "rules/itchy/clauses.h"
#include "rules/itchy/command.h"
#include "rules/itchy/rules.h"
#include "rules/itchy/state.h"
#include "rules/itchy/types.h"

namespace itchy_test {

using namespace grognard::itchy;  // NOLINT: test code reads like the rules
using grognard::engine::Error;
using grognard::engine::ErrorCode;
using grognard::engine::Offset;
using grognard::engine::ScriptedDice;

inline constexpr Facing N = Facing::kNorth;
inline constexpr Facing E = Facing::kEast;
inline constexpr Facing S = Facing::kSouth;
inline constexpr Facing W = Facing::kWest;

// The weapon a type carries unless the test says otherwise: rifles for infantry and cavalry,
// rifled field artillery for guns, the machine gun, none for Generals and transport.
Weapon default_weapon(UnitType t);

class ScenarioBuilder {
 public:
  ScenarioBuilder(int width, int height);

  ScenarioBuilder& terrain(GridPos p, Terrain t);
  // A unit or General; `sp` 0 means the type's standard SP.
  ScenarioBuilder& unit(int side, std::string id, UnitType type, GridPos pos, Facing facing = N,
                        int sp = 0);
  ScenarioBuilder& unit(int side, std::string id, UnitType type, Weapon weapon, GridPos pos,
                        Facing facing = N, int sp = 0);
  ScenarioBuilder& infantry(int side, std::string id, GridPos pos, Facing facing = N, int sp = 0) {
    return unit(side, std::move(id), UnitType::kInfantry, pos, facing, sp);
  }
  ScenarioBuilder& general(int side, std::string id, GridPos pos, Facing facing = N) {
    return unit(side, std::move(id), UnitType::kGeneral, pos, facing);
  }
  // I24: marks the unit native or not (units given hand-held weapons are marked native).
  ScenarioBuilder& native(std::string_view id, bool native);
  ScenarioBuilder& turns(int limit);
  ScenarioBuilder& objective(std::string name, GridPos pos, int points = 1);
  ScenarioBuilder& victory(std::string description);
  // I23: adds a victory condition after those already added (none: I19's).
  ScenarioBuilder& condition(VictoryTest test, std::vector<std::string> objectives = {},
                             int side = -1, int at_least = 0);

  const Scenario& build() const { return s_; }
  operator const Scenario&() const { return s_; }  // NOLINT: implicit by design

 private:
  Scenario s_;
};

// new_game(s), which must succeed.
State fresh_state(const Scenario& s);

// What decide() said, after apply() of every event when it was accepted.
struct Outcome {
  std::optional<Error> error;
  std::vector<Event> events;
  std::size_t dice_left = 0;  // scripted faces not thrown
  bool ok() const { return !error.has_value(); }
};

class TestGame {
 public:
  // new_game + begin + ChooseOrder: `first` acts first in turn 1. The initiative is thrown with
  // 6 for `first` and 1 for the other side, and the winner chooses to go first.
  explicit TestGame(const Scenario& s, int first = 0);
  // new_game only (phase kNotStarted).
  struct NotBegun {};
  TestGame(const Scenario& s, NotBegun);

  // decide() with `faces` scripted; on success every event is applied.
  Outcome run(int side, const Command& command, std::vector<int> faces = {});
  // REQUIRES acceptance and that every scripted face was thrown.
  std::vector<Event> accept(int side, const Command& command, std::vector<int> faces = {});
  // REQUIRES rejection; checks the state hash did not change and returns the error.
  Error reject(int side, const Command& command, std::vector<int> faces = {});

  // begin() with `faces` for the initiative throws; applies the events.
  std::vector<Event> begin(std::vector<int> faces);
  // The acting side ends its side turn, then the other side; the next initiative (when the
  // game goes on) is won by `next_first`, who goes first. Returns the events of the second end.
  std::vector<Event> end_turn(int next_first = 0);

  const Unit& unit(std::string_view id) const;
  int acting() const { return state.acting_side; }

  State state;
};

// Commands.
inline Move move(std::string id, std::vector<Facing> steps,
                 std::optional<Facing> facing = std::nullopt) {
  return Move{UnitId{std::move(id)}, std::move(steps), facing};
}
inline Move turn_to(std::string id, Facing f) {
  return Move{UnitId{std::move(id)}, {}, f};
}
inline Attack attack(std::string id, GridPos target) {
  return Attack{UnitId{std::move(id)}, target};
}

// Events.
template <class E>
int count_of(const std::vector<Event>& events) {
  int n = 0;
  for (const Event& e : events) n += std::holds_alternative<E>(e) ? 1 : 0;
  return n;
}

template <class E>
const E* first_of(const std::vector<Event>& events) {
  for (const Event& e : events) {
    if (const E* p = std::get_if<E>(&e)) return p;
  }
  return nullptr;
}

// A copy: `events` is often a temporary.
template <class E>
E only(const std::vector<Event>& events) {
  REQUIRE(count_of<E>(events) == 1);
  return *first_of<E>(events);
}

// The casualty of `id` in an attack (REQUIRES there is one).
const Casualty& casualty(const AttackResolved& a, std::string_view id);

// Faces of the rolls, for messages.
std::vector<int> faces(const std::vector<Roll>& rolls);

using grognard::engine::describe;

}  // namespace itchy_test
