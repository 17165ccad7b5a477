// The table of a Sharpe's Mess view as characters: one column is `ipc` inches east-west and one
// row twice that north-south (terminal cells are about twice as tall as wide), chosen so that
// the table fits in about 100 columns. North is up: the wire's y grows south, so row 0 holds
// y = 0. A point (x, y) lands in column floor(x / ipc) and row floor(y / ipr).
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
#include <sstream>

#include "render/sharpe_ui.h"

namespace grognard::cli {

namespace sharpe_text {

Colour seat_colour(int seat_index) {
  static const Colour kColours[] = {Colour::kBlue,    Colour::kRed,  Colour::kGreen,
                                    Colour::kMagenta, Colour::kCyan, Colour::kYellow};
  if (seat_index < 0) return Colour::kWhite;
  return kColours[static_cast<std::size_t>(seat_index) % std::size(kColours)];
}

}  // namespace sharpe_text

namespace {

using namespace sharpe_text;

constexpr double kMaxColumns = 96;

enum Layer { kGround, kFloor, kCover, kWall, kOpening, kAim, kFollower, kGun, kHero };

struct Cell {
  char ch = ' ';
  Paint paint;
  Layer layer = kGround;
};

// "0.25", "0.5", "1", "20": the scale to the last figure.
std::string scale(double inches) {
  std::ostringstream out;
  out << inches;
  return out.str();
}

class Canvas {
 public:
  Canvas(double width, double height) {
    static const double kSteps[] = {0.25, 0.5, 1, 2, 3, 4, 5, 10, 20, 50};
    for (const double s : kSteps) {
      ipc_ = s;
      if (width / s <= kMaxColumns) break;
    }
    ipr_ = 2 * ipc_;
    cols_ = std::max(1, static_cast<int>(std::ceil(width / ipc_ - 1e-9)));
    rows_ = std::max(1, static_cast<int>(std::ceil(height / ipr_ - 1e-9)));
    cells_.assign(static_cast<std::size_t>(cols_ * rows_), Cell{});
  }

  double ipc() const { return ipc_; }
  double ipr() const { return ipr_; }
  int cols() const { return cols_; }
  int rows() const { return rows_; }

  int col_of(double x) const { return index(x / ipc_, cols_); }
  int row_of(double y) const { return index(y / ipr_, rows_); }
  Cell& at(int c, int r) { return cells_[static_cast<std::size_t>(r * cols_ + c)]; }
  Cell& at(double x, double y) { return at(col_of(x), row_of(y)); }

  // Draws `ch` in the cell when `layer` is not below what is there.
  void put(Cell& cell, char ch, Layer layer, Paint paint) {
    if (layer < cell.layer) return;
    cell = Cell{ch, paint, layer};
  }

 private:
  // floor(q) kept within 0..n-1 (and safe for any double).
  static int index(double q, int n) {
    if (!(q >= 1)) return 0;
    if (q >= n - 1) return n - 1;
    return static_cast<int>(std::floor(q));
  }

  double ipc_ = 1, ipr_ = 2;
  int cols_ = 1, rows_ = 1;
  std::vector<Cell> cells_;
};

bool inside(const sharpe::Polygon& poly, double x, double y) {
  bool in = false;
  const int n = poly.vertices_size();
  for (int i = 0, j = n - 1; i < n; j = i++) {
    const auto& a = poly.vertices(i);
    const auto& b = poly.vertices(j);
    if ((a.y() > y) != (b.y() > y) && x < (b.x() - a.x()) * (y - a.y()) / (b.y() - a.y()) + a.x())
      in = !in;
  }
  return in;
}

void fill(Canvas& cv, const sharpe::Polygon& poly, char ch, Layer layer, Paint paint) {
  for (int r = 0; r < cv.rows(); ++r) {
    for (int c = 0; c < cv.cols(); ++c) {
      if (inside(poly, (c + 0.5) * cv.ipc(), (r + 0.5) * cv.ipr()))
        cv.put(cv.at(c, r), ch, layer, paint);
    }
  }
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
    if (fv.state() == sharpe::FIGURE_KILLED || fv.state() == sharpe::FIGURE_LOST) continue;
    const auto* g = find_group(v, fv.group());
    const bool hero = g && g->hero() == fv.figure().id();
    const char letter = group_letter(v, fv.group());
    Paint p{seat_colour(seat_index(v, fv.group())), Colour::kDefault, true};
    p.reverse = active_group;
    const char ch = hero ? letter : static_cast<char>(std::tolower(letter));
    cv.put(cv.at(fv.figure().pos().x(), fv.figure().pos().y()), ch, hero ? kHero : kFollower, p);
  }
}

bool same_paint(const Paint& a, const Paint& b) {
  return a.fg == b.fg && a.bg == b.bg && a.bold == b.bold && a.reverse == b.reverse;
}

std::string label_line(const Canvas& cv, int margin, double step, std::string* ticks) {
  std::string out(static_cast<std::size_t>(margin + 1 + cv.cols() + 8), ' ');
  *ticks = std::string(static_cast<std::size_t>(cv.cols()), '-');
  int free_from = 0;
  for (double x = 0; x / cv.ipc() < cv.cols(); x += step) {
    const int c = cv.col_of(x);
    const std::string n = num(x);
    if (c < free_from) continue;
    out.replace(static_cast<std::size_t>(margin + 1 + c), n.size(), n);
    if (c > 0) (*ticks)[static_cast<std::size_t>(c)] = '+';
    free_from = c + static_cast<int>(n.size()) + 1;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
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

  const int margin = 4;
  const double step = 10.0 * std::max(1.0, std::ceil(cv.ipc() / 2));  // labels 5+ columns apart
  std::vector<std::string> lines;
  lines.push_back("Table " + num(width) + "\" x " + num(height) +
                  "\": 1 column = " + scale(cv.ipc()) + "\", 1 row = " + scale(cv.ipr()) +
                  "\"; north is up (x grows east, y grows south)");
  std::string ticks;
  lines.push_back(label_line(cv, margin, step, &ticks));
  lines.push_back(std::string(static_cast<std::size_t>(margin), ' ') + "+" + ticks + "+");
  double next_label = 0;
  for (int r = 0; r < cv.rows(); ++r) {
    std::string label;
    if (next_label < (r + 1) * cv.ipr() - 1e-9) {
      label = num(next_label);
      while (next_label < (r + 1) * cv.ipr() - 1e-9) next_label += step;
    }
    std::string row = std::string(static_cast<std::size_t>(std::max(0, margin - 1) -
                                                           static_cast<int>(label.size())),
                                  ' ') +
                      label + " |";
    for (int c = 0; c < cv.cols();) {
      const Paint p = cv.at(c, r).paint;
      std::string run;
      while (c < cv.cols() && same_paint(cv.at(c, r).paint, p)) run += cv.at(c++, r).ch;
      row += s.paint(run, p);
    }
    lines.push_back(row + "|");
  }
  lines.push_back(std::string(static_cast<std::size_t>(margin), ' ') + "+" +
                  std::string(static_cast<std::size_t>(cv.cols()), '-') + "+");
  lines.push_back(
      "# wall  % free-standing wall  + door or gate  = window  . building floor  "
      ": cover  @ gun (- | / \\ its aim)");
  lines.push_back(
      "A-Z a group's hero, a-z his men (groups below); one figure a cell, the hero "
      "first; the exact places are in the table");
  return lines;
}

}  // namespace grognard::cli
