// The RCW command words and their help, and tab completion: your units to deploy and activate,
// the actions, compass points for facings, enemy units and cars as targets, your HQs and FAOs
// as observers, a train's cars for `shoot CAR=TARGET`.
#include "render/rcw_ui.h"

namespace grognard::cli {

namespace {

using namespace rcw_text;

const std::vector<std::string> kCompass = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};

bool mine(const rcw::View& v, const rcw::UnitState& u) {
  return !v.has_viewer_side() || u.side() == v.viewer_side();
}

std::vector<std::string> own_units(const rcw::View& v, bool to_activate) {
  std::vector<std::string> out;
  for (const auto& u : v.units()) {
    if (!mine(v, u) || u.destroyed()) continue;
    if (to_activate && (u.activated() || !u.placed())) continue;
    out.push_back(u.id());
  }
  return out;
}

// The enemy units and train cars in sight, not destroyed.
std::vector<std::string> targets(const rcw::View& v) {
  std::vector<std::string> out;
  for (const auto& u : v.units()) {
    if (mine(v, u) || u.destroyed() || !u.placed()) continue;
    if (u.type() != rcw::TRAIN) out.push_back(u.id());
    for (const auto& c : u.cars()) {
      if (!c.destroyed()) out.push_back(c.id());
    }
  }
  return out;
}

std::vector<std::string> observers(const rcw::View& v) {
  std::vector<std::string> out;
  for (const auto& u : v.units()) {
    if (mine(v, u) && !u.destroyed() && (u.type() == rcw::HQ || u.type() == rcw::FAO))
      out.push_back(u.id());
  }
  return out;
}

}  // namespace

std::vector<std::string> RcwUi::command_words() const {
  return {"deploy", "confirm", "activate", "move",  "pivot", "rail",
          "shoot",  "assault", "skip",     "carry", "end",   "concede"};
}

std::vector<HelpEntry> RcwUi::help() const {
  return {
      {"deploy UNIT X,Y BEARING",
       "place a unit in your zone, facing BEARING (R19); again to move it", "deploy R1 10,20 N"},
      {"confirm", "every unit placed: your deployment is done", "confirm"},
      {"activate UNIT ACTION ACTION",
       "declare two actions in order: move shoot limber rally assault (§4)",
       "activate R1 move shoot"},
      {"move WAYPOINT... [face BEARING]",
       "the current Move: straight legs, each X,Y in inches, N@BEARING (N inches that way) or "
       "toward UNIT [N]; without face, along the last leg",
       "move 14,15 face N or move 6@NE or move toward R2 4"},
      {"pivot BEARING", "the current Move as a turn in place (R15)", "pivot 45"},
      {"rail AT", "the train's Move: its first car to AT\" along the line (R13)", "rail 30"},
      {"shoot TARGET [via OBSERVER]", "the current Shoot; artillery via a FAO, a mortar via an HQ",
       "shoot W2"},
      {"shoot CAR=TARGET ...", "a train's Shoot: a target for each car that fires",
       "shoot W-T1=R1 W-T3=R2"},
      {"assault TARGET", "the current Close Assault (§11)", "assault W2"},
      {"skip", "forgo the current action", "skip"},
      {"carry", "carry out the current Limber or Rally of a unit the enemy cannot see (R48)",
       "carry"},
      {"end", "end your side turn: your other units pass (R14)", "end"},
      {"concede", "give up the game (the other side wins)", "concede"},
      {"",
       "X,Y: inches, x east, y south, 0,0 the north-west corner; BEARING: degrees (0 north, "
       "90 east, clockwise) or N NE E SE S SW W NW",
       ""},
  };
}

std::vector<std::string> RcwUi::complete(const std::vector<std::string>& w,
                                         const google::protobuf::Any& view) const {
  if (w.empty()) return {};
  const rcw::View v = view_of(view);
  const std::string verb = words::lower(w[0]);
  if (verb == "legal" && w.size() == 1) return own_units(v, false);
  if (verb == "deploy") {
    if (w.size() == 1) return own_units(v, false);
    if (w.size() == 3) return kCompass;
    return {};
  }
  if (verb == "activate") {
    if (w.size() == 1) return own_units(v, true);
    if (w.size() <= 3) return {"move", "shoot", "limber", "rally", "assault"};
    return {};
  }
  if (verb == "move" && w.size() >= 2) {
    if (words::lower(w.back()) == "face") return kCompass;
    return {"face"};
  }
  if (verb == "pivot" && w.size() == 1) return kCompass;
  if (verb == "assault" && w.size() == 1) return targets(v);
  if (verb == "shoot") {
    const auto* active = active_unit(v);
    if (active && active->type() == rcw::TRAIN) {
      std::vector<std::string> out;
      for (const auto& c : active->cars()) {
        for (const auto& t : targets(v)) out.push_back(c.id() + "=" + t);
      }
      return out;
    }
    if (w.size() == 1) return targets(v);
    if (w.size() == 2) return {"via"};
    if (w.size() == 3) return observers(v);
  }
  return {};
}

}  // namespace grognard::cli
