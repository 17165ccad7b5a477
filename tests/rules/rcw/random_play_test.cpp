// Random play: whole games of random legal commands with random dice, on both shipped scenarios
// and a built-in skirmish. Every command legal() offers must be accepted by decide(), the
// invariants must hold after every event, every game must end, and folding the recorded events
// (natively, and as bytes through the wire rule set) must give the live game's hashes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "engine/ruleset.h"
#include "random_play.h"
#include "rules/rcw/wire/codec.h"
#include "rules/rcw/wire/ruleset.h"

using namespace grognard;
using namespace grognard::rcw;

namespace {

// A unit, or the train of a car.
const Unit* unit_or_train(const State& s, const UnitId& id) {
  if (const Unit* u = s.find(id)) return u;
  if (const auto ref = s.find_car(id)) return &s.units[ref->unit];
  return nullptr;
}

bool on_line(const Line& line, Point p) {
  for (std::size_t i = 1; i < line.path.size(); ++i) {
    if (engine::distance(p, engine::Segment{line.path[i - 1], line.path[i]}).get() <= 1e-6) {
      return true;
    }
  }
  return false;
}

bool in_cover(const State& s, Point p) {
  for (const TerrainPiece& t : s.terrain) {
    if ((t.kind == TerrainKind::kWoods || t.kind == TerrainKind::kVillage) &&
        engine::contains(t.area, p)) {
      return true;
    }
  }
  return false;
}

bool on_table(const State& s, Point p) {
  const double t = engine::kTolerance;
  return p.x >= -t && p.y >= -t && p.x <= s.width + t && p.y <= s.height + t;
}

// The unit (or train) an event says acts, if it names one.
const UnitId* actor_of(const Event& ev) {
  return std::visit(
      [](const auto& e) -> const UnitId* {
        using E = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<E, CommandThrown> || std::is_same_v<E, ActionSkipped> ||
                      std::is_same_v<E, Rallied> || std::is_same_v<E, Limbered> ||
                      std::is_same_v<E, Moved> || std::is_same_v<E, ActivationEnded>) {
          return &e.unit;
        } else if constexpr (std::is_same_v<E, Shot>) {
          return &e.firer;
        } else if constexpr (std::is_same_v<E, AssaultMoved> || std::is_same_v<E, AssaultRound> ||
                             std::is_same_v<E, AssaultEnded>) {
          return &e.attacker;
        } else {
          return nullptr;
        }
      },
      ev);
}

// R10: what is shot at or assaulted is a live enemy the attacker's side sees.
void check_target(const State& s, const UnitId& attacker, const UnitId& target) {
  const Unit* a = unit_or_train(s, attacker);
  const Unit* t = unit_or_train(s, target);
  INFO("target " << target.get() << " of " << attacker.get());
  REQUIRE(t != nullptr);
  REQUIRE(t->side != a->side);
  REQUIRE(t->on_table());
  REQUIRE_FALSE(t->concealed);  // R10: concealed units cannot be targeted
  REQUIRE_FALSE(t->unspotted);  // R49: nor unspotted ones
  if (const auto ref = s.find_car(target)) REQUIRE_FALSE(t->cars[ref->car].destroyed);
}

// §3, §4, R5, R14: only the unit of the open activation acts; the actions of its side's turn.
void check_event(const State& s, const Event& ev) {
  if (const auto* a = std::get_if<Activated>(&ev)) {
    const Unit* u = s.find(a->unit);
    REQUIRE(u != nullptr);
    REQUIRE(s.phase == Phase::kPlay);
    REQUIRE_FALSE(s.active.has_value());  // at most one activation open
    REQUIRE(u->side == s.side);
    REQUIRE(u->on_table());
    REQUIRE_FALSE(u->activated);  // R14: once a turn
  }
  if (const auto* d = std::get_if<UnitDeployed>(&ev)) {
    REQUIRE(s.phase == Phase::kDeploy);
    REQUIRE_FALSE(s.find(d->unit)->fixed);  // R19
  }
  if (const auto* r = std::get_if<UnitsRevealed>(&ev)) {
    for (const Unit& u : r->units) {
      INFO("revealed " << u.id.get());
      REQUIRE(s.find(u.id) != nullptr);
      // revealed (R10) or spotted (R49) once, for good
      REQUIRE((s.find(u.id)->concealed || s.find(u.id)->unspotted));
    }
  }
  if (const UnitId* id = actor_of(ev)) {
    INFO("actor " << id->get());
    const Unit* u = unit_or_train(s, *id);
    REQUIRE(u != nullptr);
    REQUIRE(s.active.has_value());
    REQUIRE(s.units[s.active->unit].id == u->id);
    if (std::holds_alternative<Moved>(ev) || std::holds_alternative<Shot>(ev) ||
        std::holds_alternative<Limbered>(ev) || std::holds_alternative<AssaultMoved>(ev)) {
      REQUIRE(u->on_table());
    }
  }
  if (const auto* shot = std::get_if<Shot>(&ev)) check_target(s, shot->firer, shot->target);
  if (const auto* am = std::get_if<AssaultMoved>(&ev)) check_target(s, am->attacker, am->defender);
}

