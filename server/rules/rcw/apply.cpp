// apply(): folds one event into the state. Events carry every throw and every result, so
// folding never throws dice and never decides anything.
#include "rules/rcw/internal.h"

namespace grognard::rcw {

namespace {

// The unit's own action is done: the activation moves to the next one (R5).
void action_done(State& s, const UnitId& unit) {
  if (!s.active) return;
  const Unit& u = s.units[s.active->unit];
  bool own = u.id == unit;
  for (const Car& c : u.cars) own = own || c.id == unit;
  if (own) ++s.active->next;
}

// R29, R23: a unit or a car is pinned or destroyed; a destroyed one scores its points to the
// enemy (each car scores the train's points); a train goes when every car has.
void befall(State& s, const UnitId& id, Outcome o) {
  if (o == Outcome::kNoEffect) return;
  if (const auto ref = s.find_car(id)) {
    Unit& train = s.units[ref->unit];
    Car& car = train.cars[ref->car];
    if (car.destroyed) return;
    if (o == Outcome::kPinned) {
      car.pinned = true;
      return;
    }
    car.destroyed = true;
    s.destroyed_points[1 - train.side] += train.points;
    bool all = true;
    for (const Car& c : train.cars) all = all && c.destroyed;
    train.destroyed = all;
    return;
  }
  Unit* u = s.find(id);
  if (u == nullptr || u->destroyed) return;
  if (o == Outcome::kPinned) {
    u->pinned = true;
    return;
  }
  u->destroyed = true;
  s.destroyed_points[1 - u->side] += u->points;
}

// R22: a dug-in unit that changes its position is dug in no more.
void move_to(Unit& u, Point to) {
  if (!engine::same_place(u.pos, to)) u.dug_in = false;
  u.pos = to;
}

struct Folder {
  State& s;

  void operator()(const DeploymentBegan&) { s.phase = Phase::kDeploy; }
  void operator()(const UnitDeployed& e) {
    Unit* u = s.find(e.unit);
    u->pos = e.pos;
    u->facing = e.facing;
    u->placed = true;
  }
  void operator()(const DeploymentConfirmed& e) { s.confirmed[e.side] = true; }
  void operator()(const DeploymentEnded&) { s.phase = Phase::kPlay; }
  void operator()(const UnitsRevealed& e) {
    for (const Unit& r : e.units) {
      if (Unit* u = s.find(r.id)) {
        u->concealed = false;
        u->unspotted = false;  // R49: spotted, for good
      } else {
        // A view without the unit (seen_by, R20) receives it whole.
        Unit added = r;
        added.concealed = false;
        s.units.push_back(std::move(added));
      }
    }
  }
  void operator()(const TurnBegan& e) {
    s.phase = Phase::kPlay;
    s.turn = e.turn;
    s.side = e.side;
    s.active.reset();
    for (Unit& u : s.units) u.activated = false;  // R14
  }
  void operator()(const Activated& e) {
    const auto i = s.index_of(e.unit);
    if (!i) return;  // a view that does not see the unit (R20)
    s.units[*i].activated = true;
    Activation a;
    a.unit = *i;
    a.actions[0] = e.first;
    a.actions[1] = e.second;
    s.active = a;
  }
  void operator()(const CommandThrown& e) {
    if (!s.active) return;
    s.active->command_thrown = true;
    s.active->command_failed = !e.passed;
  }
  void operator()(const ActionSkipped& e) {
    if (s.active) s.active->next = e.index + 1;
  }
  void operator()(const Rallied& e) {
    if (const auto ref = s.find_car(e.unit)) {
      // R23: one throw per pinned car, in car order; the last of them ends the action.
      Unit& train = s.units[ref->unit];
      if (e.success) train.cars[ref->car].pinned = false;
      bool later = false;
      for (std::size_t c = ref->car + 1; c < train.cars.size(); ++c) {
        later = later || (train.cars[c].pinned && !train.cars[c].destroyed);
      }
      if (!later) action_done(s, train.id);
    } else {
      if (Unit* u = s.find(e.unit); u != nullptr && e.success) u->pinned = false;
      action_done(s, e.unit);
    }
    if (s.active && !e.success) s.active->rally_failed = true;
  }
  void operator()(const Limbered& e) {
    if (Unit* u = s.find(e.unit)) u->limbered = e.limbered;
    action_done(s, e.unit);
  }
  void operator()(const Moved& e) {
    Unit* u = s.find(e.unit);
    if (u == nullptr) return;
    if (e.rail_at) {
      u->rail_at = *e.rail_at;
      detail::place_train(s, *u);  // R13
    } else {
      if (!e.path.empty()) move_to(*u, e.path.back());
      u->facing = e.facing;  // R15
    }
    if (e.dug_in_lost) u->dug_in = false;
    action_done(s, e.unit);
  }
  void operator()(const Shot& e) {
    befall(s, e.target, e.outcome);
    if (e.ends_action) action_done(s, e.firer);
  }
  void operator()(const AssaultMoved& e) {
    if (Unit* u = s.find(e.attacker)) move_to(*u, e.to);
  }
  void operator()(const AssaultRound& e) {
    befall(s, e.defender, e.by_attacker.outcome);
    befall(s, e.attacker, e.by_defender.outcome);
  }
  void operator()(const AssaultEnded& e) {
    Unit* u = s.find(e.attacker);
    if (u != nullptr && !u->destroyed) move_to(*u, e.attacker_to);
    action_done(s, e.attacker);
  }
  void operator()(const ActivationEnded&) { s.active.reset(); }
  void operator()(const TurnEnded&) { s.active.reset(); }
  void operator()(const GameEnded& e) {
    s.phase = Phase::kOver;
    s.active.reset();
    s.winner = e.winner;
    s.result = e.result;
    s.end_reason = e.reason;
  }
  void operator()(const Conceded&) {}
};

}  // namespace

void apply(State& state, const Event& event) {
  std::visit(Folder{state}, event);
}

namespace detail {

void Emitter::emit(Event e) {
  rcw::apply(s, e);
  out.push_back(std::move(e));
}

}  // namespace detail

}  // namespace grognard::rcw
