#include "rules/itchy/wire/ruleset.h"

#include <utility>
#include <variant>

#include "rules/itchy/rules.h"
#include "rules/itchy/wire/codec.h"
#include "rules/itchy/wire/scenario_pb.h"

namespace grognard::itchy::wire {
namespace {

using engine::Bytes;
using engine::Error;
using engine::ErrorCode;
using engine::Result;

// REQUIRES: `s` came from ItchyRuleset::load_scenario (or a clone of one).
const State& native(const engine::GameState& s) {
  return static_cast<const ItchyGameState&>(s).state;
}
State& native(engine::GameState& s) {
  return static_cast<ItchyGameState&>(s).state;
}

std::vector<Bytes> serialize_all(const std::vector<Event>& events) {
  std::vector<Bytes> out;
  out.reserve(events.size());
  for (const Event& e : events) out.push_back(serialize(e));
  return out;
}

std::string side_name(const State& s, int side) {
  const std::string& name = s.sides[static_cast<std::size_t>(side)].name;
  return name.empty() ? "side " + std::to_string(side) : name;
}

Error bad_event(std::string message) {
  return Error{ErrorCode::kInvalidArgument, "", std::move(message)};
}

engine::Status unit_known(const State& s, const UnitId& id) {
  if (s.find(id) == nullptr) return bad_event("the event names unknown unit \"" + id.get() + "\"");
  return engine::ok_status();
}

engine::Status on_grid(const State& s, GridPos p) {
  if (!s.size.contains(p))
    return bad_event("the event names area " + engine::to_string(p) + ", off the grid");
  return engine::ok_status();
}

// itchy::apply trusts its event; one read back from storage is checked for what would make
// folding it undefined (unknown units, areas off the grid) before it is applied.
engine::Status check_fits(const State& s, const Event& event) {
  if (const auto* m = std::get_if<UnitMoved>(&event)) {
    if (auto st = unit_known(s, m->unit); !st) return st;
    for (GridPos p : m->path) {
      if (auto st = on_grid(s, p); !st) return st;
    }
  } else if (const auto* a = std::get_if<AttackResolved>(&event)) {
    if (auto st = unit_known(s, a->unit); !st) return st;
    if (auto st = on_grid(s, a->target); !st) return st;
    for (const Casualty& c : a->casualties) {
      if (auto st = unit_known(s, c.unit); !st) return st;
    }
  }
  return engine::ok_status();
}

}  // namespace

std::optional<int> side_of_seat(std::string_view seat) {
  if (seat == "side:0") return 0;
  if (seat == "side:1") return 1;
  return std::nullopt;
}

std::string seat_of_side(int side) {
  return "side:" + std::to_string(side);
}

Result<std::unique_ptr<engine::GameState>> ItchyRuleset::load_scenario(
    std::string_view text) const {
  auto state = wire::load_scenario(text);
  if (!state) return state.error();
  return std::unique_ptr<engine::GameState>(
      std::make_unique<ItchyGameState>(std::move(state).value()));
}

std::vector<engine::SeatSpec> ItchyRuleset::seats(const engine::GameState& state) const {
  const State& s = native(state);
  std::vector<engine::SeatSpec> out;
  for (int side = 0; side < 2; ++side) {
    out.push_back(engine::SeatSpec{seat_of_side(side), engine::Role::kGeneral, side_name(s, side)});
  }
  return out;
}

Result<std::vector<Bytes>> ItchyRuleset::begin(const engine::GameState& state,
                                               engine::Dice& dice) const {
  auto events = itchy::begin(native(state), dice);
  if (!events) return events.error();
  return serialize_all(*events);
}

Result<std::vector<Bytes>> ItchyRuleset::decide(const engine::GameState& state,
                                                std::string_view seat, const Bytes& command,
                                                engine::Dice& dice) const {
  const auto side = side_of_seat(seat);
  if (!side) {
    return Error{ErrorCode::kPermissionDenied, "",
                 "seat \"" + std::string(seat) + "\" commands no side in this game"};
  }
  auto cmd = parse_command(command);
  if (!cmd) return cmd.error();
  auto events = itchy::decide(native(state), *side, *cmd, dice);
  if (!events) return events.error();
  return serialize_all(*events);
}

engine::Status ItchyRuleset::apply(engine::GameState& state, const Bytes& event) const {
  auto ev = parse_event(event);
  if (!ev) return ev.error();
  State& s = native(state);
  if (auto st = check_fits(s, *ev); !st) return st;
  itchy::apply(s, *ev);
  return engine::ok_status();
}

Bytes ItchyRuleset::view(const engine::GameState& state, const engine::Viewer&) const {
  return to_view(native(state)).SerializeAsString();
}

std::optional<Bytes> ItchyRuleset::view_event(const engine::GameState&, const Bytes& event,
                                              const engine::Viewer&) const {
  return event;
}

std::vector<Bytes> ItchyRuleset::legal(const engine::GameState& state,
                                       std::string_view seat) const {
  const auto side = side_of_seat(seat);
  if (!side) return {};
  std::vector<Bytes> out;
  for (const Command& c : itchy::legal(native(state), *side)) out.push_back(serialize(c));
  return out;
}

engine::ToAct ItchyRuleset::to_act(const engine::GameState& state) const {
  const State& s = native(state);
  engine::ToAct out;
  if (s.phase == Phase::kOver) {
    out.game_over = true;
    out.summary = s.winner ? "Game over — " + side_name(s, *s.winner) + " win"
                           : std::string("Game over — a draw");
    if (!s.end_reason.empty()) out.summary += ": " + s.end_reason;
    return out;
  }
  const auto side = side_to_act(s);
  if (!side) {
    out.summary = "Waiting for the first initiative throw";
    return out;
  }
  out.seats.push_back(seat_of_side(*side));
  const std::string turn = "Turn " + std::to_string(s.turn) + " — " + side_name(s, *side);
  out.summary = s.phase == Phase::kChooseOrder ? turn + ": choose to go first or second"
                                               : turn + ": activate units";
  if (s.phase == Phase::kActivation && s.active && *s.active < s.units.size()) {
    out.summary += " (" + s.units[*s.active].id.get() + " active)";
  }
  return out;
}

engine::StateHash ItchyRuleset::hash(const engine::GameState& state) const {
  return itchy::hash(native(state));
}

engine::Ruleset::WireTypes ItchyRuleset::wire_types() const {
  return {pb::Command::descriptor()->full_name(), pb::Event::descriptor()->full_name(),
          pb::View::descriptor()->full_name()};
}

std::string ItchyRuleset::title(const engine::GameState& state) const {
  return native(state).scenario_name;
}

std::unique_ptr<engine::Ruleset> make_itchy_ruleset() {
  return std::make_unique<ItchyRuleset>();
}

}  // namespace grognard::itchy::wire
