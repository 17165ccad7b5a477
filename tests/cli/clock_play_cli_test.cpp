// Clocks through the terminal client against the real server, whose clock the test moves
// forward (grognard-server-testclock, docs/clocks.md "Tests"): `create --time` (a bad line
// refused in the server's words), the clocks on `rooms` and `games`, `grant` and `claim` in a
// script once the other general has run out of time, and `vacation` with `account`.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>

#include "run.h"
#include "server_process.h"

#ifndef GROGNARD_CLOCK_SERVER_BIN
#error "GROGNARD_CLOCK_SERVER_BIN must name grognard-server-testclock"
#endif

namespace grognard::clitest {

namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The milliseconds grognard-server-testclock adds to the system's time, in the file that
// GROGNARD_TEST_CLOCK_FILE names (set here for the server this process starts). Replaced whole,
// so that the server never reads it half written.
struct ClockFile {
  TempDir dir;
  std::filesystem::path path = dir.path() / "clock-offset";
  ClockFile() {
    put(0);
    ::setenv("GROGNARD_TEST_CLOCK_FILE", path.c_str(), 1);
  }
  void put(std::int64_t ms) const {
    const auto next = dir.path() / "clock-offset.next";
    std::ofstream(next) << ms;
    std::filesystem::rename(next, path);
  }
};

}  // namespace

TEST_CASE("grognard create --time, the clocks on rooms and games, claim once out of time",
          "[cli][clock][clock.claim][accounts.your-games]") {
  const ClockFile clock;
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000"}, GROGNARD_CLOCK_SERVER_BIN);
  TempDir british, boers;
  const std::string password = "correct horse battery\n";
  REQUIRE(grognard("register Anna", british.path(), server.url(), password).status == 0);
  REQUIRE(grognard("register Boris", boers.path(), server.url(), password).status == 0);

  const Run bad = grognard("create itchy intro --time 'days 30'", british.path(), server.url());
  INFO(bad.output);
  CHECK(bad.status == 1);
  CHECK(has(bad.output, "days per move are 1 to 14"));

  const Run made = grognard("create itchy intro --time 'days 1' --as general/British",
                            british.path(), server.url());
  INFO(made.output);
  REQUIRE(made.status == 0);
  CHECK(has(made.output, "Time control: 1 day per move: British 1 day; Boers 1 day"));
  const std::string code = invite_code(made.output);
  REQUIRE(grognard("join " + code + " --as general/Boers", boers.path(), server.url()).status == 0);
  const Run rooms = grognard("rooms", boers.path(), server.url());
  INFO(rooms.output);
  CHECK(has(rooms.output, "[1 day per move: British "));
  CHECK(has(rooms.output, ", running"));  // the clock of whoever acts first

  // Two days later the general to act is out of time; the other may claim.
  clock.put(2 * 24 * 3'600'000LL);
  const Run anna = grognard("games", british.path(), server.url());
  const Run boris = grognard("games", boers.path(), server.url());
  INFO(anna.output << boris.output);
  // Where the game began waiting for both generals at once (its first throws decide), both ran
  // out together: each is told both.
  if (has(anna.output, "OUT OF TIME") && has(boris.output, "OUT OF TIME")) {
    CHECK(has(anna.output, "OUT OF TIME; you may claim a win on time"));
    CHECK(has(boris.output, "OUT OF TIME; you may claim a win on time"));
    return;
  }
  const bool british_late = has(anna.output, "OUT OF TIME");
  CHECK(has((british_late ? boris : anna).output, "you may claim a win on time"));
  CHECK(has((british_late ? anna : boris).output, "OUT OF TIME"));
  const TempDir& loser = british_late ? british : boers;
  const TempDir& winner = british_late ? boers : british;

  const Run self = grognard("play " + code + " --script -", loser.path(), server.url(), "claim\n");
  INFO(self.output);
  CHECK(self.status == 1);
  CHECK(has(self.output, "may not claim a win on time for itself"));
  // Five hours more for the one out of time; six hours on, he is out of time again.
  const std::string late_label = british_late ? "British" : "Boers";
  const Run granted = grognard("play " + code + " --script -", winner.path(), server.url(),
                               "grant " + late_label + " 5\n");
  INFO(granted.output);
  CHECK(granted.status == 0);
  CHECK((has(granted.output, "done: " + late_label + " now has 5 hours, running") ||
         has(granted.output, "done: " + late_label + " now has 4 hours 59 minutes, running")));
  CHECK(has(granted.output, "gave " + late_label + " 5 hours"));  // the log's note
  const Run given = grognard("games", loser.path(), server.url());
  CHECK((has(given.output, "  5 hours left") || has(given.output, "  4 hours 59 minutes left")));
  clock.put((2 * 24 + 6) * 3'600'000LL);
  const Run claimed =
      grognard("play " + code + " --script -", winner.path(), server.url(), "claim\n");
  INFO(claimed.output);
  CHECK(claimed.status == 0);
  CHECK(has(claimed.output, "done: the win on time is claimed; the game is finished"));
  CHECK(has(claimed.output, "win on time: " + late_label + " ran out of time"));
  CHECK(has(grognard("games --all", winner.path(), server.url()).output, "(clock: days 1)"));
}

TEST_CASE("grognard vacation DAYS and vacation end, shown by grognard account",
          "[cli][clock][clock.vacation]") {
  const ClockFile clock;
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000"}, GROGNARD_CLOCK_SERVER_BIN);
  TempDir anna;
  const Run logged_out = grognard("vacation 3", anna.path(), server.url());
  CHECK(logged_out.status == 1);
  CHECK(has(logged_out.output, "not logged in"));
  REQUIRE(grognard("register Anna", anna.path(), server.url(), "correct horse battery\n").status ==
          0);
  const Run words = grognard("vacation soon", anna.path(), server.url());
  CHECK(words.status == 2);
  CHECK(has(words.output, "\"soon\" is not a number of days"));
  const Run too_long = grognard("vacation 15", anna.path(), server.url());
  INFO(too_long.output);
  CHECK(too_long.status == 1);
  CHECK(has(too_long.output, "15 days asked, 14 left"));

  const Run taken = grognard("vacation 3", anna.path(), server.url());
  INFO(taken.output);
  REQUIRE(taken.status == 0);
  CHECK(has(taken.output, "Vacation taken"));
  CHECK(has(taken.output, "You are on vacation until "));
  CHECK(has(taken.output, "11 days of vacation left this year"));
  const Run account = grognard("account", anna.path(), server.url());
  CHECK(has(account.output, "Anna"));
  CHECK(has(account.output, "on vacation until "));

  clock.put(30 * 3'600'000LL);  // back after 30 hours: 2 days were used
  const Run ended = grognard("vacation end", anna.path(), server.url());
  INFO(ended.output);
  REQUIRE(ended.status == 0);
  CHECK(has(ended.output, "You are not on vacation; 12 days of vacation left this year."));
}

}  // namespace grognard::clitest
