// Events on the wire (codec.h); the fire and close assault events are in codec_combat.cpp.
#include <utility>

#include "rules/rcw/wire/codec.h"
#include "rules/rcw/wire/codec_combat.h"

namespace grognard::rcw::wire {
namespace {

using adapter::Overloaded;  // an overload set for std::visit

Result<int> side_from(int side, const std::string& what) {
  if (side < 0 || side >= kSides) return invalid(what + " names side " + std::to_string(side));
  return side;
}

}  // namespace

pb::Event to_pb(const Event& event) {
  pb::Event out;
  std::visit(
      Overloaded{
          [&](const DeploymentBegan&) { out.mutable_deployment_began(); },
          [&](const UnitDeployed& e) {
            pb::UnitDeployed* m = out.mutable_unit_deployed();
            m->set_unit(e.unit.get());
            set_point(m->mutable_pos(), e.pos);
            m->set_facing(wire_bearing(e.facing));
          },
          [&](const DeploymentConfirmed& e) {
            out.mutable_deployment_confirmed()->set_side(e.side);
          },
          [&](const DeploymentEnded&) { out.mutable_deployment_ended(); },
          [&](const UnitsRevealed& e) {
            pb::UnitsRevealed* m = out.mutable_units_revealed();
            for (const Unit& u : e.units) set_unit(m->add_units(), u);
            m->set_cause(e.cause);
          },
          [&](const TurnBegan& e) {
            out.mutable_turn_began()->set_turn(e.turn);
            out.mutable_turn_began()->set_side(e.side);
          },
          [&](const Activated& e) {
            pb::Activated* m = out.mutable_activated();
            m->set_unit(e.unit.get());
            m->set_first(pb_enum<pb::ActionKind>(e.first));
            m->set_second(pb_enum<pb::ActionKind>(e.second));
          },
          [&](const CommandThrown& e) {
            pb::CommandThrown* m = out.mutable_command_thrown();
            m->set_unit(e.unit.get());
            m->set_passed(e.passed);
            if (e.outcome_only) return m->set_outcome_only(true);  // R20, R53: no more
            if (e.hq) m->set_hq(e.hq->get());
            m->set_hq_distance(e.hq_distance);
            set_roll(m->mutable_roll(), e.roll);
            set_parts(m->mutable_parts(), e.parts);
            m->set_total(e.total);
            m->set_not_counted(!e.counted);
          },
          [&](const ActionSkipped& e) {
            pb::ActionSkipped* m = out.mutable_action_skipped();
            m->set_unit(e.unit.get());
            m->set_index(e.index);
            m->set_action(pb_enum<pb::ActionKind>(e.action));
            m->set_reason(e.reason);
          },
          [&](const Rallied& e) {
            pb::Rallied* m = out.mutable_rallied();
            m->set_unit(e.unit.get());
            m->set_success(e.success);
            if (e.outcome_only) return m->set_outcome_only(true);  // R20, R53: no more
            set_roll(m->mutable_roll(), e.roll);
            set_parts(m->mutable_parts(), e.parts);
            m->set_total(e.total);
          },
          [&](const Limbered& e) {
            out.mutable_limbered()->set_unit(e.unit.get());
            out.mutable_limbered()->set_limbered(e.limbered);
          },
          [&](const Moved& e) {
            pb::Moved* m = out.mutable_moved();
            m->set_unit(e.unit.get());
            for (Point p : e.path) set_point(m->add_path(), p);
            m->set_facing(wire_bearing(e.facing));
            m->set_cost(e.cost);
            if (e.rail_at) m->set_rail_at(*e.rail_at);
            if (e.stopped_by) m->set_stopped_by(e.stopped_by->get());
            m->set_dug_in_lost(e.dug_in_lost);
          },
          [&](const Shot& e) { set_combat(out, e); },
          [&](const AssaultMoved& e) { set_combat(out, e); },
          [&](const AssaultRound& e) { set_combat(out, e); },
          [&](const AssaultEnded& e) { set_combat(out, e); },
          [&](const ActivationEnded& e) { out.mutable_activation_ended()->set_unit(e.unit.get()); },
          [&](const TurnEnded& e) {
            out.mutable_turn_ended()->set_turn(e.turn);
            out.mutable_turn_ended()->set_side(e.side);
          },
          [&](const GameEnded& e) {
            pb::GameEnded* m = out.mutable_game_ended();
            if (e.winner) m->set_winner(*e.winner);
            m->set_result(e.result);
            m->set_reason(e.reason);
            for (int p : e.points) m->add_points(p);
          },
          [&](const Conceded& e) { out.mutable_conceded()->set_side(e.side); },
      },
      event);
  return out;
}

Result<Event> from_pb(const pb::Event& e) {
  Reader rd;
  std::optional<Event> out;
  switch (e.kind_case()) {
    case pb::Event::kDeploymentBegan:
      out = DeploymentBegan{};
      break;
    case pb::Event::kUnitDeployed: {
      const auto& m = e.unit_deployed();
      out = UnitDeployed{UnitId(m.unit()), point_from(m.pos()), engine_bearing(m.facing())};
      break;
    }
    case pb::Event::kDeploymentConfirmed:
      out = DeploymentConfirmed{
          rd.take(side_from(e.deployment_confirmed().side(), "deployment_confirmed"))};
      break;
    case pb::Event::kDeploymentEnded:
      out = DeploymentEnded{};
      break;
    case pb::Event::kUnitsRevealed: {
      UnitsRevealed r{{}, e.units_revealed().cause()};
      for (const pb::UnitState& u : e.units_revealed().units()) {
        r.units.push_back(rd.take(unit_from(u)));
      }
      out = std::move(r);
      break;
    }
    case pb::Event::kTurnBegan:
      out = TurnBegan{e.turn_began().turn(), rd.take(side_from(e.turn_began().side(), "turn"))};
      break;
    case pb::Event::kActivated: {
      const auto& m = e.activated();
      out = Activated{UnitId(m.unit()),
                      rd.take(native_enum<ActionKind>(m.first(), kActionKinds, "first action")),
                      rd.take(native_enum<ActionKind>(m.second(), kActionKinds, "second action"))};
      break;
    }
    case pb::Event::kCommandThrown: {
      const auto& m = e.command_thrown();
      if (m.outcome_only())
        return invalid("a command throw read as its outcome only is not an event");
      out =
          CommandThrown{UnitId(m.unit()),      maybe_id(m.hq()), m.hq_distance(), rd.roll(m.roll()),
                        parts_from(m.parts()), m.total(),        m.passed(),      !m.not_counted()};
      break;
    }
    case pb::Event::kActionSkipped: {
      const auto& m = e.action_skipped();
      if (m.index() < 0 || m.index() > 1) return invalid("a skipped action's index is not 0 or 1");
      out = ActionSkipped{UnitId(m.unit()), m.index(),
                          rd.take(native_enum<ActionKind>(m.action(), kActionKinds, "action")),
                          m.reason()};
      break;
    }
    case pb::Event::kRallied: {
      const auto& m = e.rallied();
      if (m.outcome_only()) return invalid("a rally read as its outcome only is not an event");
      out = Rallied{UnitId(m.unit()), rd.roll(m.roll()), parts_from(m.parts()), m.total(),
                    m.success()};
      break;
    }
    case pb::Event::kLimbered:
      out = Limbered{UnitId(e.limbered().unit()), e.limbered().limbered()};
      break;
    case pb::Event::kMoved: {
      const auto& m = e.moved();
      Moved mv{UnitId(m.unit()), {},           engine_bearing(m.facing()),
               m.cost(),         std::nullopt, maybe_id(m.stopped_by()),
               m.dug_in_lost()};
      for (const grognard::v1::Point& p : m.path()) mv.path.push_back(point_from(p));
      if (m.has_rail_at()) mv.rail_at = m.rail_at();
      out = std::move(mv);
      break;
    }
    case pb::Event::kShot:
    case pb::Event::kAssaultMoved:
    case pb::Event::kAssaultRound:
    case pb::Event::kAssaultEnded:
      return combat_from(e);
    case pb::Event::kActivationEnded:
      out = ActivationEnded{UnitId(e.activation_ended().unit())};
      break;
    case pb::Event::kTurnEnded:
      out = TurnEnded{e.turn_ended().turn(), rd.take(side_from(e.turn_ended().side(), "turn"))};
      break;
    case pb::Event::kGameEnded: {
      const auto& m = e.game_ended();
      GameEnded g;
      if (m.has_winner()) g.winner = rd.take(side_from(m.winner(), "game_ended's winner"));
      g.result = m.result();
      g.reason = m.reason();
      if (m.points_size() != 0 && m.points_size() != kSides) {
        return invalid("game_ended gives points for " + std::to_string(m.points_size()) + " sides");
      }
      for (int i = 0; i < m.points_size(); ++i) g.points[i] = m.points(i);
      out = std::move(g);
      break;
    }
    case pb::Event::kConceded:
      out = Conceded{rd.take(side_from(e.conceded().side(), "conceded"))};
      break;
    case pb::Event::kHidden:
      return invalid(
          "a hidden event stands for one withheld from this viewer: it cannot be applied");
    case pb::Event::KIND_NOT_SET:
      return invalid("the event has no kind");
  }
  if (rd.error) return *rd.error;
  return std::move(out).value();
}

}  // namespace grognard::rcw::wire
