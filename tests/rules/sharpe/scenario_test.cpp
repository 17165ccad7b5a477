// Sharpe's Mess scenarios in text format, and SharpeRuleset through serialized bytes.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "../../support/source_file.h"
#include "rules/sharpe/clauses.h"
#include "rules/sharpe/wire/codec.h"
#include "rules/sharpe/wire/ruleset.h"
#include "rules/sharpe/wire/scenario_pb.h"

namespace {

using namespace grognard::sharpe;  // NOLINT: test code reads like the rules
namespace wire = grognard::sharpe::wire;
namespace engine = grognard::engine;

std::string village() {
  return grognard::test_support::source_file("scenarios/sharpe/village.textproto");
}

std::string error_of(const std::string& text) {
  auto r = wire::load_scenario(text);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().code == engine::ErrorCode::kInvalidArgument);
  CHECK(r.error().clause == clause::kScenario);
  return r.error().message;
}

const char* kSmall = R"(name: "small"
seats { id: "player:a" briefing: "A" }
seats { id: "player:b" briefing: "B" }
groups { id: "ga" seat: "player:a" base: 1
  figures { id: "a1" pos { x: 5 y: 5 } weapons { kind: MUSKET } } }
groups { id: "gb" seat: "player:b" base: 1
  figures { id: "b1" pos { x: 5 y: 40 } weapons { kind: MUSKET } } }
)";

}  // namespace

TEST_CASE("the village scenario loads", "[sharpe.wire.scenario]") {
  auto sc = wire::parse_scenario(village());
  INFO((sc.ok() ? "" : sc.error().message));
  REQUIRE(sc.ok());
  CHECK(sc->seats.size() == 3);
  CHECK(sc->groups.size() == 5);
  CHECK(sc->guns.size() == 1);
  CHECK(sc->buildings.size() == 3);
  CHECK(sc->walls.size() == 1);
  for (const Seat& s : sc->seats) CHECK_FALSE(s.briefing.empty());
  auto state = wire::load_scenario(village());
  INFO((state.ok() ? "" : state.error().message));
  REQUIRE(state.ok());
  CHECK(state->figures.size() == 20);
}

TEST_CASE("a bearing on the wire is a compass bearing on a table whose y grows south",
          "[sharpe.wire.scenario][S9]") {
  // The village gun at (37.5, 22) is "aimed down the road" at 225: south-west, toward the
  // British at the bottom left of the table (larger y is further south).
  auto sc = wire::parse_scenario(village());
  REQUIRE(sc.ok());
  const engine::Vec way = engine::direction(sc->guns.front().aim);
  CHECK(way.dx < -0.7);
  CHECK(way.dy > 0.7);
  // North (0) is toward y = 0, east (90) toward larger x; and back again.
  CHECK(engine::direction(wire::engine_bearing(0)).dy == Approx(-1.0));
  CHECK(engine::direction(wire::engine_bearing(90)).dx == Approx(1.0));
  for (double b : {0.0, 45.0, 92.5, 225.0, 359.5}) {
    CHECK(wire::wire_bearing(wire::engine_bearing(b)) == Approx(b));
  }
}

