// R19 secret deployment, R30 where a unit may be placed, R10 concealed in woods and villages,
// R20 (a placement is seen by its own side only).

#include <algorithm>

#include "fixture.h"

using namespace rcw_test;

namespace {

// Side 0 deploys in the south strip (a village in it), side 1 in the north strip (woods in it).
// A fixed gun of side 0 stands in the village.
ScenarioBuilder field() {
  return ScenarioBuilder()
      .zone(0, rect(0, 0, 72, 12))
      .zone(1, rect(0, 36, 72, 48))
      .village(50, 2, 60, 10)
      .woods(10, 38, 20, 46)
      .swamp(30, 38, 36, 46)
      .unplaced("H0", 0, UnitType::kHq)
      .unplaced("I", 0, UnitType::kInfantry)
      .unit("F", 0, UnitType::kArtillery, {56, 6}, 0)
      .limbered()
      .unplaced("H1", 1, UnitType::kHq)
      .unplaced("X", 1, UnitType::kInfantry)
      .unplaced("V", 1, UnitType::kArmouredCar);
}

void place_side1(TestGame& g) {
  g.accept(kSide1, deploy("H1", {40, 44}, 180));
  g.accept(kSide1, deploy("X", {15, 42}, 180));  // in the woods
  g.accept(kSide1, deploy("V", {50, 42}, 180));
}

}  // namespace

TEST_CASE("units without a position are deployed by their side, both at once",
          "[R19][rcw.deploy.phase]") {
  TestGame g(field(), TestGame::NotBegun{});
  auto ev = g.begin();
  CHECK(count_of<DeploymentBegan>(ev) == 1);
  CHECK(count_of<TurnBegan>(ev) == 0);
  CHECK(g.state.phase == Phase::kDeploy);
  CHECK(seats_to_act(g.state) == std::vector<std::string>{kSide0, kSide1});
  auto d = only<UnitDeployed>(g.accept(kSide1, deploy("X", {15, 42}, 180)));
  CHECK(near(d.pos, {15, 42}));
  g.accept(kSide0, deploy("I", {20, 6}, 0));
  CHECK(g.unit("I").placed);
  CHECK(g.unit("I").concealed);  // unseen by the enemy until deployment ends
  CHECK(g.reject(kSide0, activate("I", kMove, kMove)).clause == clause::kDeployPhase);
}

TEST_CASE("a unit is placed inside a zone of its own side", "[R19][R30][rcw.deploy.zone]") {
  TestGame g(field());
  CHECK(g.reject(kSide0, deploy("I", {20, 20}, 0)).clause == clause::kDeployZone);
  CHECK(g.reject(kSide0, deploy("I", {20, 40}, 0)).clause == clause::kDeployZone);
  g.accept(kSide0, deploy("I", {20, 12}, 0));  // on the zone's edge
}

TEST_CASE("only the side's own units that the scenario did not fix are deployed",
          "[R19][rcw.deploy.unit]") {
  TestGame g(field());
  CHECK(g.reject(kSide0, deploy("F", {20, 6}, 0)).clause == clause::kDeployUnit);
  const Error e = g.reject(kSide0, deploy("X", {20, 6}, 0));  // the enemy's
  CHECK(e.clause == clause::kNotYours);
  CHECK(e.code == ErrorCode::kPermissionDenied);
}

TEST_CASE("a unit may not be placed on one of its own or a fixed unit",
          "[R30][rcw.deploy.overlap]") {
  TestGame g(field());
  g.accept(kSide0, deploy("I", {20, 6}, 0));
  CHECK(g.reject(kSide0, deploy("H0", {20.5, 6}, 0)).clause == clause::kDeployOverlap);
  CHECK(g.reject(kSide0, deploy("H0", {56, 7}, 0)).clause == clause::kDeployOverlap);
  g.accept(kSide0, deploy("H0", {21.5, 6}, 0));  // touching is not overlapping
}

TEST_CASE("deploying again moves the unit", "[R19]") {
  TestGame g(field());
  g.accept(kSide0, deploy("I", {20, 6}, 0));
  g.accept(kSide0, deploy("I", {30, 8}, 90));
  CHECK(near(g.unit("I").pos, {30, 8}));
  CHECK(g.unit("I").facing.get() == Approx(90));
}

TEST_CASE("wheeled units are not placed in woods or swamp", "[R30][R12][rcw.move.terrain]") {
  TestGame g(field());
  CHECK(g.reject(kSide1, deploy("V", {15, 42}, 180)).clause == clause::kMoveTerrain);
  CHECK(g.reject(kSide1, deploy("V", {33, 42}, 180)).clause == clause::kMoveTerrain);
}

TEST_CASE("artillery is not placed unlimbered in a village", "[R30][sec.12][rcw.limber.village]") {
  TestGame g(field().unplaced("G", 0, UnitType::kArtillery));
  CHECK(g.reject(kSide0, deploy("G", {53, 6}, 0)).clause == clause::kLimberVillage);
  g.accept(kSide0, deploy("G", {40, 6}, 0));
}

TEST_CASE("a side confirms when every unit is placed, once",
          "[R19][rcw.deploy.unplaced][rcw.deploy.confirmed]") {
  TestGame g(field());
  g.accept(kSide0, deploy("I", {20, 6}, 0));
  CHECK(g.reject(kSide0, ConfirmDeployment{}).clause == clause::kDeployUnplaced);
  g.accept(kSide0, deploy("H0", {24, 4}, 0));
  CHECK(only<DeploymentConfirmed>(g.accept(kSide0, ConfirmDeployment{})).side == 0);
  CHECK(g.reject(kSide0, ConfirmDeployment{}).clause == clause::kDeployConfirmed);
  CHECK(g.reject(kSide0, deploy("I", {22, 6}, 0)).clause == clause::kDeployConfirmed);
  CHECK(seats_to_act(g.state) == std::vector<std::string>{kSide1});
}

