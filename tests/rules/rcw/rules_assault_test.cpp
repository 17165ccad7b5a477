// §11 close assault, R4 (3in, contact), R8 (rounds and their ends), R21 (the round limit),
// R31 (falling back), R3 (front, flank or rear), R2 (HQs defend with 1 die).
//
// Dice of a round: the attacker's assault dice, the defender's, then the defender's saves against
// the attacker's hits and the attacker's saves against the defender's (both throw at once, R8).

#include <algorithm>

#include "fixture.h"

using namespace rcw_test;

namespace {

// Attacker "A" at (30,10) facing north; defender "D" 3in ahead facing it.
ScenarioBuilder melee(UnitType a = UnitType::kInfantry, UnitType d = UnitType::kInfantry,
                      double gap = 3) {
  return ScenarioBuilder()
      .unit("H0", 0, UnitType::kHq, {40, 4}, 0)
      .unit("A", 0, a, {30, 10}, 0)
      .unit("H1", 1, UnitType::kHq, {70, 46}, 180)
      .unit("D", 1, d, {30, 10 + gap}, 180);
}

RunOutcome go(TestGame& g, std::vector<int> faces, const std::string& target = "D") {
  g.accept(kSide0, activate("A", kAssault, kShoot), {1});
  return g.run(kSide0, assault(target), std::move(faces));
}

}  // namespace

TEST_CASE("only infantry, cavalry and tanks start a close assault",
          "[sec.11][R2][rcw.actions.cannot]") {
  using T = UnitType;
  for (T t : {T::kHq, T::kFao, T::kMg, T::kMortar, T::kArtillery, T::kArmouredCar, T::kWagon}) {
    INFO(to_string(t));
    TestGame g(melee(t));
    // refused when declared: the type has no Close Assault (§1, §11)
    const Error e = g.reject(kSide0, activate("A", kAssault, kMove));
    CHECK(e.clause == clause::kCannotDo);
    CHECK(e.message.find("only infantry, cavalry and tanks start a close assault") !=
          std::string::npos);
  }
}

TEST_CASE("the target must be within 3in and in the attacker's front",
          "[sec.11][R4][R3][rcw.assault.reach][rcw.assault.front]") {
  {
    TestGame g(melee(UnitType::kInfantry, UnitType::kInfantry, 3.01));
    g.accept(kSide0, activate("A", kAssault, kShoot), {1});
    CHECK(g.reject(kSide0, assault("D")).clause == clause::kAssaultReach);
  }
  TestGame g(melee());
  g.edit("A").facing = Degrees{120};
  g.accept(kSide0, activate("A", kAssault, kShoot), {1});
  CHECK(g.reject(kSide0, assault("D")).clause == clause::kAssaultFront);
}

TEST_CASE("only enemies are assaulted", "[sec.11][rcw.assault.target]") {
  TestGame g(melee().unit("F", 0, UnitType::kInfantry, {32, 12}, 0));
  g.accept(kSide0, activate("A", kAssault, kShoot), {1});
  CHECK(g.reject(kSide0, assault("F")).clause == clause::kAssaultTarget);
}

TEST_CASE("the attacker moves into contact, the defender destroyed, it takes its place",
          "[sec.11][R4][R8]") {
  TestGame g(melee());
  auto o = go(g, {4, 1, 1, 1, 3});
  auto m = only<AssaultMoved>(o);
  CHECK(near(m.from, {30, 10}));
  CHECK(near(m.to, {30, 11}));
  auto r = only<AssaultRound>(o);
  CHECK(r.round == 1);
  CHECK(r.by_attacker.needed == 4);
  CHECK(r.by_attacker.hits == 1);
  CHECK(r.by_defender.hits == 0);
  CHECK(r.by_attacker.outcome == Outcome::kDestroyed);
  auto end = only<AssaultEnded>(o);
  CHECK(end.end == AssaultEnd::kDefenderDestroyed);
  CHECK(near(end.attacker_to, {30, 13}));
  CHECK(near(g.unit("A").pos, {30, 13}));
  CHECK(g.unit("D").destroyed);
  CHECK(g.state.destroyed_points[0] == 1);
}

