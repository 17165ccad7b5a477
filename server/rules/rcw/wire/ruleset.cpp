#include "rules/rcw/wire/ruleset.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "rules/rcw/rules.h"
#include "rules/rcw/wire/codec.h"
#include "rules/rcw/wire/scenario_pb.h"

namespace grognard::rcw::wire {
namespace {

using engine::Bytes;

// rcw::apply trusts its event; one read back from storage is checked for the names that would
// make folding it undefined (unknown units, cars, sides, rails) before it is applied.
struct Fits {
  const State& s;
  std::optional<std::string> problem;

  void unit(const UnitId& id) {
    if (!problem && s.find(id) == nullptr) problem = "unknown unit \"" + id.get() + "\"";
  }
  void unit(const std::optional<UnitId>& id) {
    if (id) unit(*id);
  }
  // A unit or a train car (targets, firers).
  void target(const UnitId& id) {
    if (!problem && s.find(id) == nullptr && !s.find_car(id)) {
      problem = "unknown unit or car \"" + id.get() + "\"";
    }
  }
  void side(int side) {
    if (!problem && (side < 0 || side >= kSides)) problem = "side " + std::to_string(side);
  }
  void operator()(const UnitDeployed& e) { unit(e.unit); }
  void operator()(const DeploymentConfirmed& e) { side(e.side); }
  void operator()(const UnitsRevealed& e) {
    for (const Unit& u : e.units) {
      unit(u.id);
      if (!problem && u.type == UnitType::kTrain && u.rail >= s.rails.size()) {
        problem = "a rail " + std::to_string(u.rail) + " for train \"" + u.id.get() + "\"";
      }
    }
  }
  void operator()(const TurnBegan& e) { side(e.side); }
  void operator()(const TurnEnded& e) { side(e.side); }
  void operator()(const Activated& e) { unit(e.unit); }
  void operator()(const CommandThrown& e) {
    unit(e.unit);
    unit(e.hq);
  }
  void operator()(const ActionSkipped& e) { unit(e.unit); }
  void operator()(const Rallied& e) { target(e.unit); }  // R23: a train rallies car by car
  void operator()(const Limbered& e) { unit(e.unit); }
  void operator()(const Moved& e) {
    unit(e.unit);
    unit(e.stopped_by);
  }
  void operator()(const Shot& e) {
    target(e.firer);
    target(e.target);
    unit(e.observer);
  }
  void operator()(const AssaultMoved& e) {
    unit(e.attacker);
    target(e.defender);
  }
  void operator()(const AssaultRound& e) {
    unit(e.attacker);
    target(e.defender);
  }
  void operator()(const AssaultEnded& e) {
    unit(e.attacker);
    target(e.defender);
  }
  void operator()(const ActivationEnded& e) { unit(e.unit); }
  void operator()(const Conceded& e) { side(e.side); }
  template <class T>
  void operator()(const T&) {}
};

struct Traits {
  static constexpr std::string_view kName = "rcw";
  static constexpr int kVersion = 2;  // engine::Ruleset::version(): raise it when the rules change
  using State = rcw::State;
  using Command = rcw::Command;
  using Event = rcw::Event;
  using Codec = wire::Codec;  // commands and events <-> bytes
  using WireView = pb::View;

  static Result<State> load_scenario(std::string_view text) { return wire::load_scenario(text); }
  static std::string title(const State& s) { return s.scenario_name; }

  static std::vector<engine::SeatSpec> seats(const State& s) {
    std::vector<engine::SeatSpec> out;
    for (int side = 0; side < kSides; ++side) {
      out.push_back(engine::SeatSpec{seat_of(side), engine::Role::kGeneral, s.sides[side].name});
    }
    return out;
  }

  // begin, decide, apply and legal: the pure rules' own, found by the adapter.
  static engine::Status fits(const State& s, const Event& event) {
    return adapter::fits_by<Fits>(s, event);
  }

  // docs/protocol.md, "Measuring": only what this viewer sees (R20).
  static Result<engine::Measurement> measure(const State& s, const engine::Viewer& viewer,
                                             std::string_view from, std::string_view to) {
    return rcw::measure(s, sight_of(s, viewer), from, to);
  }

  // Previews: where a move is ordered, its cost; no event that a hidden unit decides (rules.h).
  static engine::Advice advise(const State& s, std::string_view seat, const Command& c,
                               const std::vector<Event>& events) {
    return rcw::advise(s, std::string(seat), c, events);
  }

  static engine::ToAct to_act(const State& s);

  static Bytes view(const State& s, const engine::Viewer& viewer) {
    return to_view(s, viewer).SerializeAsString();
  }
  // R20: an event about a concealed unit reaches the enemy and observers as `hidden`.
  static std::optional<Bytes> view_event(const State& before, const Event& event, const Bytes&,
                                         const engine::Viewer& viewer) {
    return view_of(before, event, viewer).SerializeAsString();
  }

  // Every viewer gets the hash of what both sides see (R20); full_hash covers the rest.
  static engine::StateHash hash(const State& s) { return rcw::public_hash(s); }
  static engine::StateHash full_hash(const State& s) { return rcw::full_hash(s); }

  // Taking back (docs/protocol.md): a unit revealed (R10, R20: for good) cannot be unseen, and
  // every move tells the mover something of the enemies he cannot see: stopped by a hidden one
  // (R17), or not, which says none lies within 3" of its path. A move free to take back would
  // let a player sweep the fog of war, so every move (and an assault's move into contact) needs
  // the enemy's consent, whatever is hidden: the answer itself must not tell whether anything
  // is. Dice, and events the enemy reads only as `hidden`, count as reveals anyway (the adapter).
  static bool reveals(const State&, const Event& e) {
    return std::holds_alternative<UnitsRevealed>(e) || std::holds_alternative<Moved>(e) ||
           std::holds_alternative<AssaultMoved>(e);
  }
};

// R14: a side may concede at any time, so the seat not to act may still send that one command
// (decide() refuses it anything else).
void concede_out_of_turn(engine::ToAct& out) {
  for (int side = 0; side < kSides; ++side) {
    const std::string seat = seat_of(side);
    if (std::find(out.seats.begin(), out.seats.end(), seat) == out.seats.end()) {
      out.out_of_turn.push_back(seat);
    }
  }
}

// The summary never counts units: a count would betray concealed ones (R20).
engine::ToAct Traits::to_act(const State& s) {
  engine::ToAct out;
  switch (s.phase) {
    case Phase::kOver:
      out.game_over = true;
      out.summary = "Game over";
      if (!s.result.empty()) out.summary += " — " + s.result;
      if (!s.end_reason.empty()) out.summary += ": " + s.end_reason;
      return out;
    case Phase::kNotStarted:
      out.summary = "Waiting for the game to begin";
      return out;
    case Phase::kDeploy: {
      out.seats = seats_to_act(s);
      const bool both = !s.confirmed[0] && !s.confirmed[1];
      const int side = s.confirmed[0] ? 1 : 0;
      out.summary = both ? "Deployment: both sides place their units"
                         : "Deployment: " + s.sides[side].name + " place their units";
      concede_out_of_turn(out);
      return out;
    }
    case Phase::kPlay:
      break;
  }
  out.seats = seats_to_act(s);
  out.summary = "Turn " + std::to_string(s.turn) + " of " + std::to_string(s.turns) + ", " +
                s.sides[s.side].name + ": activate units";
  concede_out_of_turn(out);
  return out;
}

}  // namespace

std::unique_ptr<engine::Ruleset> make_rcw_ruleset() {
  return std::make_unique<adapter::WireRuleset<Traits>>();
}

}  // namespace grognard::rcw::wire
