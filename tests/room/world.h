#pragma once
// A lobby with the test rule set ("secrets", scenario "basic"), an in-memory store, metrics
// that count, a clock the test moves, and requests answered synchronously: ask() hands a
// message to the lobby and runs the executor until nothing is left to do.

#include <catch2/catch.hpp>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>

#include <boost/asio/io_context.hpp>

#include "fakes.h"
#include "record/proto.h"
#include "room/lobby.h"

namespace grognard::testing {

class CountingMetrics final : public room::Metrics {
 public:
  void command(room::CommandOutcome outcome) override {
    ++commands_.at(static_cast<std::size_t>(outcome));
  }
  int commands(room::CommandOutcome outcome) const {
    return commands_.at(static_cast<std::size_t>(outcome));
  }
  void rooms(std::size_t open) override { open_ = open; }
  void room_expired() override { ++expired_; }
  std::size_t open() const { return open_; }
  int expired() const { return expired_; }

 private:
  std::atomic<std::size_t> open_{0};
  std::atomic<int> expired_{0};
  std::array<std::atomic<int>, room::kCommandOutcomes.size()> commands_{};
};

struct World {
  boost::asio::io_context ioc;
  testing::MemoryStore store;
  record::Registry registry;
  CountingMetrics metrics;
  std::unique_ptr<room::Lobby> lobby;
  std::int64_t now = 1'000'000;

  explicit World(room::LobbyOptions options = {}) {
    registry.add_ruleset(std::make_unique<SecretsRuleset>());
    REQUIRE(registry.add_scenario("secrets", "basic", "apple banana").ok());
    lobby = make_lobby(options);
  }
  // A lobby on this world's store, registry and clock (the clock moves 1 ms at each reading).
  std::unique_ptr<room::Lobby> make_lobby(room::LobbyOptions options = {}) {
    return std::make_unique<room::Lobby>(
        ioc.get_executor(), store, registry, metrics, [this] { return ++now; }, options);
  }
  void settle() {
    for (int i = 0; i < 100; ++i) {
      ioc.restart();
      if (ioc.poll() == 0) return;
    }
  }
  // The answer to `msg`, waiting up to 10 s for one made off this thread (reads of stored
  // games are: room/stored_reads.h).
  v1::ServerMessage ask(const std::shared_ptr<FakePeer>& peer, v1::ClientMessage msg) {
    static std::uint64_t next = 1;
    msg.set_request_id(next++);
    peer->take();
    lobby->handle(peer, msg);
    for (int waited = 0; waited < 10'000; ++waited) {
      settle();
      for (auto& m : peer->take()) {
        if (m.request_id() == msg.request_id()) return m;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    FAIL("no answer to request " << msg.request_id());
    return {};
  }
  std::string create() {
    v1::ClientMessage m;
    auto* c = m.mutable_create_room();
    c->set_ruleset("secrets");
    c->set_scenario("basic");
    c->set_observers_allowed(true);
    auto peer = std::make_shared<FakePeer>("creator");
    auto answer = ask(peer, m);
    REQUIRE(answer.has_room());
    return answer.room().invite_code();
  }
  v1::ServerMessage join(const std::shared_ptr<FakePeer>& peer, const std::string& invite,
                         const std::string& role) {
    v1::ClientMessage m;
    m.mutable_join_room()->set_invite_code(invite);
    m.mutable_join_room()->set_role(role);
    return ask(peer, m);
  }
  v1::ServerMessage command(const std::shared_ptr<FakePeer>& peer, const std::string& text,
                            const std::string& id) {
    v1::ClientMessage m;
    m.mutable_command()->set_command_id(id);
    record::pack_any(m.mutable_command()->mutable_command(), "test.Command", text);
    return ask(peer, m);
  }
};

// North and South seated at a new table of Secrets (the game has begun).
struct Table {
  World w;
  std::string invite = w.create();
  std::shared_ptr<FakePeer> north = std::make_shared<FakePeer>("north");
  std::shared_ptr<FakePeer> south = std::make_shared<FakePeer>("south");
  std::string north_token, south_token;
  std::string id;  // the game's
  Table() {
    auto a = w.join(north, invite, "player");
    auto b = w.join(south, invite, "player");
    REQUIRE(a.has_seated());
    REQUIRE(b.has_seated());
    north_token = a.seated().token();
    south_token = b.seated().token();
    id = a.seated().game_id();
  }
};

}  // namespace grognard::testing
