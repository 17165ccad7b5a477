// Commands on the wire (codec.h).
#include <cmath>
#include <utility>

#include "rules/rcw/wire/codec.h"

namespace grognard::rcw::wire {
namespace {

using adapter::Overloaded;  // an overload set for std::visit

Result<UnitId> unit_id(const std::string& id, const std::string& what) {
  if (id.empty()) return invalid(what + " names no unit");
  return UnitId(id);
}

bool finite(const grognard::v1::Point& p) {
  return std::isfinite(p.x()) && std::isfinite(p.y());
}

Result<Command> deploy_from(const pb::Deploy& m) {
  auto u = unit_id(m.unit(), "deploy");
  if (!u) return u.error();
  if (!finite(m.pos()) || !std::isfinite(m.facing())) {
    return invalid("deploy's position or facing is not a number");
  }
  return Command{Deploy{*u, point_from(m.pos()), engine_bearing(m.facing())}};
}

Result<Command> activate_from(const pb::Activate& m) {
  auto u = unit_id(m.unit(), "activate");
  if (!u) return u.error();
  auto first = native_enum<ActionKind>(m.first(), kActionKinds, "activate's first action");
  if (!first) return first.error();
  auto second = native_enum<ActionKind>(m.second(), kActionKinds, "activate's second action");
  if (!second) return second.error();
  return Command{Activate{*u, *first, *second}};
}

Result<Command> move_from(const pb::MoveOrder& m) {
  MoveOrder out;
  for (const grognard::v1::Point& p : m.waypoints()) {
    if (!finite(p)) return invalid("a move's waypoint is not a number");
    out.waypoints.push_back(point_from(p));
  }
  if (!std::isfinite(m.facing())) return invalid("a move's facing is not a number");
  out.facing = engine_bearing(m.facing());
  if (m.has_rail_at()) {
    if (!std::isfinite(m.rail_at())) return invalid("a move's rail_at is not a number");
    out.rail_at = m.rail_at();
  }
  return Command{std::move(out)};
}

Result<Command> shoot_from(const pb::ShootOrder& m) {
  ShootOrder out;
  // A train names a target per car instead (R13).
  if (m.cars().empty() && m.target().empty()) return invalid("shoot names no target");
  out.target = UnitId(m.target());
  out.observer = maybe_id(m.observer());
  for (const pb::CarShot& c : m.cars()) {
    auto car = unit_id(c.car(), "a car's shot");
    if (!car) return car.error();
    auto target = unit_id(c.target(), "car \"" + c.car() + "\"'s shot");
    if (!target) return target.error();
    out.cars.push_back(CarShot{*car, *target});
  }
  return Command{std::move(out)};
}

}  // namespace

pb::Command to_pb(const Command& command) {
  pb::Command out;
  std::visit(Overloaded{
                 [&](const Deploy& c) {
                   pb::Deploy* m = out.mutable_deploy();
                   m->set_unit(c.unit.get());
                   set_point(m->mutable_pos(), c.pos);
                   m->set_facing(wire_bearing(c.facing));
                 },
                 [&](const ConfirmDeployment&) { out.mutable_confirm_deployment(); },
                 [&](const Activate& c) {
                   pb::Activate* m = out.mutable_activate();
                   m->set_unit(c.unit.get());
                   m->set_first(pb_enum<pb::ActionKind>(c.first));
                   m->set_second(pb_enum<pb::ActionKind>(c.second));
                 },
                 [&](const MoveOrder& c) {
                   pb::MoveOrder* m = out.mutable_move();
                   for (Point p : c.waypoints) set_point(m->add_waypoints(), p);
                   m->set_facing(wire_bearing(c.facing));
                   if (c.rail_at) m->set_rail_at(*c.rail_at);
                 },
                 [&](const ShootOrder& c) {
                   pb::ShootOrder* m = out.mutable_shoot();
                   m->set_target(c.target.get());
                   if (c.observer) m->set_observer(c.observer->get());
                   for (const CarShot& s : c.cars) {
                     pb::CarShot* ps = m->add_cars();
                     ps->set_car(s.car.get());
                     ps->set_target(s.target.get());
                   }
                 },
                 [&](const AssaultOrder& c) { out.mutable_assault()->set_target(c.target.get()); },
                 [&](const SkipAction&) { out.mutable_skip_action(); },
                 [&](const EndTurn&) { out.mutable_end_turn(); },
                 [&](const Concede&) { out.mutable_concede(); },
                 [&](const CarryOut&) { out.mutable_carry_out(); },
             },
             command);
  return out;
}

Result<Command> from_pb(const pb::Command& c) {
  switch (c.kind_case()) {
    case pb::Command::kDeploy:
      return deploy_from(c.deploy());
    case pb::Command::kConfirmDeployment:
      return Command{ConfirmDeployment{}};
    case pb::Command::kActivate:
      return activate_from(c.activate());
    case pb::Command::kMove:
      return move_from(c.move());
    case pb::Command::kShoot:
      return shoot_from(c.shoot());
    case pb::Command::kAssault: {
      auto t = unit_id(c.assault().target(), "assault");
      if (!t) return t.error();
      return Command{AssaultOrder{*t}};
    }
    case pb::Command::kSkipAction:
      return Command{SkipAction{}};
    case pb::Command::kEndTurn:
      return Command{EndTurn{}};
    case pb::Command::kCarryOut:
      return Command{CarryOut{}};
    case pb::Command::kConcede:
      return Command{Concede{}};
    case pb::Command::KIND_NOT_SET:
      break;
  }
  return invalid("the command has no kind");
}

}  // namespace grognard::rcw::wire
