// decide(): the seat and card gate, then the clause checks of each command.
#include <algorithm>

#include "rules/sharpe/clauses.h"
#include "rules/sharpe/internal.h"

namespace grognard::sharpe {

namespace detail {

namespace {

bool is_player_seat(const State& s, const std::string& seat) {
  for (const Seat& p : s.seats) {
    if (p.id == seat) return true;
  }
  return false;
}

Result<std::vector<Event>> decide_figure(const State& s, const Command& c, Dice& dice) {
  if (const auto* m = std::get_if<Move>(&c)) return decide_move(s, *m, dice);
  if (const auto* x = std::get_if<StandUp>(&c)) return decide_stand_up(s, *x);
  if (const auto* x = std::get_if<Aim>(&c)) return decide_aim(s, *x);
  if (const auto* x = std::get_if<Load>(&c)) return decide_load(s, *x);
  if (const auto* x = std::get_if<Fire>(&c)) return decide_fire(s, *x, dice);
  if (const auto* x = std::get_if<LoadGun>(&c)) return decide_load_gun(s, *x);
  if (const auto* x = std::get_if<FireCanister>(&c)) return decide_canister(s, *x, dice);
  if (const auto* x = std::get_if<FireBall>(&c)) return decide_ball(s, *x, dice);
  return decide_fight(s, std::get<Fight>(c), dice);
}

// S1: the figures of a group act one at a time, each finishing before the next begins. A figure
// that acts after another has begun makes that one finished (S22: not while it still has a
// pair in contact to fight).
Status check_one_at_a_time(const State& s, const Figure& f) {
  if (f.done) {
    return illegal(clause::kOneAtATime,
                   f.name +
                       " has finished this activation: each figure of the group "
                       "finishes before the next begins (S1)");
  }
  if (!s.acting || &s.figures[*s.acting] == &f) return engine::ok_status();
  const Figure& now = s.figures[*s.acting];
  if (!now.on_table()) return engine::ok_status();
  if (const Figure* o = unfought_enemy(s, now)) {
    return illegal(clause::kMustFight, now.name + " is in contact with " + o->name +
                                           ": the pair fights before " + f.name +
                                           " begins (S1, S5)");
  }
  return engine::ok_status();
}

// S5: "a round is fought ... again whenever either figure of a pair still in contact is
// activated". A figure activated in contact with an enemy fights that round first (its pairs in
// the order the player gives, S22); only then may it spend functions on anything else.
Status check_pairs_fought(const State& s, const Figure& f, const Command& c) {
  if (std::holds_alternative<Fight>(c)) return engine::ok_status();
  if (const Figure* o = unfought_enemy(s, f)) {
    return illegal(clause::kMustFight, f.name + " is in base contact with " + o->name +
                                           ": the pair fights a round before " + f.name +
                                           " does anything else (S5)");
  }
  return engine::ok_status();
}

// S25: a group's standing order for a scatter, given by its player at any time.
Result<std::vector<Event>> decide_scatter_order(const State& s, const std::string& seat,
                                                const SetScatter& c) {
  const auto g = s.group_index(c.group);
  if (!g) {
    return error(ErrorCode::kNotFound, clause::kScatterOrder, "no group " + c.group);
  }
  if (s.groups[*g].seat != seat) {
    return error(ErrorCode::kPermissionDenied, clause::kScatterOrder,
                 "only the player of " + c.group + " gives its scatter order (S10, S25)");
  }
  return std::vector<Event>{ScatterOrderSet{c.group, seat, c.toward_cover}};
}

}  // namespace

Result<std::vector<Event>> decide_player(const State& s, const std::string& seat, const Command& c,
                                         Dice& dice) {
  if (s.paused) {
    return error(ErrorCode::kFailedPrecondition, clause::kPaused,
                 "the referee has paused the game: " + s.pause_reason + " (S12)");
  }
  if (std::holds_alternative<AddEventCard>(c) || std::holds_alternative<BuildBadDeck>(c) ||
      std::holds_alternative<SetBriefing>(c) || std::holds_alternative<Ruling>(c)) {
    return error(ErrorCode::kPermissionDenied, clause::kRefereeOnly,
                 "only the referee does that (S12)");
  }
  // S1: the drawn card's group acts, and no other.
  if (!s.active || s.groups[*s.active].seat != seat) {
    return error(ErrorCode::kNotYourTurn, clause::kNotYourCard,
                 "it is not your hero's card that was drawn (S1)");
  }
  if (std::holds_alternative<ThrowFunctions>(c) || std::holds_alternative<EndActivation>(c)) {
    return decide_turn(s, c, dice);
  }
  if (const auto* n = std::get_if<NameHero>(&c)) return decide_name_hero(s, seat, *n);
  if (s.phase != Phase::kActivation) {
    return illegal(clause::kThrowFirst, "throw the functions first (S1)");
  }
  auto f = actor(s, seat, *figure_of(c));
  if (!f) return f.error();
  if (auto one = check_one_at_a_time(s, **f); !one) return one.error();
  if (auto pairs = check_pairs_fought(s, **f, c); !pairs) return pairs.error();
  return decide_figure(s, c, dice);
}

}  // namespace detail

Result<std::vector<Event>> decide(const State& s, const std::string& seat, const Command& c,
                                  Dice& dice) {
  using detail::error;
  using engine::ErrorCode;
  if (s.phase == Phase::kOver) {
    return error(ErrorCode::kFailedPrecondition, clause::kGameOver, "the game is over");
  }
  if (seat == kRefereeSeat) return detail::decide_referee(s, c, dice);
  if (!detail::is_player_seat(s, seat)) {
    return error(ErrorCode::kPermissionDenied, clause::kNotYourCard, "no such player seat");
  }
  if (const auto* order = std::get_if<SetScatter>(&c)) {
    return detail::decide_scatter_order(s, seat, *order);
  }
  if (s.phase == Phase::kNotStarted) {
    return error(ErrorCode::kFailedPrecondition, clause::kNotStarted, "the game has not begun");
  }
  return detail::decide_player(s, seat, c, dice);
}

}  // namespace grognard::sharpe
