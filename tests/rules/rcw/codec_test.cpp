// The RCW wire codec: every command and event alternative survives the round trip
// native -> grognard.v1.rcw -> native exactly (compared through its serialized form, which
// carries every field), bearings cross as compass bearings on the table as drawn, and bad
// bytes are refused with a message.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "rules/rcw/wire/codec.h"

namespace {

using namespace grognard::rcw;  // NOLINT: test code reads like the rules
namespace wire = grognard::rcw::wire;
using grognard::engine::Roll;

const UnitId kA{"R1"};
const UnitId kB{"W1"};
const Degrees kFacing{112.5};

std::vector<Command> every_command() {
  return {Deploy{kA, {3.5, 40.25}, kFacing},
          ConfirmDeployment{},
          Activate{kA, ActionKind::kRally, ActionKind::kAssault},
          Activate{kA, ActionKind::kLimber, ActionKind::kShoot},
          MoveOrder{{{10, 12}, {14.5, 12.75}}, Degrees{270}, std::nullopt},
          MoveOrder{{}, Degrees{45}, std::nullopt},  // a pure pivot (R15)
          MoveOrder{{}, Degrees{0}, 30.5},           // a train (R13)
          ShootOrder{kB, std::nullopt, {}},
          ShootOrder{kB, UnitId{"R-FAO"}, {}},
          ShootOrder{UnitId{}, std::nullopt, {{UnitId{"W-T1"}, kA}, {UnitId{"W-T2"}, kB}}},
          AssaultOrder{kB},
          SkipAction{},
          EndTurn{},
          Concede{},
          CarryOut{}};
}

Unit whole_unit() {
  Unit u;
  u.id = UnitId{"W-TRAIN"};
  u.name = "Armoured train";
  u.side = 1;
  u.type = UnitType::kTrain;
  u.training = Training::kElite;
  u.radius = 1.5;
  u.points = 2;
  u.pos = {40, 16};
  u.facing = Degrees{90};
  u.fixed = true;
  u.placed = true;
  u.pinned = true;
  u.concealed = true;
  u.activated = true;
  u.cars = {Car{UnitId{"W-T1"}, "Gun car", CarArmament::kArtillery, {40, 16}, true, false},
            Car{UnitId{"W-T2"}, "MG car", CarArmament::kArmouredCar, {37, 16}, false, true}};
  u.rail = 1;
  u.rail_at = 42.5;
  u.reversed = true;
  return u;
}

Unit tank() {
  Unit u;
  u.id = UnitId{"W-TANK"};
  u.name = "Mark V";
  u.side = 1;
  u.type = UnitType::kTank;
  u.training = Training::kConscript;
  u.gun = true;
  u.pos = {12.25, 7};
  u.facing = Degrees{180};
  u.limbered = false;
  u.dug_in = true;
  u.destroyed = true;
  return u;
}

std::vector<Event> every_event() {
  const Roll d6{3, 6, 4};
  const Save saved{Roll{4, 6, 5}, {{"elite", 1}}, 6, true};
  const Save failed{Roll{5, 6, 1}, {{"conscript", -1}}, 0, false};
  AssaultThrow by_attacker{{Roll{6, 6, 6}, Roll{7, 6, 2}},
                           5,
                           {{"pinned", -1}, {"assaulted in flank or rear", -1}},
                           1,
                           {failed},
                           false,
                           Outcome::kPinned};
  AssaultThrow by_defender{{Roll{8, 6, 3}}, 4, {}, 0, {}, true, Outcome::kNoEffect};
  GameEnded ended{1, "Whites win", "turn limit", {3, 7}};
  GameEnded draw{std::nullopt, "Draw", "turn limit", {2, 2}};
  return {DeploymentBegan{},
          UnitDeployed{kA, {6.5, 44}, kFacing},
          DeploymentConfirmed{1},
          DeploymentEnded{},
          UnitsRevealed{{whole_unit(), tank()}, "deployed in the open"},
          TurnBegan{3, 1},
          Activated{kA, ActionKind::kMove, ActionKind::kShoot},
          CommandThrown{kA, UnitId{"R-HQ"}, 14.25, d6, {{"elite", 1}}, 5, true},
          CommandThrown{kA, std::nullopt, 0, Roll{9, 6, 1}, {{"conscript", -1}}, 0, false},
          ActionSkipped{kA, 1, ActionKind::kAssault, "command throw failed"},
          Rallied{kA, d6, {{"HQ adjacent", 1}, {"elite", 1}}, 6, true},
          Limbered{kA, true},
          Moved{kA, {{7, 40}, {9.5, 36}}, Degrees{22.5}, 11.75, std::nullopt, kB, true},
          Moved{UnitId{"W-TRAIN"}, {{50, 16}}, Degrees{90}, 8, 50.0, std::nullopt, false},
          Shot{UnitId{"W-T1"},
               kA,
               UnitId{"W-HQ"},
               17.5,
               Cover::kObscured,
               5,
               {Roll{10, 6, 5}, Roll{11, 6, 2}},
               1,
               {failed},
               true,
               Outcome::kDestroyed,
               false},
          Shot{kA,
               kB,
               std::nullopt,
               9,
               Cover::kArmoured,
               6,
               {},
               0,
               {saved},
               false,
               Outcome::kNoEffect,
               true},
          AssaultMoved{kA, kB, {10, 20}, {10, 22.5}},
          AssaultRound{kA, kB, 2, by_attacker, by_defender},
          AssaultEnded{kA, kB, AssaultEnd::kFellBack, {10, 19.5}},
          AssaultEnded{kA, UnitId{"W-T2"}, AssaultEnd::kRoundLimit, {3, 4}},
          ActivationEnded{kA},
          TurnEnded{3, 1},
          ended,
          draw,
          Conceded{0},
          CommandThrown{kA, UnitId{"R-HQ"}, 6, Roll{10, 6, 2}, {}, 2, true, false}};  // R47
}

}  // namespace

