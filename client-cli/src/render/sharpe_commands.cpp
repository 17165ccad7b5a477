// The Sharpe's Mess play syntax of the players: a typed line becomes a sharpe::Command. Ids
// (figures, groups, guns) are matched against the view without regard to case; points are
// inches "X,Y"; weapons are numbered from 1 in the order the table lists them, or named by
// kind (the referee's lines are in sharpe_referee.cpp).
//
//   throw                               throw the functions when your hero's card is drawn
//   move FIG WAYPOINT... [crawl]        walk (or crawl) through the waypoints, each X,Y, N@BEARING
//                                       (N inches that way) or toward TARGET [N]
//   crawl FIG WAYPOINT...               the same, crawling
//   stand FIG | aim FIG                 stand up; aim the figure's weapon
//   load FIG [WEAPON [N]]               load (default: the first unloaded firearm), N of the
//                                       figure's functions into it (default: all it has)
//   fire FIG [WEAPON] [at] TARGET       fire or throw (default: the first loaded firearm)
//   fight FIG ENEMY                     a round of hand to hand
//   hero GROUP FIG                      name a new hero when the hero is dead
//   loadgun FIG GUN                     four functions of loading a gun
//   canister FIG GUN BEARING|at TARGET  canister at a bearing (or toward a figure or X,Y)
//   ball FIG GUN [at] TARGET            round shot at one figure
//   scatter GROUP cover|away            the group's standing order for a scatter
//   end                                 end the activation
#include <cmath>

#include "render/sharpe_ui.h"

