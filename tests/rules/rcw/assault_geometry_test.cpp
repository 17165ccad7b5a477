// RCW close assault, tested through the internal functions (rules/rcw/internal.h) on states
// built from scenarios.
#include <catch2/catch.hpp>

#include "internal_helpers.h"

namespace rcw_test {
namespace {

// --- Close assault ---------------------------------------------------------------------------

TEST_CASE("RCW who may assault what: type, reach, front (§11, R3, R4)",
          "[sec.11][R3][R4][rcw.internal]") {
  Scenario sc = ScenarioBuilder()
                    .unit("inf", 0, UnitType::kInfantry, {10, 10}, 0)
                    .unit("mg", 0, UnitType::kMg, {20, 10}, 0)
                    .unit("ahead", 1, UnitType::kInfantry, {10, 13})
                    .unit("too-far", 1, UnitType::kInfantry, {12, 12.3})
                    .unit("behind", 1, UnitType::kInfantry, {10, 7.5})
                    .unit("mg-target", 1, UnitType::kInfantry, {20, 12});
  State s = fresh_state(sc);
  const std::size_t inf = idx(s, "inf");
  CHECK(detail::check_assault(s, inf, assault("ahead")).ok());  // exactly 3in (R18)
  CHECK(clause_of(detail::check_assault(s, inf, assault("too-far"))) == clause::kAssaultReach);
  CHECK(clause_of(detail::check_assault(s, inf, assault("behind"))) == clause::kAssaultFront);
  CHECK(clause_of(detail::check_assault(s, idx(s, "mg"), assault("mg-target"))) ==
        clause::kAssaultWho);
  CHECK(detail::assault_options(s, inf).size() == 1);
  s.units[idx(s, "ahead")].concealed = true;
  CHECK(clause_of(detail::check_assault(s, inf, assault("ahead"))) == clause::kConcealed);
  CHECK(detail::assault_options(s, inf).empty());
}

TEST_CASE("RCW assault: contact, flank, attacker pinned falls back 3in (§11, R4, R8)",
          "[sec.11][R4][R8][rcw.internal]") {
  Scenario sc = ScenarioBuilder()
                    .unit("A", 0, UnitType::kInfantry, {10, 10}, 0)
                    .unit("D", 1, UnitType::kInfantry, {10, 12.5}, 0);  // A is in its rear
  State s = fresh_state(sc);
  detail::Emitter e{s, {}};
  // A: 3, 2 miss. D: a natural 6 hits; 4 - 1 (rear) misses. A saves on 5: pinned.
  ScriptedDice dice{3, 2, 6, 4, 5};
  detail::resolve_assault(e, idx(s, "A"), assault("D"), dice);
  auto moved = only<AssaultMoved>(e.out);
  CHECK(near(moved.to, {10, 10.5}));
  auto round = only<AssaultRound>(e.out);
  CHECK(round.by_defender.hits == 1);
  CHECK(sum(round.by_defender.parts) == -1);
  CHECK(round.by_defender.outcome == Outcome::kPinned);
  auto ended = only<AssaultEnded>(e.out);
  CHECK(ended.end == AssaultEnd::kFellBack);
  CHECK(near(ended.attacker_to, {10, 7.5}));
  CHECK(near(e.s.units[idx(s, "A")].pos, {10, 7.5}));
}

TEST_CASE("RCW assault: the defender destroyed, the attacker takes its place (§11, R8)",
          "[sec.11][R8][rcw.internal]") {
  Scenario sc = ScenarioBuilder()
                    .unit("A", 0, UnitType::kInfantry, {10, 10}, 0)
                    .unit("D", 1, UnitType::kInfantry, {10, 12.5}, 180);
  State s = fresh_state(sc);
  detail::Emitter e{s, {}};
  // Round 1: A 1, 1; D 1, 1. Round 2: A 4, 5; D 1, 1; D saves 1, 6: destroyed.
  ScriptedDice dice{1, 1, 1, 1, 4, 5, 1, 1, 1, 6};
  detail::resolve_assault(e, idx(s, "A"), assault("D"), dice);
  CHECK(of<AssaultRound>(e.out).size() == 2);
  auto ended = only<AssaultEnded>(e.out);
  CHECK(ended.end == AssaultEnd::kDefenderDestroyed);
  CHECK(near(ended.attacker_to, {10, 12.5}));
  CHECK(e.s.units[idx(s, "D")].destroyed);
}

TEST_CASE("RCW assault: falling back stops at the table's edge (R31), round limit (R21)",
          "[R31][R21][rcw.internal]") {
  Scenario sc = ScenarioBuilder()
                    .unit("A", 0, UnitType::kInfantry, {10, 1.5}, 0)
                    .unit("D", 1, UnitType::kInfantry, {10, 4}, 180)
                    .unit("B", 0, UnitType::kInfantry, {30, 10}, 0)
                    .unit("W", 1, UnitType::kWagon, {30, 12.5}, 180);
  State s = fresh_state(sc);
  detail::Emitter e{s, {}};
  ScriptedDice dice{1, 1, 4, 1, 4};  // D hits once; A saves: pinned
  detail::resolve_assault(e, idx(s, "A"), assault("D"), dice);
  auto ended = only<AssaultEnded>(e.out);
  CHECK(ended.end == AssaultEnd::kFellBack);
  CHECK(near(ended.attacker_to, {10, 0}));

  // A wagon throws no dice (§1); fifty rounds of misses end with the attacker falling back.
  detail::Emitter e2{s, {}};
  ScriptedDice misses(std::vector<int>(2 * kMaxAssaultRounds, 1));
  detail::resolve_assault(e2, idx(s, "B"), assault("W"), misses);
  CHECK(of<AssaultRound>(e2.out).size() == static_cast<std::size_t>(kMaxAssaultRounds));
  CHECK(of<AssaultRound>(e2.out).front().by_defender.dice.empty());
  ended = only<AssaultEnded>(e2.out);
  CHECK(ended.end == AssaultEnd::kRoundLimit);
  CHECK(near(ended.attacker_to, {30, 7.5}));
}

TEST_CASE("RCW assault on a train car: never in its flank, armour only pinned by cavalry (R8, R23)",
          "[R8][R23][rcw.internal]") {
  Scenario sc = ScenarioBuilder()
                    .rail("line", {{0, 10}, {60, 10}})
                    .train("T", 1, "line", 30, {car("C1")})
                    .radius(1.5)
                    .unit("cav", 0, UnitType::kCavalry, {30, 7}, 0);
  State s = fresh_state(sc);
  detail::Emitter e{s, {}};
  // Cavalry 6, 1: one hit; the car 1 misses; the car's save 1 fails: only pinned. Then the
  // cavalry 1, 1; the car 6 hits; the cavalry saves 4: pinned, falls back.
  ScriptedDice dice{6, 1, 1, 1, 1, 1, 6, 4};
  detail::resolve_assault(e, idx(s, "cav"), assault("C1"), dice);
  auto rounds = of<AssaultRound>(e.out);
  REQUIRE(rounds.size() == 2);
  CHECK(rounds[0].by_attacker.needed == 6);
  CHECK_FALSE(rounds[0].by_attacker.full_effect);
  CHECK(rounds[0].by_attacker.outcome == Outcome::kPinned);
  CHECK(rounds[0].by_defender.parts.empty());
  CHECK(sum(rounds[1].by_defender.parts) == -1);  // the pinned car
  CHECK(only<AssaultEnded>(e.out).end == AssaultEnd::kFellBack);
  CHECK(e.s.units[idx(s, "T")].cars[0].pinned);
}

}  // namespace
}  // namespace rcw_test
