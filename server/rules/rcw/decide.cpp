// decide(): the phase and seat gate (R14, R19), then the clause checks of each command.
#include "rules/rcw/flow.h"

namespace grognard::rcw {

Result<std::vector<Event>> decide(const State& s, const std::string& seat, const Command& c,
                                  Dice& dice) {
  using detail::error;
  using engine::ErrorCode;
  if (s.phase == Phase::kOver) {
    return error(ErrorCode::kFailedPrecondition, clause::kGameOver, "the game is over");
  }
  const auto side = side_of_seat(seat);
  if (!side) {
    return error(ErrorCode::kPermissionDenied, clause::kSeat,
                 "only the generals (side:0, side:1) give orders");
  }
  if (s.phase == Phase::kNotStarted) {
    return error(ErrorCode::kFailedPrecondition, clause::kNotStarted, "the game has not begun");
  }
  // R14: a side may concede at any time, in deployment too.
  if (std::holds_alternative<Concede>(c)) return detail::decide_concede(s, *side);
  // R19: both sides place their units at once.
  const auto* deploy = std::get_if<Deploy>(&c);
  const bool confirm = std::holds_alternative<ConfirmDeployment>(c);
  if (s.phase == Phase::kDeploy) {
    if (deploy != nullptr) return detail::decide_deploy(s, *side, *deploy);
    if (confirm) return detail::decide_confirm(s, *side, dice);
    return error(ErrorCode::kFailedPrecondition, clause::kDeployPhase,
                 "place your units and confirm first (R19)");
  }
  if (deploy != nullptr || confirm) {
    return error(ErrorCode::kFailedPrecondition, clause::kDeployPhase, "deployment is over (R19)");
  }
  // §3, R14: the side whose turn it is acts.
  if (*side != s.side) {
    return error(ErrorCode::kNotYourTurn, clause::kNotYourTurn,
                 "it is " + detail::side_name(s, s.side) + "'s turn (§3, R14)");
  }
  if (const auto* a = std::get_if<Activate>(&c)) return detail::decide_activate(s, *side, *a, dice);
  if (std::holds_alternative<EndTurn>(c)) return detail::decide_end_turn(s, dice);
  return detail::decide_order(s, c, dice);
}

std::vector<std::string> seats_to_act(const State& s) {
  std::vector<std::string> out;
  if (s.phase == Phase::kDeploy) {
    // R19: both sides at once, until each has confirmed.
    for (int side = 0; side < kSides; ++side) {
      if (!s.confirmed[side]) out.push_back(seat_of(side));
    }
  } else if (s.phase == Phase::kPlay) {
    out.push_back(seat_of(s.side));
  }
  return out;
}

}  // namespace grognard::rcw
