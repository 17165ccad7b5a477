// The play screen fitted to the terminal (play/layout.h) for each rule set at 80x24, 120x40 and
// 200x60: every line fits the width, the whole screen the height, and the map, the status, the
// turn line, events and messages are all there. Then `zoom`, `show` and `panel`
// (play/view_line.h), state marks and stacked figures on the maps.
#include <catch2/catch.hpp>

#include "client/codec.h"
#include "play/layout.h"
#include "play/view_line.h"
#include "rcw_pokrovka.h"
#include "render/itchy_ui.h"
#include "render/rcw_ui.h"
#include "render/sharpe_ui.h"
#include "sharpe_village.h"

namespace grognard::clitest {

namespace {

using cli::Focus;
using cli::ScreenSize;
using cli::Style;
namespace itchy = cli::itchy;

std::string all(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

bool has(const std::vector<std::string>& lines, const std::string& text) {
  for (const auto& l : lines) {
    if (l.find(text) != std::string::npos) return true;
  }
  return false;
}

cli::GameState state_of(const std::string& ruleset, const google::protobuf::Any& view,
                        const std::string& seat) {
  cli::GameState st;
  st.game_id = "g-1";
  st.ruleset = ruleset;
  st.seat_id = seat;
  st.role = "player";
  st.status = "running";
  st.to_act = "waiting for the other side to act, then it is yours";
  st.room.set_invite_code("ABCDEF");
  st.view = view;
  for (int i = 1; i <= 12; ++i) {
    v1::GameEvent e;
    e.set_seq(static_cast<std::uint64_t>(i));
    e.mutable_chat()->set_from_seat(seat);
    e.mutable_chat()->set_text("event number " + std::to_string(i) +
                               ", long enough to be wrapped on the narrowest screen of all the "
                               "screens this test draws");
    st.recent.push_back(e);
  }
  return st;
}

const std::deque<std::string> kMessages = {"> legal", "first answer", "> say hello",
                                           "the last message"};

// The screen at `size`: it fits, and the turn line, the last event and the last message show.
std::vector<std::string> fitted(const cli::GameState& st, ScreenSize size,
                                const std::optional<Focus>& zoom = std::nullopt) {
  const auto screen =
      cli::fit_screen(st, cli::ui_for(st.ruleset), Style(false), kMessages, size, zoom);
  const auto& lines = screen.lines;
  INFO(size.cols << "x" << size.rows << ":\n" << all(lines));
  CHECK(lines.size() <= static_cast<std::size_t>(size.rows - 1));
  for (const auto& l : lines) CHECK(cli::display_width(l) <= static_cast<std::size_t>(size.cols));
  CHECK(lines.at(0).rfind("Grognard  " + st.ruleset, 0) == 0);
  CHECK(has(lines, "waiting for the other side to act"));
  CHECK(has(lines, "Last events:"));
  CHECK(has(lines, "#12 "));
  CHECK(has(lines, "the last message"));
  CHECK(screen.message_rows >= 3);
  return lines;
}

const std::vector<ScreenSize> kSizes = {{24, 80}, {40, 120}, {60, 200}};

// The top edge of an inch map ("    +-----+"), its row count to the bottom edge.
std::size_t map_rows(const std::vector<std::string>& lines) {
  std::size_t top = 0;
  while (top < lines.size() && lines[top].rfind("    +-", 0) != 0) ++top;
  REQUIRE(top < lines.size());
  std::size_t bottom = top + 1;
  while (bottom < lines.size() && lines[bottom].rfind("    +-", 0) != 0) ++bottom;
  REQUIRE(bottom < lines.size());
  return bottom - top - 1;
}

itchy::View colonial_like() {
  itchy::View v;
  v.set_scenario_name("A battle on 16 x 12");
  v.set_width(16);
  v.set_height(12);
  for (int i = 0; i < 16 * 12; ++i) v.add_terrain(i % 7 == 0 ? itchy::WOODS : itchy::OPEN);
  v.add_sides()->set_name("British");
  v.add_sides()->set_name("Mahdists");
  const auto add = [&](const std::string& id, int side, itchy::UnitType t, int x, int y, int sp) {
    auto* u = v.add_units();
    u->set_id(id);
    u->set_side(side);
    u->set_type(t);
    u->mutable_pos()->set_x(x);
    u->mutable_pos()->set_y(y);
    u->set_facing(side == 0 ? itchy::NORTH : itchy::SOUTH);
    u->set_sp(sp);
    u->set_start_sp(4);
  };
  add("B1", 0, itchy::INFANTRY, 3, 10, 4);
  add("B2", 0, itchy::INFANTRY, 3, 10, 4);     // stacked with B1
  add("B3", 0, itchy::MACHINE_GUN, 5, 10, 2);  // worn
  add("M1", 1, itchy::INFANTRY, 15, 1, 4);
  v.set_turn(1);
  v.set_turn_limit(12);
  v.set_phase(itchy::PHASE_ACTIVATION);
  v.set_acting_side(0);
  return v;
}

}  // namespace

TEST_CASE("Sharpe's Mess fits 80x24, 120x40 and 200x60, the map finer when taller",
          "[cli][layout]") {
  Village g;
  const auto st = state_of("sharpe", g.any("player:british"), "player:british");
  std::vector<std::size_t> rows;
  for (const auto& size : kSizes) {
    const auto lines = fitted(st, size);
    rows.push_back(map_rows(lines));
    CHECK(has(lines, "turn 1"));  // the status beside the map
    CHECK(has(lines, "1 column = "));
  }
  CHECK(rows[0] <= 12);
  CHECK(rows[0] < rows[1]);
  // 200x60 has room for the figures' table beside the map; 80x24 points to `panel`.
  CHECK(has(fitted(st, kSizes[2]), "Your briefing:"));
  CHECK(has(fitted(st, kSizes[0]), "panel"));
}

TEST_CASE("RCW fits 80x24, 120x40 and 200x60", "[cli][layout]") {
  Pokrovka g;
  const auto st = state_of("rcw", g.any("side:0"), "side:0");
  for (const auto& size : kSizes) {
    const auto lines = fitted(st, size);
    CHECK(map_rows(lines) >= 6);
    CHECK(has(lines, "Deployment (R19)"));
  }
}

TEST_CASE("Itchy & Scratchy's 16 x 12 grid fits 80x24 whole, its text under it", "[cli][layout]") {
  const auto st = state_of("itchy", client::pack(colonial_like()), "side:0");
  for (const auto& size : kSizes) {
    const auto lines = fitted(st, size);
    CHECK(has(lines, "A battle on 16 x 12: Turn 1 of 12"));
    CHECK(has(lines, "11 "));             // the last row of the grid
    CHECK_FALSE(has(lines, "Areas x "));  // never cropped
    CHECK(has(lines, "In one area (3,10): B1 B2"));
  }
  const auto small = fitted(st, kSizes[0]);
  // 4-column cells at 80 columns: row 10 holds B1 (with B2: "+") and the worn B3 ("!").
  CHECK(has(small, "10 "));
  std::string row10;
  for (const auto& l : small) {
    if (l.rfind("10 ", 0) == 0) row10 = l;
  }
  CHECK(row10.substr(3 + 3 * 4, 8) == "B1^+ .  ");
  CHECK(row10.substr(3 + 5 * 4, 4) == "B3^!");
}

TEST_CASE("zoom shows a part of the table at a larger scale, show one figure, panel the rest",
          "[cli][layout][zoom]") {
  Village g;
  const auto st = state_of("sharpe", g.any("player:british"), "player:british");
  const auto* ui = cli::ui_for("sharpe");
  cli::Zoom zoom;
  auto reply = cli::view_command("zoom 10,40 4", ui, st, zoom);
  REQUIRE(reply);
  CHECK(reply->lines ==
        std::vector<std::string>{"zoom on 10,40 within 4; zoom off for the whole table"});
  const auto lines = fitted(st, kSizes[1], cli::zoom_focus(zoom, ui, st));
  CHECK(has(lines, "1 column = 0.25\", 1 row = 0.5\"; x 6-14, y 36-44 of 72\" x 48\""));
  CHECK(map_rows(lines) == 16);

  reply = cli::view_command("zoom nobody", ui, st, zoom);
  REQUIRE(reply);
  CHECK(reply->lines.at(0).find("neither a point X,Y nor a figure") != std::string::npos);
  CHECK(zoom.on);  // unchanged by the bad line
  reply = cli::view_command("zoom off", ui, st, zoom);
  CHECK_FALSE(zoom.on);
  CHECK_FALSE(cli::zoom_focus(zoom, ui, st));

  reply = cli::view_command("panel", ui, st, zoom);
  REQUIRE(reply);
  CHECK(reply->page);
  CHECK(has(reply->lines, "Your briefing:"));
  CHECK_FALSE(cli::view_command("move sharpe 1,1", ui, st, zoom));
}

}  // namespace grognard::clitest