TEST_CASE("every command survives the wire", "[rcw.wire.codec]") {
  for (const Command& c : every_command()) {
    const std::string bytes = wire::Codec::serialize(c);
    auto back = wire::Codec::parse_command(bytes);
    INFO("command " << c.index() << ": " << (back.ok() ? "" : back.error().message));
    REQUIRE(back.ok());
    CHECK(back->index() == c.index());
    CHECK(wire::Codec::serialize(*back) == bytes);
  }
}

TEST_CASE("every event survives the wire", "[rcw.wire.codec]") {
  std::vector<bool> seen(std::variant_size_v<Event>, false);
  for (const Event& e : every_event()) {
    seen[e.index()] = true;
    const std::string bytes = wire::Codec::serialize(e);
    auto back = wire::Codec::parse_event(bytes);
    INFO("event " << e.index() << ": " << (back.ok() ? "" : back.error().message));
    REQUIRE(back.ok());
    CHECK(back->index() == e.index());
    CHECK(wire::Codec::serialize(*back) == bytes);
  }
  for (std::size_t i = 0; i < seen.size(); ++i) {
    INFO("event alternative " << i);
    CHECK(seen[i]);
  }
}

TEST_CASE("a round trip keeps what the rules read", "[rcw.wire.codec][R13]") {
  auto shot = wire::Codec::parse_event(wire::Codec::serialize(every_event()[14]));
  REQUIRE(shot.ok());
  const Shot& s = std::get<Shot>(*shot);
  CHECK(s.firer == UnitId{"W-T1"});
  CHECK(s.observer == UnitId{"W-HQ"});
  CHECK_FALSE(s.ends_action);  // R13: more cars of the same Shoot follow
  CHECK(s.saves.size() == 1);
  CHECK(s.dice[0].face == 5);

  auto revealed = wire::Codec::parse_event(wire::Codec::serialize(every_event()[4]));
  REQUIRE(revealed.ok());
  const Unit& train = std::get<UnitsRevealed>(*revealed).units.at(0);
  CHECK(train.cars.size() == 2);
  CHECK(train.cars[1].destroyed);
  CHECK(train.rail == 1);
  CHECK(train.facing.get() == Approx(90));

  auto ended = wire::Codec::parse_event(wire::Codec::serialize(every_event()[23]));
  auto uncounted = wire::Codec::parse_event(wire::Codec::serialize(every_event().back()));
  REQUIRE(uncounted.ok());
  CHECK_FALSE(std::get<CommandThrown>(*uncounted).counted);  // R47
  REQUIRE(ended.ok());
  CHECK_FALSE(std::get<GameEnded>(*ended).winner.has_value());

  auto order = wire::Codec::parse_command(wire::Codec::serialize(every_command()[6]));
  REQUIRE(order.ok());
  CHECK(std::get<MoveOrder>(*order).rail_at == 30.5);
  auto pivot = wire::Codec::parse_command(wire::Codec::serialize(every_command()[5]));
  REQUIRE(pivot.ok());
  CHECK_FALSE(std::get<MoveOrder>(*pivot).rail_at.has_value());
}

