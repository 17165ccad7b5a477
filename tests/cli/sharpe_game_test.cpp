// A whole Sharpe's Mess game through the terminal client: the referee and the three players of
// the village scenario are four `grognard play` processes against the real server. The referee
// briefs a player and stacks the decks; each player's script waits for its card, throws and
// acts, for two turns; then the referee ends the game with `endgame`.
#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <map>
#include <regex>
#include <thread>

#include "run.h"
#include "server_process.h"
#include "sharpe_screen.h"

namespace grognard::clitest {

namespace {

using namespace std::chrono_literals;

const std::vector<std::string> kFlags = {"--rate", "10000", "--burst", "10000"};

std::size_t count(const std::string& haystack, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = haystack.find(needle); at != std::string::npos; at = haystack.find(needle, at + 1))
    ++n;
  return n;
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// A script of `activations` blocks: wait for the card, throw, `act` (one line each), end.
std::filesystem::path script(const TempDir& dir, int activations,
                             const std::vector<std::string>& act) {
  const auto path = dir.path() / "script.txt";
  std::ofstream out(path);
  out << "# " << activations << " activations\n";
  for (int i = 0; i < activations; ++i) {
    out << "wait 60\nthrow\n";
    if (static_cast<std::size_t>(i) < act.size()) out << act[static_cast<std::size_t>(i)] << "\n";
    out << "legal\nend\n";
  }
  out << "map\n";
  return path;
}

}  // namespace

TEST_CASE("a referee and three players play the village to its end through the client",
          "[cli][sharpe]") {
  e2e::ServerProcess server(kFlags);
  const Village village(server.url());
  const std::string& code = village.code;
  const TempDir &referee = village.referee, &british = village.british, &french = village.french,
                &partisans = village.partisans;

  // The referee plays from a pipe, line by line: first the briefing and the decks, before
  // the players begin (the draw-a-Bad-Card card enters the deck at turn 2's shuffle).
  Background ref("play " + code, referee.path(), server.url());
  ref.send("brief partisans The French paymaster rides at dawn");
  ref.send("baddeck lose-half gain:2");
  ref.send("card draw-bad");
  REQUIRE(ref.wait_for("The referee adds \"draw a Bad Card\"", 20));

  // Two turns: the British and French hold two cards a turn each, the partisans one.
  Background b("play " + code + " --script " + script(british, 4, {}).string(), british.path(),
               server.url());
  Background f("play " + code + " --script " + script(french, 4, {}).string(), french.path(),
               server.url());
  Background p("play " + code + " --script " +
                   script(partisans, 2, {"move teresa 63,31", "crawl guerrillero3 63,35"}).string(),
               partisans.path(), server.url());
  const auto pst = p.finish(180s), bst = b.finish(180s), fst = f.finish(180s);
  INFO("british:\n" << b.output() << "\nfrench:\n" << f.output() << "\npartisans:\n" << p.output());
  CHECK(bst == 0);
  CHECK(fst == 0);
  CHECK(pst == 0);
  CHECK(count(b.output(), "> throw") == 4);
  CHECK(count(f.output(), "> throw") == 4);
  CHECK(count(p.output(), " throws for functions: d6 ") >= 2);
  CHECK(contains(p.output(), "Teresa Moreno moves to 63,31 (1 function)"));
  CHECK(contains(p.output(), "Padre Curtis crawls to 63,35 (2 functions)"));
  CHECK(contains(p.output(), "Your briefing: "));
  CHECK(contains(p.output(), "The French paymaster rides at dawn"));
  CHECK(contains(b.output(), "Your briefing: Sealed orders"));
  CHECK_FALSE(contains(b.output(), "The French paymaster"));

  ref.send("endgame a draw -- night falls on San Miguel");
  REQUIRE(
      ref.wait_for("The referee rules: the game ends: a draw (reason: night falls on San "
                   "Miguel)",
                   20));
  ref.send("map");
  REQUIRE(ref.wait_for("Game over: a draw - night falls on San Miguel", 20));
  CHECK(ref.finish(20s) == 0);
  // The referee saw every event of the two turns, its own cards at work among them.
  INFO("referee:\n" << ref.output());
  CHECK(contains(ref.output(), "Turn 2: the deck is shuffled (6 cards)"));
  CHECK(contains(ref.output(), "Card drawn: \"draw a Bad Card\""));
  CHECK(contains(ref.output(), "Bad card drawn: \""));
  CHECK(contains(ref.output(), "Teresa Moreno     63.0,31.0"));  // her row in the table
  const Run games = grognard("games --ruleset sharpe", referee.path(), server.url());
  CHECK(contains(games.output, "finished"));
}

TEST_CASE("the French gun fires canister from the terminal client when its card comes",
          "[cli][sharpe][S9]") {
  e2e::ServerProcess server(kFlags);
  TempDir referee, british, french, partisans;
  const Run created = grognard("create sharpe village --as referee", referee.path(), server.url());
  REQUIRE(created.status == 0);
  const std::string code = invite_code(created.output);
  const std::map<std::string, const TempDir*> seat_of = {{"sharpe", &british},
                                                         {"lawford", &british},
                                                         {"vandal", &french},
                                                         {"marbot", &french},
                                                         {"teresa", &partisans}};
  for (const auto& [dir, seat] :
       {std::pair{&british, "british"}, {&french, "french"}, {&partisans, "partisans"}}) {
    REQUIRE(grognard("join " + code + " --as player/" + seat, dir->path(), server.url()).status ==
            0);
  }
  // The referee may act at any time, out of turn; like any seat's, his `wait` waits until the
  // server names him to act: while the game is paused for him (S12).
  Background ref("play " + code, referee.path(), server.url());
  ref.send("wait 30");
  ref.send("map");
  REQUIRE(ref.wait_for("> wait 30", 20));
  std::this_thread::sleep_for(500ms);
  CHECK_FALSE(contains(ref.output(), "Table 72"));
  const Run paused = grognard("play " + code, referee.path(), server.url(), "pause the rain\n");
  INFO(paused.output);
  REQUIRE(paused.status == 0);
  REQUIRE(ref.wait_for("Table 72", 20));
  CHECK(ref.finish(20s) == 0);
  INFO(ref.output());
  CHECK(contains(ref.output(), "(paused for the referee: the rain)"));
  const Run resumed =
      grognard("play " + code, referee.path(), server.url(), "resume the sun is out\n");
  REQUIRE(resumed.status == 0);

  // Every hero's card comes up once a turn: the players throw and end until Lieutenant
  // Marbot's does; then his gunner fires the loaded 4-pounder at the partisans in the orchard
  // (27" off, in sight past the churchyard wall).
  std::string fired;
  for (int activation = 0; activation < 5 && fired.empty(); ++activation) {
    const Run seen = grognard("play " + code, referee.path(), server.url(), "map\n");
    REQUIRE(seen.status == 0);
    const std::string group = active_group(seen.output);
    INFO(seen.output);
    REQUIRE(seat_of.count(group) == 1);
    const std::string act = group == "marbot" ? "canister gunner1 gun at teresa\n" : "";
    const Run played = grognard("play " + code, seat_of.at(group)->path(), server.url(),
                                "wait 20\nthrow\n" + act + "end\n");
    INFO(played.output);
    REQUIRE(played.status == 0);
    if (!act.empty()) fired = played.output;
  }
  INFO(fired);
  REQUIRE_FALSE(fired.empty());
  // Every figure in the cone throws its d6 against the band's number, shown with the band.
  CHECK(std::regex_search(fired, std::regex("Canonnier Blanc fires canister from gun at bearing "
                                            "111\\.4 \\(1 function\\): Teresa "
                                            "Moreno \\(24-30\", 1-1\\) d6 [1-6] (hit|miss)")));
  CHECK(contains(fired, "Agustina (24-30\""));
  // Everyone sees the shot; the referee ends the game.
  const Run after = grognard("play " + code, partisans.path(), server.url(), "map\n");
  CHECK(contains(after.output, "Gun gun: 4-pdr at 37.5,22.0, aim 111.4 deg, unloaded (0/16"));
  const Run ended = grognard("play " + code, referee.path(), server.url(),
                             "endgame French -- the orchard falls\n");
  CHECK(ended.status == 0);
  CHECK(contains(ended.output, "the game ends: French (reason: the orchard falls)"));
}

}  // namespace grognard::clitest
