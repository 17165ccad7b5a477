// The wire adapter: commands and events native <-> protobuf, the View, and ItchyRuleset
// end to end through serialized bytes.

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "../../support/source_file.h"
#include "engine/dice.h"
#include "rules/itchy/wire/codec.h"
#include "rules/itchy/wire/ruleset.h"
#include "rules/itchy/wire/scenario_pb.h"

using namespace grognard::itchy;
using grognard::engine::ErrorCode;
using grognard::engine::ScriptedDice;
namespace engine = grognard::engine;
namespace pb = grognard::v1::itchy;

namespace {

// --- Native equality, field by field (the native types define none) ----------------------

bool same(const ChooseOrder& a, const ChooseOrder& b) {
  return a.go_first == b.go_first;
}
bool same(const Move& a, const Move& b) {
  return a.unit == b.unit && a.steps == b.steps && a.facing == b.facing;
}
bool same(const Attack& a, const Attack& b) {
  return a.unit == b.unit && a.target == b.target;
}
bool same(const EndSideTurn&, const EndSideTurn&) {
  return true;
}
bool same(const InitiativeThrown& a, const InitiativeThrown& b) {
  return a.turn == b.turn && a.throws == b.throws && a.winner == b.winner;
}
bool same(const OrderChosen& a, const OrderChosen& b) {
  return a.side == b.side && a.go_first == b.go_first && a.first_side == b.first_side;
}
bool same(const UnitMoved& a, const UnitMoved& b) {
  return a.unit == b.unit && a.path == b.path && a.facing == b.facing &&
         a.withdrawal == b.withdrawal && a.stopped_by_enemy == b.stopped_by_enemy;
}
bool same(const AttackResolved& a, const AttackResolved& b) {
  if (a.casualties.size() != b.casualties.size()) return false;
  for (std::size_t i = 0; i < a.casualties.size(); ++i) {
    const Casualty &x = a.casualties[i], &y = b.casualties[i];
    if (x.unit != y.unit || x.sp_lost != y.sp_lost || x.destroyed != y.destroyed) return false;
  }
  return a.unit == b.unit && a.target == b.target && a.range == b.range && a.dice == b.dice &&
         a.general_bonus == b.general_bonus && a.cover == b.cover && a.rolls == b.rolls;
}
bool same(const SideTurnEnded& a, const SideTurnEnded& b) {
  return a.side == b.side;
}
bool same(const TurnEnded& a, const TurnEnded& b) {
  return a.turn == b.turn && a.losses == b.losses && a.exhausted == b.exhausted;
}
bool same(const GameEnded& a, const GameEnded& b) {
  return a.winner == b.winner && a.reason == b.reason && a.score == b.score;
}

template <class V>
bool same_variant(const V& a, const V& b) {
  if (a.index() != b.index()) return false;
  return std::visit([&](const auto& x) { return same(x, std::get<std::decay_t<decltype(x)>>(b)); },
                    a);
}

Roll roll(std::uint64_t n, int face, int sides = 6) {
  return Roll{n, sides, face};
}

std::vector<Command> every_command() {
  return {ChooseOrder{true},
          ChooseOrder{false},
          Move{UnitId{"B1"},
               {Facing::kNorth, Facing::kEast, Facing::kSouth, Facing::kWest},
               Facing::kEast},
          Move{UnitId{"B2"}, {Facing::kNorth}, std::nullopt},
          Move{UnitId{"B3"}, {}, Facing::kWest},
          Attack{UnitId{"B4"}, GridPos{4, 0}},
          EndSideTurn{}};
}

std::vector<Event> every_event() {
  return {InitiativeThrown{3, {{roll(7, 4), roll(8, 4)}, {roll(9, 2), roll(10, 5)}}, 1},
          OrderChosen{1, false, 0},
          UnitMoved{UnitId{"R3"}, {{6, 1}, {6, 2}, {5, 2}}, Facing::kSouth, false, true},
          UnitMoved{UnitId{"R1"}, {}, Facing::kWest, true, false},
          AttackResolved{UnitId{"B4"},
                         GridPos{4, 0},
                         5,
                         3,
                         true,
                         true,
                         {roll(11, 1), roll(12, 1), roll(13, 6)},
                         {Casualty{UnitId{"R1"}, 1, false}, Casualty{UnitId{"R-GEN"}, 1, true}}},
          SideTurnEnded{1},
          TurnEnded{3, {2, 5}, {false, true}},
          GameEnded{0, "Boers exhausted", {7, 2}},
          GameEnded{std::nullopt, "turn limit", {4, 4}}};
}

std::string read_intro() {
  return grognard::test_support::source_file("scenarios/itchy/intro.textproto");
}

}  // namespace

