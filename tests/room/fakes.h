#pragma once
// Test doubles for room tests: a tiny rule set with hidden information, an in-memory store
// that can hold or fail commits, and a peer that records what it is sent.

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/ruleset.h"
#include "grognard/v1/protocol.pb.h"
#include "record/store.h"
#include "room/peer.h"

namespace grognard::testing {

// "Secrets": two players, "player:0" and "player:1", take turns. Each holds a secret word
// that only he sees (and the referee, if there were one). Commands are text: "add N" adds N
// to the shared total; "reveal" ends the game. Events are text: "added <seat> N",
// "secret <seat> <word>" (only that seat may see it), "over".
class SecretsRuleset final : public engine::Ruleset {
 public:
  std::string_view name() const override { return "secrets"; }
  int version() const override { return 1; }
  const WireTypes& wire_types() const override {
    static const WireTypes types{"test.Command", "test.Event", "test.View"};
    return types;
  }
  std::string title(const engine::GameState&) const override { return "Secrets"; }
  engine::Result<std::unique_ptr<engine::GameState>> load_scenario(
      std::string_view text) const override;
  std::vector<engine::SeatSpec> seats(const engine::GameState&) const override;
  engine::Result<std::vector<engine::Bytes>> begin(const engine::GameState&,
                                                   engine::Dice&) const override;
  engine::Result<std::vector<engine::Bytes>> decide(const engine::GameState&, std::string_view seat,
                                                    const engine::Bytes& command,
                                                    engine::Dice& dice) const override;
  engine::Status apply(engine::GameState&, const engine::Bytes& event) const override;
  engine::Bytes view(const engine::GameState&, const engine::Viewer&) const override;
  std::optional<engine::Bytes> view_event(const engine::GameState&, const engine::Bytes& event,
                                          const engine::Viewer&) const override;
  std::vector<engine::Bytes> legal(const engine::GameState&, std::string_view seat) const override;
  engine::ToAct to_act(const engine::GameState&) const override;
  int turn(const engine::GameState&) const override { return 0; }  // no turns
  engine::StateHash hash(const engine::GameState&) const override;
};

// record::Store in memory. `hold` keeps appends queued until release(); `fail_next` makes the
// next commit fail.
class MemoryStore final : public record::Store {
 public:
  void append(record::WriteBatch batch, std::function<void(engine::Status)> done) override;
  engine::Result<std::optional<record::GameRecord>> game(const std::string& id) override;
  engine::Result<std::optional<record::GameRecord>> game_by_invite(
      const std::string& code) override;
  engine::Result<std::optional<record::GameRecord>> game_by_token(
      const record::Hash32& token) override;
  // Honours status, listed_only and limit; newest first.
  engine::Result<std::vector<record::GameRecord>> games(const record::GameFilter& filter) override;
  engine::Result<std::vector<record::GameRecord>> unfinished_games() override;
  engine::Result<std::vector<record::SeatRecord>> seats(const std::string& game_id) override;
  engine::Result<std::vector<record::EventRecord>> events(const std::string& game_id,
                                                          std::uint64_t from,
                                                          std::uint64_t to) override;
  engine::Result<std::vector<record::EventRecord>> taken_back(const std::string& game_id) override;
  void flush() override {}

  // Every events() call: which game, which seqs, on which thread.
  struct Read {
    std::string game_id;
    std::uint64_t from = 0, to = 0;
    std::thread::id thread;
  };
  std::vector<Read> reads();
  void forget_reads();

  void hold(bool on);
  void release();  // commits everything held
  void fail_next() { fail_next_ = true; }
  std::size_t event_count(const std::string& game_id);
  // Direct access for tampering in recovery tests.
  std::vector<record::EventRecord>& raw_events(const std::string& game_id) {
    return events_[game_id];
  }

 private:
  void commit(record::WriteBatch& batch, std::function<void(engine::Status)>& done);
  std::mutex mu_;
  bool hold_ = false;
  bool fail_next_ = false;
  std::deque<std::pair<record::WriteBatch, std::function<void(engine::Status)>>> held_;
  std::map<std::string, record::GameRecord> games_;
  std::map<std::string, std::vector<record::SeatRecord>> seats_;
  std::map<std::string, std::vector<record::EventRecord>> events_;
  std::vector<Read> reads_;
};

class FakePeer final : public room::Peer {
 public:
  // Each fake peer is its own address unless told otherwise.
  explicit FakePeer(std::string name, std::string address = {})
      : name_(std::move(name)), address_(address.empty() ? name_ : std::move(address)) {}
  void send(std::shared_ptr<const v1::ServerMessage> message) override;
  void bind(room::Binding binding) override;
  std::optional<room::Binding> binding() const override;
  void unbind() override;
  std::string name() const override { return name_; }
  std::string address() const override { return address_; }

  std::vector<v1::ServerMessage> take();            // everything received so far
  std::vector<std::string> all_serialized() const;  // every message ever received, as bytes
  std::size_t received() const;

 private:
  std::string name_;
  std::string address_;
  mutable std::mutex mu_;
  std::vector<v1::ServerMessage> inbox_;
  std::vector<std::string> history_;
  std::optional<room::Binding> binding_;
};

}  // namespace grognard::testing
