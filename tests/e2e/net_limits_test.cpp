// Connection-level limits, over raw sockets (net_raw.h): the caps on connections in all and
// per address (503 before the WebSocket handshake), on handshakes at once and their duration
// (slowloris), and the Hello deadline. Each is named in the close or the 503's body and
// counted in /metrics.
#include <thread>

#include <catch2/catch.hpp>

#include "game.h"
#include "net_raw.h"

namespace grognard::e2e {

namespace {

using SteadyClock = std::chrono::steady_clock;

// `n` connections from loopback address `source` that send the first line of a request and
// nothing more, one after another (the first is the oldest).
std::vector<raw::Socket> half_requests(const ServerProcess& server, int n,
                                       const std::string& source) {
  std::vector<raw::Socket> held;
  for (int i = 0; i < n; ++i) {
    held.emplace_back(server.port(), kWait, 0, source);
    REQUIRE(held.back().send("GET / HTTP/1.1\r\n"));
    std::this_thread::sleep_for(20ms);
  }
  return held;
}

// Waits (up to 5 s) until metric `name` reaches `value`; returns what it was last.
double wait_metric(const ServerProcess& server, const std::string& name, double value) {
  double now = -1;
  for (int i = 0; i < 100; ++i) {
    now = metric_now(server, name);
    if (now == value) break;
    std::this_thread::sleep_for(50ms);
  }
  return now;
}

}  // namespace

TEST_CASE("past --max-connections-per-address a WebSocket upgrade gets 503 with the limit named",
          "[e2e][net][limits]") {
  ServerProcess server({"--max-connections-per-address", "3", "--trusted-proxy", "127.0.0.1"});
  std::vector<raw::Socket> held;
  for (int i = 0; i < 3; ++i) {
    held.emplace_back(server.port());
    REQUIRE(held.back().upgrade() == 101);
  }
  raw::Socket fourth(server.port());
  std::string response;
  CHECK(fourth.upgrade(kWait, &response) == 503);
  CHECK(response.find("--max-connections-per-address") != std::string::npos);
  CHECK(response.find("at most 3") != std::string::npos);
  CHECK(fourth.read_to_the_end(kWait).code == 0);  // closed, no WebSocket
  CHECK(metric_now(server,
                   "grognard_connections_refused_total{reason=\"max_connections_per_"
                   "address\"}") == 1);
  CHECK(metric_now(server, "grognard_connections") == 3);

  // Behind the trusted proxy each forwarded address has its own count.
  raw::Socket proxied(server.port());
  CHECK(proxied.upgrade(kWait, nullptr, "X-Forwarded-For: 203.0.113.7\r\n") == 101);

  // One goes: its place is free again.
  held.pop_back();
  REQUIRE(wait_metric(server, "grognard_connections", 3) == 3);
  raw::Socket again(server.port());
  CHECK(again.upgrade() == 101);
}

TEST_CASE("past --max-connections a WebSocket upgrade gets 503, and plain HTTP still answers",
          "[e2e][net][limits]") {
  ServerProcess server({"--max-connections", "2", "--range-share", "0"});
  raw::Socket a(server.port()), b(server.port());
  REQUIRE(a.upgrade() == 101);
  REQUIRE(b.upgrade() == 101);
  raw::Socket c(server.port());
  std::string response;
  CHECK(c.upgrade(kWait, &response) == 503);
  CHECK(response.find("--max-connections") != std::string::npos);
  CHECK(response.find("Retry-After") != std::string::npos);
  auto health = raw::http_get(server.port(), "/healthz");
  CHECK(health.first == 200);
  CHECK(metric_now(server, "grognard_connections_refused_total{reason=\"max_connections\"}") == 1);
}

TEST_CASE("past --max-handshakes a new connection takes the place of the oldest handshake",
          "[e2e][net][limits]") {
  ServerProcess server({"--max-handshakes", "4", "--handshake-timeout", "3"});
  // Four connections that say nothing hold the four handshake slots.
  std::vector<raw::Socket> silent;
  for (int i = 0; i < 4; ++i) {
    silent.emplace_back(server.port());
    std::this_thread::sleep_for(50ms);  // accepted one after another: the first is the oldest
  }
  // A fifth from the same address: the oldest is closed to make room for it.
  raw::Socket fifth(server.port());
  CHECK(silent.front().read_to_the_end(kWait).code == 0);
  CHECK(fifth.upgrade_and_hello());
  // The other three are dropped at the handshake timeout; then all is as before.
  for (std::size_t i = 1; i < silent.size(); ++i) CHECK(silent[i].read_to_the_end(kWait).code == 0);
  raw::Socket later(server.port());
  CHECK(later.upgrade_and_hello());
  CHECK(metric_now(server, "grognard_disconnects_total{reason=\"handshake_evicted\"}") == 1);
  // The client may see the socket close before the server's read ends and counts it.
  CHECK(wait_metric(server, "grognard_disconnects_total{reason=\"handshake_timeout\"}", 3) == 3);
}

TEST_CASE("one address holding every handshake slot keeps out neither others nor /healthz",
          "[e2e][net][limits]") {
  // issue 33: 512 sockets from one address that sent "GET / HTTP/1.1" and nothing more kept
  // out 59 of 60 new connections and every /healthz.
  ServerProcess server({"--max-handshakes", "8", "--handshake-timeout", "5"});
  std::vector<raw::Socket> held = half_requests(server, 20, "127.0.0.2");
  raw::Socket other(server.port(), kWait, 0, "127.0.0.3");
  CHECK(other.upgrade_and_hello());
  CHECK(raw::http_get(server.port(), "/healthz", kWait, "127.0.0.3").first == 200);
  CHECK(raw::http_get(server.port(), "/healthz", kWait, "127.0.0.2").first == 200);
  int still_held = 0;
  for (auto& s : held) {
    s.receive_some(Millis(0));
    still_held += s.ended() ? 0 : 1;
  }
  CHECK(still_held <= 8);
}

TEST_CASE("one address holds at most --handshakes-per-address, its oldest going first",
          "[e2e][net][limits]") {
  ServerProcess server({"--handshakes-per-address", "3", "--handshake-timeout", "5"});
  std::vector<raw::Socket> held = half_requests(server, 6, "127.0.0.2");
  for (std::size_t i = 0; i < held.size(); ++i) {
    if (i < 3) {
      CHECK(held[i].read_to_the_end(kWait).code == 0);  // the three oldest
    } else {
      held[i].receive_some(Millis(100));
      CHECK_FALSE(held[i].ended());
    }
  }
  // Another address is not counted with it.
  std::vector<raw::Socket> others;
  for (int i = 0; i < 3; ++i) others.emplace_back(server.port(), kWait, 0, "127.0.0.3");
  CHECK(others.back().upgrade_and_hello());
  CHECK(metric_now(server, "grognard_disconnects_total{reason=\"handshake_evicted\"}") == 3);
}

TEST_CASE("the addresses of one IPv6 /64 count as one address, and a range as its share",
          "[e2e][net][limits][ranges]") {
  ServerProcess server({"--max-connections-per-address", "3", "--max-connections", "40",
                        "--trusted-proxy", "127.0.0.1"});
  const auto from = [](const std::string& address) {
    return "X-Forwarded-For: " + address + "\r\n";
  };
  std::vector<raw::Socket> held;
  for (int i = 1; i <= 3; ++i) {
    held.emplace_back(server.port());
    REQUIRE(held.back().upgrade(kWait, nullptr, from("2001:db8:5:6::" + std::to_string(i))) == 101);
  }
  raw::Socket fourth(server.port());
  std::string response;
  CHECK(fourth.upgrade(kWait, &response, from("2001:db8:5:6:ffff::99")) == 503);
  CHECK(response.find("2001:db8:5:6::/64") != std::string::npos);
  CHECK(response.find("--max-connections-per-address") != std::string::npos);
  raw::Socket next_net(server.port());
  CHECK(next_net.upgrade(kWait, nullptr, from("2001:db8:5:7::1")) == 101);

  // A tenth of --max-connections (4) from one IPv4 /24, whatever the addresses.
  std::vector<raw::Socket> ranged;
  for (int i = 1; i <= 4; ++i) {
    ranged.emplace_back(server.port());
    REQUIRE(ranged.back().upgrade(kWait, nullptr, from("10.1.1." + std::to_string(i))) == 101);
  }
  raw::Socket fifth(server.port());
  CHECK(fifth.upgrade(kWait, &response, from("10.1.1.200")) == 503);
  CHECK(response.find("10.1.1.0/24") != std::string::npos);
  CHECK(response.find("--range-share 10") != std::string::npos);
  raw::Socket elsewhere(server.port());
  CHECK(elsewhere.upgrade(kWait, nullptr, from("10.1.2.1")) == 101);
}

TEST_CASE("the --ipv6-prefix flag sets how much of an IPv6 address counts as one address",
          "[e2e][net][limits][ranges]") {
  ServerProcess server({"--max-connections-per-address", "1", "--ipv6-prefix", "48",
                        "--trusted-proxy", "127.0.0.1"});
  raw::Socket first(server.port()), second(server.port());
  REQUIRE(first.upgrade(kWait, nullptr, "X-Forwarded-For: 2001:db8:5:6::1\r\n") == 101);
  std::string response;
  CHECK(second.upgrade(kWait, &response, "X-Forwarded-For: 2001:db8:5:7::1\r\n") == 503);
  CHECK(response.find("2001:db8:5::/48") != std::string::npos);
}

TEST_CASE("a handshake sent one byte at a time (slowloris) is dropped at --handshake-timeout",
          "[e2e][net][limits]") {
  ServerProcess server({"--handshake-timeout", "2"});
  raw::Socket slow(server.port());
  const std::string request = raw::Socket::upgrade_request();
  const auto start = SteadyClock::now();
  std::size_t sent = 0;
  while (sent < request.size() && SteadyClock::now() - start < 8s) {
    if (!slow.send(request.substr(sent, 1))) break;
    ++sent;
    if (!slow.receive_some(200ms).empty() || slow.ended()) break;
  }
  const auto elapsed = SteadyClock::now() - start;
  INFO("bytes sent before the server dropped it: " << sent << " of " << request.size());
  CHECK(slow.ended());
  CHECK(sent < request.size());
  CHECK(elapsed >= 1500ms);
  CHECK(elapsed < 5s);
  // The client may see the socket close before the server's read ends and counts it.
  CHECK(wait_metric(server, "grognard_disconnects_total{reason=\"handshake_timeout\"}", 1) == 1);
  raw::Socket quick(server.port());
  CHECK(quick.upgrade_and_hello());
}

TEST_CASE("a connection that answers pings but never says Hello is closed at --hello-timeout",
          "[e2e][net][limits]") {
  ServerProcess server({"--hello-timeout", "1"});
  raw::Socket mute(server.port());
  REQUIRE(mute.upgrade() == 101);
  raw::Socket greeted(server.port());
  REQUIRE(greeted.upgrade_and_hello());
  const auto start = SteadyClock::now();
  raw::Ending end;
  while (SteadyClock::now() - start < 5s) {
    mute.send(raw::frame(raw::kPing, "alive"));  // five a second: well under the rate
    std::this_thread::sleep_for(200ms);
    auto f = mute.read_frame(10ms);
    while (f && f->opcode == raw::kPong) f = mute.read_frame(10ms);
    if (f && f->opcode == raw::kClose) {
      end.code = (static_cast<std::uint8_t>(f->payload[0]) << 8) |
                 static_cast<std::uint8_t>(f->payload[1]);
      end.reason = f->payload.substr(2);
      break;
    }
    if (mute.ended()) break;
  }
  const auto elapsed = SteadyClock::now() - start;
  CHECK(end.code == 1008);
  CHECK(end.reason.find("hello timeout") != std::string::npos);
  CHECK(elapsed >= 800ms);
  CHECK(elapsed < 3s);
  // The greeted connection stays.
  CHECK(greeted.ping_message(2, kWait));
  CHECK(metric_now(server, "grognard_disconnects_total{reason=\"hello_timeout\"}") == 1);
}

}  // namespace grognard::e2e
