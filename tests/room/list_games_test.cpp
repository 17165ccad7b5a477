// The list of games (ListGames): the rule-set version each game was played under, a drift line,
// when it was imported, and the link of a fork to its source with the source's seed once that
// has ended.
#include <catch2/catch.hpp>

#include "record/hashes.h"
#include "room/room.h"
#include "world.h"

using namespace grognard;
using grognard::testing::FakePeer;
using grognard::testing::World;

namespace {

void store(World& w, const record::GameRecord& g) {
  record::WriteBatch b;
  b.game = g;
  bool stored = false;
  w.store.append(b, [&](engine::Status st) { stored = st.ok(); });
  REQUIRE(stored);
}

const v1::GameSummary* find(const v1::ServerMessage& m, const std::string& id) {
  for (const auto& g : m.games().games()) {
    if (g.game_id() == id) return &g;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("the list of games shows each game's rule-set version, drift, import and fork source",
          "[room][archive][list]") {
  World w;
  const std::string invite = w.create();
  auto north = std::make_shared<FakePeer>("north");
  auto south = std::make_shared<FakePeer>("south");
  REQUIRE(w.join(north, invite, "player").has_seated());
  REQUIRE(w.join(south, invite, "player").has_seated());
  const std::string source_id = north->binding()->room->id();
  REQUIRE(w.command(north, "add 1", "c1").has_command_result());
  const record::GameRecord running = **w.store.game(source_id);

  record::GameRecord fork = running;
  fork.id = "g-fork";
  fork.invite_code = "FORK01";
  fork.source_game = source_id;
  fork.source_seq = 3;
  fork.dice_from = 2;
  fork.drift = "event 4: the current rules fold it differently";
  fork.imported_ms = 1234;
  store(w, fork);

  v1::ClientMessage list;
  list.mutable_list_games();
  const auto before = w.ask(north, list);
  REQUIRE(before.has_games());
  const v1::GameSummary* source = find(before, source_id);
  const v1::GameSummary* forked = find(before, "g-fork");
  REQUIRE(source != nullptr);
  REQUIRE(forked != nullptr);
  CHECK(source->ruleset_version() == 1);
  CHECK_FALSE(source->has_forked_from());
  CHECK(source->drift().empty());
  CHECK(source->imported_ms() == 0);
  CHECK(forked->drift() == fork.drift);
  CHECK(forked->imported_ms() == 1234);
  REQUIRE(forked->has_forked_from());
  CHECK(forked->forked_from().game_id() == source_id);
  CHECK(forked->forked_from().seq() == 3);
  CHECK(forked->forked_from().dice_from() == 2);
  CHECK(forked->forked_from().seed_sha256() == record::hex(running.seed_sha256));
  CHECK(forked->forked_from().seed().empty());  // the source still runs: its seed is secret

  REQUIRE(w.command(south, "reveal", "c2").has_command_result());
  const auto after = w.ask(north, list);
  REQUIRE(find(after, "g-fork") != nullptr);
  CHECK(find(after, "g-fork")->forked_from().seed() ==
        engine::to_hex(running.seed.data(), running.seed.size()));
}
