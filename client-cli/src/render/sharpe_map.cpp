// The table of a Sharpe's Mess view as characters, on the shared scaled map of inches
// (render/inch_map.h: one column `ipc` inches, one row twice that, north up).
//
// What lies on the table is drawn in layers, each over the ones before: building floors `.`,
// cover `:`, walls `#` (free-standing `%`) with doors `+` and windows `=`, a gun's aim, the
// men, the gun `@`, the heroes. A figure is its group's letter, upper case for the hero and
// lower case for his men; the active group is drawn last, and figures killed or lost are not
// drawn. The aim is the gun's compass bearing (aim_vector), so the line out of the gun shows
// where its canister cone goes.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "render/sharpe_ui.h"

namespace grognard::cli {

namespace {

using namespace sharpe_text;

enum Layer { kGround, kFloor, kCover, kWall, kOpening, kAim, kFollower, kGun, kHero };

using Canvas = InchMap;

void fill(Canvas& cv, const sharpe::Polygon& poly, char ch, Layer layer, Paint paint) {
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
  const sharpe::Point d = aim_vector(g.aim());
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
    if (x < 0 || y < 0 || x / cv.ipc() >= cv.cols() || y / cv.ipr() >= cv.rows()) break;
    const int c = cv.col_of(x), r = cv.row_of(y);
    if (c == last_c && r == last_r) continue;
    last_c = c, last_r = r;
    ++drawn;
    if (cv.at(c, r).layer <= kCover) cv.put(cv.at(c, r), ch, kAim, Paint{Colour::kMagenta});
  }
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
    cv.put(cv.at(fv.figure().pos().x(), fv.figure().pos().y()), ch, hero ? kHero : kFollower, p);
  }
}

}  // namespace

std::vector<std::string> sharpe_text::map_lines(const sharpe::View& v, const Style& s) {
  const double width = v.width() > 0 ? v.width() : 72, height = v.height() > 0 ? v.height() : 48;
  Canvas cv(width, height);
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

  std::vector<std::string> lines = cv.lines(s);
  lines.push_back(
      "# wall  % free-standing wall  + door or gate  = window  . building floor  "
      ": cover  @ gun (- | / \\ its aim)");
  lines.push_back(
      "A-Z a group's hero, a-z his men (groups below); one figure a cell, the hero "
      "first; the exact places are in the table");
  return lines;
}

}  // namespace grognard::cli
