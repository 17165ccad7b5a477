// Drawing an Itchy & Scratchy view: the grid (one 5-column cell per area) on the left, the
// turn, the sides and the roster on the right.
//
// A cell holding units reads "TIDaX": T the terrain letter (blank in the open), ID the unit's
// two-character mark (unique in the game, explained by the roster, which starts each unit's
// line with it), a its facing (^ > v <), X "*" when a General shares the area, "+" when a
// second unit does. An empty cell shows its terrain
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
};

std::map<std::pair<int, int>, Area> areas(const itchy::View& v) {
  std::map<std::pair<int, int>, Area> out;
  for (const auto& u : v.units()) {
    if (u.removed()) continue;
    Area& a = out[{u.pos().x(), u.pos().y()}];
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

std::string cell(const itchy::View& v, const std::map<std::string, std::string>& marks, int x,
                 int y, const Area* a, const Style& s) {
  const itchy::Terrain t = terrain_at(v, x, y);
  const Paint ground{t == itchy::OPEN ? Colour::kGrey : Colour::kDefault, terrain_colour(t)};
  const char tl = terrain_letter(t);
  if (!a || !a->unit) {
    const char mark = objective_at(v, x, y) ? '@' : ' ';
    return s.paint(std::string("  ") + tl + mark + " ", ground);
  }
  const itchy::UnitView& u = *a->unit;
  const bool shows_general = u.type() == itchy::GENERAL;
  const char extra = a->units > 1 ? '+' : (a->general && !shows_general ? '*' : ' ');
  Paint unit{Colour::kWhite, side_colour(u.side()), true};
  unit.reverse = u.id() == v.active_unit();
  return s.paint(std::string(1, t == itchy::OPEN ? ' ' : tl), ground) +
         s.paint(marks.at(u.id()) + arrow(u.facing()), unit) +
         s.paint(std::string(1, extra), ground);
}

using Marks = std::map<std::string, std::string>;

std::vector<std::string> grid(const itchy::View& v, const Marks& marks, const Style& s) {
  std::vector<std::string> lines;
  std::string header = "   ";
  for (int x = 0; x < v.width(); ++x) {
    std::string n = std::to_string(x);
    header += pad_to("  " + n, kCell);
  }
  lines.push_back(header);
  const auto occupied = areas(v);
  for (int y = 0; y < v.height(); ++y) {
    std::string row = (y < 10 ? " " : "") + std::to_string(y) + " ";
    for (int x = 0; x < v.width(); ++x) {
      const auto it = occupied.find({x, y});
      row += cell(v, marks, x, y, it == occupied.end() ? nullptr : &it->second, s);
    }
    lines.push_back(row);
  }
  return lines;
}

std::string phase_line(const itchy::View& v) {
  const std::string turn =
      "Turn " + std::to_string(v.turn()) + " of " + std::to_string(v.turn_limit());
  switch (v.phase()) {
    case itchy::PHASE_NOT_STARTED:
      return "Waiting for both generals to join";
    case itchy::PHASE_CHOOSE_ORDER:
      return turn + " - " + side_name(v, v.initiative_winner()) + " won the initiative";
    case itchy::PHASE_ACTIVATION:
      return turn + " - " + side_name(v, v.acting_side()) + " to act" +
             (v.active_unit().empty() ? "" : ", active unit " + v.active_unit());
    default:
      break;
  }
  std::string out = "Game over: ";
  out += v.draw() ? "a draw" : side_name(v, v.winner()) + " win";
  if (!v.end_reason().empty()) out += " (" + v.end_reason() + ")";
  return out;
}

std::string unit_line(const itchy::View& v, const std::string& mark, const itchy::UnitView& u) {
  std::string state;
  if (u.removed())
    state = "destroyed";
  else if (u.id() == v.active_unit())
    state = "ACTIVE";
  else if (u.activated())
    state = "done";
  if (!u.removed() && u.moved()) state += " moved";
  if (!u.removed() && u.attacked()) state += " fired";
  return "  " + mark + " " + pad_to(u.id(), 6) + " " + pad_to(type_abbrev(u.type()), 5) +
         pad_to(std::to_string(u.sp()) + "/" + std::to_string(u.start_sp()) + "SP", 7) +
         pad_to(u.removed() ? "" : pos(u.pos()) + arrow(u.facing()), 9) + state;
}

// One victory condition in words (I23), e.g. "holding The wells of Abu Hamra".
std::string condition_words(const itchy::VictoryCondition& c) {
  std::string names;
  for (const auto& n : c.objectives()) names += (names.empty() ? "" : ", ") + n;
  std::string out;
  switch (c.test()) {
    case itchy::NO_UNITS_LEFT:
      out = "a side with no units left loses";
      break;
    case itchy::SIDE_EXHAUSTED:
      out = "a side exhausted alone loses";
      break;
    case itchy::OBJECTIVES_HELD:
      out = names.empty() ? "more objective points held" : "holding " + names;
      break;
    case itchy::ENEMY_SP_DESTROYED:
      out = "more enemy SP destroyed";
      break;
    case itchy::SCORE:
      out = "higher score (enemy SP destroyed + " + (names.empty() ? "objectives" : names) + ")";
      break;
    case itchy::TURN_LIMIT:
      return c.side() + " hold out to the last turn";
    default:
      return "?";
  }
  if (c.at_least() > 0) out += ", at least " + std::to_string(c.at_least());
  return c.side().empty() ? out : c.side() + " only: " + out;
}

std::vector<std::string> roster(const itchy::View& v, const Marks& marks, const Viewer& viewer,
                                const Style& s) {
  std::vector<std::string> lines{v.scenario_name(), phase_line(v), ""};
  for (int side = 0; side < v.sides_size(); ++side) {
    const auto& sv = v.sides(side);
    std::string head = side_name(v, side) + (side == viewer.side ? " (you)" : "") + "  losses " +
                       std::to_string(sv.losses()) + " of EP " +
                       std::to_string(sv.exhaustion_point()) +
                       (sv.exhausted() ? "  EXHAUSTED" : "");
    lines.push_back(s.paint(head, Paint{side_colour(side), Colour::kDefault, true}));
    for (const auto& u : v.units()) {
      if (u.side() == side) lines.push_back(unit_line(v, marks.at(u.id()), u));
    }
    lines.push_back("");
  }
  for (const auto& o : v.victory().objectives()) {
    lines.push_back("@ " + o.name() + " " + pos(o.pos()) + " " + std::to_string(o.points()) +
                    " pts");
  }
  if (v.victory().conditions_size() > 0) lines.push_back("Victory, the first that names a winner:");
  for (int i = 0; i < v.victory().conditions_size(); ++i) {
    lines.push_back("  " + std::to_string(i + 1) + " " +
                    condition_words(v.victory().conditions(i)));
  }
  return lines;
}

}  // namespace

std::vector<std::string> ItchyUi::render(const google::protobuf::Any& any, const Viewer& viewer,
                                         const Style& style) const {
  const itchy::View v = view_of(any);
  const auto marks = itchy_marks(v);
  const auto left = grid(v, marks, style);
  const auto right = roster(v, marks, viewer, style);
  const std::size_t width = 3 + static_cast<std::size_t>(std::max(v.width(), 0)) * kCell + 3;
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < std::max(left.size(), right.size()); ++i) {
    std::string l = i < left.size() ? left[i] : "";
    if (i < right.size()) l = pad_to(l, width) + right[i];
    while (!l.empty() && l.back() == ' ') l.pop_back();
    lines.push_back(l);
  }
  lines.push_back(
      "W woods  B built-up  F fortification  @ objective  * with a General  + 2 units  "
      "(a unit's mark begins its roster line)");
  return lines;
}

}  // namespace grognard::cli
