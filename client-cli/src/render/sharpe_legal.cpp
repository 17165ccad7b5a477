// Sharpe's Mess commands as the user would type them, and the server's list of legal commands
// summed up one figure a line, as a player thinks of it ("sharpe at 6.00,42.00 (7 functions): move
// up to 14\"; aim; fire 1 (rifle) at voltigeur-3 12.3\"").
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "client/codec.h"
#include "render/sharpe_ui.h"

namespace grognard::cli {

namespace sharpe_text {

std::string describe_referee(const sharpe::Command& c) {
  if (c.has_add_event_card()) {
    const auto& card = c.add_event_card().card();
    if (card.kind() == sharpe::DRAW_BAD_CARD) return "card draw-bad";
    const auto& e = card.event();
    return "card " + effect_word(e.effect()) +
           (e.effect() == sharpe::GAIN_FUNCTIONS ? " " + std::to_string(e.amount()) : "") + " " +
           e.name();
  }
  if (c.has_build_bad_deck()) {
    std::string out = "baddeck";
    for (const auto& e : c.build_bad_deck().cards()) {
      out += " " + effect_word(e.effect());
      if (e.effect() == sharpe::GAIN_FUNCTIONS) out += ":" + std::to_string(e.amount());
    }
    return out;
  }
  if (c.has_set_briefing())
    return "brief " + c.set_briefing().seat() + " " + c.set_briefing().text();
  if (!c.has_ruling()) return "";
  const auto& r = c.ruling();
  switch (r.kind()) {
    case sharpe::RULING_MOVE:
      return "rule move " + r.figure() + " " + point(r.to()) + " " + r.reason();
    case sharpe::RULING_WOUND:
      return "rule wound " + r.figure() + " " + r.reason();
    case sharpe::RULING_HEAL:
      return "rule heal " + r.figure() + " " + r.reason();
    case sharpe::RULING_REMOVE:
      return "rule remove " + r.figure() + " " + r.reason();
    case sharpe::RULING_ADD: {
      std::string out = "rule add " + r.group() + " " + r.added().id() + " " + r.added().name() +
                        " " + point(r.added().pos());
      for (const auto& w : r.added().weapons()) out += " " + weapon_name(w.kind());
      if (r.added().qualities().officer()) out += " officer";
      if (r.added().qualities().elite()) out += " elite";
      if (r.added().qualities().mounted()) out += " mounted";
      return out + " " + r.reason();
    }
    case sharpe::RULING_PAUSE:
      return "pause " + r.reason();
    case sharpe::RULING_RESUME:
      return "resume " + r.reason();
    case sharpe::RULING_END_GAME:
      return "endgame " + r.result() + " -- " + r.reason();
    default:
      return "rule ?";
  }
}

}  // namespace sharpe_text

namespace {

using namespace sharpe_text;

// The figure a command is for; "" for the commands of the seat (throw, end, hero, …).
std::string figure_of(const sharpe::Command& c) {
  if (c.has_move()) return c.move().figure();
  if (c.has_stand_up()) return c.stand_up().figure();
  if (c.has_aim()) return c.aim().figure();
  if (c.has_load()) return c.load().figure();
  if (c.has_fire()) return c.fire().figure();
  if (c.has_fight()) return c.fight().figure();
  if (c.has_load_gun()) return c.load_gun().figure();
  if (c.has_fire_canister()) return c.fire_canister().figure();
  if (c.has_fire_ball()) return c.fire_ball().figure();
  return "";
}

std::string describe(const sharpe::Command& c) {
  if (c.has_throw_functions()) return "throw";
  if (c.has_end_activation()) return "end";
  if (c.has_move()) {
    std::string out = (c.move().crawl() ? "crawl " : "move ") + c.move().figure();
    for (const auto& p : c.move().waypoints()) out += " " + point(p);
    return out;
  }
  if (c.has_stand_up()) return "stand " + c.stand_up().figure();
  if (c.has_aim()) return "aim " + c.aim().figure();
  if (c.has_load())
    return "load " + c.load().figure() + " " + std::to_string(c.load().weapon() + 1);
  if (c.has_fire()) {
    return "fire " + c.fire().figure() + " " + std::to_string(c.fire().weapon() + 1) + " at " +
           c.fire().target();
  }
  if (c.has_fight()) return "fight " + c.fight().figure() + " " + c.fight().enemy();
  if (c.has_name_hero()) return "hero " + c.name_hero().group() + " " + c.name_hero().figure();
  if (c.has_load_gun()) return "loadgun " + c.load_gun().figure() + " " + c.load_gun().gun();
  if (c.has_fire_canister()) {
    return "canister " + c.fire_canister().figure() + " " + c.fire_canister().gun() + " " +
           num(c.fire_canister().aim());
  }
  if (c.has_fire_ball()) {
    return "ball " + c.fire_ball().figure() + " " + c.fire_ball().gun() + " at " +
           c.fire_ball().target();
  }
  if (c.has_set_scatter()) {
    return "scatter " + c.set_scatter().group() + " " +
           (c.set_scatter().toward_cover() ? "cover" : "away");
  }
  const std::string referee = describe_referee(c);
  return referee.empty() ? "(an empty command)" : referee;
}

// The figure at the bearing `aim` from the gun, of those offered; "" when none is.
std::string aimed_at(const sharpe::View& v, const sharpe::FireCanister& c) {
  const auto* gun = find_gun(v, c.gun());
  if (!gun) return "";
  for (const auto& f : v.figures()) {
    if (std::abs(bearing_to(gun->pos(), f.figure().pos()) - c.aim()) < 1e-6) return f.figure().id();
  }
  return "";
}

// "12.3\"": how far `to` is from `from`, as the table measures.
std::string inches_between(const v1::Point& from, const v1::Point& to) {
  return num(std::hypot(to.x() - from.x(), to.y() - from.y())) + "\"";
}

// "voltigeur-3 12.3\"": a target with its distance from the figure.
std::string target_at(const sharpe::View& v, const v1::Point& from, const std::string& id) {
  const auto* t = find_figure(v, id);
  return t ? id + " " + inches_between(from, t->figure().pos()) : id;
}

// "1 (rifle)": a weapon by the number the player types, and its kind.
std::string weapon_text(const sharpe::FigureView* f, unsigned w) {
  const bool known = f && w < static_cast<unsigned>(f->figure().weapons_size());
  return std::to_string(w + 1) +
         (known ? " (" + weapon_name(f->figure().weapons(w).kind()) + ")" : "");
}

// What a figure may do, as a player thinks of it (the server's list says which; the view says
// how far its functions take it and what loading still needs): "perkins at 23.71,38.94 (9
// functions): move up to 18\"; crawl up to 4\"; aim; load 1 (rifle): 3 of 6 functions to go;
// fire 2 (pistol) at voltigeur-3 6.2\"".
std::string figure_options(const sharpe::View& v, const std::string& id,
                           const std::vector<sharpe::Command>& cmds) {
  const auto* f = find_figure(v, id);
  const v1::Point from = f ? f->figure().pos() : v1::Point{};
  bool move = false, crawl = false;
  std::vector<std::string> other, loads, fights;
  std::map<unsigned, std::vector<std::string>> fire;
  std::map<std::string, std::vector<std::string>> canister, ball;
  std::set<std::string> guns_loadable;
  for (const auto& c : cmds) {
    if (c.has_move()) {
      (c.move().crawl() ? crawl : move) = true;
    } else if (c.has_load()) {
      const unsigned w = c.load().weapon();
      std::string l = "load " + weapon_text(f, w);
      if (f && w < static_cast<unsigned>(f->load_needed_size())) {
        const int needed = f->load_needed(w);
        l += ": " + std::to_string(needed) + " of " +
             functions(needed + f->figure().weapons(w).load_spent()) + " to go";
      }
      loads.push_back(l);
    } else if (c.has_fire()) {
      fire[c.fire().weapon()].push_back(target_at(v, from, c.fire().target()));
    } else if (c.has_fight()) {
      fights.push_back(c.fight().enemy());
    } else if (c.has_load_gun()) {
      guns_loadable.insert(c.load_gun().gun());
    } else if (c.has_fire_canister()) {
      const std::string at = aimed_at(v, c.fire_canister());
      canister[c.fire_canister().gun()].push_back(num(c.fire_canister().aim()) +
                                                  (at.empty() ? "" : " (" + at + ")"));
    } else if (c.has_fire_ball()) {
      const auto* gun = find_gun(v, c.fire_ball().gun());
      ball[c.fire_ball().gun()].push_back(gun ? target_at(v, gun->pos(), c.fire_ball().target())
                                              : c.fire_ball().target());
    } else {
      other.push_back(describe(c).substr(0, describe(c).find(' ')));
    }
  }
  const auto list = [](const std::vector<std::string>& xs, const std::string& sep) {
    std::string out;
    for (const auto& x : xs) out += (out.empty() ? "" : sep) + x;
    return out;
  };
  std::vector<std::string> parts;
  if (move && f) parts.push_back("move up to " + num(f->move_reach()) + "\"");
  if (crawl && f) parts.push_back("crawl up to " + num(f->crawl_reach()) + "\"");
  for (const auto& o : other) parts.push_back(o);
  for (const auto& l : loads) parts.push_back(l);
  for (const auto& [w, targets] : fire)
    parts.push_back("fire " + weapon_text(f, w) + " at " + list(targets, ", "));
  if (!fights.empty()) parts.push_back("fight " + list(fights, ", "));
  for (const auto& g : guns_loadable) parts.push_back("loadgun " + g);
  for (const auto& [g, aims] : canister) parts.push_back("canister " + g + " " + list(aims, ", "));
  for (const auto& [g, targets] : ball) parts.push_back("ball " + g + " at " + list(targets, ", "));
  std::string out = id;
  if (f)
    out += " at " + words::precise(from.x(), from.y()) + " (" + functions(f->functions()) + ")";
  return out + ": " + (parts.empty() ? "nothing" : list(parts, "; "));
}

}  // namespace

std::string SharpeUi::command_unit(const google::protobuf::Any& command,
                                   const google::protobuf::Any& /*view*/) const {
  const auto c = client::unpack<sharpe::Command>(command);
  return c ? figure_of(*c) : "";
}

std::string SharpeUi::describe_command(const google::protobuf::Any& any) const {
  const auto c = client::unpack<sharpe::Command>(any);
  if (!c) return "(a command of another rule set)";
  return describe(*c);
}

std::vector<std::string> SharpeUi::describe_legal(const v1::LegalCommands& legal,
                                                  const google::protobuf::Any& view,
                                                  const std::string& unit) const {
  const sharpe::View v = view_of(view);
  std::map<std::string, std::vector<sharpe::Command>> by_figure;
  std::vector<std::string> seat;
  for (const auto& any : legal.commands()) {
    const auto c = client::unpack<sharpe::Command>(any);
    if (!c) continue;
    const std::string id = figure_of(*c);
    if (id.empty())
      seat.push_back(describe(*c));
    else
      by_figure[id].push_back(*c);
  }
  std::vector<std::string> lines;
  if (!unit.empty()) {
    const std::string id = figure_id(v, unit);
    const auto it = by_figure.find(id);
    lines.push_back(it == by_figure.end() ? id + " may do nothing now"
                                          : figure_options(v, id, it->second));
    return lines;
  }
  if (!seat.empty()) {
    std::string l = "you may:";
    for (std::size_t i = 0; i < seat.size(); ++i) l += (i ? ", " : " ") + seat[i];
    lines.push_back(l);
  }
  for (const auto& [id, cmds] : by_figure) lines.push_back(figure_options(v, id, cmds));
  if (lines.empty()) lines.push_back("nothing to do now");
  return lines;
}

}  // namespace grognard::cli
