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
  // S12: the referee acts out of turn (the wire's ToAct.out_of_turn), not as a seat to act.
  CHECK(seats_to_act(g.state) == std::vector<std::string>{"p2"});
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

TEST_CASE("the referee's event card changes the next hero's functions", "[S12][S23]") {
  TestGame g(two_groups());
  Card c{CardKind::kEvent, "", EventCard{"tripped", CardEffect::kLoseHalf, 0}};
  g.accept("referee", AddEventCard{c});
  CHECK(g.reject("referee", AddEventCard{c}).clause == "sharpe.referee.one-event-card");
  g.accept("p1", ThrowFunctions{}, {1});
  g.accept("p1", EndActivation{});
  g.accept("p2", ThrowFunctions{}, {1});
  // Turn 2: three cards, in order: sharpe, ducos, the event card.
  auto ev = g.accept("p2", EndActivation{}, {3, 2});
  CHECK(only<DeckShuffled>(ev).order.size() == 3);
  g.accept("p1", ThrowFunctions{}, {1});
  g.accept("p1", EndActivation{});
  g.accept("p2", ThrowFunctions{}, {1});
  // The event card is drawn, then turn 3 with its shuffle (the card is not in it): the card
  // waits for the next hero across the shuffle (S23).
  ev = g.accept("p2", EndActivation{}, {2});
  REQUIRE(count_of<CardDrawn>(ev) == 2);
  const auto& drawn = std::get<CardDrawn>(ev[1]).card;
  CHECK(drawn.kind == CardKind::kEvent);
  CHECK(drawn.event.name == "tripped");
  CHECK(only<DeckShuffled>(ev).turn == 3);
  CHECK(only<DeckShuffled>(ev).order.size() == 2);
  CHECK(g.state.active == g.state.group_index("sharpe"));
  REQUIRE(g.state.pending);
  // Sharpe's throw: 5 + base 2 = 7, halved: loses 3.
  auto t = only<FunctionsThrown>(g.accept("p1", ThrowFunctions{}, {5}));
  REQUIRE(t.card);
  CHECK(t.card->name == "tripped");
  CHECK(t.functions == 4);
  CHECK(g.fig("S").functions == 4);
  CHECK(g.fig("H").functions == 4);
  CHECK_FALSE(g.state.pending);
  // The card came to one hero only: Ducos's next throw is whole.
  g.accept("p1", EndActivation{});
  CHECK(only<FunctionsThrown>(g.accept("p2", ThrowFunctions{}, {5})).functions == 6);
}

namespace {

// Plays turn 1 with the referee's card `c` added; turn 2's shuffle of [sharpe, ducos, c] puts
// it first: [c, sharpe, ducos]. Returns the events of the end of turn 1 (through Sharpe's card).
std::vector<Event> card_first_in_turn_2(TestGame& g, const Card& c) {
  g.accept("referee", AddEventCard{c});
  g.accept("p1", ThrowFunctions{}, {1});
  g.accept("p1", EndActivation{});
  g.accept("p2", ThrowFunctions{}, {1});
  auto ev = g.accept("p2", EndActivation{}, {2, 1});
  // ActivationEnded, TurnEnded, DeckShuffled, then the two cards drawn.
  REQUIRE(count_of<CardDrawn>(ev) == 2);
  REQUIRE(ev.size() >= 5);
  CHECK(std::get<CardDrawn>(ev[3]).card.kind == c.kind);
  CHECK(std::get<CardDrawn>(ev[4]).card.group == "sharpe");
  CHECK(g.state.active == g.state.group_index("sharpe"));
  return ev;
}

}  // namespace

TEST_CASE("lose half, rounded down", "[S12][S23]") {
  TestGame g(two_groups());
  card_first_in_turn_2(g, Card{CardKind::kEvent, "", EventCard{"trip", CardEffect::kLoseHalf, 0}});
  auto t = only<FunctionsThrown>(g.accept("p1", ThrowFunctions{}, {5}));
  REQUIRE(t.card);
  CHECK(t.card->effect == CardEffect::kLoseHalf);
  CHECK(t.functions == 4);  // 7 loses 3
  CHECK(g.fig("S").functions == 4);
}

TEST_CASE("a referee-decides card pauses the game", "[S12][S23][sharpe.referee.paused]") {
  TestGame g(two_groups());
  card_first_in_turn_2(
      g, Card{CardKind::kEvent, "", EventCard{"the referee decides", CardEffect::kRefereeDecides}});
  g.accept("p1", ThrowFunctions{}, {5});
  CHECK(g.state.paused);
  CHECK(g.reject("p1", EndActivation{}).clause == "sharpe.referee.paused");
  CHECK(seats_to_act(g.state) == std::vector<std::string>{"referee"});
  g.accept("referee", ruling(RulingKind::kResume, "", "carry on"));
  CHECK(seats_to_act(g.state) == std::vector<std::string>{"p1"});
  g.accept("p1", EndActivation{});
}

TEST_CASE("draw a Bad Card sends the next hero to the second deck", "[S12][S23]") {
  TestGame g(two_groups());
  g.accept("referee", BuildBadDeck{{EventCard{"a windfall", CardEffect::kGainFunctions, 3}}});
  auto ev = card_first_in_turn_2(g, Card{CardKind::kDrawBad, "", {}});
  CHECK(only<BadCardDrawn>(ev).card.name == "a windfall");
  CHECK(g.state.bad_deck.empty());
  auto t = only<FunctionsThrown>(g.accept("p1", ThrowFunctions{}, {1}));
  REQUIRE(t.card);
  CHECK(t.card->name == "a windfall");
  CHECK(t.functions == 6);  // 1 + base 2 + 3
}

