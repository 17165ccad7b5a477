// S12: briefings, rulings (each an event with its reason); scenario validation; legal(); hash.

#include "fixture.h"

using namespace sharpe_test;

namespace {

ScenarioBuilder two() {
  return ScenarioBuilder()
      .group("p1", "sharpe", 1)
      .figure("S", {10, 10})
      .figure("H", {12, 10})
      .group("p2", "ducos", 1)
      .figure("D", {10, 25});
}

}  // namespace

TEST_CASE("only the referee rules, briefs and adds cards", "[S12][sharpe.referee.only]") {
  TestGame g(two());
  auto e = g.reject("p1", SetBriefing{"p2", "x"});
  CHECK(e.clause == "sharpe.referee.only");
  CHECK(e.code == ErrorCode::kPermissionDenied);
  CHECK(g.reject("referee", ThrowFunctions{}).clause == "sharpe.referee.only");
  CHECK(g.reject("observer", ThrowFunctions{}).code == ErrorCode::kPermissionDenied);
}

TEST_CASE("secret briefings go to a player seat", "[S12][sharpe.referee.briefing]") {
  TestGame g(two());
  g.accept("referee", SetBriefing{"p2", "Take the colours."});
  CHECK(g.state.seats[1].briefing == "Take the colours.");
  CHECK(g.reject("referee", SetBriefing{"p9", "?"}).clause == "sharpe.referee.briefing");
}

TEST_CASE("a briefing given in play is added to the player's, unless the referee replaces it",
          "[S12][sharpe.referee.briefing]") {
  TestGame g(two());
  g.state.seats[1].briefing = "Hold the farm.";  // the scenario's
  g.accept("referee", SetBriefing{"p2", "The bridge is mined."});
  CHECK(g.state.seats[1].briefing == "Hold the farm.\n\nThe bridge is mined.");
  g.accept("referee", SetBriefing{"p2", "Take the colours.", true});
  CHECK(g.state.seats[1].briefing == "Take the colours.");
  CHECK(g.reject("referee", SetBriefing{"p2", ""}).clause == "sharpe.referee.briefing");
  g.accept("referee", SetBriefing{"p2", "", true});  // the referee may clear it
  CHECK(g.state.seats[1].briefing.empty());
}

TEST_CASE("rulings carry their reason and change the state", "[S12][S4][sharpe.referee.ruling]") {
  TestGame g(two());
  CHECK(g.reject("referee", ruling(RulingKind::kWound, "H", "")).clause == "sharpe.referee.ruling");
  g.accept("referee", ruling(RulingKind::kWound, "H", "fell off the wall"));
  CHECK(g.fig("H").state == FigureState::kWounded);
  auto r = only<Ruled>(g.accept("referee", ruling(RulingKind::kWound, "H", "again"), {3}));
  CHECK(r.ruling.reason == "again");
  CHECK(g.fig("H").dying_turns == 3);
  g.accept("referee", ruling(RulingKind::kHeal, "H", "the surgeon"));
  CHECK(g.fig("H").state == FigureState::kWounded);
  Ruling mv = ruling(RulingKind::kMove, "D", "the current");
  mv.to = {20, 20};
  g.accept("referee", mv);
  CHECK(g.fig("D").pos == Point{20, 20});
  Ruling add = ruling(RulingKind::kAdd, "", "reinforcements");
  add.group = "ducos";
  add.added = ScenarioFigure{FigureId{"V"}, "voltigeur", {30, 30}, {musket()}, {}};
  g.accept("referee", add);
  CHECK(g.fig("V").group == *g.state.group_index("ducos"));
  g.accept("referee", ruling(RulingKind::kRemove, "V", "deserted"));
  CHECK(g.fig("V").state == FigureState::kLost);
  g.accept("referee", ruling(RulingKind::kPause, "", "tea"));
  CHECK(g.reject("p1", ThrowFunctions{}).clause == "sharpe.referee.paused");
  CHECK(g.reject("referee", ruling(RulingKind::kPause, "", "tea")).clause ==
        "sharpe.referee.ruling");
  g.accept("referee", ruling(RulingKind::kResume, "", "after tea"));
  Ruling end = ruling(RulingKind::kEndGame, "", "the colours are taken");
  end.result = "Sharpe wins";
  g.accept("referee", end);
  CHECK(g.state.phase == Phase::kOver);
  CHECK(g.reject("p1", ThrowFunctions{}).clause == "sharpe.turn.game-over");
}

TEST_CASE("scenario validation names the problem", "[sharpe.scenario]") {
  ScenarioBuilder b = two();
  b.get().groups[0].base = 4;
  auto r = new_game(b);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().clause == "sharpe.scenario");
  ScenarioBuilder c = two();
  c.get().groups[1].figures[0].id = FigureId{"S"};
  CHECK_FALSE(new_game(c).ok());
  ScenarioBuilder d = two();
  d.get().groups[1].seat = "referee";
  CHECK_FALSE(new_game(d).ok());
}

TEST_CASE("every legal command is accepted", "[S1][legal]") {
  TestGame g(two());
  auto cmds = legal(g.state, "p1");
  REQUIRE(cmds.size() == 2);  // ThrowFunctions, and the scatter order (S25) at any time
  CHECK(std::holds_alternative<ThrowFunctions>(cmds[0]));
  CHECK(std::holds_alternative<SetScatter>(cmds[1]));
  g.accept("p1", ThrowFunctions{}, {5});
  cmds = legal(g.state, "p1");
  CHECK(cmds.size() > 5);
  for (const Command& c : cmds) {
    ScriptedDice dice{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    CHECK(decide(g.state, "p1", c, dice).ok());
  }
  cmds = legal(g.state, "p2");  // not his card: only his standing order
  REQUIRE(cmds.size() == 1);
  CHECK(std::holds_alternative<SetScatter>(cmds[0]));
  CHECK_FALSE(legal(g.state, "referee").empty());
}

TEST_CASE("the hash follows the state", "[hash]") {
  TestGame a(two());
  TestGame b(two());
  CHECK(hash(a.state) == hash(b.state));
  a.accept("p1", ThrowFunctions{}, {5});
  CHECK_FALSE(hash(a.state) == hash(b.state));
  b.accept("p1", ThrowFunctions{}, {5});
  CHECK(hash(a.state) == hash(b.state));
}
