// Queries and checks shared by decide() and legal().
#include <algorithm>

#include "rules/sharpe/clauses.h"
#include "rules/sharpe/internal.h"

namespace grognard::sharpe::detail {

Error error(ErrorCode code, const char* clause, std::string message) {
  return Error{code, clause, std::move(message)};
}

void Emitter::emit(Event e) {
  sharpe::apply(s, e);
  out.push_back(std::move(e));
}

engine::Inches to_inches(double v) {
  return engine::Inches{v};
}

int sum(const std::vector<Modifier>& parts) {
  int total = 0;
  for (const Modifier& m : parts) total += m.value;
  return total;
}

const Figure* hero_of(const State& s, const Figure& f) {
  const auto& h = s.groups[f.group].hero;
  return h ? &s.figures[*h] : nullptr;
}

// S14: line of sight is all round; building walls block it except through their openings;
// figures do not block. What blocks it, for a person: "the wall of the inn", "a wall".
std::optional<std::string> sight_blocker(const State& s, Point from, Point to) {
  engine::SightObstacles obstacles;
  obstacles.walls = s.all_walls();
  const auto block = engine::sight_block(from, to, obstacles);
  if (!block) return std::nullopt;
  std::size_t i = block->index;  // all_walls(): the buildings' walls first, in order
  for (const Building& b : s.buildings) {
    if (i < b.walls.size()) return "the wall of " + b.name;
    i -= b.walls.size();
  }
  return std::string("a wall");
}

bool in_sight(const State& s, Point from, Point to) {
  return !sight_blocker(s, from, to);
}

// S14: inside a building, in a cover area, within 1" behind a wall as seen from the firer, or
// prone (S11) — one cover, never stacked. Which one, for a person.
std::optional<std::string> cover_of(const State& s, Point firer, const Figure& target) {
  if (target.prone) return "prone (S11)";
  for (const Building& b : s.buildings) {
    if (engine::contains(b.floor, target.pos)) return "in " + b.name + " (S14)";
  }
  for (const engine::Polygon& p : s.cover) {
    if (engine::contains(p, target.pos)) return "in a cover area (S14)";
  }
  const engine::Vec towards = engine::unit(firer - target.pos);
  const engine::Segment behind{target.pos, target.pos + towards * kBehindWall};
  for (const engine::Wall& w : s.all_walls()) {
    for (std::size_t i = 0; i + 1 < w.path.size(); ++i) {
      if (engine::intersects(engine::Segment{w.path[i], w.path[i + 1]}, behind)) {
        return "behind a wall (S14)";
      }
    }
  }
  return std::nullopt;
}

bool in_cover(const State& s, Point firer, const Figure& target) {
  return cover_of(s, firer, target).has_value();
}

// S5: bases (1" across unless the scenario says otherwise) touch.
bool in_contact(const State& s, const Figure& a, const Figure& b) {
  const auto r = to_inches(s.base_diameter / 2);
  return engine::touching(engine::Circle{a.pos, r}, engine::Circle{b.pos, r});
}

// S16: figures of another player's groups are enemies.
std::vector<const Figure*> enemies_in_contact(const State& s, const Figure& f) {
  std::vector<const Figure*> out;
  for (const Figure& o : s.figures) {
    if (o.on_table() && s.groups[o.group].seat != s.groups[f.group].seat && in_contact(s, f, o)) {
      out.push_back(&o);
    }
  }
  return out;
}

// S5, S22: an enemy in base contact with `f` whose pair has not fought in this activation.
const Figure* unfought_enemy(const State& s, const Figure& f) {
  for (const Figure* o : enemies_in_contact(s, f)) {
    if (std::find(f.fought.begin(), f.fought.end(), o->id) == f.fought.end()) return o;
  }
  return nullptr;
}

Result<const Figure*> actor(const State& s, const std::string& seat, const FigureId& id) {
  const Figure* f = s.find(id);
  if (f == nullptr) {
    return error(ErrorCode::kNotFound, clause::kUnknownFigure,
                 "there is no figure \"" + id.get() + "\"");
  }
  if (!s.active || f->group != *s.active || s.groups[f->group].seat != seat) {
    return error(ErrorCode::kPermissionDenied, clause::kNotActive,
                 f->name + " is not of the group whose card was drawn (S1)");
  }
  if (!f->on_table()) {
    return illegal(clause::kOffTable, f->name + " is " + std::string(to_string(f->state)));
  }
  return f;
}

Status can_spend(const Figure& f, int functions) {
  if (functions > f.functions) {
    return illegal(clause::kFunctions, f.name + " needs " + std::to_string(functions) +
                                           " functions and has " + std::to_string(f.functions) +
                                           (f.hurt() ? " (wounded: doubled, S4)" : ""));
  }
  return engine::ok_status();
}

}  // namespace grognard::sharpe::detail
