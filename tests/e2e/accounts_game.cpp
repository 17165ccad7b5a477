#include "accounts_game.h"

#include <unistd.h>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>

namespace grognard::e2e {

TestClock::TestClock()
    : path_(std::filesystem::temp_directory_path() /
            ("grognard-clock-" + std::to_string(::getpid()))) {
  set(0);
  ::setenv("GROGNARD_TEST_CLOCK_FILE", path_.c_str(), 1);
}

TestClock::~TestClock() {
  std::filesystem::remove(path_);
}

void TestClock::set(std::int64_t ms) {
  offset_ = ms;
  const std::filesystem::path next = path_.string() + ".next";
  std::ofstream(next) << ms;
  std::filesystem::rename(next, path_);
}

void register_account(const ServerProcess& server, const std::string& name) {
  Client c = connect(server);
  auto state = c.register_account(name, kAccountPassword);
  REQUIRE(state.ok());
}

Game accounts_game(const ServerProcess& server, const std::string& line, bool registered) {
  if (!registered) {
    register_account(server, "Anna");
    register_account(server, "Boris");
  }
  GameOptions options;
  options.time_control = line;
  options.before_join = [](int i, Client& c) {
    REQUIRE(c.log_in(i == 0 ? "Anna" : "Boris", kAccountPassword).ok());
  };
  return start_game(server, options);
}

}  // namespace grognard::e2e
