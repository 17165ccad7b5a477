// The Sharpe's Mess table-top view drawn from views of the real village scenario: figures,
// walls, doors, windows, cover and the gun where the scenario puts them; the table of exact
// positions, states and functions; the card just drawn; briefings only for their reader; and
// events in words with every die.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>

#include "client/codec.h"
#include "render/sharpe_ui.h"
#include "sharpe_village.h"

namespace grognard::clitest {

namespace {

using cli::SharpeUi;
using cli::Style;
using cli::Viewer;

bool has(const std::vector<std::string>& lines, const std::string& text) {
  for (const auto& l : lines) {
    if (l.find(text) != std::string::npos) return true;
  }
  return false;
}

// The character the map shows for the point (x, y) in inches; the map is 1" a column and 2" a
// row for the 72" x 48" village, north (y = 0) up.
char at(const std::vector<std::string>& lines, double x, double y) {
  std::size_t top = 0;
  while (top < lines.size() && lines[top].rfind("    +", 0) != 0) ++top;
  REQUIRE(top < lines.size());
  const std::string& row = lines.at(top + 1 + static_cast<std::size_t>(y / 2));
  return row.at(5 + static_cast<std::size_t>(x));
}

// The table row of figure `id`.
std::string row_of(const std::vector<std::string>& lines, const std::string& id) {
  for (const auto& l : lines) {
    if (l.size() > 4 && l.compare(4, id.size() + 1, id + " ") == 0) return l;
  }
  FAIL("no table row for " << id);
  return "";
}

std::vector<std::string> render(const Village& g, const std::string& seat) {
  return SharpeUi().render(g.any(seat), Viewer{-1, seat}, Style(false));
}

}  // namespace

TEST_CASE("the Sharpe map puts the scenario's figures, walls and gun at their inches",
          "[cli][sharpe]") {
  Village g;
  const auto lines = render(g, "referee");
  INFO([&] {
    std::string all;
    for (const auto& l : lines) all += l + "\n";
    return all;
  }());
  CHECK(lines.at(0) ==
        "Table 72\" x 48\": 1 column = 1\", 1 row = 2\"; north is up (x grows east, y grows "
        "south)");
  CHECK(lines.at(1).rfind("     0         10        20", 0) == 0);
  // Groups in the scenario's order: A sharpe, B lawford, C vandal, D marbot, E teresa.
  CHECK(at(lines, 6, 42) == 'A');     // Captain Sharpe, the hero
  CHECK(at(lines, 7, 43) == 'a');     // Sergeant Harper, one of his men
  CHECK(at(lines, 12, 44) == 'B');    // Major Lawford
  CHECK(at(lines, 30, 18) == 'C');    // Colonel Vandal, north of the British
  CHECK(at(lines, 63, 32) == 'E');    // Teresa in the orchard
  CHECK(at(lines, 37.5, 22) == '@');  // the gun, over the gunner beside it
  CHECK(at(lines, 20, 10) == '#');    // Casa Morales, north-west corner
  CHECK(at(lines, 23, 10) == '=');    // its north window (3-4.5" along)
  CHECK(at(lines, 28, 12) == '+');    // its east door (10-11.5" along: y 12-13.5)
  CHECK(at(lines, 24, 12) == '.');    // its floor
  CHECK(at(lines, 40, 4) == '%');     // the churchyard wall, free-standing
  CHECK(at(lines, 51, 18) == '+');    // its lych-gate on the south side (x 50-52)
  CHECK(at(lines, 60, 30) == ':');    // the orchard
  CHECK(at(lines, 5, 20) == ' ');     // open ground
  std::string ticks(72, '-');
  for (std::size_t x = 10; x < 72; x += 10) ticks[x] = '+';  // a tick every 10"
  CHECK(lines.at(2) == "    +" + ticks + "+");
  CHECK(lines.at(3).rfind("  0 |", 0) == 0);
  CHECK(lines.at(8).rfind(" 10 |", 0) == 0);
  CHECK(has(lines, "# wall  % free-standing wall  + door or gate  = window"));
}

TEST_CASE("the Sharpe table lists exact positions, states, functions and the card drawn",
          "[cli][sharpe]") {
  Village g;
  const std::string seat = g.player_to_act();
  REQUIRE_FALSE(seat.empty());
  const auto before = g.view(seat);
  const std::string group = before.active_group();
  REQUIRE_FALSE(group.empty());
  CHECK(has(render(g, seat), "Card just drawn: hero card " + group + " ("));
  CHECK(has(render(g, seat), "Hero deck: 4 cards left   bad deck: 0 left"));

  REQUIRE(g.play(seat, g.typed("throw", seat)).empty());
  const auto thrown = g.view(seat);
  const auto* hero = cli::sharpe_text::find_figure(thrown, group);
  REQUIRE(hero);
  const int functions = hero->functions();
  REQUIRE(functions >= 1);
  // Half an inch north of where the hero stands: 1 function.
  const double x = hero->figure().pos().x(), y = hero->figure().pos().y() - 0.5;
  const std::string to = cli::sharpe_text::num(x) + "," + cli::sharpe_text::num(y);
  REQUIRE(g.play(seat, g.typed("move " + group + " " + to, seat)).empty());

  const auto lines = render(g, seat);
  const std::string row = row_of(lines, group);
  INFO(row);
  char pos[32];
  std::snprintf(pos, sizeof pos, "%.1f,%.1f", x, y);
  CHECK(row.find(pos) != std::string::npos);
  CHECK(row.find(" unhurt ") != std::string::npos);
  CHECK(row.find("hero officer") != std::string::npos);
  // The functions column: what is left after the move.
  const std::string header = *std::find_if(
      lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("    id ", 0) == 0; });
  const std::size_t fn = header.find(" fn ") + 1;
  CHECK(row.substr(fn, 3) == cli::pad_to(std::to_string(functions - 1), 3));
  CHECK(has(lines, "Active: " + group + " ("));
}

