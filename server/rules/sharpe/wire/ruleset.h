#pragma once
// Sharpe's Mess behind engine::Ruleset: commands, events and views cross it as serialized
// grognard.v1.sharpe messages; the pure rules (rules/sharpe/rules.h) do the deciding.
//
// Seats: the scenario's player seats ("player:<name>", role kPlayer) and "referee" (kReferee).
// Hidden information: the order of undrawn cards (hero deck and bad deck) never leaves the
// server before the game ends, whoever asks; a briefing reaches only its player and the
// referee; the referee's added card reaches only the referee until it is drawn (codec.h).

#include <memory>

#include "engine/ruleset.h"
#include "rules/sharpe/state.h"

namespace grognard::sharpe::wire {

class SharpeGameState final : public engine::GameState {
 public:
  explicit SharpeGameState(State s) : state(std::move(s)) {}
  std::unique_ptr<engine::GameState> clone() const override {
    return std::make_unique<SharpeGameState>(*this);
  }
  State state;
};

// Every GameState passed in must have come from this rule set's load_scenario (or a clone).
class SharpeRuleset final : public engine::Ruleset {
 public:
  std::string_view name() const override { return "sharpe"; }
  WireTypes wire_types() const override;
  std::string title(const engine::GameState& state) const override;
  engine::Result<std::unique_ptr<engine::GameState>> load_scenario(
      std::string_view text) const override;
  std::vector<engine::SeatSpec> seats(const engine::GameState& state) const override;
  engine::Result<std::vector<engine::Bytes>> begin(const engine::GameState& state,
                                                   engine::Dice& dice) const override;
  engine::Result<std::vector<engine::Bytes>> decide(const engine::GameState& state,
                                                    std::string_view seat,
                                                    const engine::Bytes& command,
                                                    engine::Dice& dice) const override;
  engine::Status apply(engine::GameState& state, const engine::Bytes& event) const override;
  engine::Bytes view(const engine::GameState& state, const engine::Viewer& viewer) const override;
  std::optional<engine::Bytes> view_event(const engine::GameState& before,
                                          const engine::Bytes& event,
                                          const engine::Viewer& viewer) const override;
  std::vector<engine::Bytes> legal(const engine::GameState& state,
                                   std::string_view seat) const override;
  engine::ToAct to_act(const engine::GameState& state) const override;
  engine::StateHash hash(const engine::GameState& state) const override;
};

std::unique_ptr<engine::Ruleset> make_sharpe_ruleset();

}  // namespace grognard::sharpe::wire
