// §Sequence of events, S1: the deck, drawing, functions; S12 event cards.

#include "fixture.h"

using namespace sharpe_test;

namespace {

Scenario two_groups() {
  return ScenarioBuilder()
      .group("p1", "sharpe", 2)
      .figure("S", {10, 10})
      .figure("H", {12, 10})
      .group("p2", "ducos", 1)
      .figure("D", {10, 40});
}

}  // namespace

TEST_CASE("begin shuffles one card per hero on numbered throws and draws",
          "[S1][sharpe.cards.not-your-card]") {
  TestGame g(two_groups(), TestGame::NotBegun{});
  auto ev = g.begin({1});  // swap: ducos first
  auto sh = only<DeckShuffled>(ev);
  CHECK(sh.turn == 1);
  CHECK(sh.rolls.size() == 1);
  CHECK(sh.order[0].group == "ducos");
  CHECK(g.state.active == g.state.group_index("ducos"));
  CHECK(seats_to_act(g.state) == std::vector<std::string>{"p2", "referee"});
  CHECK(g.reject("p1", ThrowFunctions{}).clause == "sharpe.cards.not-your-card");
}

TEST_CASE("functions are D6 plus base for the hero and each figure",
          "[S1][sharpe.functions.thrown]") {
  TestGame g(two_groups());
  auto t = only<FunctionsThrown>(g.accept("p1", ThrowFunctions{}, {4}));
  CHECK(t.functions == 6);
  CHECK(g.fig("S").functions == 6);
  CHECK(g.fig("H").functions == 6);
  CHECK(g.fig("D").functions == 0);
  CHECK(g.reject("p1", ThrowFunctions{}).clause == "sharpe.functions.thrown");
}

TEST_CASE("nothing is done before the throw", "[S1][sharpe.functions.throw-first]") {
  TestGame g(two_groups());
  CHECK(g.reject("p1", move("S", {{10, 11}})).clause == "sharpe.functions.throw-first");
  CHECK(g.reject("p1", EndActivation{}).clause == "sharpe.functions.throw-first");
}

TEST_CASE("ending the activation draws the next card, an empty deck ends the turn", "[S1][S4]") {
  TestGame g(two_groups());
  g.accept("p1", ThrowFunctions{}, {1});
  auto ev = g.accept("p1", EndActivation{});
  CHECK(only<CardDrawn>(ev).card.group == "ducos");
  CHECK(g.fig("S").functions == 0);  // S1: unspent functions are lost
  g.accept("p2", ThrowFunctions{}, {3});
  ev = g.accept("p2", EndActivation{}, {2});  // turn 2: reshuffled in order
  CHECK(only<TurnEnded>(ev).turn == 1);
  CHECK(only<DeckShuffled>(ev).turn == 2);
  CHECK(g.state.turn == 2);
  CHECK(g.state.active == g.state.group_index("sharpe"));
}

TEST_CASE("the referee's event card changes the next hero's functions", "[S12]") {
  TestGame g(two_groups());
  Card c{CardKind::kEvent, "", EventCard{"tripped", CardEffect::kLoseHalf, 0}};
  g.accept("referee", AddEventCard{c});
  CHECK(g.reject("referee", AddEventCard{c}).clause == "sharpe.referee.one-event-card");
  g.accept("p1", ThrowFunctions{}, {1});
  g.accept("p1", EndActivation{});
  g.accept("p2", ThrowFunctions{}, {1});
  // Turn 2: three cards, in order: sharpe, ducos, the event card.
  g.accept("p2", EndActivation{}, {3, 2});
  g.accept("p1", ThrowFunctions{}, {1});
  g.accept("p1", EndActivation{});
  g.accept("p2", ThrowFunctions{}, {1});
  // The event card is drawn, then turn 3 with the shuffle, which puts the event card first.
  auto ev = g.accept("p2", EndActivation{}, {2});
  CHECK(only<DeckShuffled>(ev).turn == 3);
  CHECK(g.state.active == g.state.group_index("sharpe"));
}

TEST_CASE("lose half, rounded down", "[S12]") {
  TestGame g(two_groups());
  g.state.pending = EventCard{"trip", CardEffect::kLoseHalf, 0};
  auto t = only<FunctionsThrown>(g.accept("p1", ThrowFunctions{}, {5}));
  CHECK(t.functions == 4);  // 7 loses 3
}

TEST_CASE("a referee-decides card pauses the game", "[S12][sharpe.referee.paused]") {
  TestGame g(two_groups());
  g.state.pending = EventCard{"the referee decides", CardEffect::kRefereeDecides, 0};
  g.accept("p1", ThrowFunctions{}, {5});
  CHECK(g.state.paused);
  CHECK(g.reject("p1", EndActivation{}).clause == "sharpe.referee.paused");
  CHECK(seats_to_act(g.state) == std::vector<std::string>{"referee"});
  g.accept("referee", ruling(RulingKind::kResume, "", "carry on"));
  g.accept("p1", EndActivation{});
}

TEST_CASE("draw a Bad Card sends the next hero to the second deck", "[S12]") {
  TestGame g(two_groups());
  g.accept("referee", BuildBadDeck{{EventCard{"a windfall", CardEffect::kGainFunctions, 3}}});
  g.state.draw_bad = true;
  g.accept("p1", ThrowFunctions{}, {1});
  auto ev = g.accept("p1", EndActivation{});
  CHECK(only<BadCardDrawn>(ev).card.name == "a windfall");
  auto t = only<FunctionsThrown>(g.accept("p2", ThrowFunctions{}, {1}));
  CHECK(t.functions == 5);
}