TEST_CASE("the Sharpe panel counts in good English and asks for a new hero when he is dead",
          "[cli][sharpe][S3]") {
  Village g;
  const std::string seat = g.player_to_act();
  auto v = g.view(seat);
  v.set_deck_remaining(1);
  auto lines = SharpeUi().render(client::pack(v), Viewer{-1, seat}, Style(false));
  CHECK(has(lines, "Hero deck: 1 card left   bad deck: 0 left"));
  CHECK(has(lines, "the drawn hero's player throws the functions"));
  for (auto& group : *v.mutable_groups()) {
    if (group.id() == v.active_group()) group.clear_hero();
  }
  lines = SharpeUi().render(client::pack(v), Viewer{-1, seat}, Style(false));
  CHECK(has(lines, v.active_group() + "'s hero is dead: his player names a new hero"));
  CHECK_FALSE(has(lines, "throws the functions"));
}

TEST_CASE("Tab offers the active group's figures, and for a new hero only the living",
          "[cli][sharpe][complete][S3]") {
  Village g;
  const std::string seat = g.player_to_act();
  auto v = g.view(seat);
  const std::string group = v.active_group();
  REQUIRE_FALSE(group.empty());
  const auto offered = SharpeUi().complete({"move"}, client::pack(v));
  REQUIRE_FALSE(offered.empty());
  for (const auto& id : offered) {
    const auto* f = cli::sharpe_text::find_figure(v, id);
    REQUIRE(f);
    CHECK(f->group() == group);
  }
  // The hero is killed: `hero GROUP` offers his living comrades, not him.
  std::string hero;
  for (const auto& gr : v.groups()) {
    if (gr.id() == group) hero = gr.hero();
  }
  for (auto& f : *v.mutable_figures()) {
    if (f.figure().id() == hero) f.set_state(spb::FIGURE_KILLED);
  }
  const auto heroes = SharpeUi().complete({"hero", group}, client::pack(v));
  CHECK(std::find(heroes.begin(), heroes.end(), hero) == heroes.end());
  CHECK(heroes.size() + 1 == offered.size());
}

TEST_CASE("a Sharpe player reads only his own briefing, the referee reads all", "[cli][sharpe]") {
  Village g;
  const auto british = render(g, "player:british");
  CHECK(has(british, "Your briefing: Sealed orders: the paymaster's chest"));
  CHECK_FALSE(has(british, "Colonel's orders"));
  CHECK_FALSE(has(british, "You have agreed with both sides"));
  const auto french = render(g, "player:french");
  CHECK(has(french, "Your briefing: Colonel's orders"));
  CHECK_FALSE(has(french, "Sealed orders"));
  const auto referee = render(g, "referee");
  CHECK(has(referee, "  British: Sealed orders"));
  CHECK(has(referee, "  French: Colonel's orders"));
  CHECK(has(referee, "  Partisans: You have agreed"));
  const auto observer = render(g, "");
  CHECK_FALSE(has(observer, "briefing"));
  CHECK_FALSE(has(observer, "Sealed orders"));
}

TEST_CASE("the Sharpe view in colour paints each seat and reverses the active group",
          "[cli][sharpe]") {
  Village g;
  const auto lines = SharpeUi().render(g.any(), Viewer{-1, "referee"}, Style(true));
  std::string all;
  for (const auto& l : lines) all += l + "\n";
  CHECK(all.find("\033[1;7;") != std::string::npos);   // the active group: bold, reverse
  CHECK(all.find("\033[1;34m") != std::string::npos);  // the British (first seat) in blue
  CHECK(all.find("\033[1;31m") != std::string::npos);  // the French in red
}