TEST_CASE("when both confirm: units in the open are revealed, in woods and villages stay hidden",
          "[R19][R10][sec.9]") {
  TestGame g(field().unplaced("J", 0, UnitType::kInfantry));
  g.accept(kSide0, deploy("I", {20, 6}, 0));
  g.accept(kSide0, deploy("J", {52, 4}, 0));  // in the village
  g.accept(kSide0, deploy("H0", {24, 4}, 0));
  g.accept(kSide0, ConfirmDeployment{});
  place_side1(g);
  auto ev = g.accept(kSide1, ConfirmDeployment{});
  CHECK(count_of<DeploymentEnded>(ev) == 1);
  auto r = only<UnitsRevealed>(ev);
  CHECK(r.cause == "deployed in the open");
  auto ids = revealed_ids(ev);
  std::sort(ids.begin(), ids.end());
  CHECK(ids == std::vector<std::string>{"H0", "H1", "I", "V"});
  CHECK(g.unit("J").concealed);
  CHECK(g.unit("X").concealed);
  CHECK_FALSE(g.unit("F").concealed);  // fixed: public from the start
  CHECK(g.unit("F").unspotted);        // R49: but in a village, so no target yet
  auto tb = only<TurnBegan>(ev);
  CHECK(tb.turn == 1);
  CHECK(tb.side == 0);
  CHECK(g.state.phase == Phase::kPlay);
}

TEST_CASE("a unit hidden within 3in of an enemy is revealed when deployment ends", "[R19][R10]") {
  TestGame g(field()
                 .zone(1, rect(0, 12, 10, 20))
                 .woods(0, 12, 6, 18)
                 .unplaced("Y", 1, UnitType::kInfantry));
  g.accept(kSide0, deploy("I", {4, 10}, 0));
  g.accept(kSide0, deploy("H0", {24, 4}, 0));
  g.accept(kSide0, ConfirmDeployment{});
  place_side1(g);
  g.accept(kSide1, deploy("Y", {4, 13}, 180));  // in woods, 3in from I
  auto ev = g.accept(kSide1, ConfirmDeployment{});
  auto ids = revealed_ids(ev);
  CHECK(std::find(ids.begin(), ids.end(), "Y") != ids.end());
  CHECK_FALSE(g.unit("Y").concealed);
  CHECK(g.unit("X").concealed);
}

TEST_CASE("a placement reaches its own side only", "[R19][R20]") {
  TestGame g(field());
  const State before = g.state;
  auto ev = g.accept(kSide0, deploy("I", {20, 6}, 0));
  auto d = only<UnitDeployed>(ev);
  CHECK(redact(before, Event{d}, sight_of(0)).has_value());
  CHECK_FALSE(redact(before, Event{d}, sight_of(1)).has_value());
  CHECK_FALSE(redact(before, Event{d}, observer()).has_value());
  CHECK_FALSE(sees(g.state, sight_of(1), g.unit("I")));
  CHECK(sees(g.state, sight_of(1), g.unit("F")));
}

TEST_CASE("with nothing to deploy, fixed units in woods and villages are public but unspotted",
          "[R19][R10][R20][R49][rcw.conceal.unspotted]") {
  TestGame g(ScenarioBuilder()
                 .woods(10, 10, 20, 20)
                 .unit("H0", 0, UnitType::kHq, {4, 4}, 0)
                 .unit("W", 0, UnitType::kInfantry, {15, 19}, 0)  // 1in inside the wood
                 .unit("H1", 1, UnitType::kHq, {60, 44}, 180)
                 .unit("E", 1, UnitType::kInfantry, {15, 29}, 180));
  CHECK_FALSE(g.unit("W").concealed);
  CHECK(sees(g.state, sight_of(1), g.unit("W")));
  CHECK(g.unit("W").unspotted);
  // §9: in range, in front, a clear line, and still no target until spotted.
  g.accept(kSide0, EndTurn{});
  g.accept(kSide1, activate("E", kShoot, kShoot));
  CHECK(g.reject(kSide1, shoot("W")).clause == clause::kUnspotted);
}

TEST_CASE("an enemy deployed within 3in of a fixed unit spots it when deployment ends",
          "[R19][R10][R49]") {
  TestGame g(field()
                 .unit("K", 0, UnitType::kInfantry, {58.5, 6}, 0)  // in the village, by F
                 .zone(1, rect(60.5, 0, 72, 12))
                 .unplaced("Y", 1, UnitType::kInfantry));
  REQUIRE(g.unit("K").unspotted);
  g.accept(kSide0, deploy("I", {20, 6}, 0));
  g.accept(kSide0, deploy("H0", {24, 4}, 0));
  g.accept(kSide0, ConfirmDeployment{});
  place_side1(g);
  g.accept(kSide1, deploy("Y", {61.5, 6}, 270));  // 3in from K, 5.5in from F
  auto ev = g.accept(kSide1, ConfirmDeployment{});
  bool spotted = false;
  for (const UnitsRevealed& r : of<UnitsRevealed>(ev)) {
    for (const Unit& u : r.units) {
      if (u.id.get() == "K") spotted = r.cause == "an enemy came within 3in";
    }
  }
  CHECK(spotted);
  CHECK_FALSE(g.unit("K").unspotted);
  CHECK(g.unit("F").unspotted);
}
