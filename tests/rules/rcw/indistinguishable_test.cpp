// R20: a concealed unit is absent from everything the enemy and observers receive, and nothing
// they receive can be worked out from it. For states reached by random play, each concealed unit
// is put somewhere else it could stand (still concealed), or taken away altogether; the enemy's
// and an observer's views, the published hash, who is to act and the enemy's legal commands
// must not change, and neither must what they see of the events the game's next command
// produces, of every command the enemy may give there and its preview, or of the command throws
// and rallies of the visible units of a concealed HQ's side. The full hash must change (or this
// test could not fail).
#include <catch2/catch.hpp>

#include <string>

#include "../../support/random_choice.h"
#include "hidden_variants.h"
#include "indistinguishable.h"
#include "random_play.h"

using namespace grognard;
using namespace grognard::rcw;
using namespace grognard::rcw::testing;

namespace {

using test_support::Chooser;

// A few of the enemy's commands at `s`: some legal() offers, and the two it may always try.
std::vector<Command> enemy_commands(const State& s, const std::string& enemy, Chooser& ch) {
  std::vector<Command> out{Concede{}, EndTurn{}};
  for (const Command& c : legal(s, enemy)) {
    if (ch.below(8) == 0) out.push_back(c);
  }
  return out;
}

// Every comparison of one concealed unit `i` of state `s`, before `cmd` from `seat`.
void compare_unit(const State& s, std::size_t i, const std::string& seat, const Command& cmd,
                  const std::string& ex, Chooser& ch, Findings& f) {
  const Unit& u = s.units[i];
  const std::string enemy = seat_of(1 - u.side);
  const State erased = testing::erased(s, i);
  compare_states(s, erased, enemy, ex + ", taken away", f);
  const auto other = testing::moved(s, i, ch);
  const std::string to = other ? ex + ", put at " + engine::to_string(other->units[i].pos) : ex;
  // The enemy's own commands and their previews, with the unit there, elsewhere or nowhere.
  for (const Command& c : enemy_commands(s, enemy, ch)) {
    compare_enemy_command(s, erased, c, u.id, enemy, ex + ", taken away", f);
    if (other) compare_enemy_command(s, *other, c, u.id, enemy, to, f);
  }
  // R53: a concealed HQ's side activates a unit the enemy sees: its command throw, and its
  // rally when it is pinned (the same pin in both states).
  if (u.type == UnitType::kHq && s.phase == Phase::kPlay && s.side == u.side && !s.active) {
    for (const Command& c : legal(s, seat_of(u.side))) {
      const auto* act = std::get_if<Activate>(&c);
      if (act == nullptr || ch.below(2) != 0) continue;
      const Unit* mover = s.find(act->unit);
      if (mover == nullptr || mover->concealed) continue;
      compare_activation(s, erased, *act, u.id, enemy, ex + ", taken away", f);
      if (other) compare_activation(s, *other, *act, u.id, enemy, to, f);
    }
    for (const Unit& m : s.units) {
      if (m.side != u.side || m.concealed || !m.on_table() || m.activated || m.pinned ||
          m.type == UnitType::kTrain || ch.below(2) != 0) {
        continue;
      }
      auto pinned = [&m](State t) {
        t.find(m.id)->pinned = true;
        return t;
      };
      const Activate rally{m.id, ActionKind::kRally, ActionKind::kMove};
      compare_activation(pinned(s), pinned(erased), rally, u.id, enemy, ex + ", taken away", f);
      if (other) compare_activation(pinned(s), pinned(*other), rally, u.id, enemy, to, f);
    }
  }
  if (!other) return;
  compare_states(s, *other, enemy, to, f);
  compare_command(s, cmd, *other, cmd, u.id, seat, enemy, to, f);
  if (s.phase == Phase::kPlay && s.side == u.side && !s.active) {
    // §4, R5: its own activation, whatever it declares (the throws it makes, a rally).
    for (const Command& c : legal(s, seat_of(u.side))) {
      const auto* act = std::get_if<Activate>(&c);
      if (act == nullptr || act->unit != u.id || ch.below(3) != 0) continue;
      ++f.activations;
      compare_command(s, c, *other, c, u.id, seat_of(u.side), enemy, to, f);
    }
  }
  if (s.phase == Phase::kDeploy && !s.confirmed[u.side]) {
    // R19: the placement itself, here or there, is the same placeholder to them.
    const auto third = testing::moved(s, i, ch);
    if (!third) return;
    const Unit& w = other->units[i];
    const Unit& x = third->units[i];
    ++f.deploy_pairs;
    compare_command(s, Deploy{u.id, w.pos, w.facing}, s, Deploy{u.id, x.pos, x.facing}, u.id,
                    seat_of(u.side), enemy, to + " or " + engine::to_string(x.pos), f);
  }
}

}  // namespace