TEST_CASE("codec: every command round-trips", "[itchy.codec]") {
  for (const Command& c : every_command()) {
    auto back = wire::from_pb(wire::to_pb(c));
    REQUIRE(back.ok());
    CHECK(same_variant(*back, c));
    auto via_bytes = wire::Codec::parse_command(wire::Codec::serialize(c));
    REQUIRE(via_bytes.ok());
    CHECK(same_variant(*via_bytes, c));
  }
  const pb::Command move = wire::to_pb(every_command()[3]);
  CHECK(move.move().facing() == pb::FACING_UNSPECIFIED);  // no facing given: none sent
}

TEST_CASE("codec: every event round-trips exactly, dice included", "[itchy.codec]") {
  for (const Event& e : every_event()) {
    INFO(wire::to_text(e));
    auto back = wire::from_pb(wire::to_pb(e));
    REQUIRE(back.ok());
    CHECK(same_variant(*back, e));
    auto via_bytes = wire::Codec::parse_event(wire::Codec::serialize(e));
    REQUIRE(via_bytes.ok());
    CHECK(same_variant(*via_bytes, e));
  }
}

TEST_CASE("codec: malformed commands are invalid arguments", "[itchy.codec]") {
  auto code_of = [](const pb::Command& c) {
    auto r = wire::from_pb(c);
    REQUIRE_FALSE(r.ok());
    return r.error().code;
  };
  CHECK(code_of(pb::Command{}) == ErrorCode::kInvalidArgument);
  pb::Command c;
  c.mutable_move()->set_unit("B1");
  c.mutable_move()->add_steps(pb::NORTH);
  c.mutable_move()->add_steps(static_cast<pb::Facing>(9));
  CHECK(code_of(c) == ErrorCode::kInvalidArgument);
  c.mutable_move()->set_steps(1, pb::FACING_UNSPECIFIED);
  CHECK(code_of(c) == ErrorCode::kInvalidArgument);
  c.mutable_move()->clear_steps();
  c.mutable_move()->set_facing(static_cast<pb::Facing>(42));
  CHECK(code_of(c) == ErrorCode::kInvalidArgument);
  c.mutable_move()->set_facing(pb::EAST);
  CHECK(wire::from_pb(c).ok());
  c.mutable_move()->clear_unit();
  CHECK(code_of(c) == ErrorCode::kInvalidArgument);
  c.mutable_attack()->set_unit("B4");  // no target area
  CHECK(code_of(c) == ErrorCode::kInvalidArgument);
  auto garbage = wire::Codec::parse_command(std::string("\xff\xff\xff", 3));
  REQUIRE_FALSE(garbage.ok());
  CHECK(garbage.error().message == "malformed command");
}

TEST_CASE("codec: malformed events are invalid arguments", "[itchy.codec]") {
  auto refused = [](const pb::Event& e) {
    auto r = wire::from_pb(e);
    return !r.ok() && r.error().code == ErrorCode::kInvalidArgument;
  };
  CHECK(refused(pb::Event{}));
  pb::Event e = wire::to_pb(every_event()[4]);
  e.mutable_attack_resolved()->mutable_rolls(0)->set_face(7);  // a 7 on a D6
  CHECK(refused(e));
  e = wire::to_pb(every_event()[2]);
  e.mutable_unit_moved()->set_facing(pb::FACING_UNSPECIFIED);
  CHECK(refused(e));
  e = wire::to_pb(every_event()[6]);
  e.mutable_turn_ended()->mutable_losses()->RemoveLast();
  CHECK(refused(e));
  e = wire::to_pb(every_event()[7]);
  e.mutable_game_ended()->set_winner(2);
  CHECK(refused(e));
  e = wire::to_pb(every_event()[0]);
  e.mutable_initiative_thrown()->mutable_throws(0)->clear_side1();
  CHECK(refused(e));
}

