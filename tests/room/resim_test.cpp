// Re-simulation after an upgrade (record/resim.h): a game stored under the test rule set, checked
// again under a changed build of it (same name, version 2, one rule changed), drifts at exactly
// the first event the changed rule folds differently; the drift is recorded, the room refuses
// commands and take-backs, and the operator's resume lets it go on.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <future>

#include "record/resim.h"
#include "room/room.h"
#include "world.h"

using namespace grognard;
using grognard::testing::FakePeer;
using grognard::testing::SecretsRuleset;
using grognard::testing::World;

namespace {

// "secrets" as a later build would have it: version 2, and South's additions count one more.
class ChangedSecrets final : public engine::Ruleset {
 public:
  std::string_view name() const override { return base_.name(); }
  int version() const override { return base_.version() + 1; }
  const WireTypes& wire_types() const override { return base_.wire_types(); }
  std::string title(const engine::GameState& s) const override { return base_.title(s); }
  engine::Result<std::unique_ptr<engine::GameState>> load_scenario(
      std::string_view text) const override {
    return base_.load_scenario(text);
  }
  std::vector<engine::SeatSpec> seats(const engine::GameState& s) const override {
    return base_.seats(s);
  }
  engine::Result<std::vector<engine::Bytes>> begin(const engine::GameState& s,
                                                   engine::Dice& dice) const override {
    return base_.begin(s, dice);
  }
  engine::Result<std::vector<engine::Bytes>> decide(const engine::GameState& s,
                                                    std::string_view seat,
                                                    const engine::Bytes& command,
                                                    engine::Dice& dice) const override {
    return base_.decide(s, seat, command, dice);
  }
  engine::Status apply(engine::GameState& s, const engine::Bytes& event) const override {
    constexpr std::string_view kSouth = "added player:1 ";
    if (event.rfind(kSouth, 0) != 0) return base_.apply(s, event);
    const int n = std::stoi(event.substr(kSouth.size()));
    return base_.apply(s, std::string(kSouth) + std::to_string(n + 1));
  }
  engine::Bytes view(const engine::GameState& s, const engine::Viewer& v) const override {
    return base_.view(s, v);
  }
  std::optional<engine::Bytes> view_event(const engine::GameState& s, const engine::Bytes& e,
                                          const engine::Viewer& v) const override {
    return base_.view_event(s, e, v);
  }
  std::vector<engine::Bytes> legal(const engine::GameState& s,
                                   std::string_view seat) const override {
    return base_.legal(s, seat);
  }
  engine::ToAct to_act(const engine::GameState& s) const override { return base_.to_act(s); }
  int turn(const engine::GameState& s) const override { return base_.turn(s); }
  engine::StateHash hash(const engine::GameState& s) const override { return base_.hash(s); }