void check_state(const State& before, const State& s, const Event& ev) {
  INFO("after event #" << ev.index());
  REQUIRE(static_cast<int>(s.phase) >= static_cast<int>(before.phase));  // phase order
  REQUIRE(s.turn >= before.turn);
  REQUIRE(s.turn <= s.turns);
  REQUIRE((s.side == 0 || s.side == 1));
  REQUIRE(s.units.size() == before.units.size());
  int points[kSides] = {0, 0};
  for (int k = 0; k < kSides; ++k) REQUIRE(s.destroyed_points[k] >= before.destroyed_points[k]);
  if (s.active) {
    REQUIRE(s.phase == Phase::kPlay);
    REQUIRE(s.active->unit < s.units.size());
    REQUIRE(s.units[s.active->unit].side == s.side);
    REQUIRE(s.units[s.active->unit].activated);
    REQUIRE((s.active->next >= 0 && s.active->next <= 2));
  }
  if (std::holds_alternative<ActivationEnded>(ev) || std::holds_alternative<TurnEnded>(ev) ||
      s.phase == Phase::kOver) {
    REQUIRE_FALSE(s.active.has_value());
  }
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const Unit& u = s.units[i];
    const Unit& b = before.units[i];
    INFO("unit " << u.id.get());
    REQUIRE(u.fixed == b.fixed);
    REQUIRE(u.placed >= b.placed);
    if (b.destroyed) {  // destroyed stays destroyed, where it fell
      REQUIRE(u.destroyed);
      REQUIRE(u.pos == b.pos);
    }
    if (u.concealed) {
      REQUIRE_FALSE(u.pinned);  // R10: nothing hits what cannot be targeted
      REQUIRE_FALSE(u.fixed);   // R19: fixed units are public
    }
    if (u.unspotted) {
      REQUIRE(u.fixed);             // R49: only a fixed unit,
      REQUIRE(b.unspotted);         // spotted for good,
      REQUIRE(b.pos == u.pos);      // which has not moved,
      REQUIRE_FALSE(u.pinned);      // nor been hit,
      REQUIRE(in_cover(s, u.pos));  // in woods or a village
    }
    if (s.phase == Phase::kDeploy) REQUIRE(u.concealed == !u.fixed);               // R19
    if (before.phase >= Phase::kPlay && !b.concealed) REQUIRE_FALSE(u.concealed);  // R10, R20
    if (u.dug_in) REQUIRE(b.dug_in);  // R22: lost, never gained
    if (u.limbered != b.limbered) REQUIRE(limbers(u.type));
    if (u.activated) REQUIRE(u.side == s.side);  // R14
    if (u.on_table()) REQUIRE(on_table(s, u.pos));
    if (u.type == UnitType::kTrain) {
      bool all = true;
      for (std::size_t c = 0; c < u.cars.size(); ++c) {
        const Car& car = u.cars[c];
        INFO("car " << car.id.get());
        REQUIRE(on_line(s.rails[u.rail], car.pos));  // R13
        REQUIRE(on_table(s, car.pos));
        if (b.cars[c].destroyed) REQUIRE(car.destroyed);
        all = all && car.destroyed;
        if (car.destroyed) points[1 - u.side] += u.points;  // R23
      }
      REQUIRE(u.destroyed == all);
    } else if (u.destroyed) {
      points[1 - u.side] += u.points;  // R29
    }
  }
  for (int k = 0; k < kSides; ++k) REQUIRE(s.destroyed_points[k] == points[k]);
  if (const auto* g = std::get_if<GameEnded>(&ev)) {
    REQUIRE(s.phase == Phase::kOver);
    if (g->winner) REQUIRE(s.winner == g->winner);
  }
}

// Between commands: who acts (R14, R19), and R10's reveals done.
void check_quiet(const State& s, const testing::Step& step, const std::vector<Event>& events) {
  const auto seats = seats_to_act(s);
  if (s.phase == Phase::kOver) {
    REQUIRE(seats.empty());
  } else if (s.phase == Phase::kPlay) {
    REQUIRE(seats == std::vector<std::string>{seat_of(s.side)});
  } else if (s.phase == Phase::kDeploy) {
    std::vector<std::string> open;
    for (int k = 0; k < kSides; ++k) {
      if (!s.confirmed[k]) open.push_back(seat_of(k));
    }
    REQUIRE(seats == open);
  }
  (void)step;
  if (s.phase != Phase::kPlay) return;
  for (const Event& e : events) {  // R28, R49: any Move reveals (spots) the mover
    if (const auto* m = std::get_if<Moved>(&e)) {
      REQUIRE_FALSE(s.find(m->unit)->concealed);
      REQUIRE_FALSE(s.find(m->unit)->unspotted);
    }
  }
  for (const Unit& u : s.units) {
    if (!(u.concealed || u.unspotted) || !u.on_table()) continue;
    INFO("concealed or unspotted " << u.id.get());
    REQUIRE(in_cover(s, u.pos));     // R10: only in woods or a village
    for (const Unit& v : s.units) {  // R10, R49: an enemy within 3" reveals (spots) it
      if (v.side == u.side || !v.on_table()) continue;
      INFO("concealed " << u.id.get() << " and enemy " << v.id.get());
      if (v.type != UnitType::kTrain) {
        REQUIRE_FALSE(engine::within_distance(u.pos, v.pos, engine::Inches{kAdjacent}));
      }
      for (const Car& c : v.cars) {
        if (!c.destroyed) {
          REQUIRE_FALSE(engine::within_distance(u.pos, c.pos, engine::Inches{kAdjacent}));
        }
      }
    }
  }
}

