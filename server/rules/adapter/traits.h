#pragma once
// What a rule set gives the shared adapter (rules/adapter/wire_ruleset.h): a Traits struct of
// static members, stated as the concept RuleSetTraits, so that the compiler names whatever a
// rule set leaves out (docs/engine.md, "The shared adapter"). `Bytes` is engine::Bytes.
//
// Required:
//   kName, kVersion                   "itchy"; engine::Ruleset::version()
//   State, Command, Event             the native types of the pure rules; State has `int turn`
//                                     (0 before the game begins: engine::Ruleset::turn)
//   Codec                             commands and events <-> bytes (rules/adapter/wire_codec.h)
//   WireView                          the protobuf message of a view (wire_types())
//   load_scenario, title, seats       the scenario and who plays it
//   fits(state, event)                an error when folding the event is undefined (fits_by)
//   to_act(state)                     who acts now
//   view(state, viewer)               what the viewer sees of the state
//   view_event(before, event, bytes, viewer)   of one event (a rule set that hides nothing may
//                                     return `bytes` as they are)
//   hash(state), full_hash(state)     the hash published to every viewer (secrets left out), and
//                                     the one covering everything
// and the pure rules, as Traits members or, when Traits has none, as free functions of the
// State's own namespace (found by argument-dependent lookup):
//   begin(state, dice), decide(state, seat, command, dice), apply(state, event) (trusts the
//   event: see fits()), legal(state, seat)
//
// Optional (the adapter asks with `requires`):
//   scenario_warnings(state)          (else the free function of that name, else none)
//   measure(state, viewer, from, to)  engine::Ruleset::measure; without it the rule set cannot
//   advise(state, seat, command, events)   notes and warnings for previews
//   reveals(before, event)            whether the event shows a seat something hidden from it
//                                     (without it every command needs consent to be taken back)
//   kHidesNothing = true              every viewer sees everything (event_public need not ask)

#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/ruleset.h"

namespace grognard::adapter {

template <class T>
concept RuleSetTraits = requires(const typename T::State& s, typename T::State& m,
                                 const typename T::Command& c, const typename T::Event& e,
                                 std::string_view text, const std::string& seat, engine::Dice& dice,
                                 const engine::Viewer& viewer, const engine::Bytes& bytes) {
  { T::kName } -> std::convertible_to<std::string_view>;
  { T::kVersion } -> std::convertible_to<int>;
  typename T::WireView;
  { T::Codec::parse_command(text) } -> std::same_as<engine::Result<typename T::Command>>;
  { T::Codec::parse_event(text) } -> std::same_as<engine::Result<typename T::Event>>;
  { T::Codec::serialize(c) } -> std::convertible_to<engine::Bytes>;
  { T::Codec::serialize(e) } -> std::convertible_to<engine::Bytes>;
  {T::Codec::WireCommand::descriptor()};
  {T::Codec::WireEvent::descriptor()};
  { T::load_scenario(text) } -> std::same_as<engine::Result<typename T::State>>;
  { T::title(s) } -> std::convertible_to<std::string>;
  { T::seats(s) } -> std::same_as<std::vector<engine::SeatSpec>>;
  { T::fits(s, e) } -> std::same_as<engine::Status>;
  { T::to_act(s) } -> std::same_as<engine::ToAct>;
  { T::view(s, viewer) } -> std::convertible_to<engine::Bytes>;
  { T::view_event(s, e, bytes, viewer) } -> std::same_as<std::optional<engine::Bytes>>;
  { T::hash(s) } -> std::same_as<engine::StateHash>;
  { T::full_hash(s) } -> std::same_as<engine::StateHash>;
  { s.turn } -> std::convertible_to<int>;
  requires(
      requires { T::begin(s, dice); } || requires { begin(s, dice); });
  requires(
      requires { T::decide(s, text, c, dice); } || requires { decide(s, seat, c, dice); });
  requires(
      requires { T::apply(m, e); } || requires { apply(m, e); });
  requires(
      requires { T::legal(s, text); } || requires { legal(s, seat); });
};

// The pure rules of a rule set: Traits' own members when it has them, else the free functions
// of the State's namespace. Kept outside WireRuleset, whose members of the same names would
// hide the free functions from argument-dependent lookup.
namespace rules {

template <class Traits, class State>
auto begin(const State& s, engine::Dice& dice) {
  if constexpr (requires { Traits::begin(s, dice); }) {
    return Traits::begin(s, dice);
  } else {
    return begin(s, dice);
  }
}

template <class Traits, class State, class Command>
auto decide(const State& s, std::string_view seat, const Command& c, engine::Dice& dice) {
  if constexpr (requires { Traits::decide(s, seat, c, dice); }) {
    return Traits::decide(s, seat, c, dice);
  } else {
    return decide(s, std::string(seat), c, dice);
  }
}

template <class Traits, class State, class Event>
void apply(State& s, const Event& e) {
  if constexpr (requires { Traits::apply(s, e); }) {
    Traits::apply(s, e);
  } else {
    apply(s, e);
  }
}

template <class Traits, class State>
std::vector<std::string> scenario_warnings(const State& s) {
  if constexpr (requires { Traits::scenario_warnings(s); }) {
    return Traits::scenario_warnings(s);
  } else if constexpr (requires { scenario_warnings(s); }) {
    return scenario_warnings(s);
  } else {
    return {};
  }
}

template <class Traits, class State>
auto legal(const State& s, std::string_view seat) {
  if constexpr (requires { Traits::legal(s, seat); }) {
    return Traits::legal(s, seat);
  } else {
    return legal(s, std::string(seat));
  }
}

}  // namespace rules

}  // namespace grognard::adapter