 private:
  SecretsRuleset base_;
};

// A registry with the changed rule set under the same name.
struct Upgraded {
  record::Registry registry;
  Upgraded() {
    registry.add_ruleset(std::make_unique<ChangedSecrets>());
    REQUIRE(registry.add_scenario("secrets", "basic", "apple banana").ok());
  }
};

// North and South have each added to the total: the changed rule folds South's addition
// differently.
struct Table : testing::Table {
  Table() {
    REQUIRE(w.command(north, "add 2", "n1").has_command_result());
    REQUIRE(w.command(south, "add 3", "s1").has_command_result());
    REQUIRE(w.command(north, "add 1", "n2").has_command_result());
  }
  // The first event the changed rule folds differently: South's first addition.
  std::uint64_t first_south_event() {
    const auto events = w.store.events(id, 1, 0);
    for (const record::EventRecord& e : *events) {
      if (e.payload.rfind("added player:1 ", 0) == 0) return e.seq;
    }
    FAIL("South never added");
    return 0;
  }
  record::GameRecord game() { return **w.store.game(id); }
  // The lobby of a server started again with `registry`, seats resumed through it by ask().
  void restart(const record::Registry& registry) {
    w.lobby = std::make_unique<room::Lobby>(w.ioc.get_executor(), w.store, registry, w.metrics,
                                            [this] { return ++w.now; });
  }
  v1::ServerMessage resume(const std::shared_ptr<FakePeer>& peer, const std::string& token) {
    v1::ClientMessage m;
    m.mutable_resume()->set_token(token);
    return w.ask(peer, m);
  }
};

bool has(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("a changed rule drifts at exactly the first event it folds differently",
          "[room][resim]") {
  Table t;
  const std::uint64_t first = t.first_south_event();
  REQUIRE(first > 1);
  REQUIRE(t.w.command(t.south, "reveal", "s2").has_command_result());
  REQUIRE(t.game().status == record::GameStatus::kFinished);
  REQUIRE(t.game().ruleset_version == 1);

  const record::Recheck same = record::recheck(t.w.store, t.w.registry, t.game());
  CHECK(same.outcome == record::Recheck::Outcome::kOk);
  CHECK(same.events == t.game().last_seq);

  Upgraded up;
  const record::Recheck changed = record::recheck(t.w.store, up.registry, t.game());
  REQUIRE(changed.outcome == record::Recheck::Outcome::kDrift);
  CHECK(changed.seq == first);
  INFO(changed.why);
  CHECK(changed.why.rfind("event " + std::to_string(first) + " folds differently", 0) == 0);
  CHECK(has(changed.why, "under secrets version 2 than under version 1, which it was played"));
  CHECK(has(changed.why, "state hash mismatch"));
  CHECK(has(changed.line(), t.id + " (secrets, finished): DRIFT: event " + std::to_string(first)));

  // The same version, and a stored state hash that no longer matches: the record changed.
  auto& events = t.w.store.raw_events(t.id);
  const record::Hash32 kept = events.at(first - 1).state_hash;
  events.at(first - 1).state_hash[0] ^= 1;
  const record::Recheck tampered = record::recheck(t.w.store, t.w.registry, t.game());
  events.at(first - 1).state_hash = kept;
  REQUIRE(tampered.outcome == record::Recheck::Outcome::kDrift);
  INFO(tampered.why);
  CHECK(has(tampered.why,
            "under secrets version 1 than when it was stored under the same version 1 (state "
            "hash mismatch"));
  CHECK(has(tampered.why, "): the stored game changed, not the rules"));

  // Every stored game at once; a game whose version was never recorded says so.
  std::vector<record::Recheck> seen;
  const std::atomic<bool> go_on{false};
  auto totals = record::recheck_all(
      t.w.store, up.registry, [](record::GameStatus) { return true; }, go_on,
      [&](const record::Recheck& r) { seen.push_back(r); });
  CHECK(totals.drift == 1);
  CHECK(totals.ok == 0);
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].seq == first);
  record::GameRecord unknown = t.game();
  unknown.ruleset_version = 0;
  CHECK(has(record::recheck(t.w.store, up.registry, unknown).why,
            "than under the version it was played under (not recorded)"));

  // Recorded in the game's row, and cleared once the game verifies again.
  REQUIRE(record::store_drift(t.w.store, t.id, changed.why).ok());
  CHECK(t.game().drift == changed.why);
  REQUIRE(record::store_drift(t.w.store, t.id, "").ok());
  CHECK(t.game().drift.empty());
  // A game whose rule set this server lacks cannot be checked.
  record::GameRecord alien = t.game();
  alien.ruleset = "chess";
  CHECK(record::recheck(t.w.store, up.registry, alien).outcome == record::Recheck::Outcome::kError);
}

