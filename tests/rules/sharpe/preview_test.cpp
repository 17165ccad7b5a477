// Previews (docs/rules/sharpe.md, "Previews"): the notes of a move, crawl and load with exact
// numbers; S2's warnings before `end` and before a ruling that leaves a figure to be lost; the
// deck's next card never among the events a preview shows (S1).
#include "fixture.h"

using namespace sharpe_test;

namespace {

struct Preview {
  std::vector<Event> events;
  engine::Advice advice;
};

// decide() and advise() as the room runs them for a preview: nothing is applied.
Preview preview(const TestGame& g, const std::string& seat, const Command& c,
                std::vector<int> faces = {}) {
  ScriptedDice dice(std::move(faces));
  auto r = decide(g.state, seat, c, dice);
  INFO((r.ok() ? std::string() : describe(r.error())));
  REQUIRE(r.ok());
  return {r.value(), advise(g.state, seat, c, r.value())};
}

Ruling move_ruling(const std::string& figure, Point to) {
  Ruling r = ruling(RulingKind::kMove, figure);
  r.to = to;
  return r;
}

}  // namespace

TEST_CASE("a move's preview: functions it costs and leaves, where it ends, the enemy in sight",
          "[S15][S14][preview]") {
  TestGame g(band());
  g.accept("p1", ThrowFunctions{}, {3});
  const auto p = preview(g, "p1", move("S", {{10, 14}}));
  CHECK(p.advice.shown == p.events.size());
  CHECK(p.advice.warnings.empty());
  CHECK(p.advice.notes == std::vector<std::string>{
                              "S walks 4.00\" to 10.00,14.00: 2 functions of S's 3, 1 left (S15)",
                              "nearest enemy in sight: D, 56.36\" away (S14)",
                              "no cover from D (S14)"});
  CHECK(g.fig("S").pos.y == 10);  // nothing applied
}

TEST_CASE("a crawl's preview ends prone, in cover, to a hundredth of an inch",
          "[S11][S15][S14][preview]") {
  TestGame g(band());
  g.accept("p1", ThrowFunctions{}, {5});
  const auto p = preview(g, "p1", crawl("H", {12.5, 11.25}));
  REQUIRE(p.advice.notes.size() == 3);
  CHECK(p.advice.notes[0] == "H crawls 1.35\" to 12.50,11.25: 4 functions of H's 5, 1 left (S15)");
  CHECK(p.advice.notes[1] == "nearest enemy in sight: D, 55.52\" away (S14)");
  CHECK(p.advice.notes[2] == "cover from D: prone (S11)");
}

TEST_CASE("a load's preview: functions spent, left and still needed", "[S8][preview]") {
  TestGame g(band());
  g.state.figures[0].weapons[0].loaded = false;
  g.accept("p1", ThrowFunctions{}, {3});
  const auto p = preview(g, "p1", Load{FigureId{"S"}, 0, 2});
  CHECK(p.advice.notes ==
        std::vector<std::string>{
            "S loads: 2 functions of S's 3, 1 left; 2 functions more to load the musket (S8)"});
}

TEST_CASE("ending now warns of the figures S2 will lose, and shows no card of the deck",
          "[S2][S1][preview]") {
  TestGame g(band().wall({{0, 15}, {40, 15}}));
  g.state.figures[1].pos = {12, 22};  // behind the wall, 12.17" from S
  g.accept("p1", ThrowFunctions{}, {1});
  const auto p = preview(g, "p1", EndActivation{});
  CHECK(p.advice.warnings ==
        std::vector<std::string>{"ending now loses H: beyond 10\" of S and out of his sight (S2)"});
  // The events S2 and the end of the activation produce are shown; the card drawn is not.
  REQUIRE(count_of<CardDrawn>(p.events) == 1);
  REQUIRE(p.advice.shown < p.events.size());
  CHECK(std::holds_alternative<CardDrawn>(p.events[p.advice.shown]));
  CHECK(std::holds_alternative<FiguresLost>(p.events[0]));
  // The same figures the end of the activation then removes.
  CHECK(only<FiguresLost>(g.accept("p1", EndActivation{})).figures ==
        std::vector<FigureId>{FigureId{"H"}});
}

TEST_CASE("ending with every figure in reach or in sight warns of nothing", "[S2][preview]") {
  TestGame g(band());
  g.state.figures[1].pos = {12, 22};  // 12.17" away but in sight
  g.accept("p1", ThrowFunctions{}, {1});
  CHECK(preview(g, "p1", EndActivation{}).advice.warnings.empty());
}

TEST_CASE("a ruling that puts a figure out of its hero's leash is warned of",
          "[S2][S12][preview]") {
  TestGame g(band().wall({{0, 15}, {40, 15}}));
  g.accept("p1", ThrowFunctions{}, {1});
  CHECK(preview(g, "referee", move_ruling("H", {12, 22})).advice.warnings ==
        std::vector<std::string>{"H would be beyond 10\" of S and out of his sight: lost when "
                                 "sharpe's activation ends (S2)"});
  // 9.22" away behind the wall: within reach.
  CHECK(preview(g, "referee", move_ruling("H", {12, 19})).advice.warnings.empty());
  // The hero moved away leaves H behind the wall.
  CHECK(preview(g, "referee", move_ruling("S", {10, 30})).advice.warnings ==
        std::vector<std::string>{"H would be beyond 10\" of S and out of his sight: lost when "
                                 "sharpe's activation ends (S2)"});
  Ruling add = ruling(RulingKind::kAdd);
  add.group = "sharpe";
  add.added = ScenarioFigure{FigureId{"N"}, "N", {30, 30}, {musket()}, {}};
  CHECK(preview(g, "referee", add).advice.warnings ==
        std::vector<std::string>{"N would be beyond 10\" of S and out of his sight: lost when "
                                 "sharpe's activation ends (S2)"});
}
