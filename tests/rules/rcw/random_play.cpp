#include "random_play.h"

#include "../../support/random_choice.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <sstream>

#include "../../support/source_file.h"
#include "engine/result.h"
#include "fixture.h"
#include "rules/rcw/wire/scenario_pb.h"

namespace grognard::rcw::testing {

namespace {

using test_support::Chooser;

engine::Seed seed_for(std::uint64_t game) {
  return test_support::seed_for(game, 0x3c);
}

// The distance from `p` to the nearest live enemy of `side` (hidden ones too: the player cheats,
// so that games close in and fight).
double nearest_enemy(const State& s, int side, Point p) {
  double best = std::numeric_limits<double>::max();
  for (const Unit& u : s.units) {
    if (u.side == side || !u.on_table()) continue;
    if (u.type == UnitType::kTrain) {
      for (const Car& c : u.cars) {
        if (!c.destroyed) best = std::min(best, engine::distance(c.pos, p).get());
      }
    } else {
      best = std::min(best, engine::distance(u.pos, p).get());
    }
  }
  return best;
}

// A general's pick: shots and assaults when offered, moves towards the enemy half of the time,
// an early end of the side turn now and then.
const Command& pick(const State& s, int side, const std::vector<Command>& cmds, Chooser& ch) {
  std::vector<std::size_t> attacks, moves, activations, rest;
  std::optional<std::size_t> end_turn, skip;
  for (std::size_t i = 0; i < cmds.size(); ++i) {
    const Command& c = cmds[i];
    if (std::holds_alternative<ShootOrder>(c) || std::holds_alternative<AssaultOrder>(c)) {
      attacks.push_back(i);
    } else if (std::holds_alternative<MoveOrder>(c)) {
      moves.push_back(i);
    } else if (std::holds_alternative<Activate>(c)) {
      activations.push_back(i);
    } else if (std::holds_alternative<EndTurn>(c)) {
      end_turn = i;
    } else if (std::holds_alternative<SkipAction>(c)) {
      skip = i;
    } else {
      rest.push_back(i);
    }
  }
  if (!attacks.empty() && ch.below(8) != 0) return cmds[attacks[ch.below(attacks.size())]];
  if (!moves.empty() && ch.below(16) != 0) {
    if (ch.below(2) == 0) return cmds[moves[ch.below(moves.size())]];
    std::size_t best = moves.front();
    double best_d = std::numeric_limits<double>::max();
    for (std::size_t i : moves) {
      const MoveOrder& m = std::get<MoveOrder>(cmds[i]);
      if (m.waypoints.empty()) continue;
      const double d = nearest_enemy(s, side, m.waypoints.back());
      if (d < best_d) best = i, best_d = d;
    }
    return cmds[best];
  }
  if (!activations.empty() && ch.below(40) != 0) {
    return cmds[activations[ch.below(activations.size())]];
  }
  if (skip) return cmds[*skip];
  if (end_turn) return cmds[*end_turn];
  if (!rest.empty()) return cmds[rest[ch.below(rest.size())]];
  return cmds[ch.below(cmds.size())];
}

}  // namespace

std::string describe(const Command& c) {
  return std::visit(
      [&c](const auto& x) -> std::string {
        std::ostringstream out;
        out << "command #" << c.index();
        if constexpr (requires { x.unit; }) out << " unit " << x.unit.get();
        if constexpr (requires { x.first; }) {
          out << " " << to_string(x.first) << "+" << to_string(x.second);
        }
        if constexpr (requires { x.pos; }) out << " at " << x.pos;
        if constexpr (requires { x.waypoints; }) {
          for (const Point& p : x.waypoints) out << " to " << p;
          out << " facing " << x.facing;
          if (x.rail_at) out << " rail_at " << *x.rail_at;
        }
        if constexpr (requires { x.target; }) out << " target " << x.target.get();
        if constexpr (requires { x.observer; }) {
          if (x.observer) out << " observer " << x.observer->get();
        }
        if constexpr (requires { x.cars; }) {
          for (const CarShot& cs : x.cars)
            out << " car " << cs.car.get() << "->" << cs.target.get();
        }
        return out.str();
      },
      c);
}

Game play_random_game(const Scenario& sc, std::uint64_t game_seed, const Limits& limits,
                      const Hooks& hooks) {
  auto start = new_game(sc);
  REQUIRE(start.ok());
  Game game{std::move(*start), {}, {}, 0};
  engine::SeededDice dice(seed_for(game_seed));
  Chooser chooser{game_seed * 7919 + 3};
  auto record = [&](const std::string& seat, std::optional<Command> cmd,
                    const std::vector<Event>& events) {
    game.steps.push_back(Step{seat, std::move(cmd), game.events.size(), events.size()});
    for (const Event& e : events) {
      if (hooks.before_event) hooks.before_event(game.live, e);
      const State before = game.live;
      rcw::apply(game.live, e);
      game.events.push_back(e);
      if (hooks.after_event) hooks.after_event(before, game.live, e);
    }
    if (hooks.after_command) hooks.after_command(game.live, game.steps.back(), events);
  };
  auto begun = begin(game.live, dice);
  REQUIRE(begun.ok());
  record({}, std::nullopt, *begun);
  while (game.live.phase != Phase::kOver && game.commands < limits.max_commands) {
    const auto seats = seats_to_act(game.live);
    INFO("seed " << game_seed << ", step " << game.commands);
    REQUIRE_FALSE(seats.empty());
    // Every command legal() offers must be accepted by decide(): all of them on every step of
    // the first games, on every 16th step after that (cost).
    const bool check_all = game_seed < 16 || game.commands % 16 == 0;
    std::vector<std::vector<Command>> offered;
    for (const std::string& seat : seats) {
      offered.push_back(legal(game.live, seat));
      if (!check_all) continue;
      for (const Command& c : offered.back()) {
        engine::SeededDice probe(seed_for(game_seed + 1'000'000), dice.next());
        auto r = decide(game.live, seat, c, probe);
        if (!r.ok()) {
          FAIL("seed " << game_seed << ", step " << game.commands << ": legal() offered "
                       << describe(c) << " to " << seat
                       << ", decide() rejects: " << engine::describe(r.error()));
        }
      }
    }
    const std::size_t k = chooser.below(seats.size());
    const std::string seat = seats[k];
    INFO("seat " << seat);
    REQUIRE_FALSE(offered[k].empty());
    const Command cmd = pick(game.live, *side_of_seat(seat), offered[k], chooser);
    if (hooks.before_command) hooks.before_command(game.live, seat, cmd);
    auto result = decide(game.live, seat, cmd, dice);
    if (!result.ok()) {
      FAIL("seed " << game_seed << ", step " << game.commands << ": decide() rejects "
                   << describe(cmd) << " from " << seat << ": "
                   << engine::describe(result.error()));
    }
    ++game.commands;
    record(seat, cmd, *result);
  }
  return game;
}

Scenario skirmish() {
  using rcw_test::car;
  using rcw_test::rect;
  // A 36x24 table; the Reds deploy in the south (y < 8), the Whites in the north (y > 16),
  // where their armoured train runs along the northern edge.
  rcw_test::ScenarioBuilder b;
  b.get().name = "random skirmish";
  b.table(36, 24).turns(5);
  b.woods(2, 1, 8, 6)           // the Reds' cover
      .woods(4, 17, 10, 21)     // the Whites' cover
      .village(26, 17, 32, 21)  // the Whites' strongpoint
      .village(15, 10, 19, 14)  // in the middle
      .swamp(8, 10, 13, 13)     // no wheels
      .rough(22, 9, 28, 13)     // cavalry pays double
      .hill(29, 4, 34, 8)       // blocks the line of fire
      .rail("northern line", {{0, 23}, {20, 22.5}, {36, 23}})
      .road("the track", {{18, 0}, {18, 24}})
      .zone(0, rect(0, 0, 36, 8), "south")
      .zone(1, rect(0, 16, 36, 22), "north")
      .objective("crossroads", {18, 12}, 3, 2);
  // Fixed units (R19): public from the start.
  b.unit("R-ART", 0, UnitType::kArtillery, {20, 3}, 0)
      .unit("R-TANK", 0, UnitType::kTank, {25, 6}, 0)
      .gun()
      .points(2)
      .unit("W-MG", 1, UnitType::kMg, {29, 19}, 180)
      .dug_in()
      .train("W-TRAIN", 1, "northern line", 22,
             {car("W-T1", CarArmament::kArtillery), car("W-T2", CarArmament::kArmouredCar)})
      .points(2);
  // Secretly deployed units.
  b.unplaced("R-HQ", 0, UnitType::kHq)
      .points(2)
      .unplaced("R-FAO", 0, UnitType::kFao)
      .unplaced("R-INF", 0, UnitType::kInfantry)
      .elite()
      .unplaced("R-INF2", 0, UnitType::kInfantry)
      .conscript()
      .unplaced("R-CAV", 0, UnitType::kCavalry)
      .unplaced("R-AC", 0, UnitType::kArmouredCar)
      .unplaced("R-WAG", 0, UnitType::kWagon)
      .unplaced("W-HQ", 1, UnitType::kHq)
      .points(2)
      .unplaced("W-MOR", 1, UnitType::kMortar)
      .unplaced("W-INF", 1, UnitType::kInfantry)
      .unplaced("W-INF2", 1, UnitType::kInfantry)
      .elite()
      .unplaced("W-CAV", 1, UnitType::kCavalry)
      .conscript()
      .unplaced("W-TANK", 1, UnitType::kTank);
  return b.get();
}

std::vector<PlayScenario> random_play_scenarios() {
  std::vector<PlayScenario> out;
  out.push_back(PlayScenario{skirmish(), {}});
  for (const char* path : {"scenarios/rcw/intro.textproto", "scenarios/rcw/railway.textproto"}) {
    std::string text = test_support::source_file(path);
    auto parsed = wire::parse_scenario(text);
    INFO(path);
    REQUIRE(parsed.ok());
    out.push_back(PlayScenario{std::move(*parsed), std::move(text)});
  }
  return out;
}

int random_play_games() {
  if (const char* n = std::getenv("GROGNARD_RANDOM_GAMES")) return std::max(1, std::atoi(n));
  return 1000;
}

}  // namespace grognard::rcw::testing