TEST_CASE(
    "R20: where a concealed unit stands, and whether it exists, reaches neither the enemy "
    "nor observers, nor can be worked out from what they receive",
    "[rcw.hidden][R20][R10][R19][R53][R55]") {
  Findings f;
  const auto scenarios = testing::random_play_scenarios();
  const int games = 36;
  for (int g = 0; g < games; ++g) {
    const testing::PlayScenario& ps = scenarios[static_cast<std::size_t>(g) % scenarios.size()];
    const std::uint64_t seed = 500'000 + static_cast<std::uint64_t>(g);
    Chooser ch{seed};
    int step = 0;
    testing::Hooks hooks;
    hooks.before_command = [&](const State& s, const std::string& seat, const Command& cmd) {
      const int here = step++;
      // A few states a game, both in deployment and in play; more of those where a side with a
      // concealed HQ is about to activate a unit (R53).
      bool hq_turn = false;
      for (const Unit& u : s.units) {
        hq_turn = hq_turn || (u.type == UnitType::kHq && u.concealed && u.on_table() &&
                              s.phase == Phase::kPlay && s.side == u.side && !s.active);
      }
      if (ch.below(s.phase == Phase::kDeploy ? 4 : hq_turn ? 2 : 10) != 0) return;
      ++f.states;
      (s.phase == Phase::kDeploy ? f.deploy_states : f.play_states) += 1;
      for (std::size_t i = 0; i < s.units.size(); ++i) {
        const Unit& u = s.units[i];
        if (!u.concealed || u.destroyed) continue;
        const std::string ex = "random game seed " + std::to_string(seed) + " (" +
                               ps.scenario.name + "), step " + std::to_string(here) +
                               ", concealed " + u.id.get() +
                               (u.placed ? " at " + engine::to_string(u.pos) : " (unplaced)");
        compare_unit(s, i, seat, cmd, ex, ch, f);
      }
    };
    const testing::Game game = testing::play_random_game(ps.scenario, seed, {}, hooks);
    REQUIRE(game.live.phase == Phase::kOver);
  }
  for (const auto& [kind, seen] : f.leaks) {
    FAIL_CHECK("R20: " << kind << " (" << seen.first << " times); first: " << seen.second);
  }
  INFO(f.states << " states (" << f.deploy_states << " in deployment, " << f.play_states
                << " in play), " << f.variants << " variants, " << f.commands << " commands, "
                << f.events << " events compared, " << f.deploy_pairs << " placements, "
                << f.activations << " activations of the unit, " << f.enemy_commands
                << " enemy commands and " << f.previews << " previews, " << f.hq_throws
                << " command throws and " << f.hq_rallies << " rallies near a concealed HQ");
  CHECK(f.leaks.empty());
  CHECK(f.deploy_states > 50);
  CHECK(f.play_states > 100);
  CHECK(f.variants > 500);
  CHECK(f.commands > 100);
  CHECK(f.events > 200);
  CHECK(f.deploy_pairs > 50);
  CHECK(f.activations > 50);
  CHECK(f.enemy_commands > 5000);
  CHECK(f.previews > 10000);
  CHECK(f.hq_throws > 150);
  CHECK(f.hq_rallies > 30);
}
