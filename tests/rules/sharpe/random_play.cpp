#include "random_play.h"

#include "../../support/random_choice.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "../../support/source_file.h"
#include "engine/result.h"
#include "fixture.h"
#include "rules/sharpe/wire/scenario_pb.h"

namespace grognard::sharpe::testing {

namespace {

using test_support::Chooser;

engine::Seed seed_for(std::uint64_t game) {
  return test_support::seed_for(game, 0x5e);
}

std::string describe_command(const Command& c) {
  return std::visit(
      [&c](const auto& x) -> std::string {
        std::ostringstream out;
        out << "command #" << c.index();
        if constexpr (requires { x.figure; }) out << " figure " << x.figure.get();
        if constexpr (requires { x.target; }) out << " target " << x.target.get();
        if constexpr (requires { x.enemy; }) out << " enemy " << x.enemy.get();
        if constexpr (requires { x.waypoints; }) {
          for (const Point& p : x.waypoints) out << " to (" << p.x << ", " << p.y << ")";
        }
        return out.str();
      },
      c);
}

// A player's pick: the throw and the naming of a hero when offered; the end of the activation
// now and then; fire and hand to hand favoured so that games see wounds and deaths.
const Command& pick_player(const std::vector<Command>& cmds, Chooser& ch) {
  std::vector<std::size_t> ends, attacks, others;
  for (std::size_t i = 0; i < cmds.size(); ++i) {
    const Command& c = cmds[i];
    if (std::holds_alternative<ThrowFunctions>(c) || std::holds_alternative<NameHero>(c)) {
      others.push_back(i);
    } else if (std::holds_alternative<EndActivation>(c)) {
      ends.push_back(i);
    } else if (std::holds_alternative<Fire>(c) || std::holds_alternative<Fight>(c)) {
      attacks.push_back(i);
    } else {
      others.push_back(i);
    }
  }
  if (!ends.empty() && (ch.below(8) == 0 || (attacks.empty() && others.empty()))) {
    return cmds[ends.front()];
  }
  if (!attacks.empty() && (others.empty() || ch.below(3) == 0)) {
    return cmds[attacks[ch.below(attacks.size())]];
  }
  if (others.empty()) return cmds[ch.below(cmds.size())];
  return cmds[others[ch.below(others.size())]];
}

// The referee's extras beyond legal(): an event card for the next shuffle, or a wound ruling.
std::optional<Command> referee_extra(const State& s, Chooser& ch) {
  if (ch.below(2) == 0) {
    static const CardEffect kEffects[] = {CardEffect::kLoseHalf,       CardEffect::kGainFunctions,
                                          CardEffect::kTrip,           CardEffect::kMisfire,
                                          CardEffect::kReinforcements, CardEffect::kRefereeDecides};
    const CardEffect effect = kEffects[ch.below(std::size(kEffects))];
    return AddEventCard{Card{CardKind::kEvent, {}, EventCard{"chance", effect, 2}}};
  }
  std::vector<const Figure*> standing;
  for (const Figure& f : s.figures) {
    if (f.on_table()) standing.push_back(&f);
  }
  if (standing.empty()) return std::nullopt;
  Ruling r;
  r.kind = RulingKind::kWound;
  r.figure = standing[ch.below(standing.size())]->id;
  r.reason = "a stray shot";
  return r;
}

}  // namespace

Game play_random_game(
    const Scenario& sc, std::uint64_t game_seed, const Limits& limits,
    const std::function<void(const State&, const Event&)>& before_event,
    const std::function<void(const State&, const State&, const Event&)>& after_event) {
  auto start = new_game(sc);
  REQUIRE(start.ok());
  Game game{std::move(*start), {}, {}, 0, 0};
  engine::SeededDice dice(seed_for(game_seed));
  Chooser chooser{game_seed * 7919 + 1};
  auto record = [&](const std::string& seat, std::optional<Command> cmd,
                    const std::vector<Event>& events) {
    game.steps.push_back(Step{seat, std::move(cmd), game.events.size(), events.size()});
    for (const Event& e : events) {
      before_event(game.live, e);
      const State before = game.live;
      sharpe::apply(game.live, e);
      game.events.push_back(e);
      after_event(before, game.live, e);
    }
  };
  auto begun = begin(game.live, dice);
  REQUIRE(begun.ok());
  record({}, std::nullopt, *begun);
  while (game.live.phase != Phase::kOver && game.commands < limits.max_commands) {
    // The seats to act, then the referee, who may act at any time (S12): when the game is
    // paused for him he is the one seat to act.
    auto seats = seats_to_act(game.live);
    REQUIRE(seats.size() == 1);
    REQUIRE((seats.front() == kRefereeSeat) == game.live.paused);
    if (!game.live.paused) seats.push_back(kRefereeSeat);
    // Every command legal() offers must be accepted by decide(): checked for all of them on
    // every step of the first games, and on every 16th step after that (cost).
    const bool check_all = game_seed < 16 || game.commands % 16 == 0;
    std::vector<std::vector<Command>> offered;
    for (const std::string& seat : seats) {
      offered.push_back(legal(game.live, seat));
      if (!check_all) continue;
      for (const Command& c : offered.back()) {
        engine::SeededDice probe(seed_for(game_seed + 1'000'000), dice.next());
        auto r = decide(game.live, seat, c, probe);
        if (!r.ok()) {
          FAIL("seed " << game_seed << ": legal() offered " << describe_command(c) << " to " << seat
                       << ", decide() rejects: " << engine::describe(r.error()));
        }
      }
    }
    std::string seat;
    Command cmd = EndActivation{};
    if (game.live.turn > limits.turns) {  // the test asks the referee to end the game
      Ruling end;
      end.kind = RulingKind::kEndGame;
      end.result = "draw";
      end.reason = "the light fails";
      seat = kRefereeSeat;
      cmd = end;
    } else if (seats.size() == 1 || chooser.below(30) == 0) {
      seat = kRefereeSeat;
      const auto& ref = offered.back();
      if (seats.size() > 1 && (ref.empty() || chooser.below(3) == 0)) {
        auto extra = referee_extra(game.live, chooser);
        if (!extra) continue;
        engine::SeededDice probe(seed_for(game_seed + 2'000'000), dice.next());
        if (!decide(game.live, seat, *extra, probe).ok()) continue;  // not offered: may fail
        cmd = *extra;
      } else {
        REQUIRE_FALSE(ref.empty());
        cmd = ref[chooser.below(ref.size())];
      }
    } else {
      seat = seats.front();
      REQUIRE_FALSE(offered.front().empty());
      cmd = pick_player(offered.front(), chooser);
    }
    auto result = decide(game.live, seat, cmd, dice);
    if (!result.ok()) {
      FAIL("seed " << game_seed << ": decide() rejects " << describe_command(cmd) << " from "
                   << seat << ": " << engine::describe(result.error()));
    }
    ++game.commands;
    if (seat == kRefereeSeat) ++game.referee_commands;
    record(seat, cmd, *result);
    // Between commands a running game always has a drawn hero (S1).
    if (game.live.phase != Phase::kOver) REQUIRE(game.live.active.has_value());
  }
  return game;
}

std::vector<Scenario> random_play_scenarios() {
  using sharpe_test::bayonet, sharpe_test::knife, sharpe_test::musket, sharpe_test::pistol,
      sharpe_test::rifle, sharpe_test::sword;
  // A small skirmish: two groups against one, close enough to fight, a wall and a hedge.
  sharpe_test::ScenarioBuilder b;
  b.get().name = "random skirmish";
  b.get().width = 36;
  b.get().height = 24;
  b.group("player:red", "red", 2)
      .figure("r1", {8, 8}, {musket(), bayonet()}, Qualities{true, false, false})
      .figure("r2", {9, 9}, {musket(), bayonet()})
      .figure("r3", {7, 9}, {rifle()})
      .group("player:red", "rear", 1)
      .figure("q1", {4, 16}, {pistol(), sword()}, Qualities{true, false, true})
      .figure("q2", {5, 17}, {musket()})
      .group("player:blue", "blue", 2)
      .figure("b1", {20, 10}, {pistol(), sword()}, Qualities{true, true, false})
      .figure("b2", {21, 11}, {musket(), knife()})
      .figure("b3", {19, 12}, {})
      .figure("b4", {22, 9}, {rifle(), bayonet()})
      .wall({{14, 4}, {14, 14}}, {engine::Opening{engine::Inches{4}, engine::Inches{5.5}}})
      .cover(engine::Polygon{{{24, 14}, {30, 14}, {30, 20}, {24, 20}}});
  std::vector<Scenario> out{b.get()};
  auto parsed = wire::parse_scenario(
      grognard::test_support::source_file("scenarios/sharpe/village.textproto"));
  REQUIRE(parsed.ok());
  out.push_back(std::move(*parsed));
  return out;
}

int random_play_games() {
  if (const char* n = std::getenv("GROGNARD_RANDOM_GAMES")) return std::max(1, std::atoi(n));
  return 1000;
}

}  // namespace grognard::sharpe::testing
