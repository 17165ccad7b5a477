// The comparisons of indistinguishable.h.
#include "indistinguishable.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "../../support/random_choice.h"
#include "engine/ruleset.h"
#include "random_play.h"
#include "rules/rcw/wire/codec.h"
#include "rules/rcw/wire/ruleset.h"

namespace grognard::rcw::testing {

namespace {

using engine::Role;
using engine::Viewer;

const engine::Ruleset& ruleset() {
  static const std::unique_ptr<engine::Ruleset> r = wire::make_rcw_ruleset();
  return *r;
}

// Where the first difference of two texts is, with some of each around it.
std::string first_difference(const std::string& a, const std::string& b) {
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  const std::size_t from = i > 80 ? i - 80 : 0;
  return "\n  one:   ..." + a.substr(from, 240) + "\n  other: ..." + b.substr(from, 240);
}

std::string view_text(const std::string& bytes) {
  wire::pb::View v;
  v.ParseFromString(bytes);
  return v.ShortDebugString();
}
std::string event_text(const std::optional<std::string>& bytes) {
  if (!bytes) return "(nothing)";
  wire::pb::Event e;
  e.ParseFromString(*bytes);
  return e.ShortDebugString();
}

// Dice that always show their highest face: every command throw passes, every rally rallies.
class Highest final : public engine::Dice {
 public:
  engine::Roll roll(int sides) override { return engine::Roll{next_++, sides, sides}; }