TEST_CASE("the attacker pinned falls back 3in directly away", "[sec.11][R8][R31]") {
  TestGame g(melee());
  auto o = go(g, {1, 1, 4, 1, 4});
  auto end = only<AssaultEnded>(o);
  CHECK(end.end == AssaultEnd::kFellBack);
  CHECK(near(end.attacker_to, {30, 8}));
  CHECK(near(g.unit("A").pos, {30, 8}));
  CHECK(g.unit("A").pinned);
  CHECK_FALSE(g.unit("D").pinned);
}

TEST_CASE("neither result: both throw again within the one action", "[sec.11][R8]") {
  TestGame g(melee());
  auto o = go(g, {1, 1, 1, 1, /* round 2 */ 5, 1, 1, 1, 2});
  auto rounds = of<AssaultRound>(o);
  REQUIRE(rounds.size() == 2);
  CHECK(rounds[0].round == 1);
  CHECK(rounds[1].round == 2);
  CHECK(only<AssaultEnded>(o).end == AssaultEnd::kDefenderDestroyed);
}

TEST_CASE("a defender pinned in a round fights on at -1", "[sec.11][R8]") {
  TestGame g(melee());
  // round 1: the defender is hit and saves (pinned); round 2: its 4 is a 3 and misses;
  // round 3: the attacker's 6 hits and the save fails.
  auto o = go(g, {4, 1, 1, 1, 5, /**/ 1, 1, 4, 1, /**/ 6, 1, 1, 1, 1});
  auto rounds = of<AssaultRound>(o);
  REQUIRE(rounds.size() == 3);
  CHECK(rounds[0].by_attacker.outcome == Outcome::kPinned);
  CHECK(sum(rounds[1].by_defender.parts) == -1);
  CHECK(rounds[1].by_defender.hits == 0);
  CHECK(only<AssaultEnded>(o).end == AssaultEnd::kDefenderDestroyed);
}

TEST_CASE("the attacker occupies the defender's place even if pinned", "[sec.11][R8]") {
  TestGame g(melee());
  auto o = go(g, {4, 1, 4, 1, 1, 4});
  auto end = only<AssaultEnded>(o);
  CHECK(end.end == AssaultEnd::kDefenderDestroyed);
  CHECK(g.unit("A").pinned);
  CHECK(near(g.unit("A").pos, {30, 13}));
}

TEST_CASE("both may be destroyed", "[sec.11][R8]") {
  TestGame g(melee());
  auto o = go(g, {4, 1, 4, 1, 1, 1});
  CHECK(only<AssaultEnded>(o).end == AssaultEnd::kBothDestroyed);
  CHECK(g.unit("A").destroyed);
  CHECK(g.unit("D").destroyed);
  CHECK(g.state.destroyed_points[0] == 1);
  CHECK(g.state.destroyed_points[1] == 1);
}

TEST_CASE("the attacker destroyed", "[sec.11][R8]") {
  TestGame g(melee());
  auto o = go(g, {1, 1, 4, 1, 1});
  CHECK(only<AssaultEnded>(o).end == AssaultEnd::kAttackerDestroyed);
  CHECK(g.unit("A").destroyed);
  CHECK(count_of<ActivationEnded>(o) == 1);  // its Shoot is not carried out
}

TEST_CASE("a defender assaulted in flank or rear throws at -1", "[sec.11][R8][R3]") {
  TestGame g(melee());
  g.edit("D").facing = Degrees{0};  // its back to the attacker
  auto r = only<AssaultRound>(go(g, {4, 1, 4, 1, 1}));
  CHECK(sum(r.by_defender.parts) == -1);
  CHECK(r.by_defender.hits == 0);
  CHECK(sum(r.by_attacker.parts) == 0);
}

TEST_CASE("a natural 6 always hits", "[sec.11][R8]") {
  TestGame g(melee());
  g.edit("D").facing = Degrees{90};  // flank
  g.pin("D");
  auto o = go(g, {1, 1, 5, 6, 2});
  auto r = only<AssaultRound>(o);
  CHECK(sum(r.by_defender.parts) == -2);
  CHECK(r.by_defender.hits == 1);
  CHECK(only<AssaultEnded>(o).end == AssaultEnd::kAttackerDestroyed);
}

