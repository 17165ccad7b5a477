#pragma once
// The one engine::Ruleset adapter every rule set plugs into (docs/engine.md, "The shared
// adapter"). A rule set supplies its pure rules and its codec through a Traits struct of static
// members (the contract: rules/adapter/traits.h); WireRuleset<Traits> does the rest: it holds
// the native state behind engine::GameState, parses and serializes commands and events, checks
// that an event read back from storage fits the state before folding it, and lists the wire
// type names.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "engine/ruleset.h"
#include "rules/adapter/holds_roll.h"
#include "rules/adapter/traits.h"

namespace grognard::adapter {

// A fits() from a visitor over the event that records the first name it does not know:
// `Visitor{state, std::nullopt}`, with a member `std::optional<std::string> problem` ("unknown
// unit \"B1\"").
template <class Visitor, class State, class Event>
engine::Status fits_by(const State& s, const Event& event) {
  Visitor v{s, std::nullopt};
  std::visit(v, event);
  if (v.problem) {
    return engine::Error{engine::ErrorCode::kInvalidArgument, "", "the event names " + *v.problem};
  }
  return engine::ok_status();
}

// A rule set's native state behind engine::GameState.
template <class State>
class WireGameState final : public engine::GameState {
 public:
  explicit WireGameState(State s) : state(std::move(s)) {}
  std::unique_ptr<engine::GameState> clone() const override {
    return std::make_unique<WireGameState>(*this);
  }
  State state;
};

// Every GameState passed in must have come from this rule set's load_scenario (or a clone).
template <RuleSetTraits Traits>
class WireRuleset final : public engine::Ruleset {
 public:
  using State = typename Traits::State;
  using Command = typename Traits::Command;
  using Event = typename Traits::Event;
  using GameState = WireGameState<State>;

  std::string_view name() const override { return Traits::kName; }
  int version() const override { return Traits::kVersion; }

  const WireTypes& wire_types() const override {
    static const WireTypes types{Traits::Codec::WireCommand::descriptor()->full_name(),
                                 Traits::Codec::WireEvent::descriptor()->full_name(),
                                 Traits::WireView::descriptor()->full_name()};
    return types;
  }

  std::string title(const engine::GameState& state) const override {
    return Traits::title(native(state));
  }

  engine::Result<std::unique_ptr<engine::GameState>> load_scenario(
      std::string_view text) const override {
    auto state = Traits::load_scenario(text);
    if (!state) return state.error();
    return std::unique_ptr<engine::GameState>(
        std::make_unique<GameState>(std::move(state).value()));
  }

  std::vector<std::string> scenario_warnings(const engine::GameState& initial) const override {
    return rules::scenario_warnings<Traits>(native(initial));
  }

  std::vector<engine::SeatSpec> seats(const engine::GameState& state) const override {
    return Traits::seats(native(state));
  }

  engine::Result<std::vector<engine::Bytes>> begin(const engine::GameState& state,
                                                   engine::Dice& dice) const override {
    auto events = rules::begin<Traits>(native(state), dice);
    if (!events) return events.error();
    return serialize_all(*events);
  }

  engine::Result<std::vector<engine::Bytes>> decide(const engine::GameState& state,
                                                    std::string_view seat,
                                                    const engine::Bytes& command,
                                                    engine::Dice& dice) const override {
    auto cmd = Traits::Codec::parse_command(command);
    if (!cmd) return cmd.error();
    auto events = rules::decide<Traits>(native(state), seat, *cmd, dice);
    if (!events) return events.error();
    return serialize_all(*events);
  }

  // The pure apply() trusts its event; one read back from storage is checked first.
  engine::Status apply(engine::GameState& state, const engine::Bytes& event) const override {
    auto ev = Traits::Codec::parse_event(event);
    if (!ev) return ev.error();
    State& s = native(state);
    if (auto st = Traits::fits(s, *ev); !st) return st;
    rules::apply<Traits>(s, *ev);
    return engine::ok_status();
  }

  engine::Bytes view(const engine::GameState& state, const engine::Viewer& viewer) const override {
    return Traits::view(native(state), viewer);
  }

  std::optional<engine::Bytes> view_event(const engine::GameState& before,
                                          const engine::Bytes& event,
                                          const engine::Viewer& viewer) const override {
    auto ev = Traits::Codec::parse_event(event);
    if (!ev) return std::nullopt;  // nothing unreadable reaches a viewer
    return Traits::view_event(native(before), *ev, event, viewer);
  }

