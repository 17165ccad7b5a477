// The Sharpe's Mess command words and their help, and tab completion: figure, group and gun ids
// from the view, weapons of the figure named, enemies as targets, card effects and ruling kinds
// for the referee.
#include "render/sharpe_ui.h"

namespace grognard::cli {

namespace {

using namespace sharpe_text;

std::vector<std::string> weapon_words(const sharpe::View& v, const std::string& fig) {
  std::vector<std::string> out;
  if (const auto* f = find_figure(v, fig)) {
    for (const auto& w : f->figure().weapons()) out.push_back(weapon_name(w.kind()));
  }
  return out;
}

std::vector<std::string> referee(const std::vector<std::string>& w, const sharpe::View& v,
                                 const std::vector<std::string>& groups) {
  const std::string verb = lower(w[0]);
  if (verb == "card" && w.size() == 1)
    return {"lose-half", "gain", "trip", "misfire", "reinforcements", "decides", "draw-bad"};
  if (verb == "baddeck")
    return {"lose-half", "gain:", "trip", "misfire", "reinforcements", "decides"};
  if (verb == "brief" && w.size() == 1) {
    std::vector<std::string> out;
    for (const auto& s : v.seats()) out.push_back(s.id());
    return out;
  }
  if (verb == "rule" && w.size() == 1) return {"move", "wound", "heal", "remove", "add"};
  if (verb == "rule" && w.size() == 2) return lower(w[1]) == "add" ? groups : figure_ids(v);
  return {};
}

}  // namespace

std::vector<std::string> SharpeUi::command_words() const {
  std::vector<std::string> out{"throw", "move", "crawl",   "stand",    "aim",  "load",    "fire",
                               "fight", "hero", "loadgun", "canister", "ball", "scatter", "end"};
  for (auto& w : referee_words()) out.push_back(std::move(w));
  return out;
}

std::vector<HelpEntry> SharpeUi::help() const {
  std::vector<HelpEntry> out{
      {"throw", "throw your functions when your hero's card is drawn (D6 + base)", "throw"},
      {"move FIG WAYPOINT... [crawl]",
       "walk through waypoints (1 function a 2\"), each X,Y in inches, N@BEARING (N inches that "
       "way) or toward FIG [N]",
       "move sharpe 10,40 12,36 or move sharpe 3.5@NE or move sharpe toward voltigeur2 4"},
      {"crawl FIG WAYPOINT...", "crawl (2 functions an inch) and lie prone", "crawl hagman 1@N"},
      {"stand FIG", "stand up (2 functions)", "stand hagman"},
      {"aim FIG", "aim (3 functions): +2 on the next shot", "aim harper"},
      {"load FIG [WEAPON [N]]",
       "load (4, a rifle 6); default the first unloaded firearm; N: put only N functions in",
       "load sharpe rifle 3"},
      {"fire FIG [WEAPON] [at] TARGET",
       "fire or throw a weapon (number from 1 or kind); default the first loaded firearm (a knife "
       "only when named)",
       "fire sharpe at voltigeur2"},
      {"fight FIG ENEMY", "a round of hand to hand with an enemy in base contact",
       "fight harper voltigeur2"},
      {"hero GROUP FIG", "name a new hero when the group's hero is dead (S3)",
       "hero sharpe harper"},
      {"loadgun FIG GUN", "a crew member puts functions into loading the gun (16 in all)",
       "loadgun gunner1 gun"},
      {"canister FIG GUN BEARING", "fire canister along a bearing in degrees (or: at TARGET|X,Y)",
       "canister marbot gun at sharpe"},
      {"ball FIG GUN [at] TARGET", "fire round shot at one enemy figure",
       "ball marbot gun at lawford"},
      {"scatter GROUP cover|away", "the group's standing order when it must scatter (any time)",
       "scatter sharpe cover"},
      {"end", "end the activation; the next card is drawn", "end"},
  };
  for (auto& h : referee_help()) out.push_back(std::move(h));
  return out;
}

std::vector<std::string> SharpeUi::complete(const std::vector<std::string>& w,
                                            const google::protobuf::Any& view) const {
  if (w.empty()) return {};
  const sharpe::View v = view_of(view);
  const std::string verb = lower(w[0]);
  std::vector<std::string> groups;
  for (const auto& g : v.groups()) groups.push_back(g.id());
  std::vector<std::string> guns;
  for (const auto& g : v.guns()) guns.push_back(g.id());
  const bool by_figure = verb == "move" || verb == "crawl" || verb == "stand" || verb == "aim" ||
                         verb == "load" || verb == "fire" || verb == "fight" || verb == "loadgun" ||
                         verb == "canister" || verb == "ball" || verb == "legal";
  // During an activation the active group's figures are the ones a command may name.
  if (w.size() == 1 && by_figure && verb != "legal" && !v.active_group().empty())
    return group_figure_ids(v, v.active_group());
  if (w.size() == 1 && by_figure) return figure_ids(v);
  if (w.size() == 1 && (verb == "hero" || verb == "scatter")) return groups;
  if (verb == "move" && w.size() >= 3) return {"crawl"};
  if (verb == "load" && w.size() == 2) return weapon_words(v, w[1]);
  if (verb == "fire" && w.size() >= 2 && w.size() <= 3) {
    auto out = figure_ids(v, w[1]);
    if (w.size() == 2) {
      for (auto& x : weapon_words(v, w[1])) out.push_back(std::move(x));
    }
    if (lower(w.back()) != "at") out.push_back("at");
    return out;
  }
  if (verb == "fire" && w.size() == 4 && lower(w[3]) == "at") return figure_ids(v, w[1]);
  if (verb == "fight" && w.size() == 2) return figure_ids(v, w[1]);
  // S3: a figure still on the table, not the dead hero.
  if (verb == "hero" && w.size() == 2) return group_figure_ids(v, w[1]);
  if (verb == "scatter" && w.size() == 2) return {"cover", "away"};
  if ((verb == "loadgun" || verb == "canister" || verb == "ball") && w.size() == 2) return guns;
  if ((verb == "canister" || verb == "ball") && w.size() == 3) {
    auto out = figure_ids(v, w[1]);
    out.push_back("at");
    return out;
  }
  if ((verb == "canister" || verb == "ball") && w.size() == 4) return figure_ids(v, w[1]);
  return referee(w, v, groups);
}

}  // namespace grognard::cli
