// Forking from the terminal client against the real server (docs/client.md, "fork"): the
// referee of a running Sharpe's Mess game forks it (his saved seat is resumed first), a player
// is refused, and the fork is printed as create prints a room and listed with its source.
#include <catch2/catch.hpp>

#include "run.h"
#include "server_process.h"

namespace grognard::clitest {

namespace {

const std::vector<std::string> kFlags = {"--rate", "10000", "--burst", "10000"};

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// The game id create prints ("…, game g-1a2b3c4d5e6f").
std::string game_id(const std::string& create_output) {
  const auto at = create_output.find("game g-");
  REQUIRE(at != std::string::npos);
  return create_output.substr(at + 5, 14);
}

}  // namespace

TEST_CASE("the referee forks his running game, a player may not, and the fork lists its source",
          "[cli][fork]") {
  e2e::ServerProcess server(kFlags);
  TempDir referee, british, french, partisans;
  const Run created = grognard("create sharpe village --as referee", referee.path(), server.url());
  INFO(created.output);
  REQUIRE(created.status == 0);
  const std::string code = invite_code(created.output);
  const std::string game = game_id(created.output);
  for (const auto& [dir, seat] : {std::pair{&british, "british"}, std::pair{&french, "french"},
                                  std::pair{&partisans, "partisans"}}) {
    const Run joined =
        grognard("join " + code + " --as player/" + std::string(seat), dir->path(), server.url());
    INFO(joined.output);
    REQUIRE(joined.status == 0);
  }

  const Run refused = grognard("fork " + game, british.path(), server.url());
  INFO(refused.output);
  CHECK(refused.status == 1);
  CHECK(contains(refused.output, "only its referee"));

  const Run forked = grognard("fork " + game + " --observers", referee.path(), server.url());
  INFO(forked.output);
  REQUIRE(forked.status == 0);
  CHECK(contains(forked.output, "Room forked from " + game + " at event "));
  CHECK(contains(forked.output, ": sharpe/village, game g-"));
  const std::string fork_code = invite_code(forked.output);
  CHECK(fork_code != code);
  CHECK(contains(forked.output, "grognard join " + fork_code + " --as referee"));

  const Run rooms = grognard("rooms", french.path(), server.url());
  INFO(rooms.output);
  CHECK(rooms.status == 0);
  CHECK(contains(rooms.output, fork_code));
  CHECK(contains(rooms.output, "(forked from " + game + " at event "));

  const Run past = grognard("fork " + game + " 9999", referee.path(), server.url());
  INFO(past.output);
  CHECK(past.status == 1);
  CHECK(contains(past.output, "events: fork from event 1 to"));
}

}  // namespace grognard::clitest
