// The outbound queue and the clients that fill it, over raw sockets (net_raw.h): a client that
// pipelines far more requests than the queue holds while reading its answers is served (the
// server stops reading it while its queue is half full); a client that never reads is dropped
// with 1008 "send queue full", and that close frame is what it reads when it reads again.
#include <atomic>
#include <thread>

#include <catch2/catch.hpp>

#include "game.h"
#include "net_raw.h"

namespace grognard::e2e {

namespace {

using SteadyClock = std::chrono::steady_clock;

// A Ping, or with `game_id` a GetState of that game (an answer of some kilobytes).
std::string request_frame(std::uint64_t id, const std::string& game_id = "") {
  v1::ClientMessage m;
  m.set_request_id(id);
  if (!game_id.empty()) {
    m.mutable_get_state()->set_game_id(game_id);
  } else {
    m.mutable_ping();
  }
  return raw::frame(raw::kBinary, m.SerializeAsString());
}

}  // namespace

TEST_CASE("with --rate 0 a reading client that pipelines 5000 requests is served, not dropped",
          "[e2e][net][limits][backpressure]") {
  ServerProcess server({"--rate", "0"});  // queue of 256 messages, the default
  raw::Socket c(server.port());
  REQUIRE(c.upgrade_and_hello());
  constexpr int kRequests = 5000;
  std::string all;
  for (int i = 0; i < kRequests; ++i) all += request_frame(100 + i);
  std::atomic<bool> sent_all{false};
  std::thread writer([&] { sent_all = c.send(all, Millis(30'000)); });
  int answers = 0;
  std::uint64_t last_id = 0;
  bool in_order = true;
  while (answers < kRequests) {
    auto f = c.read_frame(Millis(10'000));
    if (!f) break;
    v1::ServerMessage m;
    if (f->opcode != raw::kBinary || !m.ParseFromString(f->payload)) continue;
    if (m.has_closing()) {
      UNSCOPED_INFO("closed: " << m.closing().reason());
      break;
    }
    in_order = in_order && m.request_id() == last_id + (last_id == 0 ? 100 : 1);
    last_id = m.request_id();
    ++answers;
  }
  writer.join();
  CHECK(sent_all);
  CHECK(answers == kRequests);
  CHECK(in_order);
  CHECK_FALSE(c.ended());
}

TEST_CASE("a client that never reads is dropped with 1008 send queue full, and reads that close",
          "[e2e][net][limits][backpressure]") {
  ServerProcess server({"--rate", "0", "--queue-messages", "16"});
  Client owner = connect(server);
  auto room = owner.create_room("itchy", "colonial_battle", /*observers_allowed=*/true);
  REQUIRE(room.ok());
  constexpr int kClients = 3;
  std::vector<raw::Socket> readers_never;
  std::vector<int> sent(kClients, 0);
  for (int k = 0; k < kClients; ++k) {
    readers_never.emplace_back(server.port(), Millis(5000), 4096);
    raw::Socket& c = readers_never.back();
    REQUIRE(c.upgrade_and_hello());
  }
  // Each sends until the server stops reading it (its sends block).
  for (int k = 0; k < kClients; ++k) {
    while (sent[k] < 5000 &&
           readers_never[k].send(request_frame(sent[k] + 1, room->game_id()), 300ms)) {
      ++sent[k];
    }
  }
  const std::string dropped = "grognard_disconnects_total{reason=\"queue_full\"}";
  double count = 0;
  const auto start = SteadyClock::now();
  while (SteadyClock::now() - start < 30s && count < kClients) {
    count = metric_now(server, dropped);
    std::this_thread::sleep_for(100ms);
  }
  const auto waited = std::chrono::duration_cast<Millis>(SteadyClock::now() - start);
  UNSCOPED_INFO("dropped " << count << " after " << waited.count() << " ms; sent " << sent[0]
                           << ", " << sent[1] << ", " << sent[2]);
  REQUIRE(count == kClients);
  for (int k = 0; k < kClients; ++k) {
    const raw::Ending end = readers_never[k].read_to_the_end(Millis(10'000));
    UNSCOPED_INFO("client " << k << ": sent " << sent[k] << " requests, read " << end.before.size()
                            << " answers, then close " << end.code
                            << (end.reset ? " (reset)" : ""));
    CHECK(end.code == 1008);
    CHECK(end.reason == "send queue full");
    CHECK(end.before.size() < static_cast<std::size_t>(sent[k]));
  }
  // Everyone else is served.
  raw::Socket other(server.port());
  CHECK(other.upgrade_and_hello());
}

}  // namespace grognard::e2e