const engine::Ruleset& ruleset() {
  static const std::unique_ptr<engine::Ruleset> r = wire::make_rcw_ruleset();
  return *r;
}

// The recorded events as bytes, through the wire rule set, from the scenario's start; the
// hashes it ends with against the live game's. Each kind of failure is reported to `failures`
// (an event it refuses is folded natively, so that the rest is still compared).
void wire_fold(const testing::PlayScenario& ps, const testing::Game& game,
               const std::function<void(std::string, std::string)>& failure) {
  std::unique_ptr<engine::GameState> gs;
  if (!ps.textproto.empty()) {
    auto loaded = ruleset().load_scenario(ps.textproto);
    REQUIRE(loaded.ok());
    gs = std::move(*loaded);
  } else {
    auto start = new_game(ps.scenario);
    REQUIRE(start.ok());
    gs = std::make_unique<wire::RcwGameState>(std::move(*start));
  }
  for (std::size_t i = 0; i < game.events.size(); ++i) {
    const auto st = ruleset().apply(*gs, wire::Codec::serialize(game.events[i]));
    if (!st.ok()) {
      const std::string text = wire::to_pb(game.events[i]).ShortDebugString();
      failure("refused " + text.substr(0, text.find(' ')),
              "the wire rule set refuses recorded event " + std::to_string(i) + " (" + text +
                  "): " + engine::describe(st.error()));
      rcw::apply(static_cast<wire::RcwGameState&>(*gs).state, game.events[i]);
    }
  }
  if (ruleset().hash(*gs) != public_hash(game.live)) {
    failure("hash", "the published hashes differ");
  }
  if (ruleset().full_hash(*gs) != full_hash(game.live)) {
    failure("full_hash", "the full hashes differ");
  }
}

}  // namespace

TEST_CASE("random play: legal commands are accepted, invariants hold, games end, folds agree",
          "[rcw.random][R5][R10][R13][R14][R19][R20][R23][R29]") {
  const auto scenarios = testing::random_play_scenarios();
  const int games = testing::random_play_games();
  const testing::Limits limits;
  testing::Hooks hooks;
  hooks.before_event = check_event;
  hooks.after_event = check_state;
  hooks.after_command = check_quiet;
  int events = 0, shots = 0, assaults = 0, reveals = 0, train_moves = 0, destroyed = 0;
  int decided = 0;
  std::map<std::string, std::pair<int, std::string>> wire_failures;  // kind: count, first
  for (int g = 0; g < games; ++g) {
    const testing::PlayScenario& ps = scenarios[static_cast<std::size_t>(g) % scenarios.size()];
    INFO("game " << g << " (seed " << g << ") on " << ps.scenario.name);
    testing::Game game =
        testing::play_random_game(ps.scenario, static_cast<std::uint64_t>(g), limits, hooks);
    REQUIRE(game.live.phase == Phase::kOver);  // every game ends
    REQUIRE(std::holds_alternative<GameEnded>(game.events.back()));
    auto folded = new_game(ps.scenario);
    REQUIRE(folded.ok());
    for (const Event& e : game.events) rcw::apply(*folded, e);
    REQUIRE(full_hash(*folded).hex() == full_hash(game.live).hex());
    wire_fold(ps, game, [&](std::string kind, std::string what) {
      auto& [n, first] = wire_failures[kind];
      if (n++ == 0) first = "game " + std::to_string(g) + " on " + ps.scenario.name + ": " + what;
    });
    events += static_cast<int>(game.events.size());
    for (const Event& e : game.events) {
      shots += std::holds_alternative<Shot>(e) ? 1 : 0;
      assaults += std::holds_alternative<AssaultEnded>(e) ? 1 : 0;
      reveals += std::holds_alternative<UnitsRevealed>(e) ? 1 : 0;
      if (const auto* m = std::get_if<Moved>(&e)) train_moves += m->rail_at ? 1 : 0;
    }
    for (const Unit& u : game.live.units) destroyed += u.destroyed ? 1 : 0;
    decided += game.live.winner ? 1 : 0;
  }
  for (const auto& [kind, seen] : wire_failures) {  // the wire fold agrees with the live game
    FAIL_CHECK("wire fold: " << kind << " (" << seen.first << " times); first: " << seen.second);
  }
  // The games see what the rules are about.
  CHECK(events > games * 50);
  CHECK(shots > games);
  CHECK(assaults > games / 4);
  CHECK(reveals > games);
  CHECK(train_moves > games / 10);
  CHECK(destroyed > games / 2);
  CHECK(decided > games / 4);
}
