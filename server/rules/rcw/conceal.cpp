// Concealment (§9, R10, R17, R19, R20, R49): who sees which unit, the reveals (of concealed
// units, and the spotting of unspotted fixed ones), the stop of a move that comes within 3" of a
// hidden enemy, and what each viewer may read.
#include <algorithm>

#include "rules/rcw/internal.h"

namespace grognard::rcw {

namespace detail {

namespace {

// Where a unit stands for R10's 3": its centre, or each live car of a train.
std::vector<Point> places(const Unit& u) {
  if (u.type != UnitType::kTrain) return {u.pos};
  std::vector<Point> out;
  for (const Car& c : u.cars) {
    if (!c.destroyed) out.push_back(c.pos);
  }
  return out;
}

}  // namespace

bool unseen(const Unit& u) {
  return u.concealed || u.unspotted;
}

void reveal(Emitter& e, const std::vector<std::size_t>& units, const std::string& cause) {
  UnitsRevealed ev;
  ev.cause = cause;
  for (std::size_t i : units) {
    const Unit& u = e.s.units[i];
    if (!unseen(u)) continue;
    const bool listed =
        std::any_of(ev.units.begin(), ev.units.end(), [&](const Unit& x) { return x.id == u.id; });
    if (listed) continue;
    Unit whole = u;  // R20: whole as it stands, for good
    whole.concealed = false;
    whole.unspotted = false;  // R49: a fixed unit is spotted the same way
    ev.units.push_back(std::move(whole));
  }
  if (!ev.units.empty()) e.emit(std::move(ev));
}

void reveal_near(Emitter& e, std::size_t unit) {
  // R10: a hidden unit is revealed when an enemy comes within 3" (R18: inclusive) of any place
  // the unit holds: each a leg of no length.
  const Unit& u = e.s.units[unit];
  if (!u.on_table()) return;
  std::vector<engine::Segment> at;
  for (Point p : places(u)) at.push_back({p, p});
  reveal_along(e, unit, at);
}

void reveal_along(Emitter& e, std::size_t unit, const std::vector<engine::Segment>& legs) {
  // R10, R46, R49: an enemy comes within 3" anywhere along its way (R18: inclusive).
  const Unit& u = e.s.units[unit];
  std::vector<std::size_t> near;
  for (std::size_t i = 0; i < e.s.units.size(); ++i) {
    const Unit& v = e.s.units[i];
    if (v.side == u.side || !unseen(v) || !v.on_table()) continue;
    for (const engine::Segment& leg : legs) {
      if (engine::within(engine::distance(v.pos, leg), engine::Inches{kAdjacent})) {
        near.push_back(i);
        break;
      }
    }
  }
  reveal(e, near, "an enemy came within 3in");
}

std::optional<HiddenStop> hidden_stop(const State& s, std::size_t unit,
                                      const std::vector<Point>& path) {
  // R17: the move stops where it first comes within 3" of a hidden enemy.
  const Unit& u = s.units[unit];
  Point from = u.pos;
  for (std::size_t leg = 0; leg < path.size(); ++leg) {
    const engine::Segment seg{from, path[leg]};
    std::optional<HiddenStop> best;
    double best_d = 0;
    for (std::size_t i = 0; i < s.units.size(); ++i) {
      const Unit& v = s.units[i];
      if (v.side == u.side || !v.concealed || !v.on_table()) continue;
      const auto at = engine::first_within(seg, v.pos, engine::Inches{kAdjacent});
      if (!at) continue;
      const double d = engine::distance(from, *at).get();
      if (!best || d < best_d) {
        best = HiddenStop{i, *at, leg};
        best_d = d;
      }
    }
    if (best) return best;
    from = path[leg];
  }
  return std::nullopt;
}

}  // namespace detail

bool sees(const State& state, const Sight& who, const Unit& unit) {
  (void)state;
  // R20: its own side always; everyone once the game has ended; the rest once revealed.
  if (who.all) return true;
  if (who.side && *who.side == unit.side) return true;
  return !unit.concealed;
}

namespace {

bool sees_id(const State& s, const Sight& who, const UnitId& id) {
  const Unit* u = s.owner(id);
  return u == nullptr || sees(s, who, *u);
}

// The unit (or the train whose car `id` names) is of the viewer's own side.
bool own(const State& s, const Sight& who, const UnitId& id) {
  const Unit* u = s.owner(id);
  return u != nullptr && who.side && *who.side == u->side;
}

}  // namespace

std::optional<Event> redact(const State& before, const Event& event, const Sight& who) {
  if (who.all) return event;
  // R19: a secret placement reaches its own side only.
  if (const auto* d = std::get_if<UnitDeployed>(&event)) {
    const Unit* u = before.find(d->unit);
    if (u != nullptr && who.side && *who.side == u->side) return event;
    return std::nullopt;
  }
  // R20: what a concealed unit does without revealing itself reaches nobody else, not even
  // its kind.
  const UnitId* actor = std::visit(
      [](const auto& e) -> const UnitId* {
        using E = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<E, Activated> || std::is_same_v<E, CommandThrown> ||
                      std::is_same_v<E, ActionSkipped> || std::is_same_v<E, Rallied> ||
                      std::is_same_v<E, Limbered> || std::is_same_v<E, ActivationEnded>) {
          return &e.unit;
        } else {
          return nullptr;
        }
      },
      event);
  if (actor != nullptr && !sees_id(before, who, *actor)) return std::nullopt;
  // R20, R37, R53: the enemy and observers read a command throw or a rally as its outcome alone:
  // its die, modifiers, whether it counted and the HQ it names would tell where a concealed HQ
  // stands (within 12", or adjacent). Its own side reads it whole.
  if (const auto* t = std::get_if<CommandThrown>(&event);
      t != nullptr && !own(before, who, t->unit)) {
    CommandThrown out;
    out.unit = t->unit;
    out.passed = t->passed;
    out.outcome_only = true;
    return out;
  }
  if (const auto* r = std::get_if<Rallied>(&event); r != nullptr && !own(before, who, r->unit)) {
    Rallied out;
    out.unit = r->unit;
    out.success = r->success;
    out.outcome_only = true;
    return out;
  }
  // R27, R20: an observer the viewer does not see is left out of the shot.
  if (const auto* shot = std::get_if<Shot>(&event)) {
    if (shot->observer && !sees_id(before, who, *shot->observer)) {
      Shot copy = *shot;
      copy.observer.reset();
      return copy;
    }
  }
  return event;
}

State seen_by(const State& state, const Sight& who) {
  if (who.all) return state;
  State out = state;
  // R20, R54: a side's briefing is its own (and everyone's once the game is over).
  for (int side = 0; side < kSides; ++side) {
    if (!who.side || *who.side != side) out.sides[side].briefing.clear();
  }
  out.units.clear();
  std::optional<std::size_t> active;
  for (std::size_t i = 0; i < state.units.size(); ++i) {
    if (!sees(state, who, state.units[i])) continue;
    if (state.active && state.active->unit == i) active = out.units.size();
    out.units.push_back(state.units[i]);
  }
  // R20: the activation of a unit the viewer does not see is not there for it.
  if (state.active) {
    if (active) {
      out.active->unit = *active;
    } else {
      out.active.reset();
    }
  }
  return out;
}

}  // namespace grognard::rcw