TEST_CASE("codec: an event prints as text on one line", "[itchy.codec]") {
  CHECK(wire::to_text(SideTurnEnded{1}) == "side_turn_ended { side: 1 }");
  for (const Event& e : every_event()) {
    const std::string text = wire::to_text(e);
    CHECK(text.find('\n') == std::string::npos);
    CHECK(text.back() == '}');
  }
  CHECK(wire::to_text(every_event()[0]) ==
        "initiative_thrown { turn: 3 throws { side0 { n: 7 sides: 6 face: 4 } side1 { n: 8 "
        "sides: 6 face: 4 } } throws { side0 { n: 9 sides: 6 face: 2 } side1 { n: 10 sides: 6 "
        "face: 5 } } winner: 1 }");
}

TEST_CASE("codec: the view shows the whole state", "[itchy.codec]") {
  auto st = wire::load_scenario(read_intro());
  REQUIRE(st.ok());
  const pb::View v = wire::to_view(*st);
  CHECK(v.scenario_name() == "Skirmish at Kopje Farm");
  CHECK(v.width() == 8);
  CHECK(v.height() == 6);
  REQUIRE(v.terrain_size() == 48);
  CHECK(v.terrain(2 * 8 + 1) == pb::WOODS);
  CHECK(v.terrain(2 * 8 + 5) == pb::BUILT_UP);
  CHECK(v.terrain(0) == pb::OPEN);
  REQUIRE(v.sides_size() == 2);
  CHECK(v.sides(0).name() == "British");
  CHECK(v.sides(1).exhaustion_point() == st->sides[1].exhaustion_point);
  REQUIRE(v.units_size() == 10);
  const pb::UnitView& b4 = v.units(4);
  CHECK(b4.id() == "B4");
  CHECK(b4.type() == pb::ARTILLERY);
  CHECK(b4.weapon() == pb::RIFLED_FIELD_ARTILLERY);
  CHECK(b4.sp() == 2);
  CHECK(b4.pos().x() == 4);
  CHECK(b4.pos().y() == 5);
  CHECK(b4.facing() == pb::NORTH);
  CHECK(v.units(0).type() == pb::GENERAL);
  CHECK(v.units(0).weapon() == pb::WEAPON_UNSPECIFIED);
  CHECK(v.victory().objectives_size() == 2);
  CHECK(v.turn_limit() == 8);
  CHECK(v.phase() == pb::PHASE_NOT_STARTED);
  CHECK_FALSE(v.over());
  CHECK(v.winner() == -1);
  CHECK(v.active_unit().empty());
  CHECK(v.score_size() == 2);
}

