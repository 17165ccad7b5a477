// Sharpe's Mess through the real `grognard` binary against the real server: a referee and three
// players take their seats with --as referee and --as player/NAME, the referee's lines and a
// player's lines typed as text reach the server and are accepted, and `map` prints the
// table-top view with the player's own briefing.
#include <catch2/catch.hpp>
#include <map>
#include <regex>
#include <sstream>

#include "render/sharpe_ui.h"
#include "run.h"
#include "server_process.h"
#include "sharpe_screen.h"

namespace grognard::clitest {

namespace {

const std::vector<std::string> kFlags = {"--rate", "10000", "--burst", "10000"};

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("Sharpe's Mess in the terminal client: seats, typed lines, the table-top map",
          "[cli][sharpe]") {
  e2e::ServerProcess server(kFlags);
  TempDir referee, british, french, partisans;
  const Run created = grognard("create sharpe village --as referee --name Wellington",
                               referee.path(), server.url());
  INFO(created.output);
  REQUIRE(created.status == 0);
  CHECK(contains(created.output, "Seated as referee Referee (referee)"));
  const std::string code = invite_code(created.output);
  REQUIRE_FALSE(code.empty());
  // A player's seat by the name after "player:" in any case, or by its label.
  const Run anna =
      grognard("join " + code + " --as player/british --name Anna", british.path(), server.url());
  INFO(anna.output);
  REQUIRE(anna.status == 0);
  CHECK(contains(anna.output, "Seated as player British (player:british)"));
  REQUIRE(grognard("join " + code + " --as player/French --name Bruno", french.path(), server.url())
              .status == 0);
  REQUIRE(grognard("join " + code + " --as player/partisans --name Carmen", partisans.path(),
                   server.url())
              .status == 0);

  // The referee's lines: a briefing, an event card, a pause and the resumption; then the map.
  const Run ruled = grognard("play " + code, referee.path(), server.url(),
                             "brief french Hold the church at all costs\n"
                             "card gain 2 Second wind\npause the rain\nresume it stops\nmap\n");
  INFO(ruled.output);
  REQUIRE(ruled.status == 0);
  CHECK(contains(ruled.output,
                 "The referee adds to French's briefing: \"Hold the church at all costs\""));
  CHECK(contains(ruled.output, "The referee adds event card \"Second wind\""));
  CHECK(contains(ruled.output, "The referee rules: the game is paused (reason: the rain)"));
  CHECK(contains(ruled.output, "Table 72\" x 48\": 1 column = 1\", 1 row = 2\""));
  CHECK(contains(ruled.output, "  British: Sealed orders"));

  // The player whose hero's card is drawn: wait, throw, move the hero half an inch north, end.
  const std::string group = active_group(ruled.output);
  REQUIRE_FALSE(group.empty());
  const std::map<std::string, const TempDir*> seat_of = {{"sharpe", &british},
                                                         {"lawford", &british},
                                                         {"vandal", &french},
                                                         {"marbot", &french},
                                                         {"teresa", &partisans}};
  REQUIRE(seat_of.count(group) == 1);
  std::smatch m;
  const std::string row = row_of(ruled.output, group);
  REQUIRE(std::regex_search(row, m, std::regex("(\\d+\\.\\d),(\\d+\\.\\d)")));
  const std::string to =
      cli::sharpe_text::num(std::stod(m[1])) + "," + cli::sharpe_text::num(std::stod(m[2]) - 0.5);
  const Run played = grognard("play " + code, seat_of.at(group)->path(), server.url(),
                              "wait 20\nthrow\nmove " + group + " " + to + "\nmap\nend\n");
  INFO(played.output);
  CHECK(played.status == 0);
  CHECK(contains(played.output, " throws for functions: d6 "));
  CHECK(contains(played.output, " moves to " + to + " (1 function)"));
  CHECK(contains(played.output, "Table 72\" x 48\""));
  CHECK(contains(played.output, "Your briefing: "));
  CHECK(contains(played.output, " ends its activation"));

  // The French player reads the referee's briefing, and nobody else's.
  const Run seen = grognard("play " + code, french.path(), server.url(), "map\n");
  INFO(seen.output);
  // The scenario's briefing, then the referee's words as a paragraph of their own (S12).
  CHECK(contains(seen.output, "Your briefing: Colonel's orders"));
  CHECK(contains(seen.output, "\n               Hold the church at all costs"));
  CHECK_FALSE(contains(seen.output, "Sealed orders"));

  // A malformed line names its problem; the referee ends the game.
  const Run bad = grognard("play " + code, french.path(), server.url(), "move vandal north\n");
  CHECK(bad.status == 1);
  CHECK(contains(bad.output, "line 1: \"north\" is not a point X,Y in inches"));
  const Run ended =
      grognard("play " + code, referee.path(), server.url(), "endgame a draw -- night falls\n");
  INFO(ended.output);
  CHECK(ended.status == 0);
  CHECK(contains(ended.output, "The referee rules: the game ends: a draw (reason: night falls)"));
}

}  // namespace grognard::clitest