TEST_CASE("assault hits use the target's cover", "[sec.11][R8][R12]") {
  TestGame g(melee().village(26, 12, 34, 20));
  auto r = only<AssaultRound>(go(g, {5, 6, 1, 1, 1}));
  CHECK(r.by_attacker.needed == 6);
  CHECK(r.by_attacker.hits == 1);
  CHECK(r.by_attacker.outcome == Outcome::kDestroyed);
}

TEST_CASE("HQs defend with 1 die", "[R2][sec.11]") {
  TestGame g(melee(UnitType::kInfantry, UnitType::kHq));
  auto r = only<AssaultRound>(go(g, {4, 1, 1, 1}));
  CHECK(r.by_defender.dice.size() == 1);
  CHECK(r.by_attacker.outcome == Outcome::kDestroyed);
}

TEST_CASE("armour in assault: infantry and gun-armed tanks roll as normal", "[sec.11][R8]") {
  {
    TestGame g(melee(UnitType::kInfantry, UnitType::kTank));
    auto r = only<AssaultRound>(go(g, {6, 1, 1, 1, 3}));
    CHECK(r.by_attacker.full_effect);
    CHECK(r.by_attacker.outcome == Outcome::kDestroyed);
  }
  TestGame g(melee(UnitType::kTank, UnitType::kTank));
  g.edit("A").gun = true;
  auto r = only<AssaultRound>(go(g, {6, 1, 1, 1, 3}));
  CHECK(r.by_attacker.outcome == Outcome::kDestroyed);
}

TEST_CASE("armour in assault: other assailants only pin", "[sec.11][R8]") {
  // round 1: a hit, the save fails: the tank is only pinned; round 2: the tank's natural 6 hits
  // the attacker, which is pinned (the cavalry saves; the tank fails, but armour hit by a tank
  // without a gun is only pinned), so it falls back.
  for (auto [a, save] :
       std::vector<std::pair<UnitType, int>>{{UnitType::kCavalry, 4}, {UnitType::kTank, 3}}) {
    INFO(to_string(a));
    TestGame g(melee(a, UnitType::kTank));
    auto o = go(g, {6, 1, 1, 1, 3, /**/ 1, 1, 6, 1, save});
    auto rounds = of<AssaultRound>(o);
    REQUIRE(rounds.size() == 2);
    CHECK_FALSE(rounds[0].by_attacker.full_effect);
    CHECK(rounds[0].by_attacker.outcome == Outcome::kPinned);
    CHECK(rounds[1].by_defender.outcome == Outcome::kPinned);
    CHECK(only<AssaultEnded>(o).end == AssaultEnd::kFellBack);
    CHECK_FALSE(g.unit("D").destroyed);
    CHECK_FALSE(g.unit("A").destroyed);
  }
}

TEST_CASE("an assault still going after 50 rounds ends with the attacker falling back",
          "[R21][sec.11]") {
  TestGame g(melee(UnitType::kInfantry, UnitType::kHq));
  auto o = go(g, std::vector<int>(3 * kMaxAssaultRounds, 1));
  CHECK(count_of<AssaultRound>(o) == kMaxAssaultRounds);
  auto end = only<AssaultEnded>(o);
  CHECK(end.end == AssaultEnd::kRoundLimit);
  // the HQ's footprint is 0.5in: contact at (30,11.5), then 3in back
  CHECK(near(end.attacker_to, {30, 8.5}));
  CHECK(near(g.unit("A").pos, {30, 8.5}));
}

TEST_CASE("falling back stops at the table's edge", "[R31][R8]") {
  TestGame g(melee());
  g.edit("A").pos = {30, 1.5};
  g.edit("D").pos = {30, 4.5};
  go(g, {1, 1, 4, 1, 4});
  CHECK(near(g.unit("A").pos, {30, 0}));
}

TEST_CASE("falling back reveals hidden enemies it comes within 3in of, without stopping",
          "[R31][R10][R17]") {
  TestGame g(melee().woods(26, 5, 29, 8).unit("Q", 1, UnitType::kInfantry, {28, 7}, 180));
  g.conceal("Q");
  auto o = go(g, {1, 1, 4, 1, 4});
  CHECK(near(g.unit("A").pos, {30, 8}));
  CHECK_FALSE(g.unit("Q").concealed);
  auto ids = revealed_ids(o.events);
  CHECK(std::find(ids.begin(), ids.end(), "Q") != ids.end());
}
