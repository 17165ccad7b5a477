// RCW scenarios in text format (scenarios/rcw/*.textproto), and the rule set through
// serialized bytes: both shipped scenarios load, deploy and begin; bad ones are refused with
// the line and what is wrong.
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "../../support/source_file.h"
#include "engine/dice.h"
#include "rules/rcw/clauses.h"
#include "rules/rcw/rules.h"
#include "rules/rcw/wire/codec.h"
#include "rules/rcw/wire/ruleset.h"
#include "rules/rcw/wire/scenario_pb.h"

namespace {

using namespace grognard::rcw;  // NOLINT: test code reads like the rules
namespace wire = grognard::rcw::wire;
namespace engine = grognard::engine;

std::string scenario_text(const std::string& name) {
  return grognard::test_support::source_file("scenarios/rcw/" + name + ".textproto");
}

State loaded(const std::string& name) {
  auto s = wire::load_scenario(scenario_text(name));
  INFO(name << ": " << (s.ok() ? "" : s.error().message));
  REQUIRE(s.ok());
  return std::move(s).value();
}

std::string error_of(const std::string& text) {
  auto r = wire::load_scenario(text);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().code == engine::ErrorCode::kInvalidArgument);
  CHECK(r.error().clause == clause::kScenario);
  return r.error().message;
}

const char* kSmall = R"(name: "small"
sides { name: "Reds" }
sides { name: "Whites" }
turns: 4
victory: "points"
zones { side: 0 area { vertices { x: 0 y: 40 } vertices { x: 72 y: 40 } vertices { x: 72 y: 48 } } }
units { id: "R1" side: 0 type: INFANTRY }
units { id: "W1" side: 1 type: INFANTRY position { x: 10 y: 5 facing: 180 } }
)";

// kSmall with `from` replaced by `to` (a singular field may be given once only).
std::string small_with(const std::string& from, const std::string& to) {
  std::string s = kSmall;
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

// Plays a deployment through the rules: each (unit, x, y, facing) placed, then both confirm.
struct Placement {
  const char* id;
  double x, y, facing;
};
State deployed(State s, const std::vector<Placement>& places) {
  engine::SeededDice dice(engine::Seed{7});
  auto fold = [&](const std::string& seat, const Command& c) {
    auto events = decide(s, seat, c, dice);
    INFO(seat << ": " << (events.ok() ? "" : events.error().message));
    REQUIRE(events.ok());
    for (const Event& e : *events) apply(s, e);
  };
  auto begun = begin(s, dice);
  REQUIRE(begun.ok());
  for (const Event& e : *begun) apply(s, e);
  REQUIRE(s.phase == Phase::kDeploy);
  for (const Placement& p : places) {
    const Unit* u = s.find(UnitId{p.id});
    INFO(p.id);
    REQUIRE(u != nullptr);
    // Through the wire, as a general sends it: positions and facings as drawn.
    wire::pb::Command c;
    c.mutable_deploy()->set_unit(p.id);
    c.mutable_deploy()->mutable_pos()->set_x(p.x);
    c.mutable_deploy()->mutable_pos()->set_y(p.y);
    c.mutable_deploy()->set_facing(p.facing);
    auto cmd = wire::from_pb(c);
    REQUIRE(cmd.ok());
    fold(seat_of(u->side), *cmd);
  }
  fold("side:0", ConfirmDeployment{});
  fold("side:1", ConfirmDeployment{});
  return s;
}

// Every unit of the railway scenario placed in its side's zones.
const std::vector<Placement> kRailwayPlaces = {
    {"R-HQ", 30, 42, 0},    {"R-FAO", 20, 39, 0},   {"R-ART", 36, 44, 0},  {"R-INF1", 14, 40, 0},
    {"R-INF2", 22, 41, 0},  {"R-SAIL", 60, 42, 0},  {"R-MG", 50, 42, 0},   {"R-CAV", 5, 42, 20},
    {"R-AC", 52, 45, 0},    {"R-WAG", 40, 46, 0},   {"W-HQ", 52, 24, 180}, {"W-MOR", 54, 21, 190},
    {"W-VOL", 40, 20, 180}, {"W-MOB", 15, 20, 180}, {"W-COS", 64, 6, 200}, {"W-TANK", 30, 19, 180}};

}  // namespace

TEST_CASE("the introductory scenario loads", "[rcw.wire.scenario][R14][R19]") {
  const State s = loaded("intro");
  CHECK(s.width == 36);
  CHECK(s.height == 24);
  CHECK(s.turns == 6);
  CHECK_FALSE(s.victory.empty());
  CHECK(s.objectives.size() == 1);
  CHECK(s.zones.size() == 2);
  std::set<TerrainKind> kinds;
  for (const TerrainPiece& t : s.terrain) kinds.insert(t.kind);
  CHECK(kinds == std::set<TerrainKind>{TerrainKind::kWoods, TerrainKind::kVillage});
  int hqs[kSides] = {0, 0}, units[kSides] = {0, 0};
  for (const Unit& u : s.units) {
    ++units[u.side];
    if (u.type == UnitType::kHq) ++hqs[u.side];
    CHECK_FALSE(u.fixed);  // R19: every unit deployed in secret
  }
  CHECK(hqs[0] == 1);
  CHECK(hqs[1] == 1);
  CHECK(units[0] == 4);
  CHECK(units[1] == 4);
}