TEST_CASE("a running game that drifts is held until the operator lets it go on", "[room][resim]") {
  Table t;
  const std::uint64_t first = t.first_south_event();
  Upgraded up;
  t.restart(up.registry);
  const auto problems = t.w.lobby->recover();
  t.w.settle();
  REQUIRE(problems.size() == 1);
  CHECK(has(problems[0], "held, drifting: event " + std::to_string(first) + " folds"));
  const std::string drift = t.game().drift;
  CHECK(drift.rfind("event " + std::to_string(first) + " folds differently", 0) == 0);

  auto seated = t.resume(t.north, t.north_token);
  REQUIRE(seated.has_seated());
  REQUIRE(t.resume(t.south, t.south_token).has_seated());
  CHECK(seated.seated().room().to_act().rfind("held: it no longer folds as it was stored", 0) == 0);
  auto refused = t.w.command(t.south, "add 1", "s2");
  REQUIRE(refused.has_error());
  CHECK(refused.error().code() == v1::FAILED_PRECONDITION);
  CHECK(refused.error().message() == record::drift_refusal(drift));
  CHECK(has(refused.error().message(), "secrets version 2 than under version 1"));
  CHECK(has(refused.error().message(), "server's operator decides"));
  v1::ClientMessage take_back;
  take_back.mutable_take_back();
  auto no_take_back = t.w.ask(t.north, take_back);
  REQUIRE(no_take_back.has_error());
  CHECK(no_take_back.error().code() == v1::FAILED_PRECONDITION);
  CHECK(has(no_take_back.error().message(), "this game is held"));

  // The operator decides: a reason is kept in a system note, the game goes on under version 2.
  const std::uint64_t before = t.game().last_seq;
  engine::Status decided = engine::Error{};
  std::string what;
  t.w.lobby->resume_drift(t.id, "checked the new rule by hand",
                          [&](engine::Status st, std::string w) {
                            decided = std::move(st);
                            what = std::move(w);
                          });
  t.w.settle();
  REQUIRE(decided.ok());
  CHECK(has(what, "go on under secrets version 2"));
  const record::GameRecord g = t.game();
  CHECK(g.drift.empty());
  CHECK(g.ruleset_version == 2);
  REQUIRE(g.last_seq == before + 1);
  const record::EventRecord note = t.w.store.events(t.id, g.last_seq, g.last_seq)->front();
  v1::SystemNote text;
  REQUIRE(text.ParseFromString(note.payload));
  CHECK(has(text.text(),
            "let this game go on under secrets version 2 (checked the new rule by "
            "hand): event " +
                std::to_string(first)));
  CHECK(has(t.north->all_serialized().back(), "checked the new rule by hand"));
  REQUIRE(t.w.command(t.south, "add 1", "s2").has_command_result());
  // A second resume has nothing to decide.
  t.w.lobby->resume_drift(t.id, "again",
                          [&](engine::Status st, std::string) { decided = std::move(st); });
  t.w.settle();
  CHECK_FALSE(decided.ok());

  // Started again, the game verifies under version 2: the hashes before the note are let go.
  t.restart(up.registry);
  CHECK(t.w.lobby->recover().empty());
  CHECK(record::recheck(t.w.store, up.registry, t.game()).outcome == record::Recheck::Outcome::kOk);
  // The chain is still checked before the note: a changed link there is caught.
  t.w.store.raw_events(t.id)[first - 1].chain[0] ^= 1;
  const record::Recheck tampered = record::recheck(t.w.store, up.registry, t.game());
  REQUIRE(tampered.outcome == record::Recheck::Outcome::kDrift);
  CHECK(tampered.seq == first);
  CHECK(has(tampered.why, "chain hash mismatch"));
}

TEST_CASE("an ended game flagged through the lobby is held, and a stale flag is cleared on start",
          "[room][resim]") {
  Table t;
  REQUIRE(t.w.command(t.south, "reveal", "s2").has_command_result());
  // The room is still in memory: the flag goes through it (and waits for its strand, which this
  // thread runs meanwhile).
  auto recorded = std::async(std::launch::async, [&] {
    return t.w.lobby->record_drift(t.id, "event 4 folds differently (a test)");
  });
  while (recorded.wait_for(std::chrono::milliseconds(1)) != std::future_status::ready) {
    t.w.settle();
  }
  REQUIRE(recorded.get().ok());
  CHECK(t.game().drift == "event 4 folds differently (a test)");
  CHECK(t.north->binding()->room->info().to_act() ==
        record::drift_to_act("event 4 folds differently (a test)"));
  // An ended game is never resumed: its archive stays as it was stored.
  std::optional<engine::Status> resumed;
  t.w.lobby->resume_drift(t.id, "checked", [&](engine::Status st, std::string) { resumed = st; });
  t.w.settle();
  REQUIRE(resumed.has_value());
  REQUIRE_FALSE(resumed->ok());
  CHECK(has(resumed->error().message, "is finished: its archive stays as it was stored"));
  CHECK(t.game().drift == "event 4 folds differently (a test)");
  // A game whose stored flag no longer holds (the rules went back) is cleared when loaded.
  record::GameRecord g = t.game();
  g.status = record::GameStatus::kRunning;
  record::WriteBatch b;
  b.game = g;
  t.w.store.append(std::move(b), [](engine::Status) {});
  t.restart(t.w.registry);
  CHECK(t.w.lobby->recover().empty());
  t.w.settle();
  CHECK(t.game().drift.empty());
}
