#include "random_play.h"

#include "../../support/random_choice.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "../../support/source_file.h"
#include "rules/itchy/wire/scenario_pb.h"

namespace grognard::itchy::testing {

namespace {

using test_support::Chooser;

engine::Seed seed_for(std::uint64_t game) {
  return test_support::seed_for(game, 0x17);
}

// Attacks are rarer than moves in legal(); favour them so that games see combat.
const Command& pick(const std::vector<Command>& cmds, Chooser& ch) {
  std::vector<std::size_t> attacks;
  for (std::size_t i = 0; i < cmds.size(); ++i) {
    if (std::holds_alternative<Attack>(cmds[i])) attacks.push_back(i);
  }
  if (!attacks.empty() && ch.below(2) == 0) return cmds[attacks[ch.below(attacks.size())]];
  return cmds[ch.below(cmds.size())];
}

GridPos end_of(const State& s, const Move& m) {
  GridPos p = s.find(m.unit)->pos;
  for (Facing f : m.steps) p = engine::step(p, f);
  return p;
}

int nearest_enemy(const State& s, GridPos p, int side) {
  int best = 1 << 20;
  for (const Unit& u : s.units) {
    if (!u.removed && u.side != side) best = std::min(best, engine::grid_distance(u.pos, p));
  }
  return best;
}

const Command& pick_aggressive(const State& s, int side, const std::vector<Command>& cmds,
                               Chooser& ch) {
  std::vector<std::size_t> attacks, moves;
  for (std::size_t i = 0; i < cmds.size(); ++i) {
    if (std::holds_alternative<Attack>(cmds[i])) attacks.push_back(i);
    if (std::holds_alternative<Move>(cmds[i])) moves.push_back(i);
  }
  if (!attacks.empty()) return cmds[attacks[ch.below(attacks.size())]];
  if (moves.empty() || ch.below(20) == 0) return cmds.back();  // EndSideTurn is last
  const UnitId unit = std::get<Move>(cmds[moves[ch.below(moves.size())]]).unit;
  std::vector<std::size_t> best;
  int best_d = 1 << 20;
  for (std::size_t i : moves) {
    const Move& m = std::get<Move>(cmds[i]);
    if (m.unit != unit) continue;
    const int d = nearest_enemy(s, end_of(s, m), side);
    if (d < best_d) best.clear(), best_d = d;
    if (d == best_d) best.push_back(i);
  }
  return cmds[best[ch.below(best.size())]];
}

ScenarioUnit unit(const char* id, UnitType t, Weapon w, int x, int y, Facing f) {
  return ScenarioUnit{UnitId{id}, id, t, w, 0, GridPos{x, y}, f, false};
}

}  // namespace

Game play_random_game(const Scenario& sc, std::uint64_t game_seed,
                      const std::function<void(const State&)>& after_event,
                      const std::function<void(const State&, const Event&)>& before_event,
                      Policy policy) {
  auto start = new_game(sc);
  REQUIRE(start.ok());
  Game game{std::move(*start), {}, {}, 0};
  engine::SeededDice dice(seed_for(game_seed));
  Chooser chooser{game_seed * 7919 + 1};
  auto record = [&](int side, std::optional<Command> cmd, const std::vector<Event>& events) {
    game.steps.push_back(Step{side, std::move(cmd), game.events.size(), events.size()});
    for (const Event& e : events) {
      before_event(game.live, e);
      itchy::apply(game.live, e);
      game.events.push_back(e);
      after_event(game.live);
    }
  };
  auto begun = begin(game.live, dice);
  REQUIRE(begun.ok());
  record(-1, std::nullopt, *begun);
  const int max_commands = 100000;
  while (game.live.phase != Phase::kOver && game.commands < max_commands) {
    const auto side = side_to_act(game.live);
    REQUIRE(side.has_value());
    const auto cmds = legal(game.live, *side);
    REQUIRE_FALSE(cmds.empty());
    // Every command legal() offers must be accepted by decide(): checked for all of them on
    // every step of the first games, and on every 16th step after that (cost).
    if (game_seed < 16 || game.commands % 16 == 0) {
      for (const Command& c : cmds) {
        engine::SeededDice probe(seed_for(game_seed + 1'000'000), dice.next());
        auto r = decide(game.live, *side, c, probe);
        if (!r.ok()) {
          FAIL("legal() offered a command decide() rejects: " << r.error().clause << ": "
                                                              << r.error().message);
        }
      }
    }
    const Command& cmd = policy == Policy::kAggressive
                             ? pick_aggressive(game.live, *side, cmds, chooser)
                             : pick(cmds, chooser);
    auto result = decide(game.live, *side, cmd, dice);
    if (!result.ok())
      FAIL("legal() offered a command decide() rejects: " << result.error().clause << ": "
                                                          << result.error().message);
    ++game.commands;
    record(*side, cmd, *result);
  }
  return game;
}

std::vector<Scenario> random_play_scenarios() {
  Scenario sc;
  sc.name = "random skirmish";
  sc.size = {10, 8};
  sc.turn_limit = 8;
  sc.victory = {"Hold the kraal", {{"kraal", {5, 4}, 3}}, {}};  // I19: no conditions stated
  for (int y = 1; y <= 2; ++y) sc.terrain.push_back({{4, y}, Terrain::kWoods});
  sc.terrain.push_back({{5, 4}, Terrain::kBuiltUp});
  sc.terrain.push_back({{6, 4}, Terrain::kBuiltUp});
  sc.terrain.push_back({{2, 6}, Terrain::kFortification});
  sc.sides[0].name = "British";
  sc.sides[0].units = {
      unit("B1", UnitType::kInfantry, Weapon::kRifles, 2, 6, Facing::kNorth),
      unit("B2", UnitType::kInfantry, Weapon::kRifles, 3, 6, Facing::kNorth),
      unit("B3", UnitType::kMachineGun, Weapon::kMachineGun, 4, 6, Facing::kNorth),
      unit("B4", UnitType::kArtillery, Weapon::kRifledFieldArtillery, 5, 7, Facing::kNorth),
      unit("B5", UnitType::kMountedCavalry, Weapon::kRifles, 7, 6, Facing::kNorth),
      unit("B6", UnitType::kHorseDrawnTransport, Weapon::kNone, 3, 6, Facing::kNorth),
      unit("BG", UnitType::kGeneral, Weapon::kNone, 2, 6, Facing::kNorth),
  };
  sc.sides[1].name = "Zulu";
  sc.sides[1].units = {
      unit("Z1", UnitType::kInfantry, Weapon::kHandHeld, 2, 1, Facing::kSouth),
      unit("Z2", UnitType::kInfantry, Weapon::kHandHeld, 4, 1, Facing::kSouth),
      unit("Z3", UnitType::kInfantry, Weapon::kHandHeld, 6, 1, Facing::kSouth),
      unit("Z4", UnitType::kInfantry, Weapon::kMuskets, 8, 1, Facing::kSouth),
      unit("Z5", UnitType::kDismountedCavalry, Weapon::kRifles, 7, 0, Facing::kSouth),
      unit("ZG", UnitType::kGeneral, Weapon::kNone, 4, 1, Facing::kSouth),
  };
  for (ScenarioUnit& u : sc.sides[1].units) u.native = true;  // hand-held weapons (I24)
  std::vector<Scenario> out{sc};
  for (const char* name : {"intro", "colonial_battle"}) {
    auto parsed = wire::parse_scenario(
        grognard::test_support::source_file(std::string("scenarios/itchy/") + name + ".textproto"));
    REQUIRE(parsed.ok());
    out.push_back(std::move(*parsed));
  }
  return out;
}

int random_play_games() {
  if (const char* n = std::getenv("GROGNARD_RANDOM_GAMES")) return std::max(1, std::atoi(n));
  return 1000;
}

}  // namespace grognard::itchy::testing
