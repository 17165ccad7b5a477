// Random play: whole games of random legal commands with random dice. Every command legal()
// offers must be accepted by decide(), the invariants must hold after every event, every game
// must end, and folding the recorded events must give the live game's state hash.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "random_play.h"

using namespace grognard;
using namespace grognard::sharpe;

namespace {

bool gone(const Figure& f) {
  return f.state == FigureState::kKilled || f.state == FigureState::kLost;
}

// S1: killed and lost figures never act again.
void check_actor(const State& before, const Event& ev) {
  const FigureId* id = std::visit(
      [](const auto& x) -> const FigureId* {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, FigureMoved> || std::is_same_v<T, FunctionsSpent> ||
                      std::is_same_v<T, Fired>) {
          return &x.figure;
        } else {
          return nullptr;
        }
      },
      ev);
  if (id == nullptr) return;
  const Figure* f = before.find(*id);
  REQUIRE(f != nullptr);
  INFO("figure " << id->get() << " acts in state " << to_string(f->state));
  REQUIRE(f->on_table());
  REQUIRE(before.active == f->group);  // S1: only the drawn hero's group acts
  REQUIRE_FALSE(f->done);              // S1: a finished figure acts no more this activation
}

// S2: at the end of an activation every figure of the group is within 10" of its hero or in
// his sight; the others were removed as lost.
void check_reach(const State& s, const std::string& group) {
  const Group& g = s.groups[*s.group_index(group)];
  if (!g.hero || !s.figures[*g.hero].on_table()) return;  // S3: no hero to measure from
  const Figure& h = s.figures[*g.hero];
  engine::SightObstacles walls;
  walls.walls = s.all_walls();
  for (const Figure& f : s.figures) {
    if (&f == &h || f.group != h.group || !f.on_table()) continue;
    INFO("S2: " << f.id.get() << " of " << group << " after the activation");
    const bool near = engine::within_distance(f.pos, h.pos, engine::Inches{kHeroReach});
    REQUIRE((near || !engine::sight_blocked(h.pos, f.pos, walls)));
  }
}

void check_state(const State& before, const State& s, const Event& ev) {
  REQUIRE(s.figures.size() >= before.figures.size());  // S12: the referee may add figures
  REQUIRE(s.turn >= before.turn);
  // Nobody is to act before the first shuffle or after the end; S12: while the game is paused
  // the referee alone is to act (he may act out of turn at any other time).
  if (s.phase == Phase::kOver || s.phase == Phase::kNotStarted) {
    REQUIRE(seats_to_act(s).empty());
  } else if (s.paused) {
    REQUIRE(seats_to_act(s) == std::vector<std::string>{kRefereeSeat});
  }
  if (s.phase == Phase::kOver) REQUIRE_FALSE(s.active.has_value());
  if (s.acting) REQUIRE(s.figures[*s.acting].group == s.active);  // S1
  for (std::size_t i = 0; i < s.figures.size(); ++i) {
    const Figure& f = s.figures[i];
    INFO("figure " << f.id.get());
    REQUIRE(f.group < s.groups.size());
    REQUIRE(f.functions >= 0);
    if (f.functions > 0) REQUIRE(s.active == f.group);  // S1: only the active group spends
    if (f.done) REQUIRE(s.active == f.group);           // S1: finished marks last one activation
    if (f.done) REQUIRE(s.acting != i);
    if (f.state == FigureState::kDying) REQUIRE(f.dying_turns >= 0);
    if (f.on_table()) {
      REQUIRE(f.pos.x >= -engine::kTolerance);
      REQUIRE(f.pos.y >= -engine::kTolerance);
      REQUIRE(f.pos.x <= s.width + engine::kTolerance);
      REQUIRE(f.pos.y <= s.height + engine::kTolerance);
    }
    if (i < before.figures.size() && gone(before.figures[i])) {  // never back
      REQUIRE(f.state == before.figures[i].state);
      REQUIRE(f.pos == before.figures[i].pos);
    }
  }
  std::map<std::string, int> cards;
  for (const Card& c : s.deck) {
    if (c.kind == CardKind::kHero) ++cards[c.group];
  }
  for (const Card& c : s.drawn) {
    if (c.kind == CardKind::kHero) ++cards[c.group];
  }
  for (const auto& [group, n] : cards) {
    INFO("S1: the cards of " << group << " in this turn's deck");
    REQUIRE(n == 1);
    REQUIRE(s.group_index(group).has_value());
  }
  int event_cards = static_cast<int>(s.extra_cards.size());
  for (const Card& c : s.deck) event_cards += c.kind != CardKind::kHero ? 1 : 0;
  REQUIRE(event_cards <= 1);  // S12: one of the referee's cards at a time
  for (const Card& c : s.extra_cards) REQUIRE(c.kind != CardKind::kHero);
  for (std::size_t g = 0; g < s.groups.size(); ++g) {
    const Group& gr = s.groups[g];
    REQUIRE(gr.hits >= 0);
    REQUIRE(gr.melee_losses >= 0);
    if (gr.hero) {
      REQUIRE(*gr.hero < s.figures.size());
      REQUIRE(s.figures[*gr.hero].group == g);  // S3: the hero is one of the group's
    }
  }
  if (const auto* end = std::get_if<ActivationEnded>(&ev)) check_reach(s, end->group);
}

}  // namespace

TEST_CASE("random play: legal commands are accepted, invariants hold, games end, folds agree",
          "[sharpe.random][S1][S2][S4]") {
  const auto scenarios = testing::random_play_scenarios();
  const int games = testing::random_play_games();
  const testing::Limits limits;
  int total_events = 0, killed = 0, lost = 0, fights = 0, fires = 0, referee = 0;
  for (int g = 0; g < games; ++g) {
    const Scenario& sc = scenarios[static_cast<std::size_t>(g) % scenarios.size()];
    INFO("game " << g << " on " << sc.name);
    testing::Game game = testing::play_random_game(sc, static_cast<std::uint64_t>(g), limits,
                                                   check_actor, check_state);
    REQUIRE(game.live.phase == Phase::kOver);  // every game ends
    auto folded = new_game(sc);
    REQUIRE(folded.ok());
    for (const Event& e : game.events) sharpe::apply(*folded, e);
    REQUIRE(hash(*folded).hex() == hash(game.live).hex());
    total_events += static_cast<int>(game.events.size());
    referee += game.referee_commands;
    for (const Event& e : game.events) {
      fights += std::holds_alternative<MeleeFought>(e) ? 1 : 0;
      fires += std::holds_alternative<Fired>(e) ? 1 : 0;
    }
    for (const Figure& f : game.live.figures) {
      killed += f.state == FigureState::kKilled ? 1 : 0;
      lost += f.state == FigureState::kLost ? 1 : 0;
    }
  }
  CHECK(total_events > games * 20);
  CHECK(fires > games);
  CHECK(fights > games);
  CHECK(killed > games);
  CHECK(lost > games / 50);  // S2
  CHECK(referee > games);
}