TEST_CASE("the introductory scenario deploys: the wood and the village hide their units",
          "[rcw.wire.scenario][R10][R19]") {
  const State s = deployed(loaded("intro"), {{"R-HQ", 9, 16, 0},
                                             {"R1", 10, 14, 20},
                                             {"R2", 20, 20, 0},
                                             {"R3", 30, 20, 330},
                                             {"W-HQ", 23, 4, 180},
                                             {"W1", 24.5, 7, 180},
                                             {"W2", 27, 5, 200},
                                             {"W3", 10, 5, 160}});
  CHECK(s.phase == Phase::kPlay);
  CHECK(s.turn == 1);
  CHECK(s.side == 0);
  for (const char* id : {"R-HQ", "R1", "W-HQ", "W1", "W2"}) {
    INFO(id);
    CHECK(s.find(UnitId{id})->concealed);
  }
  for (const char* id : {"R2", "R3", "W3"}) {
    INFO(id);
    CHECK_FALSE(s.find(UnitId{id})->concealed);
  }
  // The wire's facing 180 (south, toward the Reds) is the engine's 0.
  CHECK(s.find(UnitId{"W1"})->facing.get() == Approx(0));
}

TEST_CASE("the railway scenario loads with every unit type", "[rcw.wire.scenario][R13][R14]") {
  const State s = loaded("railway");
  CHECK(s.width == 72);
  CHECK(s.height == 48);
  CHECK(s.turns == 8);
  CHECK(s.objectives.size() == 3);
  CHECK(s.rails.size() == 1);
  std::set<TerrainKind> kinds;
  for (const TerrainPiece& t : s.terrain) kinds.insert(t.kind);
  CHECK(kinds.size() == 5);
  std::set<UnitType> types;
  bool zones[kSides] = {false, false};
  for (const Zone& z : s.zones) zones[z.side] = true;
  CHECK(zones[0]);
  CHECK(zones[1]);
  for (const Unit& u : s.units) types.insert(u.type);
  CHECK(types.size() == 11);
  const Unit* train = s.find(UnitId{"W-TRAIN"});
  REQUIRE(train != nullptr);
  CHECK(train->fixed);
  REQUIRE(train->cars.size() == 3);
  std::set<CarArmament> armaments;
  for (const Car& c : train->cars) armaments.insert(c.armament);
  CHECK(armaments.size() == 2);
  // R13: the cars stand on the line at the station, one car length apart, facing east.
  CHECK(train->cars[0].pos.x == Approx(41.93).margin(0.01));
  CHECK(train->cars[1].pos.x == Approx(38.93).margin(0.01));
  CHECK(train->pos.y == Approx(16));
  for (const char* id : {"W-MARK", "W-MG"}) {
    const Unit* u = s.find(UnitId{id});
    INFO(id);
    REQUIRE(u != nullptr);
    CHECK(u->fixed);
    CHECK(u->dug_in);
    CHECK_FALSE(u->concealed);  // their trenches are known
    CHECK(u->unspotted);        // R49: but in Kamenka, so no target until spotted
  }
}

TEST_CASE("the railway scenario deploys every unit", "[rcw.wire.scenario][R19][R30]") {
  const State s = deployed(loaded("railway"), kRailwayPlaces);
  CHECK(s.phase == Phase::kPlay);
  CHECK(s.turn == 1);
  // R10: the sailors in the south wood, the volunteers at the station, the HQ in Kamenka and
  // the Cossacks in the pine forest stay hidden; the rest are revealed.
  for (const char* id : {"R-SAIL", "W-VOL", "W-HQ", "W-COS"}) {
    INFO(id);
    CHECK(s.find(UnitId{id})->concealed);
  }
  for (const char* id : {"R-HQ", "R-ART", "R-WAG", "W-TANK", "W-MOB"}) {
    INFO(id);
    CHECK_FALSE(s.find(UnitId{id})->concealed);
  }
}

