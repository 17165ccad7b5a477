// Scripted mode against the real server: commands from standard input, readable or --json
// output, the exit status, and the token store.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "run.h"
#include "server_process.h"

namespace grognard::clitest {

namespace {

const std::vector<std::string> kFlags = {"--rate", "10000", "--burst", "10000"};

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// The side's first unit and its way forward.
std::string unit(int side, int n) {
  return (side == 0 ? "B" : "R") + std::to_string(n);
}
std::string forward(int side) {
  return side == 0 ? "N" : "S";
}

}  // namespace

TEST_CASE("scripted play: commands, events, errors with their rule, exit status",
          "[cli][scripted]") {
  e2e::ServerProcess server(kFlags);
  Pair p = start_pair(server.url());
  const int w = p.winner, l = 1 - w;

  const Run first =
      p.run(w, "play " + p.code, "first\nmove " + unit(w, 1) + " " + forward(w) + "\nmap\nend\n");
  INFO(first.output);
  CHECK(first.status == 0);
  CHECK(contains(first.output, unit(w, 1) + " moves to"));
  CHECK(contains(first.output, "end their side turn"));
  CHECK(contains(first.output, "Skirmish at Kopje Farm"));  // the map

  const std::string script = "wait 10\nmove " + unit(l, 2) + " " + forward(l) + " " + forward(l) +
                             " " + forward(l) + " " + forward(l) + "\nend\n";
  const Run second = p.run(l, "play " + p.code + " --json --keep-going", script);
  INFO(second.output);
  CHECK(second.status == 1);  // one line failed
  CHECK(contains(second.output, "\"code\":\"ILLEGAL\""));
  CHECK(contains(second.output, "\"clause\":\"itchy.move.allowance\""));
  CHECK(contains(second.output, "\"line\":2"));
  CHECK(contains(second.output, "{\"event\":"));
  CHECK(contains(second.output, "side_turn_ended"));

  // Without --keep-going the script stops at its first failure.
  const Run stops = p.run(w, "play " + p.code, "dance\nend\n");
  INFO(stops.output);
  CHECK(stops.status == 1);
  CHECK(contains(stops.output, "unknown command \"dance\""));
  CHECK(!contains(stops.output, "> end"));

  // A refused command reads as one sentence; a rule, when one applies, is named.
  const Run refused = p.run(l, "play " + p.code, "move " + unit(l, 1) + " N N N N N N\n");
  INFO(refused.output);
  CHECK(refused.status == 1);
  CHECK(contains(refused.output, "line 1: Not "));
}

TEST_CASE("seat tokens are kept in a private file and resume the seat", "[cli][scripted]") {
  e2e::ServerProcess server(kFlags);
  Pair p = start_pair(server.url());
  const auto file = p.dir(0) / "grognard" / "seats.tsv";
  REQUIRE(std::filesystem::exists(file));
  struct stat st {};
  REQUIRE(::stat(file.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  std::ifstream in(file);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(contains(text, p.game_id));
  CHECK(contains(text, "side:0"));
  // By game id as well as by invite code.
  const Run by_id = p.run(0, "play " + p.game_id, "say hello by id\n");
  INFO(by_id.output);
  CHECK(by_id.status == 0);
  CHECK(contains(by_id.output, "hello by id"));
  // No seat saved: a clear message and a non-zero status.
  TempDir empty;
  const Run none = grognard("play " + p.code, empty.path(), server.url(), "end\n");
  CHECK(none.status != 0);
  CHECK(contains(none.output, "grognard join"));
}

TEST_CASE("the lobby commands list rooms, scenarios and games", "[cli][scripted]") {
  e2e::ServerProcess server(kFlags);
  Pair p = start_pair(server.url());
  const Run rooms = p.run(0, "rooms");
  CHECK(rooms.status == 0);
  CHECK(contains(rooms.output, p.code));
  CHECK(contains(rooms.output, "British (Alice)"));
  const Run scenarios = p.run(0, "scenarios itchy");
  CHECK(contains(scenarios.output, "intro"));
  const Run games = p.run(0, "games --status running");
  CHECK(contains(games.output, p.game_id));
  CHECK(p.run(0, "games --since nonsense").status == 2);
  CHECK(p.run(0, "--help").status == 0);
  CHECK(contains(p.run(0, "play --help").output, "--as"));
}

}  // namespace grognard::clitest
