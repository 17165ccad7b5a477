// Drawing an Itchy & Scratchy view: the grid (one 5-column cell per area) on the left, the
// turn, the sides and the roster on the right.
//
// A cell holding units reads "TIDaX": T the terrain letter (blank in the open), ID the unit's
// two-character mark (unique in the game, explained by the roster, which starts each unit's
// line with it), a its facing (^ > v <), X "+" when a second unit shares the area, "*" when a
// General does, "!" when the unit has lost strength points (each area of several is listed
// under the map too). On a narrow screen a cell is 4 columns, "IDaX" (the terrain of an area
// with a unit is then told by `show UNIT`), and a grid too big for the screen, or zoomed on, is
// cut to a window of areas. An empty cell shows its terrain
// letter (". W B F"), followed by "@" on an objective. With colour, terrain is also the background
// and each side has its own colour; the active unit is drawn in reverse.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "render/itchy_ui.h"

namespace grognard::cli {

namespace {

using namespace itchy_text;
constexpr int kCell = 5;

char terrain_letter(itchy::Terrain t) {
  switch (t) {
    case itchy::WOODS:
      return 'W';
    case itchy::BUILT_UP:
      return 'B';
    case itchy::FORTIFICATION:
      return 'F';
    default:
      return '.';
  }
}

Colour terrain_colour(itchy::Terrain t) {
  switch (t) {
    case itchy::WOODS:
      return Colour::kGreen;
    case itchy::BUILT_UP:
      return Colour::kYellow;
    case itchy::FORTIFICATION:
      return Colour::kMagenta;
    default:
      return Colour::kDefault;
  }
}

Colour side_colour(int side) {
  return side == 0 ? Colour::kBlue : Colour::kRed;
}

// The marks a unit would like, best first: its id if it is two letters or digits, a General
// its first letter and G, then its first letter with its last, then with each other one, then
// any two of its letters. Only letters and digits, upper case.
std::vector<std::string> mark_wishes(const itchy::UnitView& u) {
  std::string a;
  for (char c : u.id()) {
    if (std::isalnum(static_cast<unsigned char>(c)))
      a.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  }
  if (a.empty()) a = "?";
  std::vector<std::string> out;
  if (a.size() == 2 && a == u.id()) out.push_back(a);
  if (a.size() == 1) out.push_back(a + " ");
  if (u.type() == itchy::GENERAL) out.push_back(std::string(1, a[0]) + "G");
  if (a.size() > 1) out.push_back(std::string(1, a[0]) + a.back());
  for (std::size_t j = 1; j < a.size(); ++j) out.push_back(std::string(1, a[0]) + a[j]);
  for (std::size_t i = 1; i < a.size(); ++i) {
    for (std::size_t j = i + 1; j < a.size(); ++j) out.push_back(std::string(1, a[i]) + a[j]);
  }
  for (char d = '1'; d <= '9'; ++d) out.push_back(std::string(1, a[0]) + d);
  return out;
}

}  // namespace

std::map<std::string, std::string> itchy_marks(const itchy::View& v) {
  // Every unit of the game is in the view, destroyed ones too, always in the same order: the
  // marks stay the same from the first turn to the last.
  std::map<std::string, std::string> marks;
  std::set<std::string> taken;
  for (const auto& u : v.units()) {
    std::string mark;
    for (const std::string& wish : mark_wishes(u)) {
      if (taken.insert(wish).second) {
        mark = wish;
        break;
      }
    }
    for (char a = 'A'; mark.empty() && a <= 'Z'; ++a) {
      for (char d = '0'; mark.empty() && d <= '9'; ++d) {
        if (taken.insert(std::string{a, d}).second) mark = std::string{a, d};
      }
    }
    marks[u.id()] = mark.empty() ? "??" : mark;
  }
  return marks;
}

namespace {

struct Area {
  const itchy::UnitView* unit = nullptr;  // the unit shown (not a General if there is one)
  int units = 0;
  bool general = false;
  std::vector<const itchy::UnitView*> all;  // everything in the area
};

std::map<std::pair<int, int>, Area> areas(const itchy::View& v) {
  std::map<std::pair<int, int>, Area> out;
  for (const auto& u : v.units()) {
    if (u.removed()) continue;
    Area& a = out[{u.pos().x(), u.pos().y()}];
    a.all.push_back(&u);
    if (u.type() == itchy::GENERAL) {
      a.general = true;
      if (!a.unit) a.unit = &u;
      continue;
    }
    if (!a.unit || a.unit->type() == itchy::GENERAL) a.unit = &u;
    ++a.units;
  }
  return out;
}

itchy::Terrain terrain_at(const itchy::View& v, int x, int y) {
  const int i = y * v.width() + x;
  return i < v.terrain_size() ? v.terrain(i) : itchy::OPEN;
}

bool objective_at(const itchy::View& v, int x, int y) {
  const auto& objs = v.victory().objectives();
  return std::any_of(objs.begin(), objs.end(),
                     [&](const auto& o) { return o.pos().x() == x && o.pos().y() == y; });
}

// The areas drawn (x0 <= x < x1, y0 <= y < y1) and the width of a cell (kCell or 4).
struct Window {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  int cell = kCell;
};

std::string cell(const itchy::View& v, const std::map<std::string, std::string>& marks, int x,
                 int y, const Area* a, const Style& s, int width) {
  const itchy::Terrain t = terrain_at(v, x, y);
  const Paint ground{t == itchy::OPEN ? Colour::kGrey : Colour::kDefault, terrain_colour(t)};
  const char tl = terrain_letter(t);
  const std::string lead = width == kCell ? "  " : " ";
  if (!a || !a->unit) {
    const char mark = objective_at(v, x, y) ? '@' : ' ';
    return s.paint(lead + tl + mark + " ", ground);
  }
  const itchy::UnitView& u = *a->unit;
  const bool shows_general = u.type() == itchy::GENERAL;
  char extra = u.sp() < u.start_sp() ? '!' : ' ';
  if (a->general && !shows_general) extra = '*';
  if (a->all.size() > 1 && (a->units > 1 || !a->general || a->all.size() > 2)) extra = '+';
  Paint unit{Colour::kWhite, side_colour(u.side()), true};
  unit.reverse = u.id() == v.active_unit();
  return (width == kCell ? s.paint(std::string(1, t == itchy::OPEN ? ' ' : tl), ground) : "") +
         s.paint(marks.at(u.id()) + arrow(u.facing()), unit) +
         s.paint(std::string(1, extra), ground);
}

using Marks = std::map<std::string, std::string>;

std::vector<std::string> grid(const itchy::View& v, const Marks& marks, const Style& s,
                              const Window& w) {
  std::vector<std::string> lines;
  std::string header = "   ";
  for (int x = w.x0; x < w.x1; ++x)
    header +=
        pad_to(std::string(w.cell - 3, ' ') + std::to_string(x), static_cast<std::size_t>(w.cell));
  lines.push_back(header);
  const auto occupied = areas(v);
  for (int y = w.y0; y < w.y1; ++y) {
    std::string row = (y < 10 ? " " : "") + std::to_string(y) + " ";
    for (int x = w.x0; x < w.x1; ++x) {
      const auto it = occupied.find({x, y});
      row += cell(v, marks, x, y, it == occupied.end() ? nullptr : &it->second, s, w.cell);
    }
    lines.push_back(row);
  }
  return lines;
}

// The areas holding several units, for the legend: "(3,4): B1 B2 GEN-S".
std::vector<std::string> stacks(const itchy::View& v, const Window& w) {
  std::vector<std::string> out;
  for (const auto& [at, a] : areas(v)) {
    if (a.all.size() < 2 || at.first < w.x0 || at.first >= w.x1 || at.second < w.y0 ||
        at.second >= w.y1)
      continue;
    std::string l =
        "In one area (" + std::to_string(at.first) + "," + std::to_string(at.second) + "):";
    for (const auto* u : a.all) l += " " + u->id();
    out.push_back(l);
  }
  return out;
}

// The window of areas that fits `frame`: around its zoom when it has one, else from the
// north-west corner; 5-column cells when they fit, else 4.
Window window_of(const itchy::View& v, const Frame& frame) {
  Window w{0, 0, v.width(), v.height(), kCell};
  if (frame.zoom) {
    const int r = std::max(1, static_cast<int>(frame.zoom->r));
    const int x = static_cast<int>(frame.zoom->x), y = static_cast<int>(frame.zoom->y);
    w = Window{std::max(0, x - r), std::max(0, y - r), std::min(v.width(), x + r + 1),
               std::min(v.height(), y + r + 1), kCell};
  }
  if (frame.cols > 0 && 3 + (w.x1 - w.x0) * kCell > frame.cols) w.cell = 4;
  const int cols = frame.cols > 0 ? std::max(1, (frame.cols - 3) / w.cell) : w.x1 - w.x0;
  const int rows = frame.rows > 0 ? std::max(1, frame.rows - 1) : w.y1 - w.y0;
  if (w.x1 - w.x0 > cols) {
    w.x0 = frame.zoom ? std::clamp(static_cast<int>(frame.zoom->x) - cols / 2, 0, v.width() - cols)
                      : w.x0;
    w.x1 = w.x0 + cols;
  }
  if (w.y1 - w.y0 > rows) {
    w.y0 = frame.zoom ? std::clamp(static_cast<int>(frame.zoom->y) - rows / 2, 0, v.height() - rows)
                      : w.y0;
    w.y1 = w.y0 + rows;
  }
  return w;
}

const char* const kKey =
    "W woods  B built-up  F fortification  @ objective  + more in the area  * with a General  "
    "! SP lost  (a unit's mark begins its roster line)  show UNIT tells all";

}  // namespace

std::vector<std::string> ItchyUi::render(const google::protobuf::Any& any, const Viewer& viewer,
                                         const Style& style) const {
  const itchy::View v = view_of(any);
  const auto marks = itchy_marks(v);
  const auto left = grid(v, marks, style, Window{0, 0, v.width(), v.height(), kCell});
  std::vector<std::string> right{v.scenario_name(), phase_line(v), ""};
  for (auto& l : roster_lines(v, marks, viewer, style)) right.push_back(std::move(l));
  const std::size_t width = 3 + static_cast<std::size_t>(std::max(v.width(), 0)) * kCell + 3;
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < std::max(left.size(), right.size()); ++i) {
    std::string l = i < left.size() ? left[i] : "";
    if (i < right.size()) l = pad_to(l, width) + right[i];
    while (!l.empty() && l.back() == ' ') l.pop_back();
    lines.push_back(l);
  }
  lines.push_back(kKey);
  for (auto& l : stacks(v, Window{0, 0, v.width(), v.height(), kCell}))
    lines.push_back(std::move(l));
  return lines;
}

Board ItchyUi::board(const google::protobuf::Any& any, const Viewer& viewer, const Style& style,
                     const Frame& frame) const {
  const itchy::View v = view_of(any);
  const auto marks = itchy_marks(v);
  const Window w = window_of(v, frame);
  Board b;
  b.map = grid(v, marks, style, w);
  b.cropped = w.x0 > 0 || w.y0 > 0 || w.x1 < v.width() || w.y1 < v.height();
  if (b.cropped)
    b.cells.push_back("Areas x " + std::to_string(w.x0) + "-" + std::to_string(w.x1 - 1) + ", y " +
                      std::to_string(w.y0) + "-" + std::to_string(w.y1 - 1) + " of " +
                      std::to_string(v.width()) + " x " + std::to_string(v.height()) +
                      (frame.zoom ? " (zoom off: all)" : " (zoom X,Y: another part)"));
  for (auto& l : stacks(v, w)) b.cells.push_back(std::move(l));
  b.legend.push_back(kKey);
  b.status = {v.scenario_name() + ": " + phase_line(v)};
  b.panel = roster_lines(v, marks, viewer, style);
  return b;
}

}  // namespace grognard::cli
