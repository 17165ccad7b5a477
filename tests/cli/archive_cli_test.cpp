// An ended game from the terminal client against the real server (docs/client.md): replayed as
// each seat, as an observer and with everything revealed; exported to an archive file, in
// binary and JSON, and checked with `grognard verify`, which refuses a tampered copy at its event.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>

#include "run.h"
#include "server_process.h"

namespace grognard::clitest {

namespace {

const std::string kToken = "cli-archive-token-0123456789";

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The id of the only game `grognard games` lists.
std::string only_game(const std::filesystem::path& dir, const std::string& server) {
  const Run games = grognard("games", dir, server);
  INFO(games.output);
  REQUIRE(games.status == 0);
  const auto at = games.output.find("g-");
  REQUIRE(at != std::string::npos);
  return games.output.substr(at, games.output.find(' ', at) - at);
}

// The Sharpe's Mess village with side chat, closed by the operator (aborted: ended, its seed
// public). The referee tells the French alone that the bridge is out; the British player tells
// his own side to hold the wall; everyone is wished good luck.
struct ClosedVillage {
  e2e::ServerProcess server{{"--rate", "10000", "--burst", "10000", "--admin-token", kToken}};
  Village v{server.url()};
  TempDir stranger;
  std::string game;
  ClosedVillage() {
    const auto say = [&](const std::filesystem::path& dir, const std::string& line) {
      const Run r = grognard("play " + v.code, dir, server.url(), line + "\n");
      INFO(r.output);
      REQUIRE(r.status == 0);
    };
    say(v.referee.path(), "say good luck");
    say(v.referee.path(), "say-to french The bridge is out");
    say(v.british.path(), "say-side hold the wall");
    game = only_game(stranger.path(), server.url());
    const Run closed = grognard("admin --token " + kToken + " close " + v.code + " --reason done",
                                stranger.path(), server.url());
    INFO(closed.output);
    REQUIRE(closed.status == 0);
  }
  Run replay(const std::filesystem::path& dir, const std::string& flags) const {
    return grognard("--json replay " + game + " " + flags, dir, server.url());
  }
};

}  // namespace

TEST_CASE("an ended game is replayed as each seat, as an observer, or with everything revealed",
          "[cli][replay][archive]") {
  ClosedVillage g;
  const Run all = g.replay(g.stranger.path(), "--all");
  const Run british = g.replay(g.stranger.path(), "--as British");
  const Run french = g.replay(g.stranger.path(), "--as player:french");
  const Run referee = g.replay(g.stranger.path(), "--as referee");
  const Run observer = g.replay(g.stranger.path(), "--as observer");
  // A seat held here, no flag: an ended game shows everything, as --all.
  const Run held = g.replay(g.v.british.path(), "");
  for (const Run* r : {&all, &british, &french, &referee, &observer, &held}) {
    INFO(r->output);
    REQUIRE(r->status == 0);
    CHECK(contains(r->output, "good luck"));
    CHECK(contains(r->output, "\"deck_shuffled\""));
  }
  CHECK(held.output == all.output);
  // The deck's order: revealed at the end for everything, hidden as it was for each seat.
  CHECK(contains(all.output, "\"order\""));
  for (const Run* r : {&british, &french, &referee, &observer}) {
    INFO(r->output);
    CHECK_FALSE(contains(r->output, "\"order\""));
    CHECK(contains(r->output, "\"hidden\":true"));
  }
  // Side chat: its side and the referee, nobody else, not even with everything revealed.
  CHECK(contains(referee.output, "The bridge is out"));
  CHECK(contains(referee.output, "hold the wall"));
  CHECK(contains(french.output, "The bridge is out"));
  CHECK_FALSE(contains(french.output, "hold the wall"));
  CHECK(contains(british.output, "hold the wall"));
  CHECK_FALSE(contains(british.output, "The bridge is out"));
  for (const Run* r : {&all, &observer}) {
    CHECK_FALSE(contains(r->output, "The bridge is out"));
    CHECK_FALSE(contains(r->output, "hold the wall"));
  }

  const Run screen =
      grognard("replay " + g.game + " --as observer --at 1", g.stranger.path(), g.server.url());
  INFO(screen.output);
  CHECK(contains(screen.output, "seen as an observer"));
  const Run everything =
      grognard("replay " + g.game + " --at 1", g.v.british.path(), g.server.url());
  CHECK(contains(everything.output, "seen as everything revealed"));
  const Run nobody = g.replay(g.stranger.path(), "--as Spain");
  CHECK(nobody.status == 1);
  CHECK(contains(nobody.output, "no seat \"Spain\""));
  CHECK(g.replay(g.stranger.path(), "--all --as British").status == 2);
}

TEST_CASE(
    "grognard export writes an archive file that grognard verify checks, and a tampered "
    "copy is refused at its event",
    "[cli][export][verify][archive]") {
  ClosedVillage g;
  const auto dir = g.stranger.path();
  const auto binary = dir / "village.grognard";
  const Run exported = grognard("export " + g.game + " -o " + binary.string(), dir, g.server.url());
  INFO(exported.output);
  REQUIRE(exported.status == 0);
  CHECK(contains(exported.output, "written to " + binary.string() + " (binary)"));
  const Run ok = grognard("verify " + binary.string(), dir, g.server.url());
  INFO(ok.output);
  CHECK(ok.status == 0);
  CHECK(ok.output.rfind("verified: game " + g.game, 0) == 0);
  CHECK(std::count(ok.output.begin(), ok.output.end(), '\n') == 1);  // one line

  // The JSON form, written to standard output.
  const auto json = dir / "village.json";
  REQUIRE(grognard("--json export " + g.game + " > " + json.string(), dir, g.server.url()).status ==
          0);
  const std::string text = slurp(json);
  REQUIRE(text.rfind("{", 0) == 0);
  CHECK(contains(text, "\"stateHash\""));
  CHECK_FALSE(contains(text, "The bridge is out"));  // side chat never leaves with the file
  CHECK_FALSE(contains(text, "hold the wall"));
  CHECK(grognard("verify " + json.string(), dir, g.server.url()).status == 0);

  // One hex digit of the third event's state hash changed: refused, naming that event.
  std::string tampered = text;
  const std::string key = "\"stateHash\": \"";
  const std::size_t at = tampered.find(key, tampered.find("\"seq\": \"3\""));
  REQUIRE(at != std::string::npos);
  char& digit = tampered[at + key.size()];
  digit = digit == '0' ? '1' : '0';
  const auto bad = dir / "tampered.json";
  std::ofstream(bad, std::ios::binary) << tampered;
  const Run refused = grognard("verify " + bad.string(), dir, g.server.url());
  INFO(refused.output);
  CHECK(refused.status == 1);
  CHECK(contains(refused.output, "REFUSED at event 3"));

  // Not an archive at all.
  const auto junk = dir / "junk.txt";
  std::ofstream(junk) << "{ not json";
  CHECK(grognard("verify " + junk.string(), dir, g.server.url()).status == 2);
  CHECK(grognard("verify " + (dir / "missing").string(), dir, g.server.url()).status == 2);
  // A game that is not over has no archive file yet.
  const Run running = grognard("create itchy intro --as general/British", dir, g.server.url());
  REQUIRE(running.status == 0);
  const auto gid = running.output.find("game g-");
  REQUIRE(gid != std::string::npos);
  const std::string id = running.output.substr(gid + 5, running.output.find('\n', gid) - gid - 5);
  const Run early = grognard("export " + id, dir, g.server.url());
  CHECK(early.status == 1);
  // Nor is it shown with everything revealed: its seat holder is told so.
  const Run all = grognard("replay " + id + " --all", dir, g.server.url());
  CHECK(all.status == 1);
  CHECK(contains(all.output, "is still running: --all shows everything once it has ended"));
}

}  // namespace grognard::clitest

