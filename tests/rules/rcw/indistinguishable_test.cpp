// R20: a concealed unit is absent from everything the enemy and observers receive. For states
// reached by random play, each concealed unit is put somewhere else it could stand (still
// concealed), or taken away altogether; the enemy's and an observer's views, the published hash,
// who is to act and the enemy's legal commands must not change, and neither must what they see
// of the events the game's next command produces. The full hash must change (or this test could
// not fail).
#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <string>

#include "../../support/random_choice.h"
#include "engine/ruleset.h"
#include "hidden_variants.h"
#include "random_play.h"
#include "rules/rcw/wire/codec.h"
#include "rules/rcw/wire/ruleset.h"

using namespace grognard;
using namespace grognard::rcw;

namespace {

using engine::Role;
using engine::Viewer;
using test_support::Chooser;

const engine::Ruleset& ruleset() {
  static const std::unique_ptr<engine::Ruleset> r = wire::make_rcw_ruleset();
  return *r;
}

// Leaks found, by kind, with the first example of each.
struct Findings {
  std::map<std::string, std::pair<int, std::string>> leaks;
  int states = 0, deploy_states = 0, play_states = 0, variants = 0, commands = 0, events = 0;
  int deploy_pairs = 0, activations = 0;
  void leak(const std::string& kind, const std::string& example) {
    auto& [n, first] = leaks[kind];
    if (n++ == 0) first = example;
  }
};

// Where the first difference of two texts is, with some of each around it.
std::string first_difference(const std::string& a, const std::string& b) {
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  const std::size_t from = i > 80 ? i - 80 : 0;
  return "\n  one:   ..." + a.substr(from, 240) + "\n  other: ..." + b.substr(from, 240);
}

std::string view_text(const std::string& bytes) {
  wire::pb::View v;
  v.ParseFromString(bytes);
  return v.ShortDebugString();
}
std::string event_text(const std::optional<std::string>& bytes) {
  if (!bytes) return "(nothing)";
  wire::pb::Event e;
  e.ParseFromString(*bytes);
  return e.ShortDebugString();
}

// Everything the enemy `seat` and an observer receive of states `a` and `b` is the same. When
// `differ`, the two states are not the same: the full hash and the view of the unit's own
// side (`own`) must tell them apart, or these comparisons could not fail.
void compare_states(const State& a, const State& b, const std::string& enemy, const std::string& ex,
                    Findings& f, bool differ = true) {
  ++f.variants;
  const wire::RcwGameState ga(a), gb(b);
  const Viewer viewers[] = {Viewer{Role::kGeneral, enemy, false},
                            Viewer{Role::kObserver, "", false}};
  for (const Viewer& v : viewers) {
    const std::string va = ruleset().view(ga, v), vb = ruleset().view(gb, v);
    if (va != vb) {
      f.leak(std::string(v.seat.empty() ? "an observer's" : "the enemy's") + " view differs",
             ex + first_difference(view_text(va), view_text(vb)));
    }
  }
  if (ruleset().hash(ga) != ruleset().hash(gb) || public_hash(a) != public_hash(b)) {
    f.leak("the published hash differs", ex);
  }
  if (differ && ruleset().full_hash(ga) == ruleset().full_hash(gb)) {
    f.leak("the full hash does not tell the variants apart", ex);
  }
  const Viewer own{Role::kGeneral, enemy == seat_of(0) ? seat_of(1) : seat_of(0), false};
  if (differ && ruleset().view(ga, own) == ruleset().view(gb, own)) {
    f.leak("the own side's view does not tell the variants apart", ex);
  }
  const engine::ToAct ta = ruleset().to_act(ga), tb = ruleset().to_act(gb);
  if (ta.seats != tb.seats || ta.summary != tb.summary || ta.game_over != tb.game_over ||
      ta.out_of_turn != tb.out_of_turn) {
    f.leak("to_act differs", ex + "\n  one: " + ta.summary + "\n  other: " + tb.summary);
  }
  const auto la = ruleset().legal(ga, enemy), lb = ruleset().legal(gb, enemy);
  if (la != lb) {
    f.leak("the enemy's legal() differs", ex + ": " + std::to_string(la.size()) + " vs " +
                                              std::to_string(lb.size()) + " commands");
  }
}

// `ca` on state `a` and `cb` on state `b`, from `seat`, with the same dice: while unit `id`
// stays concealed through the command in both, the enemy and an observer see the same events
// and the same state after them.
void compare_command(const State& a, const Command& ca, const State& b, const Command& cb,
                     const UnitId& id, const std::string& seat, const std::string& enemy,
                     const std::string& ex, Findings& f) {
  engine::SeededDice da(test_support::seed_for(99, 0x3d)), db(test_support::seed_for(99, 0x3d));
  const wire::RcwGameState ga(a), gb(b);
  auto ra = ruleset().decide(ga, seat, wire::serialize(ca), da);
  auto rb = ruleset().decide(gb, seat, wire::serialize(cb), db);
  if (!ra.ok() || !rb.ok()) return;  // refused where the unit stands: its own side knows
  wire::RcwGameState sa(a), sb(b);
  std::vector<std::pair<wire::RcwGameState, std::string>> steps_a, steps_b;
  for (const std::string& e : *ra) {
    steps_a.emplace_back(sa, e);
    REQUIRE(ruleset().apply(sa, e).ok());
  }
  for (const std::string& e : *rb) {
    steps_b.emplace_back(sb, e);
    REQUIRE(ruleset().apply(sb, e).ok());
  }
  const Unit* ua = sa.state.find(id);
  const Unit* ub = sb.state.find(id);
  if (ua == nullptr || ub == nullptr || !ua->concealed || !ub->concealed) return;
  ++f.commands;
  const std::string what = ex + ", command " + testing::describe(ca) + " from " + seat;
  if (steps_a.size() != steps_b.size()) {
    // What the enemy receives of each, and what the events are.
    auto names = [&enemy](const auto& steps) {
      std::string out;
      for (const auto& [before, bytes] : steps) {
        const auto seen = ruleset().view_event(before, bytes, Viewer{Role::kGeneral, enemy, false});
        out += " " + event_text(seen).substr(0, 12) + " (" + event_text(bytes).substr(0, 16) + ")";
      }
      return out;
    };
    f.leak("the number of events differs",
           what + "\n  one:  " + names(steps_a) + "\n  other:" + names(steps_b));
    return;
  }
  const Viewer viewers[] = {Viewer{Role::kGeneral, enemy, false},
                            Viewer{Role::kObserver, "", false}};
  for (std::size_t i = 0; i < steps_a.size(); ++i) {
    ++f.events;
    for (const Viewer& v : viewers) {
      const auto ea = ruleset().view_event(steps_a[i].first, steps_a[i].second, v);
      const auto eb = ruleset().view_event(steps_b[i].first, steps_b[i].second, v);
      if (ea != eb) {
        f.leak("the event seen by " + std::string(v.seat.empty() ? "an observer" : "the enemy") +
                   " differs",
               what + first_difference(event_text(ea), event_text(eb)));
      }
    }
  }
  compare_states(sa.state, sb.state, enemy, what + " (after it)", f, false);
}

}  // namespace

