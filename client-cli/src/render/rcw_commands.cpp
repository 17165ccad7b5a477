// The RCW play syntax: a typed line becomes an rcw::Command. Ids (units, train cars) are
// matched against the view without regard to case; points are inches "X,Y" as the wire has
// them (x east, y south); bearings are degrees (0 north, 90 east) or compass points (N, NE, …).
//
//   deploy UNIT X,Y BEARING              place (or place again) a unit in your zone (R19)
//   confirm                              every unit placed: end your deployment
//   activate UNIT ACTION ACTION          declare two actions: move shoot limber rally assault
//   move WAYPOINT... [face BEARING]      the current Move: straight legs, each X,Y, N@BEARING or
//                                        toward UNIT [N]; without `face` the unit faces along
//                                        its last leg
//   pivot BEARING                        the current Move as a pure pivot (R15)
//   rail AT                              the train's Move: its first car to AT" along the line
//   shoot TARGET [via OBSERVER]          the current Shoot (an observer for artillery or mortar)
//   shoot CAR=TARGET [CAR=TARGET ...]    a train's Shoot: a target for each car that fires
//   assault TARGET                       the current Close Assault
//   skip                                 forgo the current action
//   carry                                carry out the current Limber or Rally of a unit
//                                        hidden from the enemy (R48)
//   end                                  end your side turn (the rest of your units pass)
//   concede                              give up the game
#include <algorithm>

#include "client/codec.h"
#include "render/rcw_ui.h"

