// §Turn Sequence, §Exhaustion Point, I14, I16: initiative, order, side turns, the end (the
// winner: victory.cpp).
#include "rules/itchy/clauses.h"
#include "rules/itchy/internal.h"
#include "rules/itchy/rules.h"

namespace grognard::itchy {

namespace detail {

InitiativeThrown throw_initiative(int turn, engine::Dice& dice) {
  InitiativeThrown ev;
  ev.turn = turn;
  // I16: both sides throw a D6; ties throw again.
  for (;;) {
    std::array<Roll, 2> pair{dice.d6(), dice.d6()};
    ev.throws.push_back(pair);
    if (pair[0].face != pair[1].face) {
      ev.winner = pair[0].face > pair[1].face ? 0 : 1;
      return ev;
    }
  }
}

}  // namespace detail

Result<std::vector<Event>> begin(const State& state, Dice& dice) {
  if (state.phase != Phase::kNotStarted) {
    return engine::illegal(clause::kNotStarted, "the battle has already begun");
  }
  return std::vector<Event>{detail::throw_initiative(1, dice)};
}

namespace detail {

Result<std::vector<Event>> decide_choose_order(const State& s, int side, const ChooseOrder& c) {
  if (s.phase != Phase::kChooseOrder) {
    return illegal(clause::kChooseOrder, "the order of play is not being chosen now");
  }
  if (side != s.initiative_winner) {
    return error(ErrorCode::kNotYourTurn, clause::kChooseOrder,
                 "the other side won the initiative throw and chooses who goes first (I16)");
  }
  return std::vector<Event>{OrderChosen{side, c.go_first, c.go_first ? side : 1 - side}};
}

// §Turn Sequence 2–3: the side has done; at the end of the turn both sides check their
// Exhaustion Point (I14), then the battle ends (I16) or the next initiative is thrown.
Result<std::vector<Event>> decide_end_side_turn(const State& s, int side, Dice& dice) {
  std::vector<Event> out{SideTurnEnded{side}};
  if (s.half == 0) return out;
  TurnEnded te;
  te.turn = s.turn;
  for (std::size_t i = 0; i < 2; ++i) {
    te.losses[i] = s.sides[i].losses;
    te.exhausted[i] = s.sides[i].exhausted || s.sides[i].losses >= s.sides[i].exhaustion_point;
  }
  out.push_back(te);
  State after = s;
  itchy::apply(after, out[0]);
  itchy::apply(after, te);
  if (te.exhausted[0] && te.exhausted[1]) {
    out.push_back(
        judge(after, "both sides have reached their Exhaustion Point", s.turn >= s.turn_limit));
  } else if (s.turn >= s.turn_limit) {
    out.push_back(judge(after, "the scenario's last turn is over", true));
  } else {
    out.push_back(throw_initiative(s.turn + 1, dice));
  }
  return out;
}

}  // namespace detail

}  // namespace grognard::itchy
