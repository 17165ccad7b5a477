// What each viewer sees of a Sharpe's Mess game (S1, S12): briefings only to their player and
// the referee; the order of undrawn cards, and the throws that made it, to nobody before the end.
#include "view_support.h"

using namespace sharpe_view;  // NOLINT: test code reads like the rules

TEST_CASE("a player's view holds only his own briefing, the referee reads all",
          "[sharpe.wire.view][S12]") {
  Played g;
  const State& s = static_cast<const wire::SharpeGameState&>(*g.gs).state;
  for (const auto& p : kPlayers) {
    const std::string view = g.rs->view(*g.gs, Viewer{Role::kPlayer, p});
    for (const Seat& seat : s.seats) {
      REQUIRE_FALSE(seat.briefing.empty());
      CHECK(contains(view, seat.briefing) == (seat.id == p));
    }
  }
  const std::string referee = g.rs->view(*g.gs, Viewer{Role::kReferee, "referee"});
  const std::string observer = g.rs->view(*g.gs, Viewer{});
  for (const Seat& seat : s.seats) {
    CHECK(contains(referee, seat.briefing));
    CHECK_FALSE(contains(observer, seat.briefing));
  }
  // A player claiming another seat's id as an observer learns nothing either.
  CHECK_FALSE(
      contains(g.rs->view(*g.gs, Viewer{Role::kObserver, "player:french"}), s.seats[1].briefing));
}

TEST_CASE("a briefing set in play reaches only its player and the referee",
          "[sharpe.wire.view][S12]") {
  Played g;
  g.play(0);
  const std::string text = "New orders: burn the bridge at dawn";
  auto events =
      g.rs->decide(*g.gs, "referee",
                   wire::Codec::serialize(Command{SetBriefing{"player:french", text}}), g.dice);
  REQUIRE(events.ok());
  REQUIRE(events->size() == 1);
  for (const Viewer& v : everyone(false)) {
    auto shown = g.rs->view_event(*g.gs, events->front(), v);
    REQUIRE(shown);
    const bool may = v.role == Role::kReferee || v.seat == "player:french";
    CHECK(contains(*shown, text) == may);
  }
  REQUIRE(g.rs->apply(*g.gs, events->front()).ok());
  CHECK(contains(g.rs->view(*g.gs, Viewer{Role::kPlayer, "player:french"}), text));
  CHECK_FALSE(contains(g.rs->view(*g.gs, Viewer{Role::kPlayer, "player:british"}), text));
}

TEST_CASE("no viewer ever learns the order of undrawn cards before the end",
          "[sharpe.wire.view][S1]") {
  Played g;
  g.play(30);
  REQUIRE(g.secrets.size() >= 2);  // the first shuffle and at least one more turn
  for (const Secret& secret : g.secrets) {
    REQUIRE(secret.order.size() > 10);
    for (const std::string& bytes : g.seen) {
      CHECK_FALSE(contains(bytes, secret.order));
      CHECK_FALSE(contains(bytes, secret.rolls));
    }
  }
  // The view says how many cards remain, never which.
  wire::pb::View view;
  REQUIRE(view.ParseFromString(g.rs->view(*g.gs, Viewer{Role::kReferee, "referee"})));
  const State& s = static_cast<const wire::SharpeGameState&>(*g.gs).state;
  CHECK(view.deck_remaining() == s.deck.size());

  // The referee's bad deck is hidden the same way.
  auto built = g.rs->decide(
      *g.gs, "referee",
      wire::Codec::serialize(Command{BuildBadDeck{{EventCard{"Mud", CardEffect::kLoseHalf, 0},
                                                   EventCard{"Gold", CardEffect::kGainFunctions, 2},
                                                   EventCard{"Snake", CardEffect::kTrip, 0}}}}),
      g.dice);
  REQUIRE(built.ok());
  for (const Viewer& v : everyone(false)) {
    wire::pb::Event shown;
    REQUIRE(shown.ParseFromString(*g.rs->view_event(*g.gs, built->front(), v)));
    CHECK(shown.bad_deck_built().hidden());
    CHECK(shown.bad_deck_built().order().empty());
    CHECK(shown.bad_deck_built().rolls().empty());
    CHECK(shown.bad_deck_built().cards() == 3);
  }
}

TEST_CASE("once the game has ended the shuffles may be shown", "[sharpe.wire.view][S1]") {
  Played g;
  auto started = g.rs->begin(*g.gs, g.dice);
  REQUIRE(started.ok());
  wire::pb::Event shown;
  REQUIRE(shown.ParseFromString(
      *g.rs->view_event(*g.gs, started->front(), Viewer{Role::kPlayer, "player:british", true})));
  REQUIRE(shown.has_deck_shuffled());
  CHECK_FALSE(shown.deck_shuffled().hidden());
  CHECK(shown.deck_shuffled().order_size() == 5);
  REQUIRE(shown.ParseFromString(
      *g.rs->view_event(*g.gs, started->front(), Viewer{Role::kReferee, "referee", false})));
  CHECK(shown.deck_shuffled().hidden());
  CHECK(shown.deck_shuffled().cards() == 5);
}

