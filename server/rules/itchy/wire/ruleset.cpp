#include "rules/itchy/wire/ruleset.h"

#include <google/protobuf/arena.h>

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
using engine::invalid;
using engine::Result;

std::string side_name(const State& s, int side) {
  const std::string& name = s.sides[static_cast<std::size_t>(side)].name;
  return name.empty() ? "side " + std::to_string(side) : name;
}

engine::Status unit_known(const State& s, const UnitId& id) {
  if (s.find(id) == nullptr) return invalid("the event names unknown unit \"" + id.get() + "\"");
  return engine::ok_status();
}

engine::Status on_grid(const State& s, GridPos p) {
  if (!s.size.contains(p))
    return invalid("the event names area " + engine::to_string(p) + ", off the grid");
  return engine::ok_status();
}

struct Traits {
  static constexpr std::string_view kName = "itchy";
  static constexpr int kVersion = 1;  // engine::Ruleset::version(): raise it when the rules change
  static constexpr bool kHidesNothing = true;  // every viewer reads every event whole
  using State = itchy::State;
  using Command = itchy::Command;
  using Event = itchy::Event;
  using Codec = wire::Codec;  // commands and events <-> bytes
  using WireView = pb::View;

  // Taking back: nothing is hidden here, so only an event's dice settle anything (the adapter
  // finds them).
  static bool reveals(const State&, const Event&) { return false; }

  // Previews: where a move ends, what of its allowance it uses (rules.h).
  static engine::Advice advise(const State& s, std::string_view, const Command& c,
                               const std::vector<Event>& events) {
    return itchy::advise(s, c, events);
  }

  static Result<State> load_scenario(std::string_view text) { return wire::load_scenario(text); }
  static std::string title(const State& s) { return s.scenario_name; }

  static std::vector<engine::SeatSpec> seats(const State& s) {
    std::vector<engine::SeatSpec> out;
    for (int side = 0; side < 2; ++side) {
      out.push_back(
          engine::SeatSpec{seat_of_side(side), engine::Role::kGeneral, side_name(s, side)});
    }
    return out;
  }

  static Result<std::vector<Event>> begin(const State& s, engine::Dice& dice) {
    return itchy::begin(s, dice);
  }

  static Result<std::vector<Event>> decide(const State& s, std::string_view seat,
                                           const Command& command, engine::Dice& dice) {
    const auto side = side_of_seat(seat);
    if (!side) {
      return Error{ErrorCode::kPermissionDenied, "",
                   "seat \"" + std::string(seat) + "\" commands no side in this game"};
    }
    return itchy::decide(s, *side, command, dice);
  }

  static void apply(State& s, const Event& event) { itchy::apply(s, event); }

  // An event read back from storage must not name unknown units or areas off the grid.
  static engine::Status fits(const State& s, const Event& event) {
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

  static std::vector<Command> legal(const State& s, std::string_view seat) {
    const auto side = side_of_seat(seat);
    if (!side) return {};
    return itchy::legal(s, *side);
  }

  // docs/protocol.md, "Measuring": every viewer sees everything.
  static Result<engine::Measurement> measure(const State& s, const engine::Viewer&,
                                             std::string_view from, std::string_view to) {
    return itchy::measure(s, from, to);
  }

  static engine::ToAct to_act(const State& s);

  // Built on an arena: a view is a few dozen small messages, allocated and freed at once.
  static Bytes view(const State& s, const engine::Viewer&) {
    google::protobuf::Arena arena;
    auto* view = google::protobuf::Arena::CreateMessage<pb::View>(&arena);
    to_view(s, *view);
    return view->SerializeAsString();
  }
  static std::optional<Bytes> view_event(const State&, const Event&, const Bytes& bytes,
                                         const engine::Viewer&) {
    return bytes;
  }

  static engine::StateHash hash(const State& s) { return itchy::hash(s); }
  static engine::StateHash full_hash(const State& s) { return itchy::hash(s); }
};

engine::ToAct Traits::to_act(const State& s) {
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
  if (*side != 0 && *side != 1) {  // both sides have ended their turn: the next one's throw is due
    out.summary = "Turn " + std::to_string(s.turn) + " is over: the next initiative throw is due";
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

}  // namespace

std::optional<int> side_of_seat(std::string_view seat) {
  if (seat == "side:0") return 0;
  if (seat == "side:1") return 1;
  return std::nullopt;
}

std::string seat_of_side(int side) {
  return "side:" + std::to_string(side);
}

std::unique_ptr<engine::Ruleset> make_itchy_ruleset() {
  return std::make_unique<adapter::WireRuleset<Traits>>();
}

}  // namespace grognard::itchy::wire