TEST_CASE("one referee card at a time: none is added while a drawn one waits for its hero",
          "[S23][sharpe.referee.one-event-card]") {
  const Card lose{CardKind::kEvent, "", EventCard{"trip", CardEffect::kLoseHalf, 0}};
  const Card gain{CardKind::kEvent, "", EventCard{"rum", CardEffect::kGainFunctions, 2}};
  TestGame g(two_groups());
  g.accept("referee", AddEventCard{lose});
  g.accept("p1", ThrowFunctions{}, {1});
  g.accept("p1", EndActivation{});
  g.accept("p2", ThrowFunctions{}, {1});
  g.accept("p2", EndActivation{}, {3, 2});  // turn 2: sharpe, ducos, the card
  g.accept("p1", ThrowFunctions{}, {1});
  g.accept("p1", EndActivation{});
  g.accept("p2", ThrowFunctions{}, {1});
  g.accept("p2", EndActivation{}, {2});  // the card is drawn; turn 3 waits for Sharpe's throw
  REQUIRE(g.state.pending);
  const Error e = g.reject("referee", AddEventCard{gain});
  CHECK(e.clause == "sharpe.referee.one-event-card");
  CHECK(g.state.pending->name == "trip");
  g.accept("p1", ThrowFunctions{}, {5});  // the card comes to Sharpe: now another may be added
  g.accept("referee", AddEventCard{gain});

  // So with the bad card a "draw a Bad Card" sent the next hero to, until he throws.
  TestGame b(two_groups());
  b.accept("referee", BuildBadDeck{{EventCard{"mud", CardEffect::kTrip, 0}}});
  card_first_in_turn_2(b, Card{CardKind::kDrawBad, "", {}});
  REQUIRE(b.state.pending);
  CHECK(b.reject("referee", AddEventCard{gain}).clause == "sharpe.referee.one-event-card");
  b.accept("p1", ThrowFunctions{}, {1});
  b.accept("referee", AddEventCard{gain});
}

TEST_CASE("a draw a Bad Card with an empty bad deck does nothing", "[S19][S23]") {
  TestGame g(two_groups());
  auto ev = card_first_in_turn_2(g, Card{CardKind::kDrawBad, "", {}});
  CHECK(count_of<BadCardDrawn>(ev) == 0);
  CHECK_FALSE(g.state.draw_bad);
  auto t = only<FunctionsThrown>(g.accept("p1", ThrowFunctions{}, {5}));
  CHECK_FALSE(t.card);
  CHECK(t.functions == 7);
  // Nor later: a bad deck built afterwards sends no hero to it.
  g.accept("referee", BuildBadDeck{{EventCard{"mud", CardEffect::kLoseHalf, 0}}});
  ev = g.accept("p1", EndActivation{});
  CHECK(only<CardDrawn>(ev).card.group == "ducos");
  CHECK(count_of<BadCardDrawn>(ev) == 0);
  CHECK(g.state.bad_deck.size() == 1);
  CHECK_FALSE(only<FunctionsThrown>(g.accept("p2", ThrowFunctions{}, {5})).card);
}

TEST_CASE("a wiped-out group's card is drawn and passed over", "[S18]") {
  TestGame g(ScenarioBuilder()
                 .group("p1", "sharpe", 2)
                 .figure("S", {10, 10})
                 .group("p2", "ducos", 1)
                 .figure("D", {10, 20}));
  g.accept("p1", ThrowFunctions{}, {4});
  // A bare 20 hits; the Hit Table 6 kills; Ducos's group tests morale (1 of 1), 1 passes.
  g.accept("p1", fire("S", "D"), {20, 6, 1});
  REQUIRE(g.fig("D").state == FigureState::kKilled);
  auto ev = g.accept("p1", EndActivation{});
  // sharpe ends; ducos's card is drawn and passed over; turn 2 has Sharpe's card alone.
  REQUIRE(ev.size() == 6);
  CHECK(std::get<ActivationEnded>(ev[0]).group == "sharpe");
  CHECK(std::get<CardDrawn>(ev[1]).card.group == "ducos");
  CHECK(std::get<ActivationEnded>(ev[2]).group == "ducos");
  CHECK(std::get<TurnEnded>(ev[3]).turn == 1);
  const auto& shuffled = std::get<DeckShuffled>(ev[4]);
  REQUIRE(shuffled.order.size() == 1);
  CHECK(shuffled.order[0].group == "sharpe");
  CHECK(std::get<CardDrawn>(ev[5]).card.group == "sharpe");
  CHECK(g.state.active == g.state.group_index("sharpe"));
}

TEST_CASE("with no group left on the table the game ends with no result", "[S18]") {
  TestGame g(two_groups());
  g.accept("p1", ThrowFunctions{}, {4});
  for (const char* f : {"D", "S", "H"}) g.accept("referee", ruling(RulingKind::kRemove, f));
  auto ev = g.accept("p1", EndActivation{});
  CHECK(std::get<CardDrawn>(ev[1]).card.group == "ducos");  // drawn and passed over
  CHECK(count_of<DeckShuffled>(ev) == 0);
  const auto end = only<GameEnded>(ev);
  CHECK(end.result == "no result");
  CHECK(g.state.phase == Phase::kOver);
  CHECK(g.state.result == "no result");
  CHECK(seats_to_act(g.state).empty());
}
