#pragma once
// Itchy & Scratchy behind engine::Ruleset: commands, events and views cross it as serialized
// grognard.v1.itchy messages; the pure rules (rules/itchy/rules.h) do the deciding.
//
// Seats: "side:0" and "side:1", the generals of the scenario's two sides. Itchy & Scratchy
// hides nothing, so every viewer gets the same full View and every event unchanged.

#include <memory>

#include "engine/ruleset.h"
#include "rules/itchy/state.h"

namespace grognard::itchy::wire {

class ItchyGameState final : public engine::GameState {
 public:
  explicit ItchyGameState(State s) : state(std::move(s)) {}
  std::unique_ptr<engine::GameState> clone() const override {
    return std::make_unique<ItchyGameState>(*this);
  }
  State state;
};

// Every GameState passed in must have come from this rule set's load_scenario (or a clone).
class ItchyRuleset final : public engine::Ruleset {
 public:
  std::string_view name() const override { return "itchy"; }
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

std::unique_ptr<engine::Ruleset> make_itchy_ruleset();

// "side:0" -> 0, "side:1" -> 1; anything else nullopt.
std::optional<int> side_of_seat(std::string_view seat);
std::string seat_of_side(int side);

}  // namespace grognard::itchy::wire
