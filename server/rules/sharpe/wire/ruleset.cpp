#include "rules/sharpe/wire/ruleset.h"

#include <algorithm>
#include <utility>
#include <variant>

#include "rules/sharpe/rules.h"
#include "rules/sharpe/wire/codec.h"
#include "rules/sharpe/wire/scenario_pb.h"

namespace grognard::sharpe::wire {
namespace {

using engine::Bytes;

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
    if (!problem && s.deck.empty()) problem = "a card drawn from an empty deck";
    if (e.card.kind == CardKind::kHero) group(e.card.group);
  }
  void operator()(const BadCardDrawn&) {
    if (!problem && s.bad_deck.empty()) problem = "a bad card drawn from an empty bad deck";
  }
  void operator()(const FunctionsThrown& e) {
    if (!problem && !s.active) problem = "functions thrown while no group is active";
    group(e.group);
  }
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

struct Traits {
  static constexpr std::string_view kName = "sharpe";
  static constexpr int kVersion = 1;  // engine::Ruleset::version(): raise it when the rules change
  using State = sharpe::State;
  using Command = sharpe::Command;
  using Event = sharpe::Event;
  using Codec = wire::Codec;  // commands and events <-> bytes
  using WireView = pb::View;

  static Result<State> load_scenario(std::string_view text) { return wire::load_scenario(text); }
  static std::string title(const State& s) { return s.scenario_name; }

  static std::vector<engine::SeatSpec> seats(const State& s) {
    std::vector<engine::SeatSpec> out;
    for (const Seat& seat : s.seats) {
      out.push_back(engine::SeatSpec{seat.id, engine::Role::kPlayer, seat_label(seat)});
    }
    out.push_back(engine::SeatSpec{kRefereeSeat, engine::Role::kReferee, "Referee"});
    return out;
  }

  // begin, decide, apply and legal: the pure rules' own, found by the adapter.
  static engine::Status fits(const State& s, const Event& event) {
    return adapter::fits_by<Fits>(s, event);
  }

  // docs/protocol.md, "Measuring": every viewer sees every figure on the table.
  static Result<engine::Measurement> measure(const State& s, const engine::Viewer&,
                                             std::string_view from, std::string_view to) {
    return sharpe::measure(s, from, to);
  }

  static engine::ToAct to_act(const State& s);

  static Bytes view(const State& s, const engine::Viewer& viewer) {
    return to_view(s, viewer).SerializeAsString();
  }
  static std::optional<Bytes> view_event(const State& before, const Event& event, const Bytes&,
                                         const engine::Viewer& viewer) {
    const bool over = viewer.game_over || before.phase == Phase::kOver;
    return view_of(event, viewer, over).SerializeAsString();
  }

  // Previews: costs, where a move ends, S2's warnings; no card of the deck (rules.h).
  static engine::Advice advise(const State& s, std::string_view seat, const Command& c,
                               const std::vector<Event>& events) {
    return sharpe::advise(s, std::string(seat), c, events);
  }

  // Every viewer gets the public hash: the secrets are left out (sharpe::public_hash).
  static engine::StateHash hash(const State& s) { return public_hash(s); }
  static engine::StateHash full_hash(const State& s) { return sharpe::hash(s); }

  // Taking back (docs/protocol.md): what the deck holds (S1 shuffles and draws, S23 the
  // referee's cards, the bad deck) or a briefing says (S12) cannot be unseen. Dice, and events
  // not every viewer reads whole, count as reveals anyway (the adapter).
  static bool reveals(const State&, const Event& e) {
    return std::holds_alternative<DeckShuffled>(e) || std::holds_alternative<CardDrawn>(e) ||
           std::holds_alternative<BadCardDrawn>(e) || std::holds_alternative<CardAdded>(e) ||
           std::holds_alternative<BadDeckBuilt>(e) || std::holds_alternative<BriefingSet>(e);
  }
};

engine::ToAct Traits::to_act(const State& s) {
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
  // S12: the referee may act at any time; he is among the seats to act only when paused.
  auto out_of_turn = [&](const std::string& seat) {
    if (std::find(out.seats.begin(), out.seats.end(), seat) == out.seats.end()) {
      out.out_of_turn.push_back(seat);
    }
  };
  for (const Seat& seat : s.seats) out_of_turn(seat.id);
  out_of_turn(kRefereeSeat);
  if (s.phase == Phase::kNotStarted) {
    out.summary = "Waiting for the first shuffle";
    return out;
  }
  out.summary = "Turn " + std::to_string(s.turn);
  if (s.active && *s.active < s.groups.size()) {
    const Group& g = s.groups[*s.active];
    // S3: with its hero dead, the group's player names a new one before he may throw.
    const bool hero_dead = !g.hero || !s.figures[*g.hero].on_table();
    out.summary += " — " + g.id +
                   (s.phase != Phase::kThrow ? ": activate"
                    : hero_dead              ? ": the hero is dead, name a new hero (S3)"
                                             : ": throw functions");
  }
  if (s.paused) out.summary += " (paused for the referee: " + s.pause_reason + ")";
  return out;
}

}  // namespace

std::unique_ptr<engine::Ruleset> make_sharpe_ruleset() {
  return std::make_unique<adapter::WireRuleset<Traits>>();
}

}  // namespace grognard::sharpe::wire
