// RCW events in words, with every die (shots and close assaults are in rcw_combat.cpp). Units
// are named as the view names them ("1st Red Guards company (R1)"); an event about a unit
// concealed from this viewer arrives as the placeholder `hidden` and says only that something
// happened out of sight (R20).
#include "client/codec.h"
#include "render/rcw_ui.h"

namespace grognard::cli {

namespace {

using namespace rcw_text;

std::string revealed(const rcw::UnitsRevealed& e) {
  std::string out = "Revealed";
  if (!e.cause().empty()) out += " (" + e.cause() + ")";
  out += ":";
  for (int i = 0; i < e.units_size(); ++i) {
    const auto& u = e.units(i);
    out += std::string(i ? ";" : "") + " " + (u.name().empty() ? u.id() : u.name()) + " (" +
           u.id() + ", " + type_text(u.type()) + ")";
    if (u.type() == rcw::TRAIN && u.cars_size() > 0) {
      out += " at " + point(u.cars(0).pos());
    } else if (u.placed()) {
      out += " at " + point(u.pos()) + " facing " + facing_text(u.facing());
    }
  }
  return out;
}

std::string command_thrown(const rcw::View& v, const rcw::CommandThrown& e) {
  // R20, R53: the enemy's throw reaches us as its outcome alone.
  if (e.outcome_only()) {
    return unit_name(v, e.unit()) + (e.passed() ? " is under command (R5)"
                                                : " fails its command throw: its Move and Close "
                                                  "Assault are lost (R5)");
  }
  std::string out = "Command throw (R5) for " + unit_name(v, e.unit()) + ", ";
  if (e.hq().empty())
    out += "no HQ of its side left";
  else
    out += num(e.hq_distance()) + "\" from " + unit_name(v, e.hq());
  out += ": " + words::die(e.roll());
  const std::string mods = modifiers(e.parts());
  if (!mods.empty()) out += " " + mods;
  if (e.not_counted()) return out + ": it need not throw, the die does not count (R47)";
  out += " = " + std::to_string(e.total()) + ", needs 4+: ";
  return out + (e.passed() ? "passed" : "FAILED (its Move and Close Assault are lost)");
}

std::string rallied(const rcw::View& v, const rcw::Rallied& e) {
  if (e.outcome_only()) {  // R20, R53: the enemy's rally, its outcome alone
    return unit_name(v, e.unit()) +
           (e.success() ? " rallies, no longer pinned (R6)" : " fails to rally, still pinned (R6)");
  }
  std::string out = unit_name(v, e.unit()) + " tries to rally (R6): " + words::die(e.roll());
  const std::string mods = modifiers(e.parts());
  if (!mods.empty()) out += " " + mods;
  out += " = " + std::to_string(e.total()) + ", needs 4+: ";
  return out + (e.success() ? "rallied, no longer pinned" : "failed, still pinned");
}

std::string skipped(const rcw::View& v, const rcw::ActionSkipped& e) {
  return unit_name(v, e.unit()) + " does not " + action_word(e.action()) + " (" +
         (e.index() == 0 ? "first" : "second") +
         " action): " + (e.reason().empty() ? std::string("skipped") : e.reason());
}

std::string moved(const rcw::View& v, const rcw::Moved& e) {
  const std::string who = unit_name(v, e.unit());
  std::string out;
  if (e.has_rail_at()) {
    out = who + " runs along the line to " + num(e.rail_at()) + "\"";
    if (!e.path().empty()) out += ", its first car at " + point(*e.path().rbegin());
    out += " (" + num(e.cost()) + "\")";
  } else if (e.path().empty()) {
    out = who + " turns to face " + facing_text(e.facing());
  } else {
    out = who + " moves to ";
    for (int i = 0; i < e.path_size(); ++i) out += (i ? " -> " : "") + point(e.path(i));
    out += " (" + num(e.cost()) + "\" of its move), facing " + facing_text(e.facing());
  }
  if (!e.stopped_by().empty())
    out += "; STOPPED by a hidden enemy within 3\": " + unit_name(v, e.stopped_by()) + " (R17)";
  if (e.dug_in_lost()) out += "; no longer dug in (R22)";
  return out;
}

std::string ended(const rcw::View& v, const rcw::GameEnded& e) {
  std::string out = "Game over: ";
  out += e.result().empty() ? (e.has_winner() ? side_name(v, e.winner()) + " win" : "a draw")
                            : e.result();
  if (!e.reason().empty()) out += " - " + e.reason();
  if (e.points_size() >= 2) {
    out += ". Points: " + side_name(v, 0) + " " + std::to_string(e.points(0)) + ", " +
           side_name(v, 1) + " " + std::to_string(e.points(1));
  }
  return out;
}

}  // namespace

std::string RcwUi::describe_event(const google::protobuf::Any& any,
                                  const google::protobuf::Any& view) const {
  const auto e = client::unpack<rcw::Event>(any);
  if (!e) return "(an event of another rule set)";
  const rcw::View v = view_of(view);
  if (auto combat = combat_text(v, *e)) return *combat;
  using E = rcw::Event;
  switch (e->kind_case()) {
    case E::kDeploymentBegan:
      return "Deployment begins: each side places its units in secret inside its zone (R19)";
    case E::kUnitDeployed: {
      const auto& d = e->unit_deployed();
      return unit_name(v, d.unit()) + " is placed at " + point(d.pos()) + " facing " +
             facing_text(d.facing());
    }
    case E::kDeploymentConfirmed:
      return side_name(v, e->deployment_confirmed().side()) + " confirm their deployment";
    case E::kDeploymentEnded:
      return "Deployment ends";
    case E::kUnitsRevealed:
      return revealed(e->units_revealed());
    case E::kTurnBegan:
      return "Turn " + std::to_string(e->turn_began().turn()) +
             " begins: " + side_name(v, e->turn_began().side()) + " to act";
    case E::kActivated: {
      const auto& a = e->activated();
      return unit_name(v, a.unit()) + " is activated: " + action_word(a.first()) + ", then " +
             action_word(a.second());
    }
    case E::kCommandThrown:
      return command_thrown(v, e->command_thrown());
    case E::kActionSkipped:
      return skipped(v, e->action_skipped());
    case E::kRallied:
      return rallied(v, e->rallied());
    case E::kLimbered: {
      const auto& l = e->limbered();
      return unit_name(v, l.unit()) + " " + limber_word(find_unit(v, l.unit()), l.limbered());
    }
    case E::kMoved:
      return moved(v, e->moved());
    case E::kActivationEnded:
      return unit_name(v, e->activation_ended().unit()) + " ends its activation";
    case E::kTurnEnded:
      return "Turn " + std::to_string(e->turn_ended().turn()) + " ends for the " +
             side_name(v, e->turn_ended().side());
    case E::kGameEnded:
      return ended(v, e->game_ended());
    case E::kConceded:
      return side_name(v, e->conceded().side()) + " concede";
    case E::kHidden:
      return "The enemy did something out of sight.";
    default:
      break;
  }
  return "(an empty event)";
}

std::optional<int> RcwUi::turn_opened(const google::protobuf::Any& any) const {
  const auto e = client::unpack<rcw::Event>(any);
  if (e && e->has_turn_began()) return e->turn_began().turn();
  return std::nullopt;
}

}  // namespace grognard::cli