namespace grognard::cli {

namespace {

using namespace rcw_text;

Parsed done(const rcw::Command& c) {
  return Parsed{client::pack(c), ""};
}

Parsed fail(const std::string& why) {
  return Parsed{std::nullopt, why};
}

// The id as the view spells it (a unit or a car); the typed word when the view does not know it.
std::string id_of(const rcw::View& v, const std::string& typed) {
  if (const auto* u = find_unit(v, typed)) return u->id();
  if (const auto* c = find_car(v, typed)) return c->id();
  return typed;
}

std::string not_point(const std::string& word) {
  return "\"" + word + "\" is not a point X,Y in inches (x east, y south), e.g. 12.5,20";
}

std::string not_bearing(const std::string& word) {
  return "\"" + word + "\" is not a bearing: degrees (0 north, 90 east, clockwise) or N, NE, E…";
}

Parsed deploy(const std::vector<std::string>& w, const rcw::View& v) {
  const std::string usage = "usage: deploy UNIT X,Y BEARING, e.g. deploy R1 10,20 N";
  if (w.size() != 4) return fail(usage);
  const auto p = words::xy_of(w[2]);
  if (!p) return fail(not_point(w[2]) + "; " + usage);
  const auto b = words::bearing_of(w[3]);
  if (!b) return fail(not_bearing(w[3]) + "; " + usage);
  rcw::Command c;
  auto* d = c.mutable_deploy();
  d->set_unit(id_of(v, w[1]));
  d->mutable_pos()->set_x(p->x);
  d->mutable_pos()->set_y(p->y);
  d->set_facing(*b);
  return done(c);
}

Parsed activate(const std::vector<std::string>& w, const rcw::View& v) {
  const std::string usage =
      "usage: activate UNIT ACTION ACTION (move, shoot, limber, rally, assault), e.g. activate "
      "R1 move shoot";
  if (w.size() != 4) return fail(usage);
  const auto first = action_of(w[2]), second = action_of(w[3]);
  if (!first || !second)
    return fail("\"" + (first ? w[3] : w[2]) + "\" is not an action; " + usage);
  rcw::Command c;
  auto* a = c.mutable_activate();
  a->set_unit(id_of(v, w[1]));
  a->set_first(*first);
  a->set_second(*second);
  return done(c);
}

Parsed move(const std::vector<std::string>& w, const rcw::View& v) {
  const std::string usage =
      "usage: move WAYPOINT... [face BEARING], each X,Y, N@BEARING (N inches that way) or toward "
      "TARGET [N], e.g. move 12,18 14,15 face N, move 6@NE, move toward R2 4 (pivot BEARING to "
      "turn in place)";
  rcw::Command c;
  auto* m = c.mutable_move();
  std::size_t end = w.size();
  std::optional<double> facing;
  if (w.size() >= 3 && words::lower(w[w.size() - 2]) == "face") {
    facing = words::bearing_of(w.back());
    if (!facing) return fail(not_bearing(w.back()) + "; " + usage);
    end -= 2;
  }
  if (end < 2) return fail(usage);
  const auto* u = active_unit(v);
  const words::Xy start = u ? words::Xy{u->pos().x(), u->pos().y()} : words::Xy{};
  const auto place = [&](const std::string& id) -> std::optional<words::Xy> {
    const auto* t = find_unit(v, id);
    if (!t) return std::nullopt;
    return words::Xy{t->pos().x(), t->pos().y()};
  };
  const auto points =
      words::waypoints_of(std::vector<std::string>(w.begin(), w.begin() + end), 1, start, place);
  if (!points.error.empty()) return fail(points.error + "; " + usage);
  if (!u && std::any_of(w.begin() + 1, w.begin() + end,
                        [](const std::string& x) { return !words::xy_of(x); })) {
    return fail("no unit of yours is being activated to move from; give points X,Y: " + usage);
  }
  for (const auto& p : points.points) {
    auto* pt = m->add_waypoints();
    pt->set_x(p.x);
    pt->set_y(p.y);
  }
  if (!facing) {
    // Along the last leg, from the point before it (the unit's place for a one-leg move).
    const int n = m->waypoints_size();
    if (n < 2 && !u)
      return fail("no unit of yours is being activated to move from; give the facing: " + usage);
    const words::Xy to{m->waypoints(n - 1).x(), m->waypoints(n - 1).y()};
    const words::Xy from = n >= 2 ? words::Xy{m->waypoints(n - 2).x(), m->waypoints(n - 2).y()}
                                  : words::Xy{u->pos().x(), u->pos().y()};
    facing = (from.x == to.x && from.y == to.y) && u ? u->facing() : words::bearing_to(from, to);
  }
  m->set_facing(*facing);
  return done(c);
}

Parsed shoot(const std::vector<std::string>& w, const rcw::View& v) {
  const std::string usage =
      "usage: shoot TARGET [via OBSERVER], e.g. shoot W2; a train: shoot CAR=TARGET ..., e.g. "
      "shoot W-T1=R1 W-T3=R2";
  if (w.size() < 2) return fail(usage);
  rcw::Command c;
  auto* s = c.mutable_shoot();
  if (w[1].find('=') != std::string::npos) {
    for (std::size_t i = 1; i < w.size(); ++i) {
      const auto eq = w[i].find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == w[i].size())
        return fail("\"" + w[i] + "\" is not CAR=TARGET; " + usage);
      auto* car = s->add_cars();
      car->set_car(id_of(v, w[i].substr(0, eq)));
      car->set_target(id_of(v, w[i].substr(eq + 1)));
    }
    return done(c);
  }
  const bool via = w.size() == 4 && words::lower(w[2]) == "via";
  if (w.size() != 2 && !via) return fail(usage);
  s->set_target(id_of(v, w[1]));
  if (via) s->set_observer(id_of(v, w[3]));
  return done(c);
}

Parsed one_number(const std::vector<std::string>& w, const std::string& verb, const rcw::View& v) {
  rcw::Command c;
  auto* m = c.mutable_move();
  if (verb == "pivot") {
    const std::string usage = "usage: pivot BEARING, e.g. pivot 90 or pivot E";
    if (w.size() != 2) return fail(usage);
    const auto b = words::bearing_of(w[1]);
    if (!b) return fail(not_bearing(w[1]) + "; " + usage);
    m->set_facing(*b);
    return done(c);
  }
  const std::string usage =
      "usage: rail AT (inches along the line from its start to the first car), e.g. rail 30";
  if (w.size() != 2) return fail(usage);
  const auto at = words::number_of(w[1]);
  if (!at) return fail("\"" + w[1] + "\" is not a number of inches; " + usage);
  m->set_rail_at(*at);
  const auto* u = active_unit(v);
  m->set_facing(u ? u->facing() : 0);
  return done(c);
}

}  // namespace

std::optional<Parsed> RcwUi::parse(const std::vector<std::string>& w,
                                   const google::protobuf::Any& view) const {
  if (w.empty()) return std::nullopt;
  const std::string verb = words::lower(w[0]);
  const rcw::View v = view_of(view);
  rcw::Command c;
  if (verb == "confirm" || verb == "skip" || verb == "carry" || verb == "end" ||
      verb == "concede") {
    if (w.size() != 1) return fail("usage: " + verb + " (no arguments)");
    if (verb == "confirm") c.mutable_confirm_deployment();
    if (verb == "skip") c.mutable_skip_action();
    if (verb == "carry") c.mutable_carry_out();
    if (verb == "end") c.mutable_end_turn();
    if (verb == "concede") c.mutable_concede();
    return done(c);
  }
  if (verb == "deploy") return deploy(w, v);
  if (verb == "activate") return activate(w, v);
  if (verb == "move") return move(w, v);
  if (verb == "pivot" || verb == "rail") return one_number(w, verb, v);
  if (verb == "shoot") return shoot(w, v);
  if (verb == "assault") {
    if (w.size() != 2) return fail("usage: assault TARGET, e.g. assault W2");
    c.mutable_assault()->set_target(id_of(v, w[1]));
    return done(c);
  }
  return std::nullopt;
}

}  // namespace grognard::cli
