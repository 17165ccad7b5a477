// The activation flow (§3, §4, §5, §7, R5, R6, R9, R14, R16, R23, R24): what happens without a
// choice between the general's orders.
#include "rules/rcw/flow.h"

namespace grognard::rcw::detail {

namespace {

// R16: the nearest friendly HQ (not a FAO, R2) on the table, and how far it is.
std::optional<std::pair<std::size_t, double>> nearest_hq(const State& s, std::size_t unit,
                                                         Point from) {
  std::optional<std::pair<std::size_t, double>> best;
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const Unit& h = s.units[i];
    if (i == unit || h.type != UnitType::kHq || h.side != s.units[unit].side || !h.on_table())
      continue;
    const double d = engine::distance(from, h.pos).get();
    if (!best || d < best->second) best = std::pair{i, d};
  }
  return best;
}

// R16, R23: where a unit's distance to its HQ is measured from: its centre, or a train's first
// live car (its leading car destroyed, the next one leads).
Point command_point(const Unit& u) {
  if (u.type == UnitType::kTrain) {
    for (const Car& c : u.cars) {
      if (!c.destroyed) return c.pos;
    }
  }
  return u.pos;
}

// §5, R5, R16, R23: the command throw, when the first Move or Close Assault comes up.
// R47, R48: a concealed unit throws as soon as it is activated, whatever it declared and
// wherever it stands; the die counts only when a Move or Close Assault must throw, so that the
// dice and events of its hidden turn do not betray where it stands, what it is or what it does.
// R53: a visible unit that declared a Move or Close Assault throws too when it need not (within
// 12" of its HQ, which may be concealed): the die does not count, and the dice numbers and
// events do not tell where its HQ is.
void command_throw(Emitter& e, Dice& dice) {
  const std::size_t idx = e.s.active->unit;
  const Unit& u = e.s.units[idx];
  const Activation& a = *e.s.active;
  const auto moves = [](ActionKind k) {
    return k == ActionKind::kMove || k == ActionKind::kAssault;
  };
  // R5: HQ and FAO never throw; nor does a unit that declared no Move or Close Assault.
  const bool throws = u.type != UnitType::kHq && u.type != UnitType::kFao &&
                      (moves(a.actions[0]) || moves(a.actions[1]));
  if (!throws && !u.concealed) return;
  const auto hq = nearest_hq(e.s, idx, command_point(u));
  const bool counted =
      throws && !(hq && engine::within(engine::Inches{hq->second}, engine::Inches{kCommandRadius}));
  CommandThrown t;
  t.counted = counted;
  t.unit = u.id;
  if (hq) {
    t.hq = e.s.units[hq->first].id;
    t.hq_distance = hq->second;
  }
  t.roll = dice.d6();
  add_training(t.parts, u.training);
  t.total = total_of(t.roll, t.parts);
  t.passed = !counted || t.total >= kPass;
  e.emit(std::move(t));
}

Rallied rally_throw(const State& s, const UnitId& id, const Unit& u, Point at, Dice& dice) {
  // §7, R6: 4+, +1 if a friendly HQ is adjacent (within 3", R4), +1 elite, -1 conscript.
  Rallied r;
  r.unit = id;
  r.roll = dice.d6();
  for (const Unit& h : s.units) {
    if (h.type == UnitType::kHq && h.side == u.side && h.on_table() && h.id != u.id &&
        engine::within_distance(h.pos, at, engine::Inches{kAdjacent})) {
      r.parts.push_back({"HQ adjacent", 1});
      break;
    }
  }
  add_training(r.parts, u.training);
  r.total = total_of(r.roll, r.parts);
  r.success = r.total >= kPass;
  return r;
}

void rally(Emitter& e, int index, Dice& dice) {
  const Unit u = e.s.units[e.s.active->unit];
  if (!any_pinned(u)) {
    e.emit(ActionSkipped{u.id, index, ActionKind::kRally, "not pinned"});
    return;
  }
  if (u.type != UnitType::kTrain) {
    e.emit(rally_throw(e.s, u.id, u, u.pos, dice));
    return;
  }
  // R23: one throw for each pinned car, in car order.
  for (const Car& c : u.cars) {
    if (c.pinned && !c.destroyed) e.emit(rally_throw(e.s, c.id, u, c.pos, dice));
  }
}

void limber(Emitter& e, int index) {
  const Unit& u = e.s.units[e.s.active->unit];
  // §12: artillery may not unlimber in a village (the move before it may have ended there).
  if (u.type == UnitType::kArtillery && u.limbered &&
      in_terrain(e.s, u.pos, TerrainKind::kVillage)) {
    e.emit(
        ActionSkipped{u.id, index, ActionKind::kLimber, "artillery may not deploy in a village"});
    return;
  }
  e.emit(Limbered{u.id, !u.limbered});  // §4c, R9
}

// R5: the throw is once, before the first Move or Close Assault: a later one does not throw
// when the first needed none (even if the unit has since gone beyond 12").
bool first_move_or_assault(const Activation& a, int i) {
  const ActionKind k = a.actions[0];
  return i == 0 || (k != ActionKind::kMove && k != ActionKind::kAssault);
}

void end_activation(Emitter& e) {
  const Unit& u = e.s.units[e.s.active->unit];
  e.emit(ActivationEnded{u.id});
  if (check_end(e)) return;
  // §3, R14: the side's turn is over when every live unit of it has been activated.
  for (const Unit& v : e.s.units) {
    if (v.side == e.s.side && v.on_table() && !v.activated) return;
  }
  end_side_turn(e);
}

}  // namespace

