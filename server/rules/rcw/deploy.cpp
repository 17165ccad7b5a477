// Secret deployment (R19, R30) and the start of the game.
#include <cmath>

#include "rules/rcw/flow.h"

namespace grognard::rcw {

namespace detail {

namespace {

bool in_zone(const State& s, int side, Point p) {
  for (const Zone& z : s.zones) {
    if (z.side == side && engine::contains(z.area, p)) return true;
  }
  return false;
}

}  // namespace

Status check_deploy(const State& s, int side, const Deploy& d) {
  if (s.phase != Phase::kDeploy) {
    return error(ErrorCode::kFailedPrecondition, clause::kDeployPhase,
                 "units are placed only before turn 1 (R19)");
  }
  if (s.confirmed[side]) {
    return illegal(clause::kDeployConfirmed, "your deployment is confirmed (R19)");
  }
  const Unit* u = s.find(d.unit);
  if (u == nullptr) {
    return error(ErrorCode::kNotFound, clause::kUnknownUnit, "no unit " + d.unit.get());
  }
  if (u->side != side) {
    return error(ErrorCode::kPermissionDenied, clause::kNotYours, u->name + " is not yours");
  }
  if (u->fixed) {
    return illegal(clause::kDeployUnit,
                   u->name + " is placed by the scenario and stays there (R19)");
  }
  if (!std::isfinite(d.pos.x) || !std::isfinite(d.pos.y) || !std::isfinite(d.facing.get())) {
    return error(ErrorCode::kInvalidArgument, clause::kDeployZone,
                 "the position and facing must be numbers");
  }
  // R30: the centre inside a zone of the side (zones lie on the table, but say so anyway).
  if (d.pos.x < -engine::kTolerance || d.pos.y < -engine::kTolerance ||
      d.pos.x > s.width + engine::kTolerance || d.pos.y > s.height + engine::kTolerance) {
    return illegal(clause::kMoveTable, "the centre must be on the table (R28, R30)");
  }
  if (!in_zone(s, side, d.pos)) {
    return illegal(clause::kDeployZone,
                   u->name + "'s centre must lie in a deployment zone of its side (R19, R30)");
  }
  // R30: not on a unit of its own or a fixed unit (the enemy's secret units are not known).
  const engine::Circle me{d.pos, engine::Inches{u->radius}};
  for (const Unit& v : s.units) {
    if (v.id == u->id || !v.on_table() || (v.side != side && !v.fixed)) continue;
    for (const Target& t : targets_of(s, static_cast<std::size_t>(&v - s.units.data()))) {
      if (engine::overlapping(me, engine::Circle{t.pos, engine::Inches{t.radius}})) {
        return illegal(clause::kDeployOverlap, u->name + " would stand on " + v.name + " (R30)");
      }
    }
  }
  // R30, §12, R12: wheeled units not in woods or swamp; artillery not unlimbered in a village.
  if (wheeled(u->type) &&
      (in_terrain(s, d.pos, TerrainKind::kWoods) || in_terrain(s, d.pos, TerrainKind::kSwamp))) {
    return illegal(clause::kMoveTerrain,
                   u->name + " is wheeled and may not stand in woods or swamp (§12, R30)");
  }
  if (u->type == UnitType::kArtillery && !u->limbered &&
      in_terrain(s, d.pos, TerrainKind::kVillage)) {
    return illegal(clause::kLimberVillage,
                   "artillery may not deploy in a village (§12, R30): place it limbered");
  }
  return engine::ok_status();
}

Result<std::vector<Event>> decide_deploy(const State& s, int side, const Deploy& d) {
  if (auto st = check_deploy(s, side, d); !st) return st.error();
  return std::vector<Event>{UnitDeployed{d.unit, d.pos, d.facing}};
}

void end_deployment(Emitter& e, Dice& dice) {
  (void)dice;
  if (e.s.phase == Phase::kDeploy) e.emit(DeploymentEnded{});
  // R19, R10: units in woods or villages stay concealed; the rest are revealed.
  std::vector<std::size_t> open;
  for (std::size_t i = 0; i < e.s.units.size(); ++i) {
    const Unit& u = e.s.units[i];
    if (!u.concealed || !u.on_table()) continue;
    if (!in_terrain(e.s, u.pos, TerrainKind::kWoods) &&
        !in_terrain(e.s, u.pos, TerrainKind::kVillage)) {
      open.push_back(i);
    }
  }
  reveal(e, open, "deployed in the open");
  // R10: a concealed unit with an enemy within 3" is revealed too.
  for (std::size_t i = 0; i < e.s.units.size(); ++i) reveal_near(e, i);
  e.emit(TurnBegan{1, e.s.first_side});  // R14
  check_end(e);
}

Result<std::vector<Event>> decide_confirm(const State& s, int side, Dice& dice) {
  if (s.phase != Phase::kDeploy) {
    return error(ErrorCode::kFailedPrecondition, clause::kDeployPhase, "deployment is over (R19)");
  }
  if (s.confirmed[side]) {
    return illegal(clause::kDeployConfirmed, "your deployment is already confirmed (R19)");
  }
  for (const Unit& u : s.units) {
    if (u.side == side && !u.placed) {
      return illegal(clause::kDeployUnplaced, u.name + " is not placed yet (R19)");
    }
  }
  Emitter e{s, {}};
  e.emit(DeploymentConfirmed{side});
  // R19: deployment ends when both sides have confirmed.
  if (e.s.confirmed[0] && e.s.confirmed[1]) end_deployment(e, dice);
  return std::move(e.out);
}

}  // namespace detail

Result<std::vector<Event>> begin(const State& state, Dice& dice) {
  if (state.phase != Phase::kNotStarted) {
    return detail::error(engine::ErrorCode::kFailedPrecondition, clause::kNotStarted,
                         "the game has already begun");
  }
  detail::Emitter e{state, {}};
  for (const Unit& u : state.units) {
    if (!u.placed) {
      // R19: both sides place their secret units.
      e.emit(DeploymentBegan{});
      return std::move(e.out);
    }
  }
  // Nothing to place in secret: every unit is fixed and public, so none is concealed.
  detail::end_deployment(e, dice);
  return std::move(e.out);
}

}  // namespace grognard::rcw
