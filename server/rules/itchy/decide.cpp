// decide(): the turn gate, then the clause checks of each command.
#include "rules/itchy/clauses.h"
#include "rules/itchy/internal.h"
#include "rules/itchy/rules.h"

namespace grognard::itchy {

using detail::error;
using engine::ErrorCode;

std::optional<int> side_to_act(const State& s) {
  switch (s.phase) {
    case Phase::kChooseOrder:
      return s.initiative_winner;
    case Phase::kActivation:
      return s.acting_side;
    default:
      return std::nullopt;
  }
}

Result<std::vector<Event>> decide(const State& s, int side, const Command& command, Dice& dice) {
  if (side != 0 && side != 1) {
    return error(ErrorCode::kPermissionDenied, clause::kNotYourTurn,
                 "only the two generals command");
  }
  if (s.phase == Phase::kOver) {
    return error(ErrorCode::kFailedPrecondition, clause::kGameOver, "the battle is over");
  }
  if (s.phase == Phase::kNotStarted) {
    return error(ErrorCode::kFailedPrecondition, clause::kNotStarted, "the battle has not begun");
  }
  if (const auto* c = std::get_if<ChooseOrder>(&command)) {
    return detail::decide_choose_order(s, side, *c);
  }
  // §Turn Sequence 1, I16: nothing moves until the initiative winner has chosen.
  if (s.phase == Phase::kChooseOrder) {
    if (side == s.initiative_winner) {
      return engine::illegal(clause::kChooseOrder,
                             "you won the initiative: first choose to go first or second (I16)");
    }
    return error(ErrorCode::kNotYourTurn, clause::kChooseOrder,
                 "the other side is choosing who goes first (I16)");
  }
  // §Turn Sequence 2: one side at a time moves and fights with its units and Generals.
  if (side != s.acting_side) {
    return error(ErrorCode::kNotYourTurn, clause::kNotYourTurn,
                 "it is " + s.sides[static_cast<std::size_t>(s.acting_side)].name + "'s turn");
  }
  if (std::holds_alternative<EndSideTurn>(command)) {
    return detail::decide_end_side_turn(s, side, dice);
  }
  if (const auto* m = std::get_if<Move>(&command)) {
    auto unit = detail::commandable(s, side, m->unit, detail::Intent::kMove);
    if (!unit) return unit.error();
    auto moved = detail::plan_move(s, **unit, m->steps, m->facing);
    if (!moved) return moved.error();
    return std::vector<Event>{std::move(*moved)};
  }
  const auto& a = std::get<Attack>(command);
  auto unit = detail::commandable(s, side, a.unit, detail::Intent::kAttack);
  if (!unit) return unit.error();
  return detail::decide_attack(s, **unit, a.target, dice);
}

}  // namespace grognard::itchy
