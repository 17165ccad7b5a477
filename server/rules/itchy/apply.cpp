// apply(): folds one event into the state. Events carry every throw and every result, so
// folding never throws dice and never decides anything.
#include "rules/itchy/rules.h"

namespace grognard::itchy {

namespace {

struct Applier {
  State& s;

  void operator()(const InitiativeThrown& e) {
    s.turn = e.turn;
    s.phase = Phase::kChooseOrder;
    s.initiative_winner = e.winner;
    s.first_side = s.acting_side = -1;
    s.half = 0;
    s.active.reset();
    for (Unit& u : s.units) {  // a new turn: every unit and General may act again
      u.activated = u.moved = u.attacked = false;
      u.areas_moved = 0;
    }
  }
  void operator()(const OrderChosen& e) {
    s.first_side = s.acting_side = e.first_side;
    s.half = 0;
    s.phase = Phase::kActivation;
  }
  void operator()(const UnitMoved& e) {
    const auto i = s.index_of(e.unit);
    Unit& u = s.units[*i];
    s.active = *i;
    u.activated = u.moved = true;
    u.areas_moved = static_cast<int>(e.path.size());
    if (!e.path.empty()) u.pos = e.path.back();
    u.facing = e.facing;
  }
  void operator()(const AttackResolved& e) {
    Unit& u = *s.find(e.unit);
    u.activated = u.attacked = true;
    s.active.reset();  // I8: nothing follows an attack in the same activation
    for (const Casualty& c : e.casualties) {
      Unit& t = *s.find(c.unit);
      t.sp -= c.sp_lost;
      s.sides[static_cast<std::size_t>(t.side)].losses += c.sp_lost;
      if (c.destroyed) t.removed = true;  // §Unit Strength Points: removed at 0
    }
  }
  void operator()(const SideTurnEnded&) {
    s.active.reset();
    if (s.half == 0) {
      s.half = 1;
      s.acting_side = 1 - s.first_side;
    } else {
      s.acting_side = -1;
    }
  }
  void operator()(const TurnEnded& e) {
    for (std::size_t i = 0; i < 2; ++i) s.sides[i].exhausted = e.exhausted[i];
  }
  void operator()(const GameEnded& e) {
    s.phase = Phase::kOver;
    s.winner = e.winner;
    s.end_reason = e.reason;
    s.score = e.score;
    s.acting_side = -1;
    s.active.reset();
  }
};

}  // namespace

void apply(State& state, const Event& event) {
  std::visit(Applier{state}, event);
}

}  // namespace grognard::itchy
