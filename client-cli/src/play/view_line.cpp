#include "play/view_line.h"

#include "play/play_line.h"
#include "render/words.h"

namespace grognard::cli {

namespace {

Viewer viewer_of(const GameState& st) {
  return Viewer{st.side(), st.observer() ? "" : st.seat_id};
}

ViewReply say(std::string line) {
  return ViewReply{{std::move(line)}, false};
}

std::string place(const Focus& f) {
  return words::num(f.x) + "," + words::num(f.y) + " within " + words::num(f.r);
}

std::optional<ViewReply> zoom_command(const std::vector<std::string>& w, const RulesetUi* ui,
                                      const GameState& st, Zoom& zoom) {
  const std::string usage =
      "usage: zoom X,Y [R] | zoom FIG [R] | zoom off (e.g. zoom 30,20 6, zoom " +
      std::string(ui && ui->zoom_radius() < 4 ? "B1" : "sharpe") + ")";
  if (w.size() < 2 || w.size() > 3) return say(usage);
  if (words::lower(w[1]) == "off") {
    if (w.size() != 2) return say(usage);
    zoom = Zoom{};
    return say("zoom off: the whole table");
  }
  if (!ui) return say("this client cannot draw the rule set \"" + st.ruleset + "\"");
  std::optional<double> r = ui->zoom_radius();
  if (w.size() == 3) {
    r = words::number_of(w[2]);
    if (!r || *r < 1 || *r > 100)
      return say("zoom: the radius \"" + w[2] + "\" is not a number from 1 to 100");
  }
  Zoom z;
  z.on = true;
  if (const auto xy = words::xy_of(w[1])) {
    z.at = Focus{xy->x, xy->y, *r};
  } else if (const auto f = ui->locate(st.view, w[1])) {
    z.id = w[1];
    z.at = Focus{f->x, f->y, *r};
  } else {
    return say("zoom: \"" + w[1] + "\" is neither a point X,Y nor a figure or unit in sight; " +
               usage);
  }
  zoom = z;
  return say("zoom on " + (z.id.empty() ? std::string() : z.id + " at ") + place(z.at) +
             "; zoom off for the whole table");
}

}  // namespace

std::vector<std::string> view_words() {
  return {"zoom", "show", "panel"};
}

std::optional<ViewReply> view_command(const std::string& line, const RulesetUi* ui,
                                      const GameState& st, Zoom& zoom) {
  const auto w = split_words(line);
  if (w.empty()) return std::nullopt;
  const std::string verb = words::lower(w[0]);
  if (verb == "zoom") return zoom_command(w, ui, st, zoom);
  if (verb == "show") {
    if (w.size() != 2) return say("usage: show FIG (a figure, unit or gun), e.g. show B1");
    if (!ui || st.view.type_url().empty()) return say("show: no view of the table yet");
    return ViewReply{ui->show(st.view, viewer_of(st), w[1]), false};
  }
  if (verb == "panel") {
    if (w.size() != 1) return say("usage: panel");
    if (!ui || st.view.type_url().empty()) return say("panel: no view of the table yet");
    Board b = ui->board(st.view, viewer_of(st), Style(false), Frame{});
    std::vector<std::string> out = b.status;
    for (const auto* part : {&b.panel, &b.cells, &b.legend}) {
      out.push_back("");
      out.insert(out.end(), part->begin(), part->end());
    }
    return ViewReply{out, true};
  }
  return std::nullopt;
}

std::optional<Focus> zoom_focus(const Zoom& zoom, const RulesetUi* ui, const GameState& st) {
  if (!zoom.on) return std::nullopt;
  if (zoom.id.empty() || !ui) return zoom.at;
  auto f = ui->locate(st.view, zoom.id);
  if (!f) return std::nullopt;
  f->r = zoom.at.r;
  return f;
}

std::vector<HelpEntry> view_help() {
  return {
      {"zoom X,Y [R] | zoom FIG [R]",
       "the map at a larger scale within R of the point or figure (inches; areas in Itchy & "
       "Scratchy), following the figure as it moves",
       "zoom 30,20 6"},
      {"zoom off", "the whole table again", "zoom off"},
      {"show FIG",
       "everything your view tells of one figure, unit or gun: exact position, state, "
       "functions or SP, weapons and their reach, who shares its map cell",
       "show harper"},
      {"panel",
       "the roster, cards, guns and briefings in full, a page at a time (a small screen shows "
       "only the status beside the map)",
       "panel"},
  };
}

}  // namespace grognard::cli