TEST_CASE("bearings on the wire are compass bearings on the table as drawn",
          "[rcw.wire.codec][R15]") {
  // The engine's y grows north, the wire's south: east and west stay, north and south swap.
  auto facing_on_wire = [](double engine) {
    return wire::to_pb(Command{Deploy{kA, {1, 1}, Degrees{engine}}}).deploy().facing();
  };
  CHECK(facing_on_wire(0) == Approx(180));
  CHECK(facing_on_wire(180) == Approx(0));
  CHECK(facing_on_wire(90) == Approx(90));
  CHECK(facing_on_wire(270) == Approx(270));
  CHECK(facing_on_wire(45) == Approx(135));
  wire::pb::Command c;
  c.mutable_move()->set_facing(135);
  auto back = wire::from_pb(c);
  REQUIRE(back.ok());
  CHECK(std::get<MoveOrder>(*back).facing.get() == Approx(45));
}

TEST_CASE("bad bytes are refused with a message", "[rcw.wire.codec]") {
  auto junk = wire::Codec::parse_command(std::string("\xff\xff\xff", 3));
  REQUIRE_FALSE(junk.ok());
  CHECK(junk.error().message == "malformed command");
  CHECK_FALSE(wire::Codec::parse_event(std::string("\x0a\xff", 2)).ok());

  CHECK(wire::Codec::parse_command("").error().message == "the command has no kind");
  CHECK(wire::Codec::parse_event("").error().message == "the event has no kind");

  wire::pb::Command c;
  c.mutable_activate()->set_unit("R1");
  c.mutable_activate()->set_first(wire::pb::MOVE);
  auto no_second = wire::from_pb(c);
  REQUIRE_FALSE(no_second.ok());
  CHECK(no_second.error().message == "activate's second action 0 is not a known value");

  c.Clear();
  c.mutable_assault();
  CHECK(wire::from_pb(c).error().message == "assault names no unit");
  c.Clear();
  c.mutable_shoot();
  CHECK(wire::from_pb(c).error().message == "shoot names no target");

  wire::pb::Event e;
  e.mutable_hidden();
  auto hidden = wire::from_pb(e);
  REQUIRE_FALSE(hidden.ok());
  CHECK(hidden.error().message.find("cannot be applied") != std::string::npos);

  e.Clear();
  e.mutable_turn_began()->set_side(2);
  CHECK_FALSE(wire::from_pb(e).ok());

  e.Clear();
  auto* roll = e.mutable_rallied()->mutable_roll();
  roll->set_sides(6);
  roll->set_face(7);
  auto bad_roll = wire::from_pb(e);
  REQUIRE_FALSE(bad_roll.ok());
  CHECK(bad_roll.error().message == "throw 0 has face 7 on a die of 6 sides");
}