TEST_CASE("the railway scenario: Kamenka's garrison is not shelled through the FAO on turn 1",
          "[rcw.wire.scenario][sec.9][R19][R49][rcw.conceal.unspotted]") {
  // The FAO 12in south of the dug-in MG, with it in front and a clear line (R11 amended: the
  // village it stands in does not block), the battery 20in from it.
  std::vector<Placement> places = kRailwayPlaces;
  for (Placement& p : places) {
    if (std::string(p.id) == "R-FAO") p = {"R-FAO", 52, 39, 0};
    if (std::string(p.id) == "R-ART") p = {"R-ART", 46, 44, 0};
  }
  State s = deployed(loaded("railway"), places);
  engine::SeededDice dice(engine::Seed{5});
  auto activated =
      decide(s, "side:0", Activate{UnitId{"R-ART"}, ActionKind::kLimber, ActionKind::kShoot}, dice);
  REQUIRE(activated.ok());
  for (const Event& e : *activated) apply(s, e);
  REQUIRE_FALSE(s.find(UnitId{"R-ART"})->limbered);
  for (const char* id : {"W-MG", "W-MARK"}) {
    INFO(id);
    CHECK(s.find(UnitId{id})->unspotted);
    const auto shot = decide(s, "side:0", ShootOrder{UnitId{id}, UnitId{"R-FAO"}, {}}, dice);
    REQUIRE_FALSE(shot.ok());
    CHECK(shot.error().clause == clause::kUnspotted);
    for (const Command& c : legal(s, "side:0")) {
      const auto* o = std::get_if<ShootOrder>(&c);
      CHECK_FALSE((o != nullptr && o->target.get() == id));
    }
  }
}

TEST_CASE("the rule set serves both scenarios through bytes", "[rcw.wire.scenario]") {
  auto ruleset = wire::make_rcw_ruleset();
  CHECK(ruleset->name() == "rcw");
  CHECK(ruleset->wire_types().command == "grognard.v1.rcw.Command");
  for (const char* name : {"intro", "railway"}) {
    INFO(name);
    auto state = ruleset->load_scenario(scenario_text(name));
    REQUIRE(state.ok());
    auto seats = ruleset->seats(**state);
    REQUIRE(seats.size() == 2);
    CHECK(seats[0].id == "side:0");
    CHECK(seats[0].role == engine::Role::kGeneral);
    CHECK(seats[0].label == "Reds");
    CHECK(seats[1].label == "Whites");
    engine::SeededDice dice(engine::Seed{3});
    auto events = ruleset->begin(**state, dice);
    REQUIRE(events.ok());
    for (const auto& e : *events) REQUIRE(ruleset->apply(**state, e).ok());
    const engine::ToAct to_act = ruleset->to_act(**state);
    CHECK(to_act.summary == "Deployment: both sides place their units");
    CHECK(to_act.seats == std::vector<std::string>{"side:0", "side:1"});
  }
}

TEST_CASE("bad scenarios are refused with the line and what is wrong", "[rcw.wire.scenario]") {
  REQUIRE(wire::load_scenario(kSmall).ok());
  const std::string small = kSmall;
  CHECK(error_of("name: \"x\"\nsides { nme: \"Reds\" }\n") ==
        "line 2:12: Message type \"grognard.v1.rcw.Side\" has no field named \"nme\".");
  CHECK(error_of("units { type: INFANTERY }") ==
        "line 1:25: Unknown enumeration value of \"INFANTERY\" for field \"type\".");
  CHECK(error_of("sides { name: \"Reds\" }") == "the scenario needs two sides, not 1");
  CHECK(error_of(small + "sides { name: \"Greens\" }") == "the scenario needs two sides, not 3");
  CHECK(error_of(small_with("turns: 4", "")) == "the scenario gives no turn limit (turns, R14)");
  CHECK(error_of(small_with("victory: \"points\"", "")) ==
        "the scenario gives no victory conditions (victory, R14)");
  CHECK(error_of(small + "first_side: 2") == "first_side has side 2; the sides are 0 and 1");
  CHECK(error_of(small + "units { side: 0 type: MG }") == "line 9:1: unit 3 has no id");
  CHECK(error_of(small + "units { id: \"X\" side: 0 }") == "line 9:1: unit \"X\" has no type");
  CHECK(error_of(small + "units { id: \"X\" side: 2 type: MG }") ==
        "line 9:1: unit \"X\" has side 2; the sides are 0 and 1");
  CHECK(error_of(small + "units { id: \"T\" side: 1 type: TRAIN cars { name: \"c\" } }") ==
        "line 9:1: unit \"T\"'s car 1 has no id");
  CHECK(error_of(small + "units { id: \"T\" side: 1 type: TRAIN cars { id: \"c\" } }") ==
        "line 9:1: unit \"T\": car \"c\" armament 0 is not a known value");
  CHECK(error_of(small + "terrain { name: \"wood\" }") ==
        "line 9:1: terrain \"wood\": terrain kind 0 is not a known value");
  CHECK(error_of(small + "zones { side: 3 name: \"z\" }") ==
        "line 9:1: zone \"z\" has side 3; the sides are 0 and 1");
  // The rules' own checks follow (rcw::new_game), with the same clause.
  CHECK(error_of(small + "units { id: \"T\" side: 1 type: TRAIN rail: \"nowhere\" cars { id: "
                         "\"c\" armament: CAR_ARTILLERY } }")
            .find("no rail line \"nowhere\"") != std::string::npos);
  CHECK(error_of(small + "units { id: \"R1\" side: 0 type: MG }").find("used twice") !=
        std::string::npos);
}
