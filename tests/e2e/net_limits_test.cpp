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

double metric_now(const ServerProcess& server, const std::string& name) {
  auto page = client::http_get("127.0.0.1", server.port(), "/metrics", kWait);
  REQUIRE(page.ok());
  return metric(page->body, name);
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
  ServerProcess server({"--max-connections", "2"});
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

TEST_CASE("past --max-handshakes a new connection is closed at once, and counted",
          "[e2e][net][limits]") {
  ServerProcess server({"--max-handshakes", "4", "--handshake-timeout", "3"});
  // Four connections that say nothing hold the four handshake slots.
  std::vector<raw::Socket> silent;
  for (int i = 0; i < 4; ++i) silent.emplace_back(server.port());
  std::this_thread::sleep_for(200ms);  // accepted
  raw::Socket fifth(server.port());
  const auto start = SteadyClock::now();
  const raw::Ending end = fifth.read_to_the_end(kWait);
  CHECK(end.code == 0);
  CHECK(SteadyClock::now() - start < 1s);
  // The silent four are dropped at the handshake timeout; then all is as before.
  for (auto& s : silent) CHECK(s.read_to_the_end(kWait).code == 0);
  raw::Socket later(server.port());
  CHECK(later.upgrade_and_hello());
  auto metrics = client::http_get("127.0.0.1", server.port(), "/metrics", kWait);
  REQUIRE(metrics.ok());
  CHECK(metric(metrics->body, "grognard_connections_refused_total{reason=\"max_handshakes\"}") >=
        1);
  CHECK(metric(metrics->body, "grognard_disconnects_total{reason=\"handshake_timeout\"}") == 4);
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
  CHECK(metric_now(server, "grognard_disconnects_total{reason=\"handshake_timeout\"}") == 1);
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
  v1::ClientMessage ping;
  ping.set_request_id(2);
  ping.mutable_ping();
  REQUIRE(greeted.send(raw::frame(raw::kBinary, ping.SerializeAsString())));
  auto pong = greeted.read_frame(kWait);
  REQUIRE(pong.has_value());
  v1::ServerMessage m;
  REQUIRE(m.ParseFromString(pong->payload));
  CHECK(m.has_pong());
  CHECK(metric_now(server, "grognard_disconnects_total{reason=\"hello_timeout\"}") == 1);
}

}  // namespace grognard::e2e
