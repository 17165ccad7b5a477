// The Python snippet of docs/archives.md beside the server's check on what the real server's
// e2e game does not show: games of every rule set, whose hidden events have digests keyed with
// the seed; forks, whose first throws come from the source game's seed (public once it has
// ended, unchecked while it runs); and a game of chain version 1, whose links cover the payload.
#include <catch2/catch.hpp>

#include <random>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "../room/archive_play.h"
#include "doc_blocks.h"
#include "engine/canonical.h"
#include "grognard/v1/sharpe.pb.h"
#include "record/seal.h"
#include "snippet.h"

namespace grognard::docs_test {
namespace {

using testing::FakePeer;
using testing::ForkWorld;
using testing::play_and_close;

using Prefer = std::function<bool(const google::protobuf::Any&)>;

bool first_listed(const google::protobuf::Any&) {
  return false;
}

bool ends_activation(const google::protobuf::Any& any) {
  v1::sharpe::Command c;
  return c.ParseFromString(any.value()) && c.has_end_activation();
}

// The rules events whose digest is keyed with the seed (read whole by some seats only).
std::vector<std::uint64_t> keyed(const v1::GameArchive& a) {
  const std::string key = from_hex(a.header().seed());
  std::vector<std::uint64_t> out;
  for (const v1::ArchivedEvent& e : a.events()) {
    if (e.kind() == 0 && e.digest() == engine::hmac_sha256(key, e.payload()).hex()) {
      out.push_back(e.seq());
    }
  }
  return out;
}

// Closes `game` as its operator would, unless it has ended, and exports it.
v1::GameArchive close_and_export(ForkWorld& f, const std::string& game) {
  if (f.record(game).status == record::GameStatus::kRunning) {
    bool closed = false;
    f.w.lobby->close_room(game, "the test is over", [&](engine::Status st) {
      REQUIRE(st.ok());
      closed = true;
    });
    f.w.settle();
    REQUIRE(closed);
  }
  auto archive = record::export_archive(f.w.store, f.w.registry, game, 5'000'000);
  INFO((archive.ok() ? std::string() : archive.error().message));
  REQUIRE(archive.ok());
  return std::move(*archive);
}

// A fork of `source` at the latest event from `at` down that ends a command (0: its last),
// seated and played for `steps` commands; its game id.
std::string fork_and_play(ForkWorld& f, const std::shared_ptr<FakePeer>& by,
                          const std::string& source, std::uint64_t at, int steps,
                          const Prefer& prefer) {
  v1::ServerMessage answer = f.fork(by, source, at);
  while (!answer.has_room() && at > 1) answer = f.fork(by, source, --at);
  INFO(answer.ShortDebugString());
  REQUIRE(answer.has_room());
  auto peers = f.seat_all(answer.room());
  for (int i = 0; i < steps; ++i) {
    if (f.rules(answer.room().game_id()).to_act(*f.state(answer.room().game_id())).game_over) {
      break;
    }
    f.step(answer.room().game_id(), peers, prefer);
  }
  return answer.room().game_id();
}

// The same, closed and exported.
v1::GameArchive fork_played(ForkWorld& f, const std::shared_ptr<FakePeer>& by,
                            const std::string& source, std::uint64_t at, int steps,
                            const Prefer& prefer) {
  return close_and_export(f, fork_and_play(f, by, source, at, steps, prefer));
}

}  // namespace

TEST_CASE("the docs' Python snippet verifies a game of each rule set, keyed digests included",
          "[docs][archive]") {
  for (const auto& [ruleset, scenario] : std::vector<std::pair<std::string, std::string>>{
           {"itchy", "colonial_battle"}, {"sharpe", "village"}, {"rcw", "intro"}}) {
    DYNAMIC_SECTION(ruleset) {
      ForkWorld f;
      const v1::GameArchive a = play_and_close(f, ruleset, scenario, 30, 7).archive;
      expect_verified(a);
      // Itchy & Scratchy hides no rules event; the others do, and key their digests.
      const auto hidden = keyed(a);
      if (ruleset == "itchy") {
        CHECK(hidden.empty());
      } else {
        REQUIRE_FALSE(hidden.empty());
        v1::GameArchive tampered = a;
        const std::uint64_t k = hidden[hidden.size() / 2];
        std::string& payload = *event(tampered, k).mutable_payload();
        payload.back() = static_cast<char>(payload.back() ^ 0x01);
        expect_refused_at(tampered, k, "a byte of hidden event " + std::to_string(k));
      }
    }
  }
}

TEST_CASE(
    "from chain version 3 a game that can hide anything keys every digest, and one of version 2 "
    "still verifies",
    "[docs][archive][R20]") {
  for (const auto& [ruleset, scenario] :
       std::vector<std::pair<std::string, std::string>>{{"sharpe", "village"}, {"rcw", "intro"}}) {
    DYNAMIC_SECTION(ruleset) {
      ForkWorld f;
      const testing::PlayedGame g = play_and_close(f, ruleset, scenario, 30, 7);
      const v1::GameArchive& a = g.archive;
      REQUIRE(a.header().chain_version() == 3);
      int rules_events = 0;
      for (const v1::ArchivedEvent& e : a.events()) rules_events += e.kind() == 0 ? 1 : 0;
      CHECK(keyed(a).size() == static_cast<std::size_t>(rules_events));
      // The same game as a server before chain version 3 sealed it: plain digests for what
      // every seat reads whole. Such a file still verifies.
      std::vector<record::EventRecord> log = f.w.store.raw_events(g.id);
      const record::GameRecord record = f.record(g.id);
      const engine::Ruleset& rs = *f.w.registry.ruleset(ruleset);
      const auto initial = rs.load_scenario(record.scenario_text);
      REQUIRE(initial.ok());
      REQUIRE(record::seal_log(rs, record.seed, **initial, log, 2).ok());
      v1::GameArchive v2 = a;
      v2.mutable_header()->set_chain_version(2);
      record::Hash32 chain{};
      std::uint64_t first_plain = 0;
      for (const record::EventRecord& r : log) {
        chain = record::chain_hash(chain, r, 2);
        v1::ArchivedEvent& e = event(v2, r.seq);
        if (!e.withheld()) e.set_digest(record::hex(r.digest));
        e.set_chain(record::hex(chain));
        if (e.has_readable()) {
          e.mutable_readable()->set_digest(e.digest());
          e.mutable_readable()->set_chain(e.chain());
          e.mutable_readable()->set_chain_version(2);
        }
        if (first_plain == 0 && e.digest() == engine::sha256(e.payload()).hex()) {
          first_plain = r.seq;
        }
      }
      expect_verified(v2);
      REQUIRE(first_plain > 0);
      // A file that says version 3 but carries a plain digest is refused there.
      v1::GameArchive mixed = v2;
      mixed.mutable_header()->set_chain_version(3);
      for (v1::ArchivedEvent& e : *mixed.mutable_events()) {
        if (e.has_readable()) e.mutable_readable()->set_chain_version(3);
      }
      expect_refused_at(mixed, first_plain,
                        "a plain digest at event " + std::to_string(first_plain) + " of version 3");
    }
  }
}

TEST_CASE("the docs' Python snippet checks a fork's throws with the seed that threw each",
          "[docs][archive][fork]") {
  ForkWorld f;
  const testing::PlayedGame source = play_and_close(f, "itchy", "colonial_battle", 30, 3);
  const v1::GameArchive fork =
      fork_played(f, std::make_shared<FakePeer>("anyone"), source.id,
                  static_cast<std::uint64_t>(source.archive.events_size()) / 2, 30, first_listed);
  const v1::ForkSource& from = fork.header().forked_from();
  REQUIRE(from.game_id() == source.id);
  REQUIRE(from.seed() == source.archive.header().seed());  // the source has ended
  REQUIRE(from.dice_from() > 0);
  REQUIRE(fork.header().dice_next() > from.dice_from());  // the fork threw dice of its own
  expect_verified(fork);

  {
    v1::GameArchive a = fork;
    const std::uint64_t k = bump_itchy_die(a, 1);
    REQUIRE(k <= from.seq());  // a throw of the source's, copied
    expect_refused_at(a, k, "a die the source game threw, at event " + std::to_string(k));
  }
  {
    v1::GameArchive a = fork;
    const std::uint64_t k = bump_itchy_die(a, from.seq() + 1);
    expect_refused_at(a, k, "a die the fork threw, at event " + std::to_string(k));
  }
  {
    v1::GameArchive a = fork;
    a.mutable_header()->mutable_forked_from()->set_seed(fork.header().seed());
    expect_refused_at(a, 0, "the source's seed");
  }
  {
    v1::GameArchive a = fork;  // every throw from the fork's own seed, were it believed
    a.mutable_header()->mutable_forked_from()->set_dice_from(0);
    expect_refused_at(a, from.seq() + 1, "a fork link its note does not hold");
  }
}

TEST_CASE("a fork of a fork checks each throw with the seed of the game that threw it",
          "[docs][archive][fork]") {
  ForkWorld f;
  const auto anyone = std::make_shared<FakePeer>("anyone");
  std::mt19937 rng(17);
  const Prefer some = [&](const google::protobuf::Any&) { return rng() % 3 == 0; };
  const testing::PlayedGame first = play_and_close(f, "itchy", "colonial_battle", 20, 5);
  const v1::GameArchive second = fork_played(
      f, anyone, first.id, static_cast<std::uint64_t>(first.archive.events_size()) / 2, 40, some);
  const std::string second_id = second.header().game_id();
  const v1::GameArchive third =
      fork_played(f, anyone, second_id, static_cast<std::uint64_t>(second.events_size()), 20, some);
  const v1::ForkSource& from = third.header().forked_from();
  REQUIRE(from.game_id() == second_id);
  REQUIRE(from.source().game_id() == first.id);
  REQUIRE(from.source().seed() == first.archive.header().seed());
  REQUIRE(from.source().dice_from() < from.dice_from());
  REQUIRE(from.seq() > second.header().forked_from().seq());  // past the first fork's note
  expect_verified(third);
  // A die the first game threw, copied twice, is checked with the first game's seed.
  v1::GameArchive a = third;
  const std::uint64_t k = bump_itchy_die(a, 1);
  REQUIRE(k <= from.source().seq());
  expect_refused_at(a, k, "a die the first game threw, at event " + std::to_string(k));
}

TEST_CASE(
    "the docs' Python snippet leaves throws unchecked when a source's seed is not given, as "
    "the server does",
    "[docs][archive][fork]") {
  ForkWorld f;
  const v1::RoomInfo room = f.create("sharpe", "village");
  auto peers = f.seat_all(room);
  for (int i = 0; i < 8; ++i) f.step(room.game_id(), peers, ends_activation);
  // The referee forks his running game; the fork is shown whole once both have ended.
  const std::string id =
      fork_and_play(f, peers.at("referee"), room.game_id(), 0, 6, ends_activation);
  close_and_export(f, room.game_id());
  v1::GameArchive fork = close_and_export(f, id);
  REQUIRE_FALSE(fork.header().forked_from().seed().empty());
  fork.mutable_header()->mutable_forked_from()->clear_seed();  // as if it were still secret
  const record::Verdict server = server_verdict(fork);
  REQUIRE(server.ok);
  REQUIRE_FALSE(server.unchecked.empty());
  expect_verified(fork);
}

TEST_CASE("the docs' Python snippet checks a game of chain version 1", "[docs][archive]") {
  ForkWorld f;
  const testing::PlayedGame g = play_and_close(f, "itchy", "colonial_battle", 30, 5);
  // The same game as a server before schema version 3 would have chained it: each link over the
  // payload itself.
  v1::GameArchive a = g.archive;
  a.mutable_header()->set_chain_version(1);
  record::Hash32 chain{};
  for (const record::EventRecord& r : f.w.store.raw_events(g.id)) {
    chain = record::chain_hash(chain, r, 1);
    v1::ArchivedEvent& e = event(a, r.seq);
    e.set_chain(record::hex(chain));
    if (e.has_readable()) {
      e.mutable_readable()->set_chain(record::hex(chain));
      e.mutable_readable()->set_chain_version(1);
    }
  }
  expect_verified(a);

  v1::GameArchive tampered = a;
  const std::uint64_t k = static_cast<std::uint64_t>(a.events_size()) / 2;
  std::string hash = event(tampered, k).state_hash();
  hash[5] = hash[5] == 'a' ? 'b' : 'a';
  event(tampered, k).set_state_hash(hash);
  event(tampered, k).mutable_readable()->set_state_hash(hash);
  expect_refused_at(tampered, k, "the state hash of event " + std::to_string(k));
}

}  // namespace grognard::docs_test
