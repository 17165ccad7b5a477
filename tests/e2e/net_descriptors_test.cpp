// At the descriptor limit (a server started under a low RLIMIT_NOFILE): the accept failures
// are logged at most once a second, with a count, and /healthz still answers, through the
// descriptor the listener keeps spare.
#include <sys/resource.h>

#include <regex>
#include <thread>

#include <catch2/catch.hpp>

#include "game.h"
#include "net_raw.h"

namespace grognard::e2e {

namespace {

using SteadyClock = std::chrono::steady_clock;

// A server whose soft descriptor limit is `limit` (the child inherits it; this process gets
// its own back at once).
std::unique_ptr<ServerProcess> server_with_descriptors(rlim_t limit) {
  rlimit saved{};
  REQUIRE(::getrlimit(RLIMIT_NOFILE, &saved) == 0);
  rlimit low = saved;
  low.rlim_cur = limit;
  REQUIRE(::setrlimit(RLIMIT_NOFILE, &low) == 0);
  std::unique_ptr<ServerProcess> server;
  try {
    server = std::make_unique<ServerProcess>(std::vector<std::string>{});
  } catch (...) {
    ::setrlimit(RLIMIT_NOFILE, &saved);
    throw;
  }
  REQUIRE(::setrlimit(RLIMIT_NOFILE, &saved) == 0);
  return server;
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("at the descriptor limit /healthz answers and accept failures are logged once a second",
          "[e2e][net][limits][descriptors]") {
  auto server = server_with_descriptors(64);
  // WebSocket connections until the server is out of descriptors.
  std::vector<raw::Socket> held;
  int upgraded = 0, refused = 0, unanswered = 0;
  for (int i = 0; i < 100; ++i) {
    raw::Socket s(server->port());
    if (!s.is_open()) break;
    const int status = s.upgrade(Millis(1500));
    upgraded += status == 101 ? 1 : 0;
    refused += status == 503 ? 1 : 0;
    unanswered += status == 0 ? 1 : 0;
    if (status == 101) held.push_back(std::move(s));
    if (refused + unanswered >= 5) break;
  }
  INFO("upgraded " << upgraded << ", refused " << refused << ", unanswered " << unanswered);
  REQUIRE(upgraded > 10);
  REQUIRE(upgraded < 64);
  CHECK(refused > 0);  // answered through the spare descriptor: "out of file descriptors"

  // Still at the limit: the health check gets through.
  const auto start = SteadyClock::now();
  auto health = raw::http_get(server->port(), "/healthz", Millis(5000));
  const auto took = std::chrono::duration_cast<Millis>(SteadyClock::now() - start);
  UNSCOPED_INFO("/healthz at the descriptor limit: " << health.first << " in " << took.count()
                                                     << " ms");
  CHECK(health.first == 200);

  // The log: a line a second at most, however often accepting failed.
  std::this_thread::sleep_for(2s);
  const std::string log = server->log();
  const std::size_t lines = count_of(log, "accept failed");
  const auto seconds =
      std::chrono::duration_cast<std::chrono::seconds>(SteadyClock::now() - start).count() + 8;
  UNSCOPED_INFO("accept failure lines: " << lines);
  CHECK(lines >= 1);
  CHECK(lines <= static_cast<std::size_t>(seconds));
  // The limit passes: connections come again.
  held.clear();
  std::this_thread::sleep_for(500ms);
  raw::Socket after(server->port());
  CHECK(after.upgrade_and_hello());
}

}  // namespace grognard::e2e
