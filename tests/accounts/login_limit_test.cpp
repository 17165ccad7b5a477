// The log-in limit: failures per address and per name in a sliding window, at scripted times.

#include <catch2/catch.hpp>
#include <thread>
#include <vector>

#include "accounts/login_limit.h"

using namespace grognard::accounts;

namespace {

constexpr std::int64_t kMinute = 60'000;
constexpr std::int64_t kT0 = 1'800'000'000'000;

}  // namespace

TEST_CASE("the defaults: 10 per address, 5 per name, in 15 minutes", "[limit]") {
  const LoginLimit limit;
  CHECK(limit.options().per_address == 10);
  CHECK(limit.options().per_name == 5);
  CHECK(limit.options().window_ms == 15 * kMinute);
}

TEST_CASE("an address is refused after its failures, whatever the names", "[limit]") {
  LoginLimit limit;
  for (int i = 0; i < 10; ++i) {
    REQUIRE(limit.wait_seconds("10.0.0.1", "name" + std::to_string(i), kT0 + i * 1000) == 0);
    limit.failed("10.0.0.1", "name" + std::to_string(i), kT0 + i * 1000);
  }
  // The 11th try, 10 s after the first failure: 15 minutes less 10 s to wait.
  CHECK(limit.wait_seconds("10.0.0.1", "another", kT0 + 10'000) == 15 * 60 - 10);
  CHECK(limit.wait_seconds("10.0.0.2", "another", kT0 + 10'000) == 0);  // not its neighbour
  CHECK(limit.wait_seconds("", "another", kT0 + 10'000) == 0);          // nor without address
}

TEST_CASE("a name is refused after its failures, whatever the addresses", "[limit]") {
  LoginLimit limit;
  for (int i = 0; i < 5; ++i) {
    REQUIRE(limit.wait_seconds("10.0.0." + std::to_string(i), "Wellesley", kT0) == 0);
    limit.failed("10.0.0." + std::to_string(i), "Wellesley", kT0);
  }
  CHECK(limit.wait_seconds("10.9.9.9", "Wellesley", kT0) == 15 * 60);
  CHECK(limit.wait_seconds("10.9.9.9", "WELLESLEY", kT0) == 15 * 60);  // whatever its case
  CHECK(limit.wait_seconds("10.9.9.9", "", kT0 + 1) == 0);
  CHECK(limit.wait_seconds("10.9.9.9", "wellington", kT0) == 0);
  // Rounded up: 1 ms left is a second to wait.
  CHECK(limit.wait_seconds("10.9.9.9", "Wellesley", kT0 + 15 * kMinute - 1) == 1);
  CHECK(limit.wait_seconds("10.9.9.9", "Wellesley", kT0 + 15 * kMinute) == 0);
}

TEST_CASE("the window slides: each failure counts for 15 minutes from its own time", "[limit]") {
  LoginLimit limit;
  // Failures at 0, 4, 8, 12 and 14 minutes: the fifth closes the name.
  for (const std::int64_t m : {0, 4, 8, 12, 14}) limit.failed("a", "sharpe", kT0 + m * kMinute);
  CHECK(limit.wait_seconds("b", "sharpe", kT0 + 14 * kMinute) == 60);  // until 0 leaves
  // At 15 minutes the first has left: four count, one more try is heard.
  CHECK(limit.wait_seconds("b", "sharpe", kT0 + 15 * kMinute) == 0);
  limit.failed("b", "sharpe", kT0 + 15 * kMinute);
  // Five again (4, 8, 12, 14, 15): closed until the one at 4 leaves, at 19 minutes. A fixed
  // window that started at 0 would have opened everything at 15.
  CHECK(limit.wait_seconds("c", "sharpe", kT0 + 15 * kMinute) == 4 * 60);
  CHECK(limit.wait_seconds("c", "sharpe", kT0 + 19 * kMinute) == 0);
}

TEST_CASE("a success forgets its name's failures, not its address's", "[limit]") {
  LoginLimit::Options options;
  options.per_address = 6;
  LoginLimit limit(options);
  for (int i = 0; i < 5; ++i) limit.failed("10.0.0.1", "harper", kT0);
  CHECK(limit.wait_seconds("10.0.0.7", "harper", kT0) > 0);
  limit.succeeded("HARPER");
  CHECK(limit.wait_seconds("10.0.0.7", "harper", kT0) == 0);
  limit.failed("10.0.0.1", "other", kT0);  // the address's sixth
  CHECK(limit.wait_seconds("10.0.0.1", "harper", kT0) == 15 * 60);
}

TEST_CASE("the bounds are settings, and 0 counts nothing", "[limit]") {
  LoginLimit::Options options;
  options.per_address = 0;
  options.per_name = 2;
  options.window_ms = kMinute;
  LoginLimit limit(options);
  for (int i = 0; i < 50; ++i) limit.failed("10.0.0.1", "n" + std::to_string(i), kT0);
  CHECK(limit.wait_seconds("10.0.0.1", "fresh", kT0) == 0);
  limit.failed("x", "fresh", kT0);
  limit.failed("y", "fresh", kT0 + 1000);
  CHECK(limit.wait_seconds("z", "fresh", kT0 + 1000) == 59);
}

TEST_CASE("the table holds at most its capacity, the oldest going first", "[limit]") {
  LoginLimit::Options options;
  options.per_name = 1;
  options.per_address = 0;
  options.capacity = 100;
  LoginLimit limit(options);
  for (int i = 0; i < 1000; ++i) {
    limit.failed("", "name" + std::to_string(i), kT0 + i);
    REQUIRE(limit.tracked() <= 100);
  }
  CHECK(limit.tracked() == 100);
  CHECK(limit.wait_seconds("", "name999", kT0 + 1000) > 0);  // the newest are kept
  CHECK(limit.wait_seconds("", "name900", kT0 + 1000) > 0);
  CHECK(limit.wait_seconds("", "name899", kT0 + 1000) == 0);  // the oldest went
  // Keys whose failures have all left the window go when met.
  limit.failed("", "late", kT0 + 16 * kMinute);
  CHECK(limit.tracked() == 1);
}

TEST_CASE("failures counted from several threads at once are all counted", "[limit]") {
  LoginLimit::Options options;
  options.per_name = 1000;
  options.per_address = 0;
  LoginLimit limit(options);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&limit, t] {
      for (int i = 0; i < 250; ++i) {
        limit.failed("10.0.0." + std::to_string(t), "target", kT0 + i);
        (void)limit.wait_seconds("10.0.0." + std::to_string(t), "target", kT0 + i);
      }
    });
  }
  for (auto& th : threads) th.join();
  CHECK(limit.wait_seconds("", "target", kT0 + 250) > 0);  // all 1000 counted
  limit.succeeded("target");
  CHECK(limit.wait_seconds("", "target", kT0 + 250) == 0);
}