namespace grognard::cli {

namespace {

using namespace sharpe_text;

enum class Purpose { kFire, kLoad };

// The weapon's index on the wire (from 0) for what the player typed (a number from 1 or a
// kind), or the default for the purpose; `error` set when the figure has no such weapon.
std::optional<unsigned> weapon_index(const sharpe::View& v, const std::string& fig,
                                     const std::string& typed, Purpose purpose,
                                     std::string* error) {
  static const sharpe::Figure kNobody;
  const auto* fv = find_figure(v, fig);
  const auto& weapons = (fv ? fv->figure() : kNobody).weapons();
  // A knife or hatchet is gone once thrown (S21): it is thrown only when named, or when the
  // figure has no working firearm.
  bool has_firearm = false;
  for (const auto& w : weapons)
    has_firearm = has_firearm || (firearm(w.kind()) && !w.out_of_action());
  const auto fits = [&](const sharpe::Weapon& w) {
    if (w.out_of_action()) return false;
    return purpose == Purpose::kFire
               ? !w.unloaded() && (firearm(w.kind()) || w.kind() == sharpe::THROWN)
               : w.unloaded() && firearm(w.kind());
  };
  if (typed.empty() || weapon_kind(typed)) {
    const auto kind = typed.empty() ? std::nullopt : weapon_kind(typed);
    const auto of_kind = [&](const sharpe::Weapon& w) {
      return kind ? w.kind() == *kind
                  : firearm(w.kind()) || (!has_firearm && w.kind() == sharpe::THROWN);
    };
    for (int pass = 0; pass < 2; ++pass) {
      for (int i = 0; i < weapons.size(); ++i) {
        if (of_kind(weapons[i]) && (pass == 1 || fits(weapons[i]))) return static_cast<unsigned>(i);
      }
    }
    if (!fv) {
      if (!kind) return 0u;
      *error = "no figure \"" + fig + "\" on the table to find a " + typed +
               " on; give the weapon's number";
    } else {
      *error = fv->figure().name() + " has no " + (kind ? weapon_name(*kind) : "firearm");
    }
    return std::nullopt;
  }
  const auto n = number_of(typed);
  if (!n || *n < 1 || *n != std::floor(*n) || *n > 64) {
    *error =
        "\"" + typed + "\" is not a weapon (a number from 1, or musket, rifle, pistol, knife…)";
    return std::nullopt;
  }
  const auto index = static_cast<unsigned>(*n) - 1;
  if (fv && index >= static_cast<unsigned>(weapons.size())) {
    *error =
        fv->figure().name() + " has " + std::to_string(weapons.size()) + " weapons, not " + typed;
    return std::nullopt;
  }
  return index;
}

Parsed parse_move(const std::vector<std::string>& w, const sharpe::View& v, bool crawl) {
  const std::string usage =
      crawl
          ? "usage: crawl FIGURE WAYPOINT..., e.g. crawl sharpe 6,40 or crawl sharpe 1@N"
          : "usage: move FIGURE WAYPOINT... [crawl], each X,Y, N@BEARING or toward TARGET [N], "
            "e.g. move sharpe 10,40 12,36 or move sharpe 3@NE or move sharpe toward voltigeur-2 4";
  if (w.size() < 3) return fail(usage);
  sharpe::Command c;
  auto* m = c.mutable_move();
  m->set_figure(figure_id(v, w[1]));
  std::vector<std::string> path(w.begin(), w.end());
  if (!crawl && path.size() > 3 && lower(path.back()) == "crawl") {
    crawl = true;
    path.pop_back();
  }
  m->set_crawl(crawl);
  const auto* f = find_figure(v, m->figure());
  const words::Xy start = f ? words::Xy{f->figure().pos().x(), f->figure().pos().y()} : words::Xy{};
  const auto place = [&](const std::string& id) -> std::optional<words::Xy> {
    const auto* t = find_figure(v, figure_id(v, id));
    if (!t) return std::nullopt;
    return words::Xy{t->figure().pos().x(), t->figure().pos().y()};
  };
  const auto points = words::waypoints_of(path, 2, start, place);
  if (!points.error.empty()) return fail(points.error + "; " + usage);
  for (const auto& p : points.points) {
    auto* pt = m->add_waypoints();
    pt->set_x(p.x);
    pt->set_y(p.y);
  }
  return done(c);
}

Parsed parse_fire(const std::vector<std::string>& w, const sharpe::View& v) {
  const std::string usage =
      "usage: fire FIGURE [WEAPON] [at] TARGET, e.g. fire sharpe at voltigeur2";
  std::vector<std::string> rest;
  for (std::size_t i = 2; i < w.size(); ++i) {
    if (lower(w[i]) != "at" || i + 2 != w.size()) rest.push_back(w[i]);
  }
  if (w.size() < 3 || rest.empty() || rest.size() > 2 || lower(rest.back()) == "at")
    return fail(usage);
  const std::string fig = figure_id(v, w[1]);
  std::string error;
  const auto weapon = weapon_index(v, fig, rest.size() == 2 ? rest[0] : "", Purpose::kFire, &error);
  if (!weapon) return fail(error);
  sharpe::Command c;
  c.mutable_fire()->set_figure(fig);
  c.mutable_fire()->set_weapon(*weapon);
  c.mutable_fire()->set_target(figure_id(v, rest.back()));
  return done(c);
}

Parsed parse_load(const std::vector<std::string>& w, const sharpe::View& v) {
  const std::string usage = "usage: load FIGURE [WEAPON [FUNCTIONS]], e.g. load sharpe rifle 3";
  if (w.size() < 2 || w.size() > 4) return fail(usage);
  const std::string fig = figure_id(v, w[1]);
  std::string error;
  const auto weapon = weapon_index(v, fig, w.size() >= 3 ? w[2] : "", Purpose::kLoad, &error);
  if (!weapon) return fail(error);
  sharpe::Command c;
  c.mutable_load()->set_figure(fig);
  c.mutable_load()->set_weapon(*weapon);
  if (w.size() == 4) {  // S8: how many of the figure's functions go into loading
    const auto n = number_of(w[3]);
    if (!n || *n < 1 || *n != std::floor(*n) || *n > 99) {
      return fail("\"" + w[3] + "\" is not a number of functions; " + usage);
    }
    c.mutable_load()->set_functions(static_cast<unsigned>(*n));
  }
  return done(c);
}

Parsed parse_gun(const std::string& verb, const std::vector<std::string>& w,
                 const sharpe::View& v) {
  const auto* gun = w.size() >= 3 ? find_gun(v, w[2]) : nullptr;
  const std::string gun_id = gun ? gun->id() : (w.size() >= 3 ? w[2] : "");
  sharpe::Command c;
  if (verb == "loadgun") {
    if (w.size() != 3) return fail("usage: loadgun FIGURE GUN, e.g. loadgun gunner1 gun");
    c.mutable_load_gun()->set_figure(figure_id(v, w[1]));
    c.mutable_load_gun()->set_gun(gun_id);
    return done(c);
  }
  const bool at = w.size() == 5 && lower(w[3]) == "at";
  if (verb == "ball") {
    if (w.size() != 4 && !at)
      return fail("usage: ball FIGURE GUN [at] TARGET, e.g. ball marbot gun at sharpe");
    c.mutable_fire_ball()->set_figure(figure_id(v, w[1]));
    c.mutable_fire_ball()->set_gun(gun_id);
    c.mutable_fire_ball()->set_target(figure_id(v, w.back()));
    return done(c);
  }
  const std::string usage =
      "usage: canister FIGURE GUN BEARING (degrees) or canister FIGURE GUN at TARGET|X,Y, e.g. "
      "canister marbot gun 225";
  if (w.size() != 4 && !at) return fail(usage);
  auto* f = c.mutable_fire_canister();
  f->set_figure(figure_id(v, w[1]));
  f->set_gun(gun_id);
  if (!at) {
    const auto b = number_of(w[3]);
    if (!b) return fail("\"" + w[3] + "\" is not a bearing in degrees; " + usage);
    f->set_aim(*b);
    return done(c);
  }
  if (!gun) return fail("no gun \"" + w[2] + "\" on the table to aim from");
  const auto* target = find_figure(v, w[4]);
  const auto p = target ? std::optional<v1::Point>(target->figure().pos()) : point_of(w[4]);
  if (!p) return fail("\"" + w[4] + "\" is neither a figure nor a point X,Y; " + usage);
  f->set_aim(std::round(bearing_to(gun->pos(), *p) * 10) / 10);
  return done(c);
}

Parsed parse_pair(const std::string& verb, const std::vector<std::string>& w,
                  const sharpe::View& v) {
  sharpe::Command c;
  if (verb == "fight") {
    if (w.size() != 3) return fail("usage: fight FIGURE ENEMY, e.g. fight harper voltigeur2");
    c.mutable_fight()->set_figure(figure_id(v, w[1]));
    c.mutable_fight()->set_enemy(figure_id(v, w[2]));
  } else if (verb == "hero") {
    if (w.size() != 3) return fail("usage: hero GROUP FIGURE, e.g. hero sharpe harper");
    c.mutable_name_hero()->set_group(group_id(v, w[1]));
    c.mutable_name_hero()->set_figure(figure_id(v, w[2]));
  } else {
    const std::string order = w.size() == 3 ? lower(w[2]) : "";
    if (order != "cover" && order != "away")
      return fail("usage: scatter GROUP cover|away, e.g. scatter sharpe cover");
    c.mutable_set_scatter()->set_group(group_id(v, w[1]));
    c.mutable_set_scatter()->set_toward_cover(order == "cover");
  }
  return done(c);
}

}  // namespace

std::optional<Parsed> SharpeUi::parse(const std::vector<std::string>& w,
                                      const google::protobuf::Any& view) const {
  if (w.empty()) return std::nullopt;
  const std::string verb = lower(w[0]);
  const sharpe::View v = view_of(view);
  sharpe::Command c;
  if (verb == "throw" || verb == "end") {
    if (w.size() != 1) return fail("usage: " + verb + " (no arguments)");
    if (verb == "throw")
      c.mutable_throw_functions();
    else
      c.mutable_end_activation();
    return done(c);
  }
  if (verb == "move" || verb == "crawl") return parse_move(w, v, verb == "crawl");
  if (verb == "stand" || verb == "aim") {
    if (w.size() != 2) return fail("usage: " + verb + " FIGURE, e.g. " + verb + " sharpe");
    if (verb == "stand")
      c.mutable_stand_up()->set_figure(figure_id(v, w[1]));
    else
      c.mutable_aim()->set_figure(figure_id(v, w[1]));
    return done(c);
  }
  if (verb == "load") return parse_load(w, v);
  if (verb == "fire") return parse_fire(w, v);
  if (verb == "fight" || verb == "hero" || verb == "scatter") return parse_pair(verb, w, v);
  if (verb == "loadgun" || verb == "canister" || verb == "ball") {
    if (w.size() < 3) return fail("usage: " + verb + " FIGURE GUN …; type help");
    return parse_gun(verb, w, v);
  }
  return parse_referee(w, v);
}

}  // namespace grognard::cli
