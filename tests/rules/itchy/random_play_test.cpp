// Random play: whole games of random legal commands with random dice. Every command legal()
// offers must be accepted by decide(), the invariants must hold after every event, every game
// must end, and folding the recorded events must give the live game's state hash.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "random_play.h"

using namespace grognard;
using namespace grognard::itchy;

namespace {

// I11 and the state's own invariants after every event.
void check_invariants(const State& s) {
  std::map<GridPos, std::vector<const Unit*>> areas;
  for (const Unit& u : s.units) {
    INFO("unit " << u.id.get());
    REQUIRE(u.sp >= 0);
    REQUIRE(u.sp <= u.start_sp);
    REQUIRE(u.removed == (u.sp == 0));
    if (u.removed) continue;
    REQUIRE(s.size.contains(u.pos));
    areas[u.pos].push_back(&u);
  }
  for (const auto& [pos, here] : areas) {
    INFO("area " << engine::to_string(pos));
    int units = 0, transports = 0;
    for (const Unit* u : here) {
      REQUIRE(u->side == here.front()->side);  // I11: never with the enemy
      if (!is_general(u->type)) ++units;
      if (u->type == UnitType::kHorseDrawnTransport) ++transports;
    }
    REQUIRE(units <= 2);
    if (units == 2) REQUIRE(transports >= 1);
  }
  for (int side = 0; side < 2; ++side) {
    int lost = 0;
    for (const Unit& u : s.units) {
      if (u.side == side) lost += u.start_sp - u.sp;
    }
    REQUIRE(s.sides[static_cast<std::size_t>(side)].losses == lost);
  }
}

// I8: an event that opens an activation must be for a unit not yet activated this turn.
void check_activation(const State& before, const Event& ev) {
  const UnitId* id = nullptr;
  if (const auto* m = std::get_if<UnitMoved>(&ev)) id = &m->unit;
  if (const auto* a = std::get_if<AttackResolved>(&ev)) id = &a->unit;
  if (id == nullptr) return;
  const auto idx = before.index_of(*id);
  REQUIRE(idx.has_value());
  if (before.active != idx) {
    INFO("unit " << id->get() << " activated twice in turn " << before.turn);
    REQUIRE_FALSE(before.units[*idx].activated);
  }
}

}  // namespace

TEST_CASE("random play: legal commands are accepted, invariants hold, games end, folds agree",
          "[itchy.random][I8][I11][I14][I16]") {
  const auto scenarios = testing::random_play_scenarios();
  const int games = testing::random_play_games();
  int total_events = 0, decisive = 0, destroyed = 0;
  for (int g = 0; g < games; ++g) {
    const Scenario& sc = scenarios[static_cast<std::size_t>(g) % scenarios.size()];
    const auto policy = g % 2 == 0 ? testing::Policy::kUniform : testing::Policy::kAggressive;
    testing::Game game = testing::play_random_game(sc, static_cast<std::uint64_t>(g),
                                                   check_invariants, check_activation, policy);
    INFO("game " << g << " on " << sc.name);
    REQUIRE(game.live.phase == Phase::kOver);
    auto folded = new_game(sc);
    REQUIRE(folded.ok());
    for (const Event& e : game.events) itchy::apply(*folded, e);
    REQUIRE(hash(*folded).hex() == hash(game.live).hex());
    total_events += static_cast<int>(game.events.size());
    if (game.live.winner) ++decisive;
    for (const Unit& u : game.live.units) destroyed += u.removed ? 1 : 0;
  }
  CHECK(total_events > games * 10);
  CHECK(decisive > games / 4);
  CHECK(destroyed > games);
}
