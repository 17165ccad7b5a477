// `show FIG` and `zoom` line by line for known views, and the state and stacking marks on the
// maps of the three rule sets (play/view_line.h, render/*_show.cpp, render/*_map.cpp).
#include <catch2/catch.hpp>

#include "client/codec.h"
#include "play/play_line.h"
#include "play/view_line.h"
#include "rcw_pokrovka.h"
#include "render/itchy_ui.h"
#include "render/rcw_ui.h"
#include "render/sharpe_ui.h"
#include "sharpe_village.h"

namespace grognard::clitest {

namespace {

using cli::Focus;
using cli::Frame;
using cli::Style;
using cli::Viewer;
using Lines = std::vector<std::string>;

std::string all(const Lines& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

bool has(const Lines& lines, const std::string& text) {
  for (const auto& l : lines) {
    if (l.find(text) != std::string::npos) return true;
  }
  return false;
}

spb::FigureView& figure(spb::View& v, const std::string& id) {
  for (auto& f : *v.mutable_figures()) {
    if (f.figure().id() == id) return f;
  }
  FAIL("no figure " << id);
  return *v.mutable_figures(0);
}

// The character of the map cell holding (x, y) on a board drawn at 1" a column, 2" a row.
char cell(const Lines& map, double x, double y) {
  return map.at(2 + static_cast<std::size_t>(y / 2)).at(5 + static_cast<std::size_t>(x));
}

}  // namespace

TEST_CASE("show FIG tells a Sharpe's Mess figure's place to 0.01\", state and weapons",
          "[cli][layout][show]") {
  Village g;
  spb::View v = g.view("player:british");
  auto& harper = figure(v, "harper");
  harper.set_state(spb::FIGURE_WOUNDED);
  harper.set_prone(true);
  harper.mutable_figure()->mutable_pos()->set_x(7.126);
  const auto lines = cli::SharpeUi().show(client::pack(v), Viewer{-1, "player:british"}, "HARPER");
  INFO(all(lines));
  CHECK(lines == Lines{
                     "harper (Sergeant Harper): a figure of group sharpe (Captain Sharpe, "
                     "British), on the map a",
                     "  at 7.13,43.00 (inches, x east, y south)",
                     "  state: wounded, prone",
                     "  qualities: elite",
                     "  weapons:",
                     "    rifle: reaches 40\", loaded",
                     "    bayonet: hand to hand",
                 });
  CHECK(cli::SharpeUi().show(client::pack(v), Viewer{-1, "player:british"}, "nobody") ==
        Lines{"no figure or gun \"nobody\" in your view; the panel lists them (panel)"});
}

TEST_CASE("Sharpe's Mess marks wounded, prone and aimed figures and counts a shared cell",
          "[cli][layout][marks]") {
  Village g;
  spb::View v = g.view("referee");
  // Three figures moved to open ground, each with its east cell free.
  const auto place = [&](const std::string& id, double x, double y) {
    figure(v, id).mutable_figure()->mutable_pos()->set_x(x);
    figure(v, id).mutable_figure()->mutable_pos()->set_y(y);
  };
  place("vandal", 2, 10);
  place("lawford", 2, 2);
  place("sharpe", 2, 6);
  figure(v, "vandal").set_state(spb::FIGURE_WOUNDED);
  figure(v, "lawford").set_prone(true);
  figure(v, "sharpe").set_aimed(true);
  figure(v, "hagman").mutable_figure()->mutable_pos()->set_x(40.2);  // two in one cell
  figure(v, "hagman").mutable_figure()->mutable_pos()->set_y(30.5);
  figure(v, "perkins").mutable_figure()->mutable_pos()->set_x(40.7);
  figure(v, "perkins").mutable_figure()->mutable_pos()->set_y(31.5);
  const auto b = cli::SharpeUi().board(client::pack(v), Viewer{-1, "referee"}, Style(false),
                                       Frame{120, 40, std::nullopt});
  INFO(all(b.map) << all(b.cells));
  CHECK(cell(b.map, 2, 10) == 'C');   // vandal, the French hero
  CHECK(cell(b.map, 3, 10) == '!');   // wounded
  CHECK(cell(b.map, 3, 2) == '_');    // lawford prone
  CHECK(cell(b.map, 3, 6) == '>');    // sharpe aimed
  CHECK(cell(b.map, 6, 42) == ' ');   // where sharpe stood
  CHECK(cell(b.map, 40, 30) == '2');  // hagman and perkins
  CHECK(has(b.cells, "In one cell: 2 at 40.2,30.5: a hagman a perkins"));
  CHECK(has(b.legend, "! wounded or dying, _ prone, > aimed"));
  // zoomed, the two stand apart
  const auto z = cli::SharpeUi().board(client::pack(v), Viewer{-1, "referee"}, Style(false),
                                       Frame{120, 40, Focus{40, 31, 4}});
  INFO(all(z.map));
  CHECK_FALSE(has(z.cells, "In one cell"));
  CHECK(z.cells.at(0) == "1 column = 0.25\", 1 row = 0.5\"; x 36-44, y 27-35 of 72\" x 48\"");
  CHECK(z.map.at(0) == "                     40");  // the ruler: 40" at the 17th column
}

TEST_CASE("RCW marks a pinned unit behind it and show tells only units in sight",
          "[cli][layout][marks][show]") {
  Pokrovka g;
  rpb::View v = g.view("side:0");
  rpb::UnitState* r1 = nullptr;
  for (auto& u : *v.mutable_units()) {
    if (u.id() == "R2") r1 = &u;
  }
  REQUIRE(r1);
  r1->set_placed(true);
  r1->mutable_pos()->set_x(18);
  r1->mutable_pos()->set_y(20);
  r1->set_facing(0);
  r1->set_pinned(true);
  const auto any = client::pack(v);
  const auto b =
      cli::RcwUi().board(any, Viewer{0, "side:0"}, Style(false), Frame{120, 60, std::nullopt});
  INFO(all(b.map));
  // 0.5" a column, 1" a row: R2 at column 36, row 20, facing north; pinned: `!` south of it.
  CHECK(b.map.at(2 + 20).at(5 + 36) == 'C');  // the Reds' third unit
  CHECK(b.map.at(2 + 19).at(5 + 36) == '|');
  CHECK(b.map.at(2 + 21).at(5 + 36) == '!');
  const auto shown = cli::RcwUi().show(any, Viewer{0, "side:0"}, "r2");
  INFO(all(shown));
  CHECK(shown.at(1) == "  at 18.00,20.00 (inches, x east, y south), facing 0 (N)");
  CHECK(has(shown, "  state: pinned"));
  // A second unit whose centre falls in R2's cell: their number, and both listed.
  for (auto& u : *v.mutable_units()) {
    if (u.id() != "R3") continue;
    u.set_placed(true);
    u.mutable_pos()->set_x(18.2);
    u.mutable_pos()->set_y(20.3);
  }
  const auto stacked = cli::RcwUi().board(client::pack(v), Viewer{0, "side:0"}, Style(false),
                                          Frame{120, 60, std::nullopt});
  CHECK(stacked.map.at(2 + 20).at(5 + 36) == '2');
  CHECK(has(stacked.cells, "In one cell: 2 at 18,20: C R2 D R3"));
  // The Whites' units are not in the Reds' view before they are seen: show knows nothing.
  CHECK(cli::RcwUi().show(any, Viewer{0, "side:0"}, "W1").at(0).rfind("no unit \"W1\"", 0) == 0);
}

TEST_CASE("Itchy & Scratchy show UNIT and zoom on a unit by its id", "[cli][layout][show][zoom]") {
  cli::itchy::View v;
  v.set_width(8);
  v.set_height(6);
  for (int i = 0; i < 48; ++i) v.add_terrain(cli::itchy::OPEN);
  v.add_sides()->set_name("British");
  v.add_sides()->set_name("Boers");
  auto* u = v.add_units();
  u->set_id("B1");
  u->set_type(cli::itchy::INFANTRY);
  u->set_weapon(cli::itchy::RIFLES);
  u->mutable_pos()->set_x(6);
  u->mutable_pos()->set_y(4);
  u->set_facing(cli::itchy::NORTH);
  u->set_sp(3);
  u->set_start_sp(4);
  const auto any = client::pack(v);
  const cli::ItchyUi ui;
  CHECK(ui.show(any, Viewer{0, "side:0"}, "b1") ==
        Lines{"B1: INF of British, on the map B1",
              "  at (6,4) facing N; strength 3 of 4 SP (worn: marked !)",
              "  this turn: not yet activated", "  weapon: rifles (dice by range: help attack)"});
  cli::GameState st;
  st.ruleset = "itchy";
  st.view = any;
  cli::Zoom zoom;
  REQUIRE(cli::view_command("zoom b1 1", &ui, st, zoom));
  const auto f = cli::zoom_focus(zoom, &ui, st);
  REQUIRE(f);
  const auto b = ui.board(any, Viewer{0, "side:0"}, Style(false), Frame{80, 20, f});
  CHECK(b.map == Lines{"     5    6    7  ", " 3   .    .    .  ", " 4   .   B1^!  .  ",
                       " 5   .    .    .  "});
  CHECK(b.cells.at(0) == "Areas x 5-7, y 3-5 of 8 x 6 (zoom off: all)");
}

}  // namespace grognard::clitest

namespace grognard::clitest {

using Lines = std::vector<std::string>;

bool listed(const Lines& lines, const std::string& text) {
  for (const auto& l : lines) {
    if (l.find(text) != std::string::npos) return true;
  }
  return false;
}

TEST_CASE("help zoom, help show and help panel give each form with an example",
          "[cli][layout][help]") {
  const auto* ui = cli::ui_for("sharpe");
  CHECK(cli::help_for(ui, "zoom") ==
        Lines{"zoom X,Y [R] | zoom FIG [R]",
              "  the map at a larger scale within R of the point or figure (inches; areas in "
              "Itchy & Scratchy), following the figure as it moves",
              "  example: zoom 30,20 6", "zoom off", "  the whole table again",
              "  example: zoom off"});
  CHECK(cli::help_for(ui, "show").at(2) == "  example: show harper");
  CHECK(cli::help_for(ui, "panel").at(2) == "  example: panel");
  const auto all_help = cli::help_lines(ui);
  CHECK(listed(all_help, "zoom X,Y [R] | zoom FIG [R]"));
  const auto words = cli::completions("", ui, cli::GameState{});
  CHECK(listed(words, "zoom"));
  CHECK(listed(words, "panel"));
}

}  // namespace grognard::clitest
