// The table of an RCW view on the shared scaled map of inches (render/inch_map.h: one column
// `ipc` inches, one row twice that, north up, x east and y south as on the wire).
//
// Drawn in layers, each over the ones before: terrain filled by kind (`*` woods, `~` swamp,
// `;` rough ground, `#` village, `^` hill), during deployment the edges of the deployment zones
// (`0` side 0's, `1` side 1's), roads `.`, railways `=`, objectives `@`, each unit's pointer,
// then the units: a letter at the unit's centre (side 0's A, B, C… and side 1's a, b, c… in the
// scenario's order, the same on every screen) with a pointer in the next cell along its facing (`|`
// north or south, `-` east or west, `/` and `\` the diagonals, so the cell it stands in tells which
// way). A train shows its letter at each car's centre. The active unit is drawn last (in reverse
// video with colour); units not yet placed or destroyed are not drawn: the table lists them.
// A unit's state is marked in the cell behind it (opposite its pointer): `!` pinned, else `_`
// dug in; a cell holding the centres of several units shows their number (2-9) instead of a
// letter, and the legend lists them.
#include <cmath>
#include <map>

#include "render/rcw_ui.h"

namespace grognard::cli {

namespace {

using namespace rcw_text;

enum Layer {
  kGround,
  kTerrain,
  kZone,
  kRoad,
  kRail,
  kObjective,
  kPointer,
  kMark,
  kUnit,
  kActive,
  kStack
};

struct Shade {
  char ch;
  Colour colour;
};

Shade shade(rcw::TerrainKind k) {
  switch (k) {
    case rcw::WOODS:
      return {'*', Colour::kGreen};
    case rcw::SWAMP:
      return {'~', Colour::kCyan};
    case rcw::ROUGH:
      return {';', Colour::kYellow};
    case rcw::VILLAGE:
      return {'#', Colour::kWhite};
    case rcw::HILL:
      return {'^', Colour::kGrey};
    default:
      return {'?', Colour::kDefault};
  }
}

// The neighbouring cell along `facing` as the map shows it (a row is twice a column) and the
// character that points there.
struct Pointer {
  int dc, dr;
  char ch;
};

Pointer pointer(const InchMap& m, double facing) {
  static const Pointer kEight[] = {{0, -1, '|'}, {1, -1, '/'}, {1, 0, '-'},  {1, 1, '\\'},
                                   {0, 1, '|'},  {-1, 1, '/'}, {-1, 0, '-'}, {-1, -1, '\\'}};
  const words::Xy d = words::aim_vector(facing);
  const double b = words::bearing_to(words::Xy{0, 0}, words::Xy{d.x / m.ipc(), d.y / m.ipr()});
  return kEight[static_cast<int>(std::floor((b + 22.5) / 45.0)) % 8];
}

void unit(InchMap& m, const rcw::View& v, const rcw::UnitState& u, bool active) {
  if (!u.placed() || u.destroyed()) return;
  const char letter = letter_of(v, u.id());
  const Colour colour = side_colour(u.side());
  Paint paint{colour, Colour::kDefault, !u.concealed(), active};
  const int layer = active ? kActive : kUnit;
  if (u.type() == rcw::TRAIN) {
    for (const auto& c : u.cars()) {
      if (!c.destroyed()) m.put(m.at(c.pos().x(), c.pos().y()), letter, layer, paint);
    }
    return;
  }
  if (!m.shows(u.pos().x(), u.pos().y())) return;
  const int c = m.col_of(u.pos().x()), r = m.row_of(u.pos().y());
  const Pointer p = pointer(m, u.facing());
  m.put(c + p.dc, r + p.dr, p.ch, kPointer, Paint{colour});
  const char mark = u.pinned() ? '!' : u.dug_in() ? '_' : 0;
  if (mark) m.put(c - p.dc, r - p.dr, mark, kMark, Paint{Colour::kYellow, Colour::kDefault, true});
  m.put(m.at(c, r), letter, layer, paint);
}

// Cells holding the centres of several units: their number on the map, and who they are for
// the legend ("2 at 30,20: A R1, b W2").
std::vector<std::string> stacks(InchMap& m, const rcw::View& v) {
  std::map<std::pair<int, int>, std::vector<const rcw::UnitState*>> cells;
  for (const auto& u : v.units()) {
    if (u.placed() && !u.destroyed() && u.type() != rcw::TRAIN && m.shows(u.pos().x(), u.pos().y()))
      cells[{m.col_of(u.pos().x()), m.row_of(u.pos().y())}].push_back(&u);
  }
  std::vector<std::string> out;
  for (const auto& [cell, in] : cells) {
    if (in.size() < 2) continue;
    m.put(cell.first, cell.second, in.size() > 9 ? '9' : static_cast<char>('0' + in.size()), kStack,
          Paint{Colour::kDefault, Colour::kDefault, true});
    std::string l =
        "In one cell: " + std::to_string(in.size()) + " at " + point(in[0]->pos()) + ":";
    for (const auto* u : in) l += std::string(" ") + letter_of(v, u->id()) + " " + u->id();
    out.push_back(l);
  }
  return out;
}

// The edges of a zone, but those along the table's edge (they would only frame the map).
void zone(InchMap& m, const rcw::Zone& z) {
  const auto poly = xy_list(z.area().vertices());
  const auto rim = [&](double a, double b, double edge) {
    return std::abs(a - edge) < 1e-9 && std::abs(b - edge) < 1e-9;
  };
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const words::Xy a = poly[i], b = poly[(i + 1) % poly.size()];
    if (rim(a.x, b.x, 0) || rim(a.y, b.y, 0) || rim(a.x, b.x, m.width()) ||
        rim(a.y, b.y, m.height()))
      continue;
    m.trace({a, b}, z.side() == 1 ? '1' : '0', kZone, Paint{side_colour(z.side())});
  }
}

}  // namespace