 private:
  std::uint64_t next_ = 0;
};

// What a seat's preview shows (docs/protocol.md, "Previews", as room/room_preview.cpp answers
// it): the refusal, or the notes, whether it threw, and the events before `Advice::shown` as
// the seat reads them when it threw nothing.
std::string preview(const State& s, const std::string& seat, const Command& c) {
  engine::SeededDice dice(test_support::seed_for(7, 0x5e));
  const wire::RcwGameState g(s);
  const std::string bytes = wire::Codec::serialize(c);
  auto events = ruleset().decide(g, seat, bytes, dice);
  if (!events.ok()) return "refused: " + engine::describe(events.error());
  const engine::Advice advice = ruleset().advise(g, seat, bytes, *events);
  std::string out = "threw " + std::to_string(dice.next());
  for (const std::string& n : advice.notes) out += "\n  note: " + n;
  for (const std::string& w : advice.warnings) out += "\n  warning: " + w;
  if (dice.next() != 0) return out;
  wire::RcwGameState scratch(s);
  const Viewer v{Role::kGeneral, seat, false};
  for (std::size_t i = 0; i < std::min(advice.shown, events->size()); ++i) {
    out += "\n  " + event_text(ruleset().view_event(scratch, (*events)[i], v));
    if (!ruleset().apply(scratch, (*events)[i]).ok()) break;
  }
  return out;
}

// The events of `c` on `s` from `seat` with `dice`, each with the state before it; up to the
// game's end (GameEnded and after are read whole by everyone, R20), or through the first
// ActivationEnded when `activation_only` (what comes after it is the turn's end, R56).
struct Run {
  std::optional<std::string> refusal;
  std::vector<std::pair<wire::RcwGameState, std::string>> steps;
  wire::RcwGameState after;
};
Run run(const State& s, const std::string& seat, const Command& c, engine::Dice& dice,
        bool activation_only) {
  Run out{std::nullopt, {}, wire::RcwGameState(s)};
  auto r = ruleset().decide(out.after, seat, wire::Codec::serialize(c), dice);
  if (!r.ok()) {
    out.refusal = engine::describe(r.error());
    return out;
  }
  for (const std::string& e : *r) {
    const auto native = wire::Codec::parse_event(e);
    if (native.ok() && std::holds_alternative<GameEnded>(*native)) break;
    out.steps.emplace_back(out.after, e);
    REQUIRE(ruleset().apply(out.after, e).ok());
    if (activation_only && native.ok() && std::holds_alternative<ActivationEnded>(*native)) break;
  }
  return out;
}

// The events of two runs as the enemy and an observer read them, one by one.
void compare_runs(const Run& a, const Run& b, const std::string& enemy, const std::string& what,
                  Findings& f) {
  const Viewer viewers[] = {Viewer{Role::kGeneral, enemy, false},
                            Viewer{Role::kObserver, "", false}};
  if (a.steps.size() != b.steps.size()) {
    f.leak("the number of events differs",
           what + ": " + std::to_string(a.steps.size()) + " vs " + std::to_string(b.steps.size()));
    return;
  }
  for (std::size_t i = 0; i < a.steps.size(); ++i) {
    ++f.events;
    for (const Viewer& v : viewers) {
      const auto ea = ruleset().view_event(a.steps[i].first, a.steps[i].second, v);
      const auto eb = ruleset().view_event(b.steps[i].first, b.steps[i].second, v);
      if (ea != eb) {
        f.leak("the event seen by " + std::string(v.seat.empty() ? "an observer" : "the enemy") +
                   " differs",
               what + first_difference(event_text(ea), event_text(eb)));
      }
    }
  }
}

}  // namespace

void compare_states(const State& a, const State& b, const std::string& enemy, const std::string& ex,
                    Findings& f, bool differ) {
  ++f.variants;
  const wire::RcwGameState ga(a), gb(b);
  const Viewer viewers[] = {Viewer{Role::kGeneral, enemy, false},
                            Viewer{Role::kObserver, "", false}};
  for (const Viewer& v : viewers) {
    const std::string va = ruleset().view(ga, v), vb = ruleset().view(gb, v);
    if (va != vb) {
      f.leak(std::string(v.seat.empty() ? "an observer's" : "the enemy's") + " view differs",
             ex + first_difference(view_text(va), view_text(vb)));
    }
  }
  if (ruleset().hash(ga) != ruleset().hash(gb) || public_hash(a) != public_hash(b)) {
    f.leak("the published hash differs", ex);
  }
  if (differ && ruleset().full_hash(ga) == ruleset().full_hash(gb)) {
    f.leak("the full hash does not tell the variants apart", ex);
  }
  const Viewer own{Role::kGeneral, enemy == seat_of(0) ? seat_of(1) : seat_of(0), false};
  if (differ && ruleset().view(ga, own) == ruleset().view(gb, own)) {
    f.leak("the own side's view does not tell the variants apart", ex);
  }
  const engine::ToAct ta = ruleset().to_act(ga), tb = ruleset().to_act(gb);
  if (ta.seats != tb.seats || ta.summary != tb.summary || ta.game_over != tb.game_over ||
      ta.out_of_turn != tb.out_of_turn) {
    f.leak("to_act differs", ex + "\n  one: " + ta.summary + "\n  other: " + tb.summary);
  }
  const auto la = ruleset().legal(ga, enemy), lb = ruleset().legal(gb, enemy);
  if (la != lb) {
    f.leak("the enemy's legal() differs", ex + ": " + std::to_string(la.size()) + " vs " +
                                              std::to_string(lb.size()) + " commands");
  }
}

void compare_command(const State& a, const Command& ca, const State& b, const Command& cb,
                     const UnitId& id, const std::string& seat, const std::string& enemy,
                     const std::string& ex, Findings& f) {
  engine::SeededDice da(test_support::seed_for(99, 0x3d)), db(test_support::seed_for(99, 0x3d));
  const wire::RcwGameState ga(a), gb(b);
  auto ra = ruleset().decide(ga, seat, wire::Codec::serialize(ca), da);
  auto rb = ruleset().decide(gb, seat, wire::Codec::serialize(cb), db);
  if (!ra.ok() || !rb.ok()) return;  // refused where the unit stands: its own side knows
  wire::RcwGameState sa(a), sb(b);
  std::vector<std::pair<wire::RcwGameState, std::string>> steps_a, steps_b;
  for (const std::string& e : *ra) {
    steps_a.emplace_back(sa, e);
    REQUIRE(ruleset().apply(sa, e).ok());
  }
  for (const std::string& e : *rb) {
    steps_b.emplace_back(sb, e);
    REQUIRE(ruleset().apply(sb, e).ok());
  }
  const Unit* ua = sa.state.find(id);
  const Unit* ub = sb.state.find(id);
  if (ua == nullptr || ub == nullptr || !ua->concealed || !ub->concealed) return;
  ++f.commands;
  const std::string what = ex + ", command " + testing::describe(ca) + " from " + seat;
  if (steps_a.size() != steps_b.size()) {
    // What the enemy receives of each, and what the events are.
    auto names = [&enemy](const auto& steps) {
      std::string out;
      for (const auto& [before, bytes] : steps) {
        const auto seen = ruleset().view_event(before, bytes, Viewer{Role::kGeneral, enemy, false});
        out += " " + event_text(seen).substr(0, 12) + " (" + event_text(bytes).substr(0, 16) + ")";
      }
      return out;
    };
    f.leak("the number of events differs",
           what + "\n  one:  " + names(steps_a) + "\n  other:" + names(steps_b));
    return;
  }
  const Viewer viewers[] = {Viewer{Role::kGeneral, enemy, false},
                            Viewer{Role::kObserver, "", false}};
  for (std::size_t i = 0; i < steps_a.size(); ++i) {
    ++f.events;
    for (const Viewer& v : viewers) {
      const auto ea = ruleset().view_event(steps_a[i].first, steps_a[i].second, v);
      const auto eb = ruleset().view_event(steps_b[i].first, steps_b[i].second, v);
      if (ea != eb) {
        f.leak("the event seen by " + std::string(v.seat.empty() ? "an observer" : "the enemy") +
                   " differs",
               what + first_difference(event_text(ea), event_text(eb)));
      }
    }
  }
  // A command that ends the game shows everyone everything (R20), the unit where it stands too.
  if (sa.state.phase != Phase::kOver && sb.state.phase != Phase::kOver) {
    compare_states(sa.state, sb.state, enemy, what + " (after it)", f, false);
  }
}

void compare_enemy_command(const State& a, const State& b, const Command& c, const UnitId& id,
                           const std::string& enemy, const std::string& ex, Findings& f) {
  const std::string what = ex + ", the enemy's " + describe(c);
  ++f.previews;
  const std::string pa = preview(a, enemy, c), pb = preview(b, enemy, c);
  if (pa != pb) f.leak("the enemy's preview differs", what + first_difference(pa, pb));
  engine::SeededDice da(test_support::seed_for(98, 0x3d)), db(test_support::seed_for(98, 0x3d));
  const Run ra = run(a, enemy, c, da, false), rb = run(b, enemy, c, db, false);
  if (ra.refusal != rb.refusal) {
    f.leak(
        "the enemy's command is refused differently",
        what + first_difference(ra.refusal.value_or("accepted"), rb.refusal.value_or("accepted")));
    return;
  }
  if (ra.refusal) return;
  // Revealed in either (R10, R17: an enemy came within 3"): the enemy now knows.
  const Unit* u = ra.after.state.find(id);
  const Unit* v = rb.after.state.find(id);
  if (u == nullptr || !u->concealed || (v != nullptr && !v->concealed)) return;
  ++f.enemy_commands;
  compare_runs(ra, rb, enemy, what, f);
  if (ra.after.state.phase != Phase::kOver && rb.after.state.phase != Phase::kOver) {
    compare_states(ra.after.state, rb.after.state, enemy, what + " (after it)", f, false);
  }
}

void compare_activation(const State& a, const State& b, const Activate& act, const UnitId& hq,
                        const std::string& enemy, const std::string& ex, Findings& f) {
  const std::string seat = seat_of(1 - side_of_seat(enemy).value());
  const std::string what = ex + ", " + describe(Command{act});
  Highest da, db;
  State sa = a, sb = b;
  Command c = act;
  for (int order = 0; order < 3; ++order) {
    const Run ra = run(sa, seat, c, da, true), rb = run(sb, seat, c, db, true);
    if (ra.refusal != rb.refusal) {
      f.leak("a command of the concealed HQ's side is refused differently",
             what + first_difference(ra.refusal.value_or("accepted"),
                                     rb.refusal.value_or("accepted")));
      return;
    }
    if (ra.refusal) return;
    const Unit* h = ra.after.state.find(hq);
    const Unit* k = rb.after.state.find(hq);
    if (h == nullptr || !h->concealed || (k != nullptr && !k->concealed)) return;
    for (const auto& [before, bytes] : ra.steps) {
      const auto e = wire::Codec::parse_event(bytes);
      if (!e.ok()) continue;
      f.hq_throws += std::holds_alternative<CommandThrown>(*e) ? 1 : 0;
      f.hq_rallies += std::holds_alternative<Rallied>(*e) ? 1 : 0;
    }
    compare_runs(ra, rb, enemy, what + ", order " + std::to_string(order), f);
    sa = ra.after.state;
    sb = rb.after.state;
    if (!sa.active || !sb.active) return;
    c = SkipAction{};
  }
}

}  // namespace grognard::rcw::testing
