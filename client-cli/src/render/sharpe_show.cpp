// Sharpe's Mess on a screen of a given size (the map fitted or zoomed, the status, the rest of
// the panel), where a figure or gun stands (`zoom FIG`), and `show FIG`: everything the seat's
// view tells of one figure or gun.
#include <cctype>
#include <cmath>

#include "render/sharpe_ui.h"

namespace grognard::cli {

namespace {

using namespace sharpe_text;

// S7 and S8: how far each weapon reaches ("rifle, reaches 40""); hand-to-hand weapons none.
std::string reach(sharpe::WeaponKind kind) {
  switch (kind) {
    case sharpe::MUSKET:
      return "reaches 20\"";
    case sharpe::RIFLE:
      return "reaches 40\"";
    case sharpe::PISTOL:
      return "reaches 10\"";
    case sharpe::THROWN:
      return "thrown, reaches 5\"";
    default:
      return "hand to hand";
  }
}

std::vector<std::string> weapon_lines(const sharpe::FigureView& fv) {
  std::vector<std::string> out;
  const auto& f = fv.figure();
  for (int i = 0; i < f.weapons_size(); ++i) {
    const auto& w = f.weapons(i);
    std::string l = "    " + weapon_name(w.kind()) + ": " + reach(w.kind());
    if (w.out_of_action()) {
      l += ", out of action";
    } else if (w.unloaded()) {
      l += ", unloaded";
      if (i < fv.load_needed_size() && fv.load_needed(i) > 0)
        l += " (" + functions(fv.load_needed(i)) + " of loading still needed)";
    } else if (firearm(w.kind())) {
      l += ", loaded";
    }
    out.push_back(l);
  }
  if (out.empty()) out.push_back("    unarmed");
  return out;
}

std::string states(const sharpe::FigureView& fv) {
  std::string out = state_text(fv);
  const auto add = [&](bool on, const std::string& word) {
    if (on) out += ", " + word;
  };
  add(fv.prone(), "prone");
  add(fv.aimed(), "aimed");
  add(fv.moved(), "moved this turn");
  add(fv.charged(), "charged");
  add(fv.done(), "done this activation");
  add(fv.melee_rounds() > 0, "in hand to hand (" + std::to_string(fv.melee_rounds()) + " rounds)");
  return out;
}

// The figures in the same map cell (0.5" or closer) as `fv`.
std::string beside(const sharpe::View& v, const sharpe::FigureView& fv) {
  std::string out;
  const auto& p = fv.figure().pos();
  for (const auto& o : v.figures()) {
    const auto& q = o.figure().pos();
    if (&o == &fv || !on_table(o)) continue;
    if (std::abs(q.x() - p.x()) <= 0.5 && std::abs(q.y() - p.y()) <= 0.5)
      out += (out.empty() ? "" : ", ") + o.figure().id() + " at " + exact(q);
  }
  return out;
}

std::vector<std::string> figure_lines(const sharpe::View& v, const sharpe::FigureView& fv) {
  const auto& f = fv.figure();
  const auto* g = find_group(v, fv.group());
  const bool hero = g && g->hero() == f.id();
  const char letter = group_letter(v, fv.group());
  std::vector<std::string> out{
      f.id() + " (" + f.name() + "): " + (hero ? "the hero" : "a figure") + " of group " +
          group_text(v, fv.group()) + ", on the map " +
          std::string(1, hero ? letter : static_cast<char>(std::tolower(letter))),
      "  at " + words::precise(f.pos().x(), f.pos().y()) + " (inches, x east, y south)",
      "  state: " + states(fv)};
  if (fv.functions() > 0 || fv.group() == v.active_group())
    out.push_back("  functions left: " + std::to_string(fv.functions()) + "; walks up to " +
                  num(fv.move_reach()) + "\", crawls up to " + num(fv.crawl_reach()) + "\"");
  std::string q;
  if (f.qualities().officer()) q += " officer";
  if (f.qualities().elite()) q += " elite";
  if (f.qualities().mounted()) q += " mounted";
  if (!q.empty()) out.push_back("  qualities:" + q);
  out.push_back("  weapons:");
  for (auto& l : weapon_lines(fv)) out.push_back(std::move(l));
  const std::string near = beside(v, fv);
  if (!near.empty()) out.push_back("  in the same cell: " + near);
  return out;
}

std::vector<std::string> gun_lines(const sharpe::View& v, const sharpe::Gun& g) {
  std::vector<std::string> out{
      "Gun " + g.id() + ": " + gun_type(g.type()) + " at " +
          words::precise(g.pos().x(), g.pos().y()) + ", aim " + num(g.aim()) + " deg (" +
          words::compass(g.aim()) + ")",
      std::string("  ") + (g.unloaded() ? "unloaded (" + std::to_string(g.load_spent()) +
                                              " of 16 functions of loading spent)"
                                        : "loaded")};
  if (!g.group().empty()) out.push_back("  crew: " + group_text(v, g.group()));
  return out;
}

}  // namespace

Board SharpeUi::board(const google::protobuf::Any& any, const Viewer& viewer, const Style& style,
                      const Frame& frame) const {
  const sharpe::View v = view_of(any);
  MapPart m = draw_map(v, style, window_for(frame), false);
  return Board{std::move(m.map),
               std::move(m.cells),
               std::move(m.legend),
               status_lines(v, style),
               detail_lines(v, viewer, style),
               false};
}

std::optional<Focus> SharpeUi::locate(const google::protobuf::Any& any,
                                      const std::string& id) const {
  const sharpe::View v = view_of(any);
  if (const auto* f = find_figure(v, id); f && on_table(*f))
    return Focus{f->figure().pos().x(), f->figure().pos().y(), zoom_radius()};
  if (const auto* g = find_gun(v, id)) return Focus{g->pos().x(), g->pos().y(), zoom_radius()};
  return std::nullopt;
}

std::vector<std::string> SharpeUi::show(const google::protobuf::Any& any, const Viewer& /*viewer*/,
                                        const std::string& id) const {
  const sharpe::View v = view_of(any);
  if (const auto* f = find_figure(v, id)) return figure_lines(v, *f);
  if (const auto* g = find_gun(v, id)) return gun_lines(v, *g);
  return {"no figure or gun \"" + id + "\" in your view; the panel lists them (panel)"};
}

}  // namespace grognard::cli