TEST_CASE("bad scenarios are refused with line and column", "[sharpe.wire.scenario]") {
  const std::string unknown = error_of("name: \"x\"\nnonsense: 3\n");
  CHECK(unknown.rfind("line 2:", 0) == 0);
  CHECK(unknown.find("nonsense") != std::string::npos);
  CHECK(error_of("name: \"x\"\ngroups { id: \"g\" figures { id: \"f\" weapons { kind: LANCE } } }")
            .rfind("line 2:", 0) == 0);
  std::string no_pos = kSmall;
  no_pos.replace(no_pos.find("pos { x: 5 y: 40 } "), 19, "");
  CHECK(error_of(no_pos) == "line 7:3: figure \"b1\" has no position");
  std::string bad_hero = kSmall;
  bad_hero.replace(bad_hero.find("base: 1"), 7, "base: 1 hero: \"zz\"");
  CHECK(error_of(bad_hero) == "line 4:1: group \"ga\"'s hero \"zz\" is not one of its figures");
  std::string no_seat = kSmall;
  no_seat.replace(no_seat.find("seat: \"player:b\""), 16, "seat: \"player:c\"");
  CHECK(error_of(no_seat).find("belongs to no player seat") != std::string::npos);
  CHECK(error_of("name: \"x\"") == "the scenario has no player seats");
  // A group name that is not UTF-8 would reach every card drawn for it (found by fuzzing: the
  // opening events did not read back).
  std::string not_utf8 = kSmall;
  not_utf8.replace(not_utf8.find("id: \"gb\""), 9, "id: \"g\\377\"");
  CHECK(error_of(not_utf8) == "field groups[1].id is not UTF-8 text");
  CHECK(wire::load_scenario(kSmall).ok());
}

TEST_CASE("SharpeRuleset through bytes: seats, begin, decide, apply, legal, hash",
          "[sharpe.wire.ruleset]") {
  auto rs = wire::make_sharpe_ruleset();
  CHECK(rs->name() == "sharpe");
  CHECK(rs->wire_types().command == "grognard.v1.sharpe.Command");
  auto loaded = rs->load_scenario(village());
  REQUIRE(loaded.ok());
  auto& gs = **loaded;
  CHECK(rs->title(gs) == "The Village of San Miguel");
  const auto seats = rs->seats(gs);
  REQUIRE(seats.size() == 4);
  CHECK(seats[0].id == "player:british");
  CHECK(seats[0].role == engine::Role::kPlayer);
  CHECK(seats[0].label == "British");
  CHECK(seats[3].id == "referee");
  CHECK(seats[3].role == engine::Role::kReferee);

  CHECK_FALSE(rs->load_scenario("name: ").ok());

  engine::SeededDice dice(engine::Seed{7});
  const auto h0 = rs->hash(gs);
  auto started = rs->begin(gs, dice);
  REQUIRE(started.ok());
  for (const auto& e : *started) REQUIRE(rs->apply(gs, e).ok());
  CHECK_FALSE(rs->hash(gs) == h0);

  for (int step = 0; step < 40; ++step) {
    const auto act = rs->to_act(gs);
    REQUIRE_FALSE(act.game_over);
    REQUIRE(act.seats.size() == 1);  // the drawn hero's player; the referee out of turn (S12)
    CHECK(act.seats.front() != "referee");
    const std::string seat = act.seats.front();
    const auto legal = rs->legal(gs, seat);
    REQUIRE_FALSE(legal.empty());
    // Every legal command is accepted by decide on a copy.
    for (const auto& c : legal) {
      auto copy = gs.clone();
      engine::SeededDice d(engine::Seed{9});
      INFO(seat << " " << wire::to_pb(*wire::Codec::parse_command(c)).ShortDebugString());
      auto events = rs->decide(*copy, seat, c, d);
      REQUIRE(events.ok());
      for (const auto& e : *events) REQUIRE(rs->apply(*copy, e).ok());
    }
    // Play the last one listed (EndActivation comes last when offered; keeps the game moving).
    auto events = rs->decide(gs, seat, legal.back(), dice);
    REQUIRE(events.ok());
    for (const auto& e : *events) REQUIRE(rs->apply(gs, e).ok());
  }

  // A command from a seat not to act is refused and changes nothing.
  const auto before = rs->hash(gs);
  const auto act = rs->to_act(gs);
  const std::string idle =
      act.seats.front() == "player:partisans" ? "player:british" : "player:partisans";
  auto refused = rs->decide(gs, idle, wire::Codec::serialize(Command{EndActivation{}}), dice);
  CHECK_FALSE(refused.ok());
  CHECK(rs->hash(gs) == before);
  CHECK_FALSE(rs->decide(gs, "referee", "\xff\xff", dice).ok());

  // An event naming an unknown figure is refused by apply.
  auto stray = wire::Codec::serialize(Event{FigureRan{FigureId("nobody"), {}, {1, 1}}});
  CHECK_FALSE(rs->apply(gs, stray).ok());
  CHECK(rs->hash(gs) == before);
}