TEST_CASE(
    "R20: where a concealed unit stands, and whether it exists, reaches neither the enemy "
    "nor observers",
    "[rcw.hidden][R20][R10][R19]") {
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
      // A few states a game, both in deployment and in play.
      if (ch.below(s.phase == Phase::kDeploy ? 4 : 10) != 0) return;
      ++f.states;
      (s.phase == Phase::kDeploy ? f.deploy_states : f.play_states) += 1;
      for (std::size_t i = 0; i < s.units.size(); ++i) {
        const Unit& u = s.units[i];
        if (!u.concealed || u.destroyed) continue;
        const std::string enemy = seat_of(1 - u.side);
        const std::string ex = "random game seed " + std::to_string(seed) + " (" +
                               ps.scenario.name + "), step " + std::to_string(here) +
                               ", concealed " + u.id.get() +
                               (u.placed ? " at " + engine::to_string(u.pos) : " (unplaced)");
        compare_states(s, testing::erased(s, i), enemy, ex + ", taken away", f);
        const auto other = testing::moved(s, i, ch);
        if (!other) continue;
        const std::string to = ex + ", put at " + engine::to_string(other->units[i].pos);
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
          if (!third) continue;
          const Unit& w = other->units[i];
          const Unit& x = third->units[i];
          ++f.deploy_pairs;
          compare_command(s, Deploy{u.id, w.pos, w.facing}, s, Deploy{u.id, x.pos, x.facing}, u.id,
                          seat_of(u.side), enemy, to + " or " + engine::to_string(x.pos), f);
        }
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
                << f.activations << " activations of the unit");
  CHECK(f.leaks.empty());
  CHECK(f.deploy_states > 50);
  CHECK(f.play_states > 100);
  CHECK(f.variants > 500);
  CHECK(f.commands > 100);
  CHECK(f.events > 200);
  CHECK(f.deploy_pairs > 50);
  CHECK(f.activations > 50);
}
