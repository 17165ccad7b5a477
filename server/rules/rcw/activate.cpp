// Activation (§3, §4, R5, R6, R9, R25) and the orders for its current action.
#include "rules/rcw/flow.h"

namespace grognard::rcw::detail {

namespace {

// §1, §4, R2, R13, R23: whether the type has the action at all.
Status can_do(const Unit& u, ActionKind k) {
  const std::string what = std::string(to_string(u.type));
  switch (k) {
    case ActionKind::kMove:
    case ActionKind::kRally:
      return engine::ok_status();
    case ActionKind::kShoot:
      if (u.type == UnitType::kTrain || stats(u.type).shoot_dice > 0) return engine::ok_status();
      return illegal(clause::kCannotDo, "a " + what + " does not shoot (§1, R2)");
    case ActionKind::kLimber:
      if (limbers(u.type)) return engine::ok_status();
      return illegal(clause::kCannotDo,
                     "only artillery limbers and only MGs and mortars pack (§4c, R9)");
    case ActionKind::kAssault:
      if (may_assault(u.type)) return engine::ok_status();
      return illegal(clause::kCannotDo,
                     "only infantry, cavalry and tanks start a close "
                     "assault (§11, R2, R23)");
  }
  return engine::ok_status();
}

bool acts(ActionKind k) {
  return k == ActionKind::kMove || k == ActionKind::kShoot || k == ActionKind::kAssault;
}

// R6, R25 (R33 for a train): Rally only when pinned; a pinned unit declares Rally, before any
// Move, Shoot or Close Assault.
Status check_rally(const Unit& u, const Activate& a) {
  const bool rally[2] = {a.first == ActionKind::kRally, a.second == ActionKind::kRally};
  if ((rally[0] || rally[1]) && !any_pinned(u)) {
    return illegal(clause::kNotPinned, u.name + " is not pinned: Rally removes a pin (R25)");
  }
  if (!any_pinned(u)) return engine::ok_status();
  if (u.type == UnitType::kTrain) {
    // R23, R33: cars that are not pinned still fire; the train moves only when none is.
    if (a.first == ActionKind::kMove || (a.second == ActionKind::kMove && !rally[0])) {
      return illegal(clause::kRallyFirst,
                     "a train with a pinned car rallies before it moves (R23, R33)");
    }
    return engine::ok_status();
  }
  if (!rally[0] && !rally[1]) {
    return illegal(clause::kRallyFirst, u.name + " is pinned and must declare Rally (R25)");
  }
  if (rally[1] && acts(a.first)) {
    return illegal(clause::kRallyFirst,
                   "a pinned unit's Move, Shoot or Close Assault comes after its Rally (R25)");
  }
  return engine::ok_status();
}

// §4a, §4b, §12, R9: follow the limber state through the two actions.
Status check_limber_state(const State& s, const Unit& u, const Activate& a) {
  if (!limbers(u.type)) return engine::ok_status();
  bool limbered = u.limbered;
  bool moved = false;
  const bool artillery = u.type == UnitType::kArtillery;
  for (ActionKind k : {a.first, a.second}) {
    if (k == ActionKind::kMove && !limbered) {
      return illegal(clause::kLimberedMove, artillery
                                                ? "artillery must be limbered to move (§4a)"
                                                : "MGs and mortars must be packed to move (§4a)");
    }
    if (k == ActionKind::kShoot && limbered) {
      return illegal(clause::kDeployedToShoot,
                     artillery ? "artillery must be unlimbered to shoot (§4b)"
                               : "MGs and mortars must be deployed to shoot (§4b)");
    }
    if (k == ActionKind::kLimber) {
      // §12: not in a village (after a Move it is checked where the move ends).
      if (artillery && limbered && !moved && in_terrain(s, u.pos, TerrainKind::kVillage)) {
        return illegal(clause::kLimberVillage, "artillery may not deploy in a village (§12)");
      }
      limbered = !limbered;
    }
    moved = moved || k == ActionKind::kMove;
  }
  return engine::ok_status();
}

}  // namespace

Status check_activate(const State& s, int side, const Activate& a) {
  if (s.active) {
    return illegal(clause::kActivationOpen,
                   "finish the open activation first: order or skip its action (§3)");
  }
  const Unit* u = s.find(a.unit);
  if (u == nullptr) {
    return error(ErrorCode::kNotFound, clause::kUnknownUnit,
                 "no unit " + a.unit.get() + " (a train activates as one unit, R13)");
  }
  if (u->side != side) {
    return error(ErrorCode::kPermissionDenied, clause::kNotYours, u->name + " is not yours");
  }
  if (!u->on_table()) return illegal(clause::kDestroyed, u->name + " is destroyed");
  if (u->activated) {
    return illegal(clause::kActivated, u->name + " has been activated this turn (§3)");
  }
  if (a.first == ActionKind::kAssault && a.second == ActionKind::kAssault) {
    return illegal(clause::kOneAssault, "at most one Close Assault in an activation (R5)");
  }
  for (ActionKind k : {a.first, a.second}) {
    if (auto st = can_do(*u, k); !st) return st;
  }
  if (auto st = check_rally(*u, a); !st) return st;
  return check_limber_state(s, *u, a);
}

Result<std::vector<Event>> decide_activate(const State& s, int side, const Activate& a,
                                           Dice& dice) {
  if (auto st = check_activate(s, side, a); !st) return st.error();
  Emitter e{s, {}};
  e.emit(Activated{a.unit, a.first, a.second});  // §4, R5
  advance(e, dice);
  return std::move(e.out);
}

namespace {

Status check_kind(const State& s, ActionKind wanted) {
  const auto now = current_action(s);
  if (!now) return illegal(clause::kNoActivation, "no action waits for an order");
  if (*now != wanted) {
    return illegal(clause::kWrongAction, "the current action is a " + std::string(to_string(*now)) +
                                             ", not a " + std::string(to_string(wanted)) + " (R5)");
  }
  return engine::ok_status();
}

// R13: a train's Shoot is one Shot per car, the last ending the action (resolve_shoot marks
// it). Should no shot come of the order, the action is over all the same.
void shoot(Emitter& e, std::size_t unit, const ShootOrder& o, Dice& dice) {
  const int index = e.s.active->next;
  resolve_shoot(e, unit, o, dice);
  if (e.s.active && e.s.active->next == index) {
    e.emit(ActionSkipped{e.s.units[unit].id, index, ActionKind::kShoot, "no shot"});
  }
}

}  // namespace

Result<std::vector<Event>> decide_order(const State& s, const Command& c, Dice& dice) {
  if (!s.active) {
    return illegal(clause::kNoActivation, "activate a unit first (§3, §4)");
  }
  const std::size_t unit = s.active->unit;
  const Unit& u = s.units[unit];
  Emitter e{s, {}};
  if (std::holds_alternative<SkipAction>(c)) {
    const auto now = current_action(s);
    if (!now) return illegal(clause::kNoActivation, "no action waits for an order");
    // R47: a concealed unit's cancelled action is skipped by its general.
    const bool cancelled =
        s.active->command_failed && (*now == ActionKind::kMove || *now == ActionKind::kAssault);
    e.emit(
        ActionSkipped{u.id, s.active->next, *now, cancelled ? "command throw failed" : "forgone"});
  } else if (std::holds_alternative<CarryOut>(c)) {
    const auto now = current_action(s);
    if (!now || (*now != ActionKind::kLimber && *now != ActionKind::kRally)) {
      return illegal(clause::kWrongAction,
                     "there is no Limber or Rally to carry out now: order the action or skip "
                     "it (R48)");
    }
    carry_out(e, dice);
  } else if (s.active->command_failed && current_action(s) &&
             (*current_action(s) == ActionKind::kMove ||
              *current_action(s) == ActionKind::kAssault)) {
    // R5, R47: the throw failed; a concealed unit's cancelled action is only skipped.
    return illegal(clause::kCommand, u.name +
                                         " failed its command throw: its Move and Close "
                                         "Assault are cancelled; skip the action (R5)");
  } else if (const auto* m = std::get_if<MoveOrder>(&c)) {
    if (auto st = check_kind(s, ActionKind::kMove); !st) return st.error();
    if (auto st = check_move(s, unit, *m); !st) return st.error();
    resolve_move(e, unit, *m);
  } else if (const auto* o = std::get_if<ShootOrder>(&c)) {
    if (auto st = check_kind(s, ActionKind::kShoot); !st) return st.error();
    // §7: a pinned unit does not shoot (R23: a train's pinned cars are check_shoot's).
    if (all_pinned(u)) return illegal(clause::kPinned, u.name + " is pinned (§7)");
    if (u.type == UnitType::kTrain && o->cars.empty()) {
      return illegal(clause::kShootTarget,
                     "name a target for at least one car, or skip the action (R13)");
    }
    if (auto st = check_shoot(s, unit, *o); !st) return st.error();
    shoot(e, unit, *o, dice);  // a concealed firer is revealed there (R10)
  } else {
    const auto& order = std::get<AssaultOrder>(c);
    if (auto st = check_kind(s, ActionKind::kAssault); !st) return st.error();
    if (any_pinned(u)) return illegal(clause::kPinned, u.name + " is pinned (§7, §11)");
    if (auto st = check_assault(s, unit, order); !st) return st.error();
    resolve_assault(e, unit, order, dice);
  }
  // R29: a side left with no unit on the table loses at once, with the event that did it.
  if (check_end(e)) return std::move(e.out);
  advance(e, dice);
  return std::move(e.out);
}

}  // namespace grognard::rcw::detail
