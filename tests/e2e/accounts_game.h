#pragma once
// Helpers shared by the end-to-end tests of games between accounts played over days: the clock
// the tests' server reads (grognard-server-testclock, docs/clocks.md "Tests"), moved forward by
// the test, and a timed game between two accounts.

#include <cstdint>
#include <filesystem>
#include <string>

#include "game.h"

namespace grognard::e2e {

inline constexpr std::int64_t kHour = 3'600'000;
inline constexpr std::int64_t kDay = 24 * kHour;
inline const std::string kAccountPassword = "correct horse battery";

// The clock the server reads: the system's plus what the test wrote (ms). Sets
// GROGNARD_TEST_CLOCK_FILE in this process's environment, for the servers it starts.
class TestClock {
 public:
  TestClock();
  ~TestClock();
  TestClock(const TestClock&) = delete;
  TestClock& operator=(const TestClock&) = delete;
  void forward(std::int64_t ms) { set(offset_ + ms); }

 private:
  // Written whole, then renamed over the old file: the server never reads half a number.
  void set(std::int64_t ms);
  std::filesystem::path path_;
  std::int64_t offset_ = 0;
};

// Registers account `name` with kAccountPassword (REQUIREs it).
void register_account(const ServerProcess& server, const std::string& name);

// A game with time control `line` between accounts Anna (side:0) and Boris (side:1),
// registered unless `registered`, begun.
Game accounts_game(const ServerProcess& server, const std::string& line, bool registered = false);

}  // namespace grognard::e2e
