#include "rules/sharpe/wire/ruleset.h"

#include <algorithm>
#include <tuple>
#include <utility>
#include <variant>

#include "rules/sharpe/rules.h"
#include "rules/sharpe/wire/codec.h"
#include "rules/sharpe/wire/scenario_pb.h"

namespace grognard::sharpe::wire {
namespace {

using engine::Bytes;
using engine::Error;
using engine::ErrorCode;

// REQUIRES: `s` came from SharpeRuleset::load_scenario (or a clone of one).
const State& native(const engine::GameState& s) {
  return static_cast<const SharpeGameState&>(s).state;
}
State& native(engine::GameState& s) {
  return static_cast<SharpeGameState&>(s).state;
}

std::vector<Bytes> serialize_all(const std::vector<Event>& events) {
  std::vector<Bytes> out;
  out.reserve(events.size());
  for (const Event& e : events) out.push_back(serialize(e));
  return out;
}

Error bad_event(std::string message) {
  return Error{ErrorCode::kInvalidArgument, "", std::move(message)};
}

// sharpe::apply trusts its event; one read back from storage is checked for the names that
// would make folding it undefined (unknown figures, groups, weapons) before it is applied.
struct Fits {
  const State& s;
  std::optional<std::string> problem;

  void figure(const FigureId& id) {
    if (!problem && s.find(id) == nullptr) problem = "unknown figure \"" + id.get() + "\"";
  }
  void weapon(const FigureId& id, std::size_t w) {
    figure(id);
    if (!problem && w >= s.find(id)->weapons.size()) {
      problem = "figure \"" + id.get() + "\" has no weapon " + std::to_string(w);
    }
  }
  void group(const std::string& id) {
    if (!problem && !s.group_index(id)) problem = "unknown group \"" + id + "\"";
  }
  void gun(const std::string& id) {
    if (!problem && s.gun(id) == nullptr) problem = "unknown gun \"" + id + "\"";
  }
  void operator()(const GunLoading& e) {
    figure(e.figure);
    gun(e.gun);
  }
  void operator()(const CanisterFired& e) {
    figure(e.figure);
    gun(e.gun);
    for (const CanisterThrow& t : e.throws) figure(t.figure);
  }
  void operator()(const BallFired& e) {
    figure(e.figure);
    gun(e.gun);
    figure(e.target);
  }
  void operator()(const CardDrawn& e) {
    if (e.card.kind == CardKind::kHero) group(e.card.group);
  }
  void operator()(const FunctionsThrown& e) { group(e.group); }
  void operator()(const FigureMoved& e) {
    figure(e.figure);
    if (e.contact) figure(*e.contact);
  }
  void operator()(const FunctionsSpent& e) {
    if (e.weapon) weapon(e.figure, *e.weapon);
    figure(e.figure);
  }
  void operator()(const Fired& e) {
    weapon(e.figure, e.weapon);
    figure(e.target);
  }
  void operator()(const FigureHurt& e) { figure(e.figure); }
  void operator()(const MeleeFought& e) {
    figure(e.a);
    figure(e.b);
  }
  void operator()(const MoraleTested& e) { group(e.group); }
  void operator()(const FigureRan& e) { figure(e.figure); }
  void operator()(const Scattered& e) { group(e.group); }
  void operator()(const ScatterOrderSet& e) { group(e.group); }
  void operator()(const FiguresLost& e) {
    for (const FigureId& f : e.figures) figure(f);
  }
  void operator()(const HeroNamed& e) {
    group(e.group);
    figure(e.figure);
  }
  void operator()(const ActivationEnded& e) { group(e.group); }
  void operator()(const TurnEnded& e) {
    for (const FigureId& f : e.died) figure(f);
  }
  void operator()(const DeckShuffled& e) {
    for (const Card& c : e.order) {
      if (c.kind == CardKind::kHero) group(c.group);
    }
  }
  void operator()(const Ruled& e) {
    const RulingKind k = e.ruling.kind;
    if (k == RulingKind::kAdd) {
      group(e.ruling.group);
    } else if (k == RulingKind::kMove || k == RulingKind::kWound || k == RulingKind::kHeal ||
               k == RulingKind::kRemove) {
      figure(e.ruling.figure);
    }
  }
  template <class T>
  void operator()(const T&) {}
};

std::string seat_label(const Seat& seat) {
  return seat.name.empty() ? seat.id : seat.name;
}

}  // namespace

engine::Result<std::unique_ptr<engine::GameState>> SharpeRuleset::load_scenario(
    std::string_view text) const {
  auto state = wire::load_scenario(text);
  if (!state) return state.error();
  return std::unique_ptr<engine::GameState>(
      std::make_unique<SharpeGameState>(std::move(state).value()));
}

std::vector<engine::SeatSpec> SharpeRuleset::seats(const engine::GameState& state) const {
  std::vector<engine::SeatSpec> out;
  for (const Seat& seat : native(state).seats) {
    out.push_back(engine::SeatSpec{seat.id, engine::Role::kPlayer, seat_label(seat)});
  }
  out.push_back(engine::SeatSpec{kRefereeSeat, engine::Role::kReferee, "Referee"});
  return out;
}

engine::Result<std::vector<Bytes>> SharpeRuleset::begin(const engine::GameState& state,
                                                        engine::Dice& dice) const {
  auto events = sharpe::begin(native(state), dice);
  if (!events) return events.error();
  return serialize_all(*events);
}

engine::Result<std::vector<Bytes>> SharpeRuleset::decide(const engine::GameState& state,
                                                         std::string_view seat,
                                                         const Bytes& command,
                                                         engine::Dice& dice) const {
  auto cmd = parse_command(command);
  if (!cmd) return cmd.error();
  auto events = sharpe::decide(native(state), std::string(seat), *cmd, dice);
  if (!events) return events.error();
  return serialize_all(*events);
}

engine::Status SharpeRuleset::apply(engine::GameState& state, const Bytes& event) const {
  auto ev = parse_event(event);
  if (!ev) return ev.error();
  State& s = native(state);
  Fits fits{s, std::nullopt};
  std::visit(fits, *ev);
  if (fits.problem) return bad_event("the event names " + *fits.problem);
  sharpe::apply(s, *ev);
  return engine::ok_status();
}

Bytes SharpeRuleset::view(const engine::GameState& state, const engine::Viewer& viewer) const {
  return to_view(native(state), viewer).SerializeAsString();
}

std::optional<Bytes> SharpeRuleset::view_event(const engine::GameState& before, const Bytes& event,
                                               const engine::Viewer& viewer) const {
  auto ev = parse_event(event);
  if (!ev) return std::nullopt;  // nothing unreadable reaches a viewer
  const bool over = viewer.game_over || native(before).phase == Phase::kOver;
  return view_of(*ev, viewer, over).SerializeAsString();
}

std::vector<Bytes> SharpeRuleset::legal(const engine::GameState& state,
                                        std::string_view seat) const {
  std::vector<Bytes> out;
  for (const Command& c : sharpe::legal(native(state), std::string(seat))) {
    out.push_back(serialize(c));
  }
  return out;
}

engine::ToAct SharpeRuleset::to_act(const engine::GameState& state) const {
  const State& s = native(state);
  engine::ToAct out;
  if (s.phase == Phase::kOver) {
    out.game_over = true;
    out.summary = "Game over";
    if (!s.result.empty()) out.summary += " — " + s.result;
    if (!s.end_reason.empty()) out.summary += ": " + s.end_reason;
    return out;
  }
  out.seats = seats_to_act(s);
  // S25: a player gives his groups' scatter orders at any time; decide() refuses the rest.
  for (const Seat& seat : s.seats) {
    if (std::find(out.seats.begin(), out.seats.end(), seat.id) == out.seats.end()) {
      out.out_of_turn.push_back(seat.id);
    }
  }
  if (s.phase == Phase::kNotStarted) {
    out.summary = "Waiting for the first shuffle";
    return out;
  }
  out.summary = "Turn " + std::to_string(s.turn);
  if (s.active && *s.active < s.groups.size()) {
    const Group& g = s.groups[*s.active];
    out.summary += " — " + g.id + (s.phase == Phase::kThrow ? ": throw functions" : ": activate");
  }
  if (s.paused) out.summary += " (paused for the referee: " + s.pause_reason + ")";
  return out;
}

engine::StateHash SharpeRuleset::hash(const engine::GameState& state) const {
  // Every viewer receives the hash after each event. Over a secret it would let anyone who
  // knows the rest of the state test the few possible values one by one, so the published hash
  // covers what every viewer may see: the decks in a canonical order (S1) with the faces of
  // undrawn event cards blanked (S12, S23), no briefing text (S12) and no scatter order (S25).
  // The stored events, whole, fix the secrets.
  State s = native(state);
  auto blank = [](EventCard& c) { c = EventCard{}; };
  for (Card& c : s.deck) blank(c.event);
  for (Card& c : s.extra_cards) blank(c.event);
  for (EventCard& c : s.bad_deck) blank(c);
  for (Seat& seat : s.seats) seat.briefing.clear();
  for (Group& g : s.groups) g.scatter_to_cover = false;
  std::sort(s.deck.begin(), s.deck.end(), [](const Card& a, const Card& b) {
    return std::tie(a.kind, a.group, a.event.name, a.event.effect, a.event.amount) <
           std::tie(b.kind, b.group, b.event.name, b.event.effect, b.event.amount);
  });
  std::sort(s.bad_deck.begin(), s.bad_deck.end(), [](const EventCard& a, const EventCard& b) {
    return std::tie(a.name, a.effect, a.amount) < std::tie(b.name, b.effect, b.amount);
  });
  return sharpe::hash(s);
}

engine::Ruleset::WireTypes SharpeRuleset::wire_types() const {
  return {pb::Command::descriptor()->full_name(), pb::Event::descriptor()->full_name(),
          pb::View::descriptor()->full_name()};
}

std::string SharpeRuleset::title(const engine::GameState& state) const {
  return native(state).scenario_name;
}

std::unique_ptr<engine::Ruleset> make_sharpe_ruleset() {
  return std::make_unique<SharpeRuleset>();
}

}  // namespace grognard::sharpe::wire
