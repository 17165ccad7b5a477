// The lobby's bounds on the real server (issue 13): one client could fill the room cap from 20
// connections in 14 s, for a week and across restarts; unknown invite codes got slower to
// reject as rooms grew, and could be guessed without end; errors quoted whatever was sent.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

#include "game.h"

namespace grognard::e2e {

namespace {

bool refused_for(const client::Result<v1::RoomInfo>& r, const std::string& bound) {
  return !r.ok() && r.code() == v1::RESOURCE_EXHAUSTED &&
         r.failure().message.find(bound) != std::string::npos;
}

// Microseconds per refused join of an unknown code, over `tries` round trips.
double reject_us(Client& c, int tries) {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < tries; ++i) {
    auto r = c.join("ZZZZZZZZZZ", "player");
    REQUIRE(r.code() == v1::NOT_FOUND);
  }
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
             .count() /
         tries;
}

}  // namespace

TEST_CASE("open rooms are bounded per connection and per address, and a restart frees them",
          "[e2e][limits]") {
  ServerProcess server({"--rooms-per-connection", "2", "--rooms-per-address", "3"});
  Client a = connect(server);
  REQUIRE(a.create_room("itchy", "intro").ok());
  REQUIRE(a.create_room("itchy", "intro", false, /*unlisted=*/true).ok());
  auto third = a.create_room("itchy", "intro");
  CHECK(refused_for(third, "rooms_per_connection = 2"));
  Client b = connect(server);  // the same address (127.0.0.1)
  REQUIRE(b.create_room("itchy", "intro").ok());
  auto fourth = b.create_room("itchy", "intro");
  CHECK(refused_for(fourth, "rooms_per_address = 3"));

  // The store keeps no creator's address: rooms recovered at start count for nobody.
  REQUIRE(server.stop() == 0);
  server.restart();
  Client c = connect(server);
  CHECK(c.list_rooms()->rooms_size() == 2);
  CHECK(c.create_room("itchy", "intro").ok());
  CHECK(c.create_room("itchy", "intro").ok());
  CHECK(refused_for(c.create_room("itchy", "intro"), "rooms_per_connection = 2"));
}

TEST_CASE("unlisted rooms get 10-character invite codes and guessing codes or tokens is slowed",
          "[e2e][limits][invite]") {
  ServerProcess server({"--join-failures-per-minute", "3"});
  Client owner = connect(server);
  auto listed = owner.create_room("itchy", "intro");
  auto unlisted = owner.create_room("itchy", "intro", false, /*unlisted=*/true);
  REQUIRE(listed.ok());
  REQUIRE(unlisted.ok());
  CHECK(listed->invite_code().size() == 6);
  CHECK(unlisted->invite_code().size() == 10);

  Client guesser = connect(server);
  auto seated = guesser.join(unlisted->invite_code(), "general");
  REQUIRE(seated.ok());
  REQUIRE(guesser.leave().ok());
  CHECK(guesser.join("AAAAAAAAAA", "general").code() == v1::NOT_FOUND);
  CHECK(guesser.resume("gt_0123", 0).code() == v1::UNAUTHENTICATED);
  // An error quotes a bounded cut of what was sent.
  auto long_code = guesser.join(std::string(20'000, 'Q'), "general");
  REQUIRE(long_code.code() == v1::NOT_FOUND);
  CHECK(long_code.failure().message.size() < 150);
  auto stopped = guesser.join(listed->invite_code(), "general");  // a real code, refused
  REQUIRE(stopped.code() == v1::RESOURCE_EXHAUSTED);
  CHECK(stopped.failure().message.find("too many unknown invite codes or tokens from this "
                                       "address (3 a minute at most); try again in") !=
        std::string::npos);
  CHECK(guesser.resume(seated->token(), 0).code() == v1::RESOURCE_EXHAUSTED);
}

// Figures for docs/reliability.md: GROGNARD_SERVER_BIN replaced by an older build gives the
// figures before the fix. Not run by default (it creates 9,000 rooms).
TEST_CASE("measure: rejecting an unknown invite code at 10 and at 9,000 open rooms (e2e)",
          "[.][e2e][limits][measure]") {
  ServerProcess server({"--rooms-per-connection", "0", "--rooms-per-address", "0",
                        "--join-failures-per-minute", "0", "--rate", "1000000", "--burst",
                        "1000000"});
  Client c = connect(server);
  for (int i = 0; i < 10; ++i) REQUIRE(c.create_room("itchy", "intro").ok());
  reject_us(c, 200);  // warm-up
  const double at_10 = reject_us(c, 3'000);
  std::atomic<int> failed{0};
  std::vector<std::thread> makers;
  constexpr int kMakers = 8;
  for (int t = 0; t < kMakers; ++t) {
    makers.emplace_back([&] {
      auto m = Client::connect(server.url(), Format::kBinary, kWait);
      if (!m.ok() || !m->hello("measure").ok()) return void(++failed);
      for (int i = 0; i < (9'000 - 10) / kMakers; ++i) {
        if (!m->create_room("itchy", "intro", false, i % 2 == 0).ok()) ++failed;
      }
    });
  }
  for (auto& t : makers) t.join();
  REQUIRE(failed == 0);
  Client fresh = connect(server);  // `c` may have idled out meanwhile
  reject_us(fresh, 200);
  const double at_9000 = reject_us(fresh, 3'000);
  std::printf(
      "unknown invite code rejected (round trip on loopback): %.1f us at 10 open rooms, "
      "%.1f us at %d\n",
      at_10, at_9000, 10 + (9'000 - 10) / kMakers * kMakers);
}

}  // namespace grognard::e2e
