// The referee's desk (`pending`, S12): what waits on someone, from the view and the log's tail.
#include <catch2/catch.hpp>

#include "render/sharpe_ui.h"
#include "sharpe_village.h"

namespace grognard::clitest {

namespace {

std::string play(Village& g, const std::string& seat, const std::string& line) {
  return g.play(seat, g.typed(line, seat));
}

v1::GameEvent logged(std::uint64_t seq, const std::string& seat, const spb::Event* rules) {
  v1::GameEvent e;
  e.set_seq(seq);
  e.set_seat(seat);
  if (rules) e.mutable_rules()->PackFrom(*rules);
  return e;
}

}  // namespace

TEST_CASE("pending lists a pause, the cards for the next shuffle and briefings maybe unread",
          "[cli][sharpe][S12]") {
  Village g;
  const std::deque<v1::GameEvent> none;
  CHECK(cli::SharpeUi().pending(g.any("referee"), none) ==
        std::vector<std::string>{"Nothing is pending."});
  REQUIRE(play(g, "referee", "card gain 2 Second wind") == "");
  REQUIRE(play(g, "referee", "pause the rain") == "");
  const auto desk = cli::SharpeUi().pending(g.any("referee"), none);
  REQUIRE(desk.size() == 2);
  CHECK(desk[0] == "Play is paused: the rain (resume REASON... goes on)");
  CHECK(desk[1].starts_with("1 card waits for the next shuffle: "));
  CHECK(desk[1].find("Second wind") != std::string::npos);
  // A player hears how many, never which (S12).
  const auto player = cli::SharpeUi().pending(g.any("player:british"), none);
  REQUIRE(player.size() == 2);
  CHECK(player[1] == "1 card waits for the next shuffle");

  spb::Event brief;
  brief.mutable_briefing_set()->set_seat("player:french");
  std::deque<v1::GameEvent> recent{logged(7, "player:french", nullptr),
                                   logged(8, "referee", &brief)};
  auto lines = cli::SharpeUi().pending(g.any("referee"), recent);
  REQUIRE(lines.size() == 3);
  CHECK(lines[2].starts_with("The briefing of "));
  CHECK(lines[2].ends_with(" changed at event 8; nothing from that seat since: maybe unread"));
  recent.push_back(logged(9, "player:french", nullptr));  // he has given a command since
  CHECK(cli::SharpeUi().pending(g.any("referee"), recent).size() == 2);
}

}  // namespace grognard::clitest