TEST_CASE("the referee acts out of turn, and is the seat to act only while paused",
          "[sharpe.wire.ruleset][S12][S25]") {
  auto rs = wire::make_sharpe_ruleset();
  auto loaded = rs->load_scenario(village());
  REQUIRE(loaded.ok());
  auto& gs = **loaded;
  auto has = [](const std::vector<std::string>& v, const std::string& x) {
    return std::find(v.begin(), v.end(), x) != v.end();
  };
  // Before the first shuffle nobody is to act; the referee and the players may act out of turn.
  auto act = rs->to_act(gs);
  CHECK(act.seats.empty());
  CHECK(has(act.out_of_turn, "referee"));
  engine::SeededDice dice(engine::Seed{7});
  auto started = rs->begin(gs, dice);
  REQUIRE(started.ok());
  for (const auto& e : *started) REQUIRE(rs->apply(gs, e).ok());
  // A card is drawn: its player is to act; the referee may act at any time, out of turn.
  act = rs->to_act(gs);
  REQUIRE(act.seats.size() == 1);
  const std::string player = act.seats.front();
  CHECK(player.rfind("player:", 0) == 0);
  CHECK(has(act.out_of_turn, "referee"));
  CHECK_FALSE(has(act.out_of_turn, player));
  CHECK(act.out_of_turn.size() == 3);  // the two other players (S25) and the referee
  // Paused: the referee alone is to act; the drawn player may only give scatter orders (S25).
  Ruling pause;
  pause.kind = RulingKind::kPause;
  pause.reason = "the rain";
  auto paused = rs->decide(gs, "referee", wire::Codec::serialize(Command{pause}), dice);
  REQUIRE(paused.ok());
  for (const auto& e : *paused) REQUIRE(rs->apply(gs, e).ok());
  act = rs->to_act(gs);
  CHECK(act.seats == std::vector<std::string>{"referee"});
  CHECK_FALSE(has(act.out_of_turn, "referee"));
  CHECK(has(act.out_of_turn, player));
  CHECK(act.summary.find("paused for the referee: the rain") != std::string::npos);
  Ruling resume = pause;
  resume.kind = RulingKind::kResume;
  auto resumed = rs->decide(gs, "referee", wire::Codec::serialize(Command{resume}), dice);
  REQUIRE(resumed.ok());
  for (const auto& e : *resumed) REQUIRE(rs->apply(gs, e).ok());
  act = rs->to_act(gs);
  CHECK(act.seats == std::vector<std::string>{player});
  CHECK(has(act.out_of_turn, "referee"));
}

TEST_CASE("with its hero dead, the drawn group is asked for a new hero, not a throw",
          "[sharpe.wire.ruleset][S3]") {
  auto rs = wire::make_sharpe_ruleset();
  auto loaded = rs->load_scenario(village());
  REQUIRE(loaded.ok());
  auto& gs = **loaded;
  engine::SeededDice dice(engine::Seed{7});
  auto started = rs->begin(gs, dice);
  REQUIRE(started.ok());
  for (const auto& e : *started) REQUIRE(rs->apply(gs, e).ok());
  State& s = static_cast<wire::SharpeGameState&>(gs).state;
  REQUIRE(s.phase == Phase::kThrow);
  REQUIRE(s.active.has_value());
  const Group& g = s.groups[*s.active];
  CHECK(rs->to_act(gs).summary.find(g.id + ": throw functions") != std::string::npos);
  s.figures[*g.hero].state = FigureState::kKilled;
  const std::string summary = rs->to_act(gs).summary;
  CHECK(summary.find(g.id + ": the hero is dead, name a new hero (S3)") != std::string::npos);
  CHECK(summary.find("throw functions") == std::string::npos);
}