TEST_CASE("Sharpe events read with every die, hidden ones say only what happened",
          "[cli][sharpe]") {
  Village g;
  const auto view = g.any();
  const SharpeUi ui;
  const auto text = [&](const spb::Event& e) { return ui.describe_event(client::pack(e), view); };
  spb::Event e;
  auto* d = e.mutable_deck_shuffled();
  d->set_turn(2);
  d->set_hidden(true);
  d->set_cards(5);
  CHECK(text(e) == "Turn 2: the deck is shuffled (5 cards)");
  CHECK(ui.turn_opened(client::pack(e)) == 2);

  e.Clear();
  auto* f = e.mutable_fired();
  f->set_figure("sharpe");
  f->set_weapon(0);
  f->set_target("voltigeur2");
  f->set_range(12.5);
  f->mutable_roll()->set_sides(20);
  f->mutable_roll()->set_face(14);
  f->set_modifiers(2);
  f->set_total(30);
  f->set_hit(true);
  f->set_functions(1);
  CHECK(text(e) ==
        "Captain Sharpe fires a rifle at Voltigeur Roux (range 12.5\"): d20 14 x2 = 28 +2 "
        "modifiers = 30 > 12.5, hit (1 function)");
  CHECK_FALSE(ui.turn_opened(client::pack(e)));
  // With the modifiers one by one, each is named.
  auto* aimed = f->add_parts();
  aimed->set_name("aimed shot");
  aimed->set_value(2);
  auto* hero = f->add_parts();
  hero->set_name("hero shooting");
  hero->set_value(1);
  auto* cover = f->add_parts();
  cover->set_name("target in building or cover");
  cover->set_value(-2);
  f->set_modifiers(1);
  f->set_total(29);
  CHECK(text(e) ==
        "Captain Sharpe fires a rifle at Voltigeur Roux (range 12.5\"): d20 14 x2 = 28 +2 aimed "
        "shot +1 hero shooting -2 target in building or cover = 29 > 12.5, hit (1 function)");

  e.Clear();
  auto* r = e.mutable_ruled()->mutable_ruling();
  r->set_kind(spb::RULING_WOUND);
  r->set_figure("harper");
  r->set_reason("a roof tile falls");
  CHECK(text(e) == "The referee rules: Sergeant Harper is wounded (reason: a roof tile falls)");

  e.Clear();
  e.mutable_briefing_set()->set_seat("player:french");
  e.mutable_briefing_set()->set_hidden(true);
  CHECK(text(e) == "The referee hands French a secret briefing");

  e.Clear();
  auto* m = e.mutable_melee_fought();
  m->set_a("harper");
  m->set_b("voltigeur2");
  m->mutable_roll_a()->set_sides(6);
  m->mutable_roll_a()->set_face(5);
  m->mutable_roll_b()->set_sides(6);
  m->mutable_roll_b()->set_face(4);
  m->set_total_a(8);
  m->set_total_b(5);
  m->set_loser("voltigeur2");
  CHECK(text(e) ==
        "Hand to hand: Sergeant Harper d6 5 = 8 v Voltigeur Roux d6 4 = 5: Voltigeur Roux loses "
        "by 3");
  auto* charging = m->add_parts_a();
  charging->set_name("charging");
  charging->set_value(2);
  auto* bayonet = m->add_parts_a();
  bayonet->set_name("bayonet armed");
  bayonet->set_value(1);
  auto* second = m->add_parts_b();
  second->set_name("second time in hand to hand");
  second->set_value(-2);
  m->set_total_b(2);
  CHECK(text(e) ==
        "Hand to hand: Sergeant Harper d6 5 +2 charging +1 bayonet armed = 8 v Voltigeur Roux d6 "
        "4 -2 second time in hand to hand = 2: Voltigeur Roux loses by 6");

  e.Clear();
  e.mutable_scatter_order_set()->set_group("vandal");
  e.mutable_scatter_order_set()->set_hidden(true);
  CHECK(text(e) == "vandal (Colonel Vandal, French) sets its scatter order (hidden)");
  e.mutable_scatter_order_set()->set_hidden(false);
  e.mutable_scatter_order_set()->set_toward_cover(true);
  CHECK(text(e) == "vandal (Colonel Vandal, French) will scatter toward cover");

  e.Clear();
  e.mutable_game_ended()->set_result("a draw");
  e.mutable_game_ended()->set_reason("night falls");
  CHECK(text(e) == "Game over: a draw - night falls");

  CHECK(ui.seat_label("player:british", view) == "British");
  CHECK(ui.seat_label("referee", view) == "Referee");
}

}  // namespace grognard::clitest
