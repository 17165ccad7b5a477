// Replay against the real server: stepping, jumping to a turn and an event, dice in the text.
#include <catch2/catch.hpp>

#include "run.h"
#include "server_process.h"

namespace grognard::clitest {

namespace {

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("replay steps through a game event by event", "[cli][replay]") {
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000"});
  Pair p = start_pair(server.url());
  const int w = p.winner;
  REQUIRE(p.run(w, "play " + p.code, "first\nend\n").status == 0);
  REQUIRE(p.run(1 - w, "play " + p.code, "wait 10\nend\n").status == 0);

  // As a seat of the running game (its token is in the store).
  const Run steps = p.run(0, "replay " + p.game_id, "first\nnext\nnext\nturn 2\nprev\nlast\nq\n");
  INFO(steps.output);
  REQUIRE(steps.status == 0);
  CHECK(contains(steps.output, "seen as British (side:0)"));
  // Events are labelled by the side's name, as in the live view.
  const std::string chooser = w == 0 ? "British" : "Boers";
  CHECK(contains(steps.output, "#3 " + chooser + ": "));
  CHECK(!contains(steps.output, ": side:"));
  CHECK(!contains(steps.output, " side:0: "));
  CHECK(!contains(steps.output, " side:1: "));
  CHECK(contains(steps.output, "event #1 (1 of"));
  CHECK(contains(steps.output, "event #3 (3 of"));
  CHECK(contains(steps.output, "> #2 "));
  CHECK(contains(steps.output, "Turn 1 initiative:"));  // the dice of the first throw
  CHECK(contains(steps.output, "> #"));
  CHECK(contains(steps.output, "Turn 2 initiative:"));
  CHECK(contains(steps.output, "Turn 1 ends"));

  const Run at = p.run(1, "replay " + p.game_id + " --at 3");
  INFO(at.output);
  CHECK(at.status == 0);
  CHECK(contains(at.output, "event #3"));
  CHECK(contains(at.output, "Skirmish at Kopje Farm"));

  const Run json = p.run(1, "replay " + p.game_id + " --json");
  CHECK(json.status == 0);
  CHECK(contains(json.output, "\"initiative_thrown\""));
  CHECK(contains(json.output, "\"face\""));

  // Seen without a seat (an observer of a room that allows them), labels come from the view.
  TempDir observer;
  const Run watched = grognard("replay " + p.game_id + " --at 4", observer.path(), p.server);
  INFO(watched.output);
  CHECK(watched.status == 0);
  CHECK(contains(watched.output, "#3 " + chooser + ": "));
  CHECK(!contains(watched.output, " side:" + std::to_string(w) + ": "));

  CHECK(p.run(1, "replay g-nosuchgame").status != 0);
}

}  // namespace grognard::clitest
