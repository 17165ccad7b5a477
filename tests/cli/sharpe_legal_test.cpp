// `legal FIG` in Sharpe's Mess as a player thinks of it: how far the figure's functions take it,
// what loading still needs, and every target in range and sight with its distance; the moves
// the server offers a figure boxed in by walls; and `legal UNIT`'s filter by figure.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>

#include "render/sharpe_ui.h"
#include "sharpe_village.h"

namespace grognard::clitest {

namespace {

using cli::SharpeUi;
using cli::sharpe_text::num;

std::string play(Village& g, const std::string& seat, const std::string& line) {
  INFO(seat << ": " << line);
  return g.play(seat, g.typed(line, seat));
}

// The one line `legal FIG` prints for `seat`.
std::string legal_line(const Village& g, const std::string& seat, const std::string& fig) {
  const auto lines = SharpeUi().describe_legal(g.legal(seat), g.any(seat), fig);
  REQUIRE(lines.size() == 1);
  return lines[0];
}

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

std::string two_decimals(const v1::Point& p) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f,%.2f", p.x(), p.y());
  return buf;
}

}  // namespace

TEST_CASE(
    "legal FIG says how far a figure may move, what it may fire at and how far, and what "
    "loading needs",
    "[cli][sharpe][S8][S15][S4]") {
  Village g;
  const std::string seat = g.player_to_act();
  const std::string group = g.view(seat).active_group();
  REQUIRE(play(g, seat, "throw") == "");
  const std::string hero = group;  // every village group's hero shares its id
  const spb::View thrown = g.view(seat);
  const auto* f = cli::sharpe_text::find_figure(thrown, hero);
  REQUIRE(f);
  const int functions = f->functions();
  REQUIRE(functions >= 2);
  // An enemy set down 3" east of the hero by the referee, in the open.
  std::string enemy;
  const spb::View all = g.view();
  for (const auto& o : all.figures()) {
    const auto* owner = cli::sharpe_text::find_group(all, o.group());
    if (owner && owner->seat() != seat) {
      enemy = o.figure().id();
      break;
    }
  }
  const v1::Point at = f->figure().pos();
  REQUIRE(play(g, "referee",
               "rule move " + enemy + " " + num(at.x() + 3) + "," + num(at.y()) + " test") == "");

  std::string line = legal_line(g, seat, hero);
  INFO(line);
  CHECK(line.starts_with(hero + " at " + two_decimals(at) + " (" + std::to_string(functions) +
                         " functions): "));
  // S15: 1 function a 2" walked, 2 an inch crawled.
  CHECK(contains(line, "move up to " + num(2.0 * functions) + "\""));
  CHECK(contains(line, "crawl up to " + num(functions / 2) + "\""));
  CHECK_FALSE(contains(line, "move to"));
  CHECK(contains(line, "fire 1 (" + cli::sharpe_text::weapon_name(f->figure().weapons(0).kind()) +
                           ") at " + enemy + " 3\""));

  // Fired, the weapon needs loading: the table's cost, none of it paid yet (S8).
  REQUIRE(play(g, seat, "fire " + hero + " 1 at " + enemy) == "");
  const spb::View after_fire = g.view(seat);
  const auto* fired = cli::sharpe_text::find_figure(after_fire, hero);
  const int cost = fired->figure().weapons(0).kind() == spb::RIFLE ? 6 : 4;
  line = legal_line(g, seat, hero);
  CHECK(contains(
      line, "load 1 (" + cli::sharpe_text::weapon_name(fired->figure().weapons(0).kind()) +
                "): " + std::to_string(cost) + " of " + std::to_string(cost) + " functions to go"));

  // S4: wounded, every cost doubles: the walk reaches half as far.
  REQUIRE(play(g, "referee", "rule wound " + hero + " test") == "");
  const spb::View wounded = g.view(seat);
  const auto* hurt = cli::sharpe_text::find_figure(wounded, hero);
  line = legal_line(g, seat, hero);
  CHECK(contains(line, "move up to " + num(2.0 * (hurt->functions() / 2)) + "\""));
}

TEST_CASE("legal offers a move to a figure walled in on the enemy's side", "[cli][sharpe][S14]") {
  // Every figure of the active group that has functions and may move is offered a move, even
  // when the way toward every enemy is barred; the server's list decides, the client says
  // "move up to".
  Village g;
  const std::string seat = g.player_to_act();
  REQUIRE(play(g, seat, "throw") == "");
  const auto lines = SharpeUi().describe_legal(g.legal(seat), g.any(seat), "");
  for (const auto& l : lines) {
    INFO(l);
    if (l.starts_with("you may")) continue;
    CHECK(contains(l, "move up to"));
  }
}

}  // namespace grognard::clitest