rcw_text::MapPart rcw_text::draw_map(const rcw::View& v, const Style& s, const MapWindow& window,
                                     bool heading) {
  InchMap m(v.width() > 0 ? v.width() : 72, v.height() > 0 ? v.height() : 48, window);
  for (const auto& t : v.terrain()) {
    const Shade sh = shade(t.kind());
    m.fill(xy_list(t.area().vertices()), sh.ch, kTerrain, Paint{sh.colour});
  }
  const bool deploying = v.phase() == rcw::DEPLOY;
  if (deploying) {
    for (const auto& z : v.zones()) zone(m, z);
  }
  for (const auto& r : v.roads()) m.trace(xy_list(r.path()), '.', kRoad, Paint{Colour::kYellow});
  for (const auto& r : v.rails()) {
    m.trace(xy_list(r.path()), '=', kRail, Paint{Colour::kWhite, Colour::kDefault, true});
  }
  for (const auto& o : v.objectives()) {
    m.put(m.at(o.pos().x(), o.pos().y()), '@', kObjective,
          Paint{Colour::kMagenta, Colour::kDefault, true});
  }
  const auto* active = active_unit(v);
  for (const auto& u : v.units()) {
    if (&u != active) unit(m, v, u, false);
  }
  if (active) unit(m, v, *active, true);
  MapPart out;
  out.cells = {m.scale()};
  for (auto& l : stacks(m, v)) out.cells.push_back(std::move(l));
  out.legend = {
      std::string("* woods  ~ swamp  ; rough  # village  ^ hill  . road  = railway  ") +
          "@ objective" + (deploying ? "  0 1 edges of the deployment zones" : ""),
      "A-Z " + side_name(v, 0) + ", a-z " + side_name(v, 1) +
          " (the table below); | - / \\ next to a unit points along its facing; behind it ! "
          "pinned, _ dug in; 2-9 units in one cell; show UNIT tells all"};
  out.map = m.lines(s, heading);
  return out;
}

std::vector<std::string> rcw_text::map_lines(const rcw::View& v, const Style& s) {
  MapPart m = draw_map(v, s, MapWindow{}, true);
  m.map.insert(m.map.end(), m.legend.begin(), m.legend.end());
  m.map.insert(m.map.end(), m.cells.begin() + 1, m.cells.end());
  return m.map;
}

}  // namespace grognard::cli
