// The RCW introductory scenario through the terminal client: the real server, two generals
// (`grognard play --script`) and an observer (`grognard watch`). Both sides deploy in secret,
// the Reds shoot with R2 and close assault with their cavalry, the Whites' HQ turns in the
// village and so is revealed; a second turn passes. Every line is valid whatever the dice do:
// the dice decide nothing before the last order of an activation (R2 forgoes its Move and
// shoots; R3 moves within 3" of W1 and assaults; both stay within 12" of their HQ, so no command
// throw comes first, R5). The observer never reads a word of the units that stay hidden (R20).
#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <regex>

#include "rcw_pokrovka.h"
#include "run.h"
#include "server_process.h"

namespace grognard::clitest {

namespace {

using namespace std::chrono_literals;

const std::vector<std::string> kFlags = {"--rate", "10000", "--burst", "10000"};

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

std::filesystem::path script(const TempDir& dir, const std::string& seat,
                             const std::vector<std::string>& turn_lines) {
  const auto path = dir.path() / "script.txt";
  std::ofstream out(path);
  out << "wait 60\nlegal\n";
  for (const auto& p : kDeployment) {
    if (p.seat == seat) out << p.line << "\n";
  }
  out << "confirm\n";
  for (const auto& l : turn_lines) out << l << "\n";
  out << "map\n";
  return path;
}

}  // namespace

TEST_CASE("two generals deploy and fight at Pokrovka through the client, watched unseen",
          "[cli][rcw]") {
  e2e::ServerProcess server(kFlags);
  TempDir reds, whites, observer;
  const Run created = grognard("create rcw intro --observers --as general/Reds --name Frunze",
                               reds.path(), server.url());
  INFO(created.output);
  REQUIRE(created.status == 0);
  const std::string code = invite_code(created.output);
  const Run joined =
      grognard("join " + code + " --as general/Whites --name Orlov", whites.path(), server.url());
  INFO(joined.output);
  REQUIRE(joined.status == 0);
  CHECK(contains(joined.output, "Seated as general Whites (side:1)"));

  // The observer reads the events as its `wait` lines pump them (a wait with nothing new times
  // out and, with --keep-going, the script goes on).
  Background watcher("watch " + code + " --keep-going", observer.path(), server.url());
  watcher.send("wait 10");

  Background r("play " + code + " --script " +
                   script(reds, "side:0",
                          {"wait 60", "activate R2 move shoot", "skip", "shoot W2",
                           "activate R3 move assault", "move 30,12 face N", "legal", "assault W1",
                           "end", "wait 120", "end"})
                       .string(),
               reds.path(), server.url());
  Background w("play " + code + " --script " +
                   script(whites, "side:1",
                          {"wait 120", "activate W-HQ move move", "pivot 200", "skip", "end",
                           "wait 120", "end"})
                       .string(),
               whites.path(), server.url());
  const auto rst = r.finish(240s), wst = w.finish(240s);
  // Each `wait` returns with the next events that arrive; the observer has read the game once it
  // shows the last.
  for (int i = 0; i < 300 && !watcher.wait_for("Turn 3 begins: Reds to act", 0.3); ++i)
    watcher.send("wait 1");
  watcher.send("map");
  REQUIRE(watcher.wait_for("Table 36\"", 60));
  watcher.finish(20s);
  const std::string red = r.output(), white = w.output(), seen = watcher.output();
  INFO("reds:\n" << red << "\nwhites:\n" << white << "\nobserver:\n" << seen);
  CHECK(rst == 0);
  CHECK(wst == 0);

  // Deployment in secret: each general reads his own placements, the enemy's as out of sight.
  CHECK(contains(red, "Commissar Petrov (R-HQ) is placed at 12,17.5 facing 0 (N)"));
  CHECK(contains(red, "The enemy did something out of sight."));
  CHECK(contains(red, "1st Red Guards company (R1): deploy at"));  // `legal` in deployment
  CHECK(contains(red, "Deployment ends"));
  CHECK(
      std::regex_search(red, std::regex("Revealed \\(deployed in the open\\):.*Volunteer "
                                        "company \\(W2, infantry\\) at 16,9 facing 180 \\(S\\)")));
  CHECK(contains(red, "Turn 1 begins: Reds to act"));
  // The shot and the assault, with their dice.
  CHECK(std::regex_search(red, std::regex("2nd Red Guards company \\(R2\\) shoots at Volunteer "
                                          "company \\(W2\\): range 11\\.2\", target open, needs "
                                          "4\\+: d6 [1-6]: [01] hits?")));
  CHECK(contains(red, "Red cavalry troop (R3) moves to 30,12 ("));
  CHECK(contains(red, "Now, Red cavalry troop (R3): assault W1"));
  CHECK(std::regex_search(red, std::regex("Close assault, round 1: Red cavalry troop \\(R3\\) "
                                          "throws d6 [1-6], d6 [1-6], needs [4-6]\\+")));
  CHECK(contains(red,
                 "The close assault of Red cavalry troop (R3) on Officers' company (W1) "
                 "ends: "));
  // The Whites' HQ turns in Pokrovka and is revealed by it (R10, R28).
  CHECK(contains(red, "Revealed (moved): Captain Orlov (W-HQ, HQ) at 24,5"));
  CHECK(contains(red, "Captain Orlov (W-HQ) turns to face 200 (S)"));
  CHECK(contains(white, "Turn 2 begins: Whites to act"));
  CHECK(std::regex_search(white, std::regex("d W3 +Maxim gun team +MG +average +27\\.0,6\\.0")));

  // The observer sees the fight and never a unit that stayed hidden.
  CHECK(contains(seen, "The enemy did something out of sight."));
  CHECK(contains(seen, "shoots at Volunteer company (W2)"));
  CHECK(contains(seen, "Close assault, round 1"));
  CHECK(contains(seen, "Captain Orlov (W-HQ) turns to face 200"));
  CHECK(contains(seen, "The road to Pokrovka  turn 3 of 6: Reds to act   you: observer"));
  for (const char* hidden :
       {"\\bR1\\b", "1st Red Guards", "\\bR-HQ\\b", "Petrov", "\\bW3\\b", "Maxim"}) {
    INFO(hidden);
    CHECK_FALSE(std::regex_search(seen, std::regex(hidden)));
  }
}

}  // namespace grognard::clitest