bool any_pinned(const Unit& u) {
  if (u.type != UnitType::kTrain) return u.pinned;
  for (const Car& c : u.cars) {
    if (c.pinned && !c.destroyed) return true;
  }
  return false;
}

bool all_pinned(const Unit& u) {
  if (u.type != UnitType::kTrain) return u.pinned;
  for (const Car& c : u.cars) {
    if (!c.pinned && !c.destroyed) return false;
  }
  return true;
}

std::optional<ActionKind> current_action(const State& s) {
  if (!s.active || s.active->next > 1) return std::nullopt;
  return s.active->actions[s.active->next];
}

void advance(Emitter& e, Dice& dice) {
  while (e.s.active && e.s.phase == Phase::kPlay) {
    const Activation a = *e.s.active;
    const Unit& u = e.s.units[a.unit];
    if (a.next > 1 || !u.on_table()) {
      end_activation(e);
      return;
    }
    if (u.concealed && !a.command_thrown) {
      command_throw(e, dice);  // R48: at once, for every concealed unit
      continue;
    }
    const int i = a.next;
    const ActionKind kind = a.actions[i];
    switch (kind) {
      case ActionKind::kMove:
      case ActionKind::kAssault:
        // §7, R6, R23: a pinned unit (a train with any car pinned) neither moves nor assaults.
        if (any_pinned(u)) {
          e.emit(ActionSkipped{u.id, i, kind, "pinned"});
        } else if (a.command_failed) {
          // R5: a failed command throw cancels every Move and Close Assault. R47: a concealed
          // unit's cancelled action waits for the general's skip, as a passed one would.
          if (u.concealed) return;
          e.emit(ActionSkipped{u.id, i, kind, "command throw failed"});
        } else if (!a.command_thrown && first_move_or_assault(a, i)) {
          command_throw(e, dice);                   // R5, R24: once, before the general orders it
          if (!e.s.active->command_thrown) return;  // none needed: wait for the order
        } else {
          return;  // the general orders it (MoveOrder / AssaultOrder) or skips it
        }
        break;
      case ActionKind::kShoot:
        // §7, R23: a pinned unit does not fire; a train fires while any car is unpinned.
        if (all_pinned(u)) {
          e.emit(ActionSkipped{u.id, i, kind, "pinned"});
          break;
        }
        return;
      case ActionKind::kRally:
      case ActionKind::kLimber:
        // R24: carried out when it comes up; R48: a concealed unit's waits for CarryOut.
        if (u.concealed) return;
        carry_out(e, dice);
        break;
    }
  }
}

void carry_out(Emitter& e, Dice& dice) {
  const int i = e.s.active->next;
  if (e.s.active->actions[i] == ActionKind::kRally) {
    rally(e, i, dice);
  } else {
    limber(e, i);
  }
}

}  // namespace grognard::rcw::detail