  std::vector<engine::Bytes> legal(const engine::GameState& state,
                                   std::string_view seat) const override {
    std::vector<engine::Bytes> out;
    for (const Command& c : rules::legal<Traits>(native(state), seat)) {
      out.push_back(Traits::Codec::serialize(c));
    }
    return out;
  }

  engine::Result<engine::Measurement> measure(const engine::GameState& state,
                                              const engine::Viewer& viewer, std::string_view from,
                                              std::string_view to) const override {
    if constexpr (requires { Traits::measure(native(state), viewer, from, to); }) {
      return Traits::measure(native(state), viewer, from, to);
    } else {
      return engine::Ruleset::measure(state, viewer, from, to);
    }
  }

  engine::Advice advise(const engine::GameState& state, std::string_view seat,
                        const engine::Bytes& command,
                        const std::vector<engine::Bytes>& events) const override {
    engine::Advice out;
    if constexpr (requires(const State& s, std::string_view v, const Command& c,
                           const std::vector<Event>& e) { Traits::advise(s, v, c, e); }) {
      auto cmd = Traits::Codec::parse_command(command);
      std::vector<Event> parsed;
      for (const engine::Bytes& b : events) {
        auto ev = Traits::Codec::parse_event(b);
        if (ev) parsed.push_back(std::move(*ev));
      }
      if (cmd && parsed.size() == events.size()) {
        out = Traits::advise(native(state), seat, *cmd, parsed);
      }
    }
    if constexpr (hides_nothing_v()) out.shown = events.size();
    return out;
  }

  engine::ToAct to_act(const engine::GameState& state) const override {
    return Traits::to_act(native(state));
  }

  int turn(const engine::GameState& state) const override { return native(state).turn; }

  engine::StateHash hash(const engine::GameState& state) const override {
    return Traits::hash(native(state));
  }

  engine::StateHash full_hash(const engine::GameState& state) const override {
    return Traits::full_hash(native(state));
  }

  // A rule set that hides nothing publishes its full hash: computed once.
  Hashes hashes(const engine::GameState& state) const override {
    if constexpr (hides_nothing_v()) {
      const engine::StateHash h = Traits::hash(native(state));
      return {h, h};
    } else {
      return {Traits::hash(native(state)), Traits::full_hash(native(state))};
    }
  }

  bool hides_nothing() const override { return hides_nothing_v(); }

  // A rule set that hides nothing says so (`static constexpr bool kHidesNothing = true`), and
  // the room need not ask view_event for every seat of every event it stores.
  bool event_public(const engine::GameState& before, const engine::Bytes& event) const override {
    if constexpr (hides_nothing_v()) {
      return true;
    } else {
      return engine::Ruleset::event_public(before, event);
    }
  }

  // Taking back (docs/protocol.md): an event that holds a thrown die, or that some viewer may
  // not read whole, always settles something; the rest is the rule set's word
  // (`static bool reveals(const State& before, const Event&)`). A rule set without that word
  // keeps the default: everything needs consent.
  bool reveals(const engine::GameState& before, const engine::Bytes& event) const override {
    if constexpr (requires(const Event& e) { Traits::reveals(native(before), e); }) {
      typename Traits::Codec::WireEvent wire;
      if (!wire.ParseFromString(event) || holds_roll(wire)) return true;
      if (!event_public(before, event)) return true;
      auto ev = Traits::Codec::parse_event(event);
      return !ev || Traits::reveals(native(before), *ev);
    } else {
      return engine::Ruleset::reveals(before, event);
    }
  }

 private:
  static constexpr bool hides_nothing_v() {
    if constexpr (requires { Traits::kHidesNothing; }) {
      return Traits::kHidesNothing;
    } else {
      return false;
    }
  }

  // REQUIRES: `s` came from load_scenario (or a clone of one).
  static const State& native(const engine::GameState& s) {
    return static_cast<const GameState&>(s).state;
  }
  static State& native(engine::GameState& s) { return static_cast<GameState&>(s).state; }

  static std::vector<engine::Bytes> serialize_all(const std::vector<Event>& events) {
    std::vector<engine::Bytes> out;
    out.reserve(events.size());
    for (const Event& e : events) out.push_back(Traits::Codec::serialize(e));
    return out;
  }
};

}  // namespace grognard::adapter
