// Previews (docs/rules/rcw.md, "Previews"): a move's notes come from the order and the unit's
// own place, and its events are never shown, whether a hidden enemy stops it or not (R17, R20).
#include <string>
#include <utility>

#include "fixture.h"
#include "rules/rcw/wire/codec.h"

using namespace rcw_test;
namespace wire = grognard::rcw::wire;

TEST_CASE("a move's preview is the same whether a hidden enemy would stop it or not",
          "[preview][R17][R20][sec.4a]") {
  const MoveOrder order = move_to({{30, 16}}, 0);
  TestGame open = hidden_in_woods(false), hidden = hidden_in_woods(true);
  const State before_open = open.state, before_hidden = hidden.state;
  const auto open_events = open.accept(kSide0, order);
  const auto hidden_events = hidden.accept(kSide0, order);
  REQUIRE(only<Moved>(hidden_events).stopped_by.has_value());  // R17: the hidden Q stops it
  const auto a = advise(before_open, kSide0, order, open_events);
  const auto b = advise(before_hidden, kSide0, order, hidden_events);
  CHECK(a.shown == 0);
  CHECK(b.shown == 0);
  CHECK(a.notes == b.notes);
  // Facing 0 here is the engine's north (+y), which the table as drawn calls south (180).
  CHECK(a.notes.front() ==
        "M is ordered to 30.00,16.00 facing 180.00: 6.00\" of its 6.00\" "
        "allowance (§4a, R12)");
}

namespace {

// Side 1's W1 concealed in a wood on the crossroads objective; side 0's R1 in the open. The last
// turn, side 1 to play, every unit of side 1 activated but W1.
TestGame last_turn(bool w1_on_objective) {
  ScenarioBuilder b;
  b.unit("R1", 0, UnitType::kInfantry, {10, 10})
      .unit("W1", 1, UnitType::kInfantry, w1_on_objective ? Point{36, 24} : Point{50, 40}, 180)
      .woods(33, 21, 39, 27)
      .woods(47, 37, 53, 43)
      .objective("crossroads", {36, 24}, 3, 3)
      .turns(1);
  TestGame g(b);
  g.conceal("W1");
  return g;
}

}  // namespace

TEST_CASE("a concession's preview says who wins, never the points",
          "[preview][R55][R20][R29][R14]") {
  // The same notes, and GameEnded never shown, whether the hidden W1 holds the objective or not.
  std::vector<std::string> notes;
  for (bool on : {true, false}) {
    TestGame g = last_turn(on);
    const State before = g.state;
    const auto events = g.accept(kSide0, Concede{});
    REQUIRE(count_of<GameEnded>(events) == 1);
    CHECK(only<GameEnded>(events).points[1] == (on ? 3 : 0));  // the real end counts them
    const engine::Advice b = advise(before, kSide0, Concede{}, events);
    CHECK(b.shown == 1);  // Conceded, then nothing
    REQUIRE(b.notes.size() == 1);
    CHECK(b.notes[0] ==
          "this concedes the game: Whites win (R14); the points are counted when it ends, with "
          "every unit revealed (R20)");
    if (!notes.empty()) CHECK(b.notes == notes);
    notes = b.notes;
  }
}

TEST_CASE("the last end_turn's preview ends the game without the points or the winner",
          "[preview][R55][R20][R29][R14]") {
  std::vector<std::string> notes;
  for (bool on : {true, false}) {
    TestGame g = last_turn(on);
    g.accept(kSide0, EndTurn{});  // side 1's half of the last turn
    const State before = g.state;
    const auto events = g.accept(kSide1, EndTurn{});
    const GameEnded end = only<GameEnded>(events);
    CHECK((end.winner == std::optional<int>{1}) == on);
    const engine::Advice a = advise(before, kSide1, EndTurn{}, events);
    CHECK(a.shown == 1);  // TurnEnded, then nothing
    REQUIRE(a.notes.size() == 1);
    CHECK(a.notes[0] ==
          "this ends the game (the turn limit was reached (R14)); the points are counted when it "
          "ends, with every unit revealed (R20)");
    if (!notes.empty()) CHECK(a.notes == notes);
    notes = a.notes;
  }
}

TEST_CASE("a move's preview gives the facing the general ordered, as the move does",
          "[preview][R15][sec.4a]") {
  // `? move 30,16 face N` and the others: the command as it comes off the wire (bearings on
  // the table as drawn, 0 = north = toward y = 0).
  const std::pair<double, std::string> facings[] = {
      {0, "0.00"}, {45, "45.00"}, {90, "90.00"}, {180, "180.00"}, {292.5, "292.50"}};
  for (const auto& [bearing, shown] : facings) {
    INFO(shown);
    wire::pb::Command pbc;
    auto* m = pbc.mutable_move();
    m->add_waypoints()->set_x(30);
    m->mutable_waypoints(0)->set_y(16);
    m->set_facing(bearing);
    const auto order = wire::from_pb(pbc);
    REQUIRE(order.ok());
    TestGame g = hidden_in_woods(false);
    const State before = g.state;
    const auto events = g.accept(kSide0, *order);
    const auto advice = advise(before, kSide0, *order, events);
    REQUIRE_FALSE(advice.notes.empty());
    CHECK(advice.notes.front() == "M is ordered to 30.00,16.00 facing " + shown +
                                      ": 6.00\" of its 6.00\" allowance (§4a, R12)");
    // The move itself: the view gives M the same facing.
    const engine::Viewer reds{engine::Role::kGeneral, kSide0, false};
    const auto view = wire::to_view(g.state, reds);
    for (const auto& u : view.units()) {
      if (u.id() == "M") CHECK(u.facing() == Approx(bearing));
    }
  }
}
