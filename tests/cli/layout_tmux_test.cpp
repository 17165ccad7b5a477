// A whole Sharpe's Mess screen in a real 80x24 terminal (tmux): the title, the map with its
// edges, the status beside it, the turn line, the events and the prompt all on the screen at
// once, nothing pushed off the top; then `zoom`, `show` and `panel` at that size.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "run.h"
#include "server_process.h"
#include "tmux.h"

namespace grognard::clitest {

namespace {

bool shows(const std::string& screen, const std::string& text) {
  return screen.find(text) != std::string::npos;
}

std::vector<std::string> rows_of(const std::string& screen) {
  std::vector<std::string> out;
  std::istringstream in(screen);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// The whole game screen is there: the title on the first row, both edges of the map, the turn
// line and the events, the prompt on the last row used.
void whole(const std::string& screen) {
  INFO(screen);
  const auto rows = rows_of(screen);
  REQUIRE(!rows.empty());
  CHECK(rows.front().rfind("Grognard  sharpe", 0) == 0);
  std::size_t edges = 0;
  for (const auto& r : rows) {
    if (r.rfind("    +-", 0) == 0) ++edges;
  }
  CHECK(edges == 2);
  CHECK(shows(screen, "Last events:"));
  CHECK(shows(screen, "British>"));
  CHECK(rows.size() <= 24);
}

}  // namespace

TEST_CASE("a Sharpe's Mess game fits 80x24 whole, with zoom, show and panel",
          "[cli][tmux][layout]") {
  if (!have_tmux()) return;
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000"});
  const Village village(server.url());
  const std::string& code = village.code;
  const TempDir& british = village.british;

  Tmux tmux;
  tmux.start("british", grognard_command("play " + code, british.path(), server.url()), 80, 24);
  whole(tmux.wait_for("british", "Last events:"));

  tmux.type("british", "zoom sharpe 4");
  std::string s = tmux.wait_for("british", "zoom on sharpe at 6,42 within 4");
  whole(s);
  CHECK(shows(s, "x 2-10, y 38-46"));

  // `show` answers in the message area, or a page at a time when longer than it.
  tmux.type("british", "show harper");
  s = tmux.wait_for("british", "harper (Sergeant Harper)");
  CHECK(shows(s, "at 7.00,43.00"));
  if (!shows(s, "Last events:")) {
    tmux.type("british", "q");
    s = tmux.wait_for("british", "Last events:");
  }
  whole(s);

  tmux.type("british", "panel");
  s = tmux.wait_for("british", "> panel: lines 1-");
  CHECK(shows(s, "Hero deck:"));
  tmux.type("british", "q");
  tmux.type("british", "zoom off");
  s = tmux.wait_for("british", "zoom off: the whole table");
  whole(s);
  CHECK(shows(s, "1 column = 2\", 1 row = 4\""));
}

}  // namespace grognard::clitest