TEST_CASE("ItchyRuleset end to end through bytes", "[itchy.ruleset]") {
  const auto rules = wire::make_itchy_ruleset();
  CHECK(rules->name() == "itchy");
  CHECK_FALSE(rules->load_scenario("width: 0").ok());
  auto loaded = rules->load_scenario(read_intro());
  REQUIRE(loaded.ok());
  engine::GameState& game = **loaded;

  const auto seats = rules->seats(game);
  REQUIRE(seats.size() == 2);
  CHECK(seats[0].id == "side:0");
  CHECK(seats[0].role == engine::Role::kGeneral);
  CHECK(seats[0].label == "British");
  CHECK(seats[1].id == "side:1");
  CHECK(seats[1].label == "Boers");
  CHECK(rules->to_act(game).seats.empty());
  CHECK_FALSE(rules->to_act(game).game_over);

  std::vector<engine::Bytes> log;  // every event applied, in order
  auto fold = [&](const std::vector<engine::Bytes>& events) {
    for (const auto& e : events) {
      REQUIRE(rules->apply(game, e).ok());
      log.push_back(e);
    }
  };
  ScriptedDice initiative{6, 2};
  auto begun = rules->begin(game, initiative);
  REQUIRE(begun.ok());
  fold(*begun);
  CHECK(rules->to_act(game).seats == std::vector<std::string>{"side:0"});
  CHECK(rules->to_act(game).summary == "Turn 1 — British: choose to go first or second");

  // Wrong seats and malformed commands.
  ScriptedDice none{};
  const auto go_first = wire::Codec::serialize(ChooseOrder{true});
  auto wrong = rules->decide(game, "side:1", go_first, none);
  REQUIRE_FALSE(wrong.ok());
  CHECK((wrong.error().code == ErrorCode::kNotYourTurn ||
         wrong.error().code == ErrorCode::kPermissionDenied));
  auto stranger = rules->decide(game, "referee", go_first, none);
  REQUIRE_FALSE(stranger.ok());
  CHECK(stranger.error().code == ErrorCode::kPermissionDenied);
  auto garbage = rules->decide(game, "side:0", std::string("\xff\xff\xff", 3), none);
  REQUIRE_FALSE(garbage.ok());
  CHECK(garbage.error().code == ErrorCode::kInvalidArgument);
  CHECK(garbage.error().message == "malformed command");
  auto empty = rules->decide(game, "side:0", "", none);
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.error().code == ErrorCode::kInvalidArgument);

  // Every legal command is accepted by decide (dice aside).
  auto check_legal = [&](const std::string& seat) {
    const auto legal = rules->legal(game, seat);
    CHECK_FALSE(legal.empty());
    for (const auto& c : legal) {
      std::vector<int> faces;  // never all alike: an initiative tie throws again
      for (int i = 0; i < 40; ++i) faces.push_back(i % 6 + 1);
      ScriptedDice dice(faces);
      auto r = rules->decide(game, seat, c, dice);
      INFO(wire::Codec::parse_command(c).ok());
      CHECK(r.ok());
    }
  };
  check_legal("side:0");
  CHECK(rules->legal(game, "side:1").empty());
  CHECK(rules->legal(game, "observer").empty());

  auto chosen = rules->decide(game, "side:0", go_first, none);
  REQUIRE(chosen.ok());
  fold(*chosen);
  CHECK(rules->to_act(game).summary.rfind("Turn 1 — British: activate units", 0) == 0);
  check_legal("side:0");

  // The Imperial Light Horse ride two areas north.
  auto moved = rules->decide(
      game, "side:0",
      wire::Codec::serialize(Move{UnitId{"B3"}, {Facing::kNorth, Facing::kNorth}, std::nullopt}),
      none);
  REQUIRE(moved.ok());
  fold(*moved);
  pb::View view;
  REQUIRE(view.ParseFromString(rules->view(game, engine::Viewer{})));
  CHECK(view.phase() == pb::PHASE_ACTIVATION);
  CHECK(view.acting_side() == 0);
  CHECK(view.units(3).id() == "B3");
  CHECK(view.units(3).pos().y() == 3);
  CHECK(view.units(3).moved());
  // Itchy & Scratchy hides nothing: every viewer sees the same, and every event unchanged.
  CHECK(rules->view(game, engine::Viewer{engine::Role::kGeneral, "side:1", false}) ==
        rules->view(game, engine::Viewer{}));
  CHECK(rules->view_event(game, log.back(), engine::Viewer{}) == log.back());

  // The British end their side turn: the Boers act.
  auto ended = rules->decide(game, "side:0", wire::Codec::serialize(EndSideTurn{}), none);
  REQUIRE(ended.ok());
  fold(*ended);
  CHECK(rules->to_act(game).seats == std::vector<std::string>{"side:1"});
  check_legal("side:1");

  // Events that are not messages, or name what the game does not hold, are refused.
  CHECK(rules->apply(game, std::string("\xff\xff", 2)).error().code == ErrorCode::kInvalidArgument);
  CHECK(rules
            ->apply(game, wire::Codec::serialize(
                              UnitMoved{UnitId{"NOBODY"}, {}, Facing::kNorth, false, false}))
            .error()
            .code == ErrorCode::kInvalidArgument);

  // Two identical folds hash the same; a clone hashes the same; one more event changes it.
  auto again = rules->load_scenario(read_intro());
  REQUIRE(again.ok());
  for (const auto& e : log) REQUIRE(rules->apply(**again, e).ok());
  CHECK(rules->hash(**again) == rules->hash(game));
  const auto copy = game.clone();
  CHECK(rules->hash(*copy) == rules->hash(game));
  REQUIRE(rules->apply(*copy, wire::Codec::serialize(SideTurnEnded{1})).ok());
  CHECK_FALSE(rules->hash(*copy) == rules->hash(game));
}
