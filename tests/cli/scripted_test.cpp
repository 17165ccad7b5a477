// Scripted mode against the real server: commands from standard input, readable or --json
// output, the exit status, and the token store.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <chrono>
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
  // In JSON a line the client cannot read is the client's own error, not the server's.
  const Run typo = p.run(w, "play " + p.code + " --json", "dance\n");
  INFO(typo.output);
  CHECK(typo.status == 1);
  CHECK(contains(typo.output, "{\"error\":{\"kind\":\"usage\""));
  CHECK(contains(typo.output, "\"text\":\"unknown command \\\"dance\\\"; type help"));
  CHECK(!contains(typo.output, "answered unexpectedly"));

  // A refused command reads as one sentence; a rule, when one applies, is named.
  const Run refused = p.run(l, "play " + p.code, "move " + unit(l, 1) + " N N N N N N\n");
  INFO(refused.output);
  CHECK(refused.status == 1);
  CHECK(contains(refused.output, "line 1: Not "));
}

TEST_CASE("undo takes back the last command in scripted play, and says so in words",
          "[cli][scripted][take-back]") {
  e2e::ServerProcess server(kFlags);
  Pair p = start_pair(server.url());
  const int w = p.winner, l = 1 - w;

  const Run mine = p.run(w, "play " + p.code,
                         "first\nmove " + unit(w, 1) + " " + forward(w) + "\nundo\nmap\naccept\n");
  INFO(mine.output);
  CHECK(mine.status == 1);  // `accept` with nothing asked fails
  CHECK(contains(mine.output, "done: taken back"));
  CHECK(contains(mine.output, "took back event"));
  CHECK(contains(mine.output, "line 5: Not now: no take-back is waiting for your answer"));

  // The move is undone: the other side's `undo` finds the winner's order choice last.
  const Run theirs = p.run(l, "play " + p.code, "undo\n");
  INFO(theirs.output);
  CHECK(theirs.status == 1);
  CHECK(contains(theirs.output, "the last command was not yours"));

  const Run json = p.run(w, "play " + p.code + " --json", "undo\n");
  INFO(json.output);
  CHECK(json.status == 0);
  CHECK(contains(json.output, "{\"result\":{\"done\":true"));
  CHECK(contains(json.output, "\"taken_back\":{\"first_seq\""));

  const Run help = p.run(w, "play " + p.code, "help undo\n");
  CHECK(contains(help.output, "example: undo"));
  CHECK(contains(help.output, "Dice thrown stay thrown"));
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

namespace grognard::clitest {

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// The line of `text` that contains `needle` (without its newline), or "".
std::string line_with(const std::string& text, const std::string& needle) {
  const auto at = text.find(needle);
  if (at == std::string::npos) return "";
  const auto start = text.rfind('\n', at);
  const auto from = start == std::string::npos ? 0 : start + 1;
  return text.substr(from, text.find('\n', at) - from);
}

}  // namespace

TEST_CASE("a lost connection is retried with back-off and play resumes where it was",
          "[cli][scripted][reconnect]") {
  e2e::ServerProcess server(kFlags);
  Pair p = start_pair(server.url());
  const int w = p.winner, l = 1 - w;
  REQUIRE(p.run(w, "play " + p.code, "first\nend\n").status == 0);  // now l is to act

  Background client("play " + p.code, p.dir(l), p.server);
  client.send("say ready");
  REQUIRE(client.wait_for("] ready", 10));
  server.kill();
  const auto lost = Clock::now();
  client.send("move " + unit(l, 2) + " " + forward(l));
  // Pauses of 0.5 s, 1 s, then 2 s: restart the server during the third.
  REQUIRE(client.wait_for("(attempt 3)", 10));
  ServerOnPort again(server.port(), server.database(), kFlags);
  // An event the client has not seen: it comes with the resumed seat.
  const Run said = p.run(w, "play " + p.code, "say while you were away\n");
  INFO(said.output);
  REQUIRE(said.status == 0);
  const std::string moved = unit(l, 2) + " moves to";
  REQUIRE(client.wait_for(moved, 20));
  client.send("end");  // the next command is accepted too
  const auto status = client.finish(20s);
  const auto took = Clock::now() - lost;
  const std::string out = client.output();
  INFO(out);
  CHECK(status == 0);
  CHECK(contains(out, "retrying in 500 ms (attempt 1)"));
  CHECK(contains(out, "retrying in 1000 ms (attempt 2)"));
  CHECK(contains(out, "retrying in 2000 ms (attempt 3)"));
  CHECK(!contains(out, "(attempt 4)"));
  // Resumed after the last event seen: the chat after it comes with the seat.
  const std::string resumed = line_with(out, "Reconnected; resumed after event #");
  REQUIRE(!resumed.empty());
  const auto seen = std::stoull(resumed.substr(resumed.find('#') + 1));
  CHECK(contains(line_with(out, "while you were away"), "#" + std::to_string(seen + 1) + " ["));
  CHECK(out.find("while you were away") < out.find(moved));
  CHECK(contains(out, "end their side turn"));
  CHECK(!contains(out, "line "));  // no line failed
  CHECK(took < 30s);
}

TEST_CASE("scripted play gives up after 6 attempts in one sentence, exit status 2",
          "[cli][scripted][reconnect]") {
  e2e::ServerProcess server(kFlags);
  Pair p = start_pair(server.url());
  Background client("play " + p.code + " --keep-going", p.dir(p.winner), p.server);
  client.send("say ready");
  REQUIRE(client.wait_for("] ready", 10));
  server.kill();
  const auto lost = Clock::now();
  client.send("first");
  client.send("end");
  const auto status = client.finish(45s);
  const auto took = Clock::now() - lost;
  const std::string out = client.output();
  INFO(out);
  CHECK(status == 2);
  // Pauses of 0.5 + 1 + 2 + 4 + 8 s between the six attempts.
  CHECK(took >= 15s);
  CHECK(took < 40s);
  CHECK(contains(out, "retrying in 8000 ms (attempt 5)"));
  CHECK(!contains(out, "(attempt 6)"));
  const std::string said = line_with(out, "line 2: ");
  CHECK(said.rfind("line 2: The connection to " + p.server +
                       " was lost and 6 attempts to "
                       "reconnect failed",
                   0) == 0);
  CHECK(said.back() == '.');
  CHECK(said.find(". ") == std::string::npos);  // one sentence
  CHECK(!contains(out, "> end"));               // lost for good: the script stops
}

TEST_CASE("watch: an observer sees the moves, by game id, and unlisted rooms by invite code",
          "[cli][scripted][watch]") {
  e2e::ServerProcess server(kFlags);
  Pair p = start_pair(server.url());
  const int w = p.winner;
  TempDir observer;
  Background watcher("watch " + p.game_id, observer.path(), p.server);  // a listed room
  watcher.send("map");
  REQUIRE(watcher.wait_for("Skirmish at Kopje Farm", 10));
  REQUIRE(p.run(w, "play " + p.code, "first\n").status == 0);
  watcher.send("wait 10");  // an observer waits for the next event
  REQUIRE(watcher.wait_for("choose to go first", 10));
  REQUIRE(p.run(w, "play " + p.code, "move " + unit(w, 1) + " " + forward(w) + "\n").status == 0);
  watcher.send("wait 10");
  const std::string side = w == 0 ? "British" : "Boers";
  CHECK(watcher.wait_for(side + ": " + unit(w, 1) + " moves to", 10));
  const auto watched = watcher.finish(10s);
  INFO(watcher.output());
  CHECK(watched == 0);

  // An unlisted room: not found by its game id (nothing lists it), watched by its code.
  TempDir host;
  const Run created =
      grognard("create itchy intro --observers --unlisted --as general/British --name Carol",
               host.path(), p.server);
  REQUIRE(created.status == 0);
  const std::string code = invite_code(created.output);
  const auto at = created.output.find("game g-");
  REQUIRE(at != std::string::npos);
  const std::string game =
      created.output.substr(at + 5, created.output.find_first_of(" ,.\n", at + 5) - at - 5);
  const Run by_id = grognard("watch " + game, observer.path(), p.server, "map\n");
  INFO(by_id.output);
  CHECK(by_id.status == 1);
  CHECK(contains(by_id.output, "no listed room has game id " + game +
                                   "; an unlisted room is watched by its invite code"));
  const Run by_code = grognard("watch " + code, observer.path(), p.server, "map\n");
  INFO(by_code.output);
  CHECK(by_code.status == 0);
  CHECK(contains(by_code.output, "Skirmish at Kopje Farm"));
  // Whoever holds a seat there has its invite code saved, so the game id does for them.
  const Run host_watch = grognard("watch " + game, host.path(), p.server, "map\n");
  INFO(host_watch.output);
  CHECK(host_watch.status == 0);
  CHECK(contains(host_watch.output, "Skirmish at Kopje Farm"));
}

}  // namespace grognard::clitest