namespace grognard::clitest {

TEST_CASE(
    "grognard admin import stores an exported game on another server once, and go-on asks "
    "for a held game",
    "[cli][admin][archive]") {
  ClosedVillage g;
  const auto dir = g.stranger.path();
  const auto file = dir / "village.grognard";
  REQUIRE(grognard("export " + g.game + " -o " + file.string(), dir, g.server.url()).status == 0);

  e2e::ServerProcess other{{"--admin-token", kToken}};
  const std::string tok = "admin --token " + kToken + " ";
  const Run imported = grognard(tok + "import " + file.string(), dir, other.url());
  INFO(imported.output);
  CHECK(imported.status == 0);
  CHECK(contains(imported.output, "imported game " + g.game));
  const Run twice = grognard(tok + "import " + file.string(), dir, other.url());
  CHECK(twice.status == 1);
  CHECK(contains(twice.output, "already stored here (HTTP 409)"));
  CHECK(grognard(tok + "import " + (dir / "missing").string(), dir, other.url()).status == 2);

  const Run listed = grognard("games", dir, other.url());
  CHECK(contains(listed.output, g.game));
  const Run not_held = grognard(tok + "go-on " + g.game + " --reason checked", dir, other.url());
  INFO(not_held.output);
  CHECK(not_held.status == 1);
  CHECK(contains(not_held.output, "(HTTP 409)"));
}

}  // namespace grognard::clitest
