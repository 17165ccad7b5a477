// The Python snippet of docs/archives.md on a game played on the real server and exported over
// the protocol: it verifies the file as exported, and refuses every kind of tampering at the
// event the server's own check (record::verify_archive) names.
#include <catch2/catch.hpp>

#include <string>
#include <utility>

#include "../e2e/game.h"
#include "snippet.h"

namespace grognard::docs_test {
namespace {

using namespace grognard::e2e;

constexpr int kMaxSteps = 600;

// Intro played to its end by two generals, with a word to the room and one to a single seat;
// its archive file as the server exports it.
v1::GameArchive play_and_export() {
  ServerProcess server(kPlayFlags);
  Game g = start_game(server);
  const std::uint64_t seen = g.players[0].last_seq;
  REQUIRE(g.players[0].client.chat("Good luck, gentlemen").ok());
  REQUIRE(g.players[1].client.chat("Keep your heads down", "side:0").ok());
  sync_all(g, seen + 2);
  for (int steps = 0; !finished(g) && steps < kMaxSteps; ++steps) step(g);
  REQUIRE(finished(g));

  v1::ClientMessage m;
  m.mutable_export_game()->set_game_id(g.game_id);
  auto answer = g.players[1].client.request(m);
  INFO((answer.ok() ? answer->ShortDebugString().substr(0, 300)
                    : client::describe(answer.failure())));
  REQUIRE(answer.ok());
  REQUIRE(answer->has_archive());
  return answer->archive();
}

const v1::GameArchive& exported() {
  static const v1::GameArchive archive = play_and_export();
  return archive;
}

}  // namespace

TEST_CASE("the docs' Python snippet verifies a game exported from the real server",
          "[docs][archive][e2e]") {
  const v1::GameArchive& a = exported();
  const std::uint64_t n = static_cast<std::uint64_t>(a.events_size());
  REQUIRE(n > 20);
  REQUIRE(a.header().status() == "finished");

  // The chat to one seat is in the file without its words, its digest kept for the chain.
  int withheld = 0;
  for (const v1::ArchivedEvent& e : a.events()) {
    if (!e.withheld()) continue;
    ++withheld;
    CHECK(e.payload().empty());
    CHECK_FALSE(e.has_readable());
    CHECK(e.digest().size() == 64);
  }
  CHECK(withheld == 1);

  expect_verified(a);
  // Every throw the game made is in the file, and re-derived from its seed.
  CHECK(server_verdict(a).dice == a.header().dice_next());
}

TEST_CASE("the docs' Python snippet refuses a tampered file at the server's event",
          "[docs][archive][e2e]") {
  const v1::GameArchive& original = exported();
  const std::uint64_t n = static_cast<std::uint64_t>(original.events_size());
  const std::uint64_t mid = n / 2;

  {
    v1::GameArchive a = original;
    const std::uint64_t k = bump_itchy_die(a, mid);
    expect_refused_at(a, k, "a die's face in the readable form of event " + std::to_string(k));
  }
  {
    v1::GameArchive a = original;
    const std::uint64_t k = mid + 1;
    std::string& payload = *event(a, k).mutable_payload();
    REQUIRE_FALSE(payload.empty());
    payload[payload.size() / 2] = static_cast<char>(payload[payload.size() / 2] ^ 0x01);
    expect_refused_at(a, k, "a byte of the payload of event " + std::to_string(k));
  }
  {
    v1::GameArchive a = original;
    a.mutable_events()->DeleteSubrange(static_cast<int>(mid - 1), 1);
    expect_refused_at(a, mid, "event " + std::to_string(mid) + " dropped");
  }
  {
    v1::GameArchive a = original;
    a.mutable_events()->RemoveLast();
    expect_refused_at(a, n, "the last event dropped");
  }
  {
    v1::GameArchive a = original;
    a.mutable_events()->SwapElements(static_cast<int>(mid - 1), static_cast<int>(mid));
    expect_refused_at(
        a, mid, "events " + std::to_string(mid) + " and " + std::to_string(mid + 1) + " swapped");
  }
  {
    v1::GameArchive a = original;
    std::string seed = a.header().seed();
    seed[10] = seed[10] == '0' ? '1' : '0';
    a.mutable_header()->set_seed(seed);
    expect_refused_at(a, 0, "the seed");
  }
  {
    v1::GameArchive a = original;
    std::string hash = event(a, mid).state_hash();
    hash[0] = hash[0] == '0' ? '1' : '0';
    event(a, mid).set_state_hash(hash);
    event(a, mid).mutable_readable()->set_state_hash(hash);
    expect_refused_at(a, mid, "the state hash of event " + std::to_string(mid));
  }
}

}  // namespace grognard::docs_test
