// Side turns and the end of the game (§3, R14, R29).
#include "rules/rcw/flow.h"

namespace grognard::rcw::detail {

namespace {

// R29: a live unit of `side` stands within the objective's radius (a train by any live car).
bool near(const State& s, int side, const Objective& o) {
  const engine::Inches r{o.radius};
  for (const Unit& u : s.units) {
    if (u.side != side || !u.on_table()) continue;
    if (u.type == UnitType::kTrain) {
      for (const Car& c : u.cars) {
        if (!c.destroyed && engine::within_distance(c.pos, o.pos, r)) return true;
      }
    } else if (engine::within_distance(u.pos, o.pos, r)) {
      return true;
    }
  }
  return false;
}

bool has_units(const State& s, int side) {
  for (const Unit& u : s.units) {
    if (u.side == side && u.on_table()) return true;
  }
  return false;
}

// R29: more points wins; equal is a draw. `loser`: a side that lost at once.
void end_game(Emitter& e, std::optional<int> loser, std::string reason) {
  GameEnded g;
  const auto p = points(e.s);
  g.points[0] = p[0];
  g.points[1] = p[1];
  if (loser) {
    g.winner = 1 - *loser;
  } else if (p[0] != p[1]) {
    g.winner = p[0] > p[1] ? 0 : 1;
  }
  g.result = g.winner ? side_name(e.s, *g.winner) + " win" : "Draw";
  g.reason = std::move(reason);
  e.emit(std::move(g));
}

}  // namespace

std::string side_name(const State& s, int side) {
  const std::string& n = s.sides[side].name;
  return n.empty() ? "side " + std::to_string(side) : n;
}

std::array<int, kSides> points(const State& s) {
  std::array<int, kSides> p{s.destroyed_points[0], s.destroyed_points[1]};
  for (const Objective& o : s.objectives) {
    // R29: held = a live unit of one's own within its radius and none of the enemy's.
    const bool a = near(s, 0, o);
    const bool b = near(s, 1, o);
    if (a && !b) p[0] += o.points;
    if (b && !a) p[1] += o.points;
  }
  return p;
}

bool check_end(Emitter& e) {
  // The turn limit (R14) is end_side_turn's; here R29's "a side with no unit left on the
  // table loses at once".
  if (e.s.phase == Phase::kOver) return true;
  if (e.s.phase != Phase::kPlay) return false;
  const bool a = has_units(e.s, 0);
  const bool b = has_units(e.s, 1);
  if (a && b) return false;
  if (!a && !b) {
    end_game(e, std::nullopt, "neither side has a unit left on the table (R29)");
  } else {
    const int loser = a ? 1 : 0;
    end_game(e, loser, side_name(e.s, loser) + " has no unit left on the table (R29)");
  }
  return true;
}

void end_side_turn(Emitter& e) {
  // R14: whole turns alternate: the first side, then the other; the game ends after the
  // second side's turn of the last turn.
  const int turn = e.s.turn;
  const int side = e.s.side;
  e.emit(TurnEnded{turn, side});
  if (check_end(e)) return;
  if (side == e.s.first_side) {
    e.emit(TurnBegan{turn, 1 - side});
  } else if (turn >= e.s.turns) {
    end_game(e, std::nullopt, "the turn limit was reached (R14)");
  } else {
    e.emit(TurnBegan{turn + 1, e.s.first_side});
  }
}

Result<std::vector<Event>> decide_end_turn(const State& s, Dice& dice) {
  (void)dice;
  if (s.active) {
    return illegal(clause::kActivationOpen,
                   "finish the open activation first: order or skip its action (R14)");
  }
  // R14: the units not yet activated pass.
  Emitter e{s, {}};
  end_side_turn(e);
  return std::move(e.out);
}

Result<std::vector<Event>> decide_concede(const State& s, int side) {
  // R14, R29: a side that concedes loses.
  Emitter e{s, {}};
  e.emit(Conceded{side});
  end_game(e, side, side_name(s, side) + " conceded (R14)");
  return std::move(e.out);
}

}  // namespace grognard::rcw::detail
