// S23: the referee's card is his until it is drawn: the others learn that the deck has one
// more card, neither its kind nor its face, from the events, the views or the published hash.
#include "view_support.h"

using namespace sharpe_view;  // NOLINT: test code reads like the rules

TEST_CASE("the referee's added card reaches the others as one more card, nothing of what it is",
          "[sharpe.wire.view][S23]") {
  // The same game twice; the referee adds an event card to one, a "draw a Bad Card" to the other.
  Played a, b;
  a.play(0);
  b.play(0);
  const Card event{CardKind::kEvent, "", EventCard{"Mud", CardEffect::kLoseHalf, 0}};
  const Card draw_bad{CardKind::kDrawBad, "", {}};
  auto add = [](Played& g, const Card& c) {
    auto events =
        g.rs->decide(*g.gs, "referee", wire::Codec::serialize(Command{AddEventCard{c}}), g.dice);
    REQUIRE(events.ok());
    REQUIRE(events->size() == 1);
    return events->front();
  };
  const std::string added_a = add(a, event);
  const std::string added_b = add(b, draw_bad);
  for (const Viewer& v : everyone(false)) {
    INFO("viewer " << v.seat);
    const std::string seen_a = *a.rs->view_event(*a.gs, added_a, v);
    const std::string seen_b = *b.rs->view_event(*b.gs, added_b, v);
    wire::pb::Event shown;
    REQUIRE(shown.ParseFromString(seen_a));
    REQUIRE(shown.has_card_added());
    if (v.role == Role::kReferee) {
      CHECK_FALSE(shown.card_added().hidden());
      CHECK(shown.card_added().card().kind() == wire::pb::EVENT_CARD);
      CHECK(shown.card_added().card().event().name() == "Mud");
      CHECK_FALSE(seen_a == seen_b);
    } else {  // a player or an observer: that a card was added, no more
      CHECK(shown.card_added().hidden());
      CHECK_FALSE(shown.card_added().has_card());
      CHECK(seen_a == seen_b);
    }
  }
  REQUIRE(a.rs->apply(*a.gs, added_a).ok());
  REQUIRE(b.rs->apply(*b.gs, added_b).ok());
  for (const Viewer& v : everyone(false)) {
    INFO("viewer " << v.seat);
    wire::pb::View view;
    REQUIRE(view.ParseFromString(a.rs->view(*a.gs, v)));
    CHECK(view.cards_waiting() == 1);
    CHECK(view.waiting_size() == (v.role == Role::kReferee ? 1 : 0));
    CHECK((a.rs->view(*a.gs, v) == b.rs->view(*b.gs, v)) == (v.role != Role::kReferee));
  }
  CHECK(a.rs->hash(*a.gs) == b.rs->hash(*b.gs));
  CHECK_FALSE(a.rs->full_hash(*a.gs) == b.rs->full_hash(*b.gs));
  // Once the game is over, anyone may read it.
  wire::pb::Event after;
  REQUIRE(after.ParseFromString(
      *b.rs->view_event(*b.gs, added_b, Viewer{Role::kPlayer, "player:british", true})));
  CHECK(after.card_added().card().kind() == wire::pb::DRAW_BAD_CARD);
}
