#pragma once
// A village game played through SharpeRuleset, and every viewer of it: the helpers of the view
// tests (view_test.cpp, view_cards_test.cpp).
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "../../support/source_file.h"
#include "rules/sharpe/rules.h"
#include "rules/sharpe/wire/codec.h"
#include "rules/sharpe/wire/ruleset.h"

namespace sharpe_view {

using namespace grognard::sharpe;  // NOLINT: test code reads like the rules
namespace wire = grognard::sharpe::wire;
namespace engine = grognard::engine;
using engine::Role;
using engine::Viewer;

using namespace grognard::sharpe;  // NOLINT: test code reads like the rules
namespace wire = grognard::sharpe::wire;
namespace engine = grognard::engine;
using engine::Role;
using engine::Viewer;

inline std::string village() {
  return grognard::test_support::source_file("scenarios/sharpe/village.textproto");
}

inline const std::vector<std::string> kPlayers = {"player:british", "player:french",
                                                  "player:partisans"};

inline std::vector<Viewer> everyone(bool game_over) {
  std::vector<Viewer> out;
  for (const auto& p : kPlayers) out.push_back(Viewer{Role::kPlayer, p, game_over});
  out.push_back(Viewer{Role::kReferee, "referee", game_over});
  out.push_back(Viewer{Role::kObserver, "", game_over});
  return out;
}

// The bytes that would give a shuffle away: its order (group ids in deck order, as the wire
// writes them) and its throws.
struct Secret {
  std::string order, rolls;
};

inline Secret secret_of(const DeckShuffled& d) {
  wire::pb::DeckShuffled order, rolls;
  for (const Card& c : d.order) wire::set_card(order.add_order(), c);
  for (const Roll& r : d.rolls) wire::set_roll(rolls.add_rolls(), r);
  return {order.SerializeAsString(), rolls.SerializeAsString()};
}

inline bool contains(const std::string& hay, const std::string& needle) {
  return !needle.empty() && hay.find(needle) != std::string::npos;
}

struct Played {
  std::unique_ptr<engine::Ruleset> rs = wire::make_sharpe_ruleset();
  std::unique_ptr<engine::GameState> gs;
  engine::SeededDice dice{engine::Seed{3}};
  std::vector<Secret> secrets;
  std::vector<std::string> seen;  // every view and view_event each viewer got

  Played() {
    auto loaded = rs->load_scenario(village());
    REQUIRE(loaded.ok());
    gs = std::move(loaded).value();
  }

  void take(const std::vector<std::string>& events, bool over = false) {
    for (const auto& bytes : events) {
      auto e = wire::Codec::parse_event(bytes);
      REQUIRE(e.ok());
      if (const auto* d = std::get_if<DeckShuffled>(&*e)) secrets.push_back(secret_of(*d));
      for (const Viewer& v : everyone(over)) {
        auto shown = rs->view_event(*gs, bytes, v);
        REQUIRE(shown);
        seen.push_back(*shown);
      }
      REQUIRE(rs->apply(*gs, bytes).ok());
      for (const Viewer& v : everyone(over)) seen.push_back(rs->view(*gs, v));
    }
  }
  void play(int steps) {
    auto started = rs->begin(*gs, dice);
    REQUIRE(started.ok());
    take(*started);
    for (int i = 0; i < steps; ++i) {
      const std::string seat = rs->to_act(*gs).seats.front();
      auto legal = rs->legal(*gs, seat);
      REQUIRE_FALSE(legal.empty());
      // The activation ends as soon as it may: the turns go round.
      std::string chosen = legal.front();
      for (const auto& c : legal) {
        auto cmd = wire::Codec::parse_command(c);
        REQUIRE(cmd.ok());
        if (std::holds_alternative<EndActivation>(*cmd)) chosen = c;
      }
      auto events = rs->decide(*gs, seat, chosen, dice);
      REQUIRE(events.ok());
      take(*events);
    }
  }
};

}  // namespace sharpe_view