TEST_CASE("the published state hash does not depend on the undrawn order",
          "[sharpe.wire.view][S1]") {
  Played g;
  g.play(0);
  State& s = static_cast<wire::SharpeGameState&>(*g.gs).state;
  REQUIRE(s.deck.size() >= 2);
  const auto published = g.rs->hash(*g.gs);
  const auto native = grognard::sharpe::hash(s);
  std::swap(s.deck.front(), s.deck.back());
  CHECK(g.rs->hash(*g.gs) == published);
  CHECK_FALSE(grognard::sharpe::hash(s) ==
              native);           // the native hash covers it; the wire's hides it
  s.figures.front().pos.x += 1;  // anything public still changes it
  CHECK_FALSE(g.rs->hash(*g.gs) == published);
}

TEST_CASE("the published state hash covers no secret: briefings, scatter orders, card faces",
          "[sharpe.wire.view][S12][S23][S25]") {
  Played g;
  g.play(0);
  State& s = static_cast<wire::SharpeGameState&>(*g.gs).state;
  const auto published = g.rs->hash(*g.gs);
  s.seats.front().briefing = "guess";
  CHECK(g.rs->hash(*g.gs) == published);
  s.groups.front().scatter_to_cover = !s.groups.front().scatter_to_cover;
  CHECK(g.rs->hash(*g.gs) == published);
  s.extra_cards.push_back(Card{CardKind::kEvent, "", EventCard{"Mud", CardEffect::kTrip, 0}});
  const auto with_card = g.rs->hash(*g.gs);
  CHECK_FALSE(with_card == published);  // that a card waits is public (S23)
  s.extra_cards.back().event = EventCard{"Gold", CardEffect::kGainFunctions, 3};
  CHECK(g.rs->hash(*g.gs) == with_card);  // which card it is, is not
  const auto full = grognard::sharpe::hash(s);
  s.extra_cards.back() = Card{CardKind::kDrawBad, "", {}};
  CHECK(g.rs->hash(*g.gs) == with_card);           // nor its kind (S23)
  CHECK_FALSE(grognard::sharpe::hash(s) == full);  // the full hash covers everything
  // So once shuffled into the deck, until drawn.
  s.deck.push_back(s.extra_cards.back());
  s.extra_cards.clear();
  const auto in_deck = g.rs->hash(*g.gs);
  s.deck.back() = Card{CardKind::kEvent, "", EventCard{"Mud", CardEffect::kTrip, 0}};
  CHECK(g.rs->hash(*g.gs) == in_deck);
}

TEST_CASE("a group's scatter order is seen by its player and the referee only",
          "[sharpe.wire.view][S25]") {
  Played g;
  g.play(0);
  const State& s = static_cast<const wire::SharpeGameState&>(*g.gs).state;
  const Group& group = s.groups.front();
  auto events = g.rs->decide(*g.gs, group.seat,
                             wire::Codec::serialize(Command{SetScatter{group.id, true}}), g.dice);
  REQUIRE(events.ok());
  for (const Viewer& v : everyone(false)) {
    wire::pb::Event shown;
    REQUIRE(shown.ParseFromString(*g.rs->view_event(*g.gs, events->front(), v)));
    const bool may = v.role == Role::kReferee || v.seat == group.seat;
    INFO("viewer " << v.seat);
    CHECK(shown.scatter_order_set().hidden() == !may);
    CHECK(shown.scatter_order_set().toward_cover() == may);
  }
  REQUIRE(g.rs->apply(*g.gs, events->front()).ok());
  for (const Viewer& v : everyone(false)) {
    wire::pb::View view;
    REQUIRE(view.ParseFromString(g.rs->view(*g.gs, v)));
    const bool may = v.role == Role::kReferee || v.seat == group.seat;
    INFO("viewer " << v.seat);
    CHECK(view.groups(0).scatter_toward_cover() == may);
    CHECK(view.groups(0).scatter_order_hidden() == !may);
  }
  wire::pb::View after;  // once the game is over, everything is shown
  REQUIRE(after.ParseFromString(g.rs->view(*g.gs, Viewer{Role::kObserver, "", true})));
  CHECK_FALSE(after.groups(0).scatter_order_hidden());
}

TEST_CASE("the view shows each gun's aim and how far its reload has come",
          "[sharpe.wire.view][S9]") {
  Played g;
  g.play(0);
  State& s = static_cast<wire::SharpeGameState&>(*g.gs).state;
  REQUIRE_FALSE(s.guns.empty());
  s.guns.front().loaded = false;
  s.guns.front().load_spent = 8;
  s.guns.front().aim = engine::Degrees{135};  // the engine's: y grows north
  for (const Viewer& v : everyone(false)) {
    wire::pb::View view;
    REQUIRE(view.ParseFromString(g.rs->view(*g.gs, v)));
    REQUIRE(view.guns_size() == static_cast<int>(s.guns.size()));
    CHECK(view.guns(0).id() == s.guns.front().id);
    CHECK(view.guns(0).unloaded());
    CHECK(view.guns(0).load_spent() == 8);
    CHECK(view.guns(0).aim() == Approx(45));  // the wire's compass: y grows south
  }
}
