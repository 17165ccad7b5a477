// The table of a Sharpe's Mess view as characters, on the shared scaled map of inches
// (render/inch_map.h: one column `ipc` inches, one row twice that, north up).
//
// What lies on the table is drawn in layers, each over the ones before: building floors `.`,
// cover `:`, walls `#` (free-standing `%`) with doors `+` and windows `=`, a gun's aim, the
// men, the gun `@`, the heroes. A figure is its group's letter, upper case for the hero and
// lower case for his men; the active group is drawn last, and figures killed or lost are not
// drawn. The aim is the gun's compass bearing (aim_vector), so the line out of the gun shows
// where its canister cone goes. A figure's state is marked in the cell east of it (`!` wounded
// or dying, else `_` prone, else `>` aimed), and a cell holding several figures shows their
// number (2-9) instead of a letter; the legend lists who stands in it.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

#include "render/sharpe_ui.h"

namespace grognard::cli {

namespace {

using namespace sharpe_text;

enum Layer {
  kGround,
  kFloor,
  kCover,
  kWall,
  kOpening,
  kAim,
  kMark,
  kFollower,
  kGun,
  kHero,
  kStack
};

using Canvas = InchMap;

void fill(Canvas& cv, const v1::Polygon& poly, char ch, Layer layer, Paint paint) {
  cv.fill(xy_list(poly.vertices()), ch, layer, paint);
}

// Walks the wall in small steps; a step within an opening (measured along the wall from its
// first point) draws the door or window, any other the wall.
void wall(Canvas& cv, const sharpe::Wall& w, char ch) {
  const double step = cv.ipc() / 4;
  double along = 0;
  for (int i = 0; i + 1 < w.path_size(); ++i) {
    const auto& a = w.path(i);
    const auto& b = w.path(i + 1);
    const double len = std::hypot(b.x() - a.x(), b.y() - a.y());
    const int n = std::max(1, static_cast<int>(std::ceil(len / step)));
    for (int k = 0; k <= n; ++k) {
      const double t = len * k / n;
      const double x = a.x() + (len > 0 ? (b.x() - a.x()) * t / len : 0);
      const double y = a.y() + (len > 0 ? (b.y() - a.y()) * t / len : 0);
      const sharpe::Opening* open = nullptr;
      for (const auto& o : w.openings()) {
        if (along + t >= o.from() && along + t <= o.to()) open = &o;
      }
      if (!open) {
        cv.put(cv.at(x, y), ch, kWall, Paint{Colour::kWhite});
      } else if (open->kind() == sharpe::DOOR) {
        cv.put(cv.at(x, y), '+', kOpening, Paint{Colour::kYellow, Colour::kDefault, true});
      } else {
        cv.put(cv.at(x, y), '=', kOpening, Paint{Colour::kCyan, Colour::kDefault, true});
      }
    }
    along += len;
  }
}

// The aim: a short line out of the gun, in the character nearest its direction on the map.
void aim(Canvas& cv, const sharpe::Gun& g) {
  const v1::Point d = aim_vector(g.aim());
  const double sx = d.x() / cv.ipc(), sy = d.y() / cv.ipr();  // on the map, rows downward
  const double slope = std::abs(sy) / std::max(std::abs(sx), 1e-9);
  char ch = '-';
  if (slope > 2.414) {
    ch = '|';
  } else if (slope > 0.414) {
    ch = (sx > 0) == (sy > 0) ? '\\' : '/';
  }
  const int gc = cv.col_of(g.pos().x()), gr = cv.row_of(g.pos().y());
  int drawn = 0, last_c = gc, last_r = gr;
  for (double t = 0.25; drawn < 4 && t < 40; t += 0.25) {
    const double x = g.pos().x() + d.x() * t * cv.ipc(), y = g.pos().y() + d.y() * t * cv.ipc();
    if (x < 0 || y < 0 || x > cv.width() || y > cv.height() || !cv.shows(x, y)) break;
    const int c = cv.col_of(x), r = cv.row_of(y);
    if (c == last_c && r == last_r) continue;
    last_c = c, last_r = r;
    ++drawn;
    if (cv.at(c, r).layer <= kCover) cv.put(cv.at(c, r), ch, kAim, Paint{Colour::kMagenta});
  }
}

// The mark east of a figure: `!` wounded or dying, else `_` prone, else `>` aimed; 0 for none.
char state_mark(const sharpe::FigureView& f) {
  if (f.state() == sharpe::FIGURE_WOUNDED || f.state() == sharpe::FIGURE_DYING) return '!';
  if (f.prone()) return '_';
  return f.aimed() ? '>' : 0;
}

void figures(Canvas& cv, const sharpe::View& v, bool active_group) {
  for (const auto& fv : v.figures()) {
    if ((fv.group() == v.active_group()) != active_group) continue;
    if (!on_table(fv)) continue;
    const auto* g = find_group(v, fv.group());
    const bool hero = g && g->hero() == fv.figure().id();
    const char letter = group_letter(v, fv.group());
    Paint p{seat_colour(seat_index(v, fv.group())), Colour::kDefault, true};
    p.reverse = active_group;
    const char ch = hero ? letter : static_cast<char>(std::tolower(letter));
    const double x = fv.figure().pos().x(), y = fv.figure().pos().y();
    if (!cv.shows(x, y)) continue;
    cv.put(cv.at(x, y), ch, hero ? kHero : kFollower, p);
    if (const char m = state_mark(fv))
      cv.put(cv.col_of(x) + 1, cv.row_of(y), m, kMark,
             Paint{Colour::kYellow, Colour::kDefault, true});
  }
}

// Cells holding several figures: their number on the map, and who they are for the legend
// ("cell 23,39: A sharpe, a harper").
std::vector<std::string> stacks(Canvas& cv, const sharpe::View& v) {
  std::map<std::pair<int, int>, std::vector<const sharpe::FigureView*>> cells;
  for (const auto& fv : v.figures()) {
    const auto& p = fv.figure().pos();
    if (on_table(fv) && cv.shows(p.x(), p.y()))
      cells[{cv.col_of(p.x()), cv.row_of(p.y())}].push_back(&fv);
  }
  std::vector<std::string> out;
  for (const auto& [cell, in] : cells) {
    if (in.size() < 2) continue;
    cv.put(cell.first, cell.second, in.size() > 9 ? '9' : static_cast<char>('0' + in.size()),
           kStack, Paint{Colour::kDefault, Colour::kDefault, true});
    std::string l = std::to_string(in.size()) + " at " + point(in[0]->figure().pos()) + ":";
    for (const auto* f : in) {
      const auto* g = find_group(v, f->group());
      const char letter = group_letter(v, f->group());
      l += std::string(" ") +
           (g && g->hero() == f->figure().id() ? letter : static_cast<char>(std::tolower(letter))) +
           " " + f->figure().id();
    }
    out.push_back(l);
  }
  return out;
}

const char* const kTerrainKey =
    "# wall  % free-standing wall  + door or gate  = window  . building floor  : cover  @ gun (- "
    "| / \\ its aim)";
const char* const kFigureKey =
    "A-Z a group's hero, a-z his men (groups in the panel); 2-9 figures in one cell; after a "
    "figure ! wounded or dying, _ prone, > aimed; show FIG tells all";

}  // namespace

sharpe_text::MapPart sharpe_text::draw_map(const sharpe::View& v, const Style& s,
                                           const MapWindow& window, bool heading) {
  const double width = v.width() > 0 ? v.width() : 72, height = v.height() > 0 ? v.height() : 48;
  Canvas cv(width, height, window);
  for (const auto& b : v.buildings()) fill(cv, b.floor(), '.', kFloor, Paint{Colour::kGrey});
  for (const auto& c : v.cover()) fill(cv, c, ':', kCover, Paint{Colour::kGreen});
  for (const auto& b : v.buildings()) {
    for (const auto& w : b.walls()) wall(cv, w, '#');
  }
  for (const auto& w : v.walls()) wall(cv, w, '%');
  for (const auto& g : v.guns()) aim(cv, g);
  figures(cv, v, false);
  for (const auto& g : v.guns()) {
    cv.put(cv.at(g.pos().x(), g.pos().y()), '@', kGun,
           Paint{Colour::kMagenta, Colour::kDefault, true});
  }
  figures(cv, v, true);
  MapPart out;
  out.cells.push_back(cv.scale());
  for (auto& l : stacks(cv, v)) out.cells.push_back("In one cell: " + l);
  out.legend = {kTerrainKey, kFigureKey};
  out.map = cv.lines(s, heading);
  return out;
}

std::vector<std::string> sharpe_text::map_lines(const sharpe::View& v, const Style& s) {
  MapPart m = draw_map(v, s, MapWindow{}, true);
  m.map.insert(m.map.end(), m.legend.begin(), m.legend.end());
  m.map.insert(m.map.end(), m.cells.begin() + 1, m.cells.end());
  return m.map;
}

}  // namespace grognard::cli
