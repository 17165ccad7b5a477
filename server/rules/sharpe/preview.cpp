// Previews (docs/rules/sharpe.md, "Previews"): what a command costs and where it ends, and the
// warnings a player or the referee confirms before sending it. Everything here is known to the
// seat that asks: positions, walls and functions are on the table; nothing the dice decide and
// no card of the deck is told.
#include <algorithm>

#include "rules/sharpe/clauses.h"
#include "rules/sharpe/internal.h"

namespace grognard::sharpe {

namespace detail {

namespace {

// To a hundredth of an inch: enough to aim a move by ("9.00,38.00", "6.30\"").
std::string num(double v) {
  return engine::hundredths(v);
}
std::string at(Point p) {
  return num(p.x) + "," + num(p.y);
}
std::string inches(double v) {
  return num(v) + "\"";
}

std::string functions(int n) {
  return std::to_string(n) + (n == 1 ? " function" : " functions");
}

std::string names(const State& s, const std::vector<FigureId>& ids) {
  std::string out;
  for (const FigureId& id : ids) {
    if (!out.empty()) out += ", ";
    const Figure* f = s.find(id);
    out += f ? f->name : id.get();
  }
  return out;
}

// S14, S16: the nearest figure of another player's seat that `f` sees.
const Figure* nearest_enemy_in_sight(const State& s, const Figure& f) {
  const Figure* best = nullptr;
  for (const Figure& o : s.figures) {
    if (!o.on_table() || s.groups[o.group].seat == s.groups[f.group].seat) continue;
    if (!in_sight(s, f.pos, o.pos)) continue;
    if (!best || engine::distance(f.pos, o.pos) < engine::distance(f.pos, best->pos)) best = &o;
  }
  return best;
}

// "4 functions of Perkins's 9, 5 left"
std::string spends(const Figure& f, int n) {
  return functions(n) + " of " + f.name + "'s " + std::to_string(f.functions) + ", " +
         std::to_string(f.functions - n) + " left";
}

// S15, S11, S2, S5, S14: a move or crawl: its cost, where it ends, the nearest enemy seen
// from there and the cover it has from him.
std::vector<std::string> move_notes(const State& s, const Move& m) {
  auto moved = plan_move(s, m);
  if (!moved) return {};
  const Figure& f = *s.find(m.figure);
  double length = 0;
  Point from = f.pos;
  for (Point p : moved->path) {
    length += engine::distance(from, p).get();
    from = p;
  }
  std::vector<std::string> out;
  out.push_back(f.name + (m.crawl ? " crawls " : " walks ") + inches(length) + " to " +
                at(moved->path.back()) + ": " + spends(f, moved->functions) + " (S15" +
                (f.hurt() ? ", S4)" : ")"));
  Emitter e{s, {}};
  e.emit(*moved);
  const Figure& there = *e.s.find(m.figure);
  if (moved->contact) {
    out.push_back("stops in base contact with " + names(s, {*moved->contact}) +
                  ": a round of hand to hand follows, thrown when sent (S5)");
  }
  const Figure* enemy = nearest_enemy_in_sight(e.s, there);
  if (!enemy) {
    out.push_back("no enemy in sight from there (S14)");
    return out;
  }
  out.push_back("nearest enemy in sight: " + enemy->name + ", " +
                inches(engine::distance(there.pos, enemy->pos).get()) + " away (S14)");
  const auto cover = cover_of(e.s, enemy->pos, there);
  out.push_back(cover ? "cover from " + enemy->name + ": " + *cover
                      : "no cover from " + enemy->name + " (S14)");
  return out;
}

// The functions a load, aim, stand-up or shot takes, from its first event (thrown before any
// die: its cost never depends on one).
std::vector<std::string> spend_notes(const State& s, const Command& c, const Event& first) {
  if (const auto* x = std::get_if<FunctionsSpent>(&first)) {
    const Figure& f = *s.find(x->figure);
    std::string what = std::get_if<Load>(&c)  ? "loads"
                       : std::get_if<Aim>(&c) ? "aims"
                                              : "stands up";
    std::string line = f.name + " " + what + ": " + spends(f, x->functions);
    if (x->weapon) {
      const Weapon& w = f.weapons[*x->weapon];
      const int still = load_needed(f, w) - x->functions;
      line += x->loaded ? "; the " + std::string(to_string(w.kind)) + " is loaded (S8)"
                        : "; " + functions(still) + " more to load the " +
                              std::string(to_string(w.kind)) + " (S8)";
    } else {
      line += " (S8, S11)";
    }
    return {line};
  }
  if (const auto* x = std::get_if<Fired>(&first)) {
    const Figure& f = *s.find(x->figure);
    return {f.name + " fires his " + std::string(to_string(f.weapons[x->weapon].kind)) + " at " +
            names(s, {x->target}) + ", " + inches(x->range) + " away: " + spends(f, x->functions) +
            " (S7, S8)"};
  }
  return {};
}

// S2: the figures a ruling puts beyond 10" of their hero and out of his sight, who will be
// lost when their group's activation ends.
std::vector<std::string> ruling_warnings(const State& s, const Ruling& r,
                                         const std::vector<Event>& events) {
  if (r.kind != RulingKind::kAdd && r.kind != RulingKind::kMove) return {};
  Emitter e{s, {}};
  for (const Event& ev : events) e.emit(ev);
  const FigureId id = r.kind == RulingKind::kAdd ? r.added.id : r.figure;
  const Figure* f = e.s.find(id);
  if (f == nullptr) return {};
  const std::vector<FigureId> before = lost_figures(s, f->group);
  std::vector<FigureId> now;
  for (const FigureId& x : lost_figures(e.s, f->group)) {
    if (std::find(before.begin(), before.end(), x) == before.end()) now.push_back(x);
  }
  if (now.empty()) return {};
  const Figure& hero = e.s.figures[*e.s.groups[f->group].hero];
  return {names(e.s, now) + " would be beyond 10\" of " + hero.name +
          " and out of his sight: lost when " + e.s.groups[f->group].id +
          "'s activation ends (S2)"};
}

}  // namespace

}  // namespace detail

engine::Advice advise(const State& s, const std::string& /*seat*/, const Command& c,
                      const std::vector<Event>& events) {
  engine::Advice out;
  // S1: the deck's order is never foretold: the events stop before the first card drawn.
  out.shown = events.size();
  for (std::size_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    if (std::holds_alternative<CardDrawn>(e) || std::holds_alternative<BadCardDrawn>(e) ||
        std::holds_alternative<DeckShuffled>(e)) {
      out.shown = i;
      break;
    }
  }
  if (const auto* m = std::get_if<Move>(&c)) {
    out.notes = detail::move_notes(s, *m);
  } else if (std::holds_alternative<EndActivation>(c) && s.active) {
    // S2: computed as check_lost computes it at the end of the activation.
    const auto lost = detail::lost_figures(s, *s.active);
    if (!lost.empty()) {
      const Figure& hero = s.figures[*s.groups[*s.active].hero];
      out.warnings.push_back("ending now loses " + detail::names(s, lost) + ": beyond 10\" of " +
                             hero.name + " and out of his sight (S2)");
    }
    out.notes.push_back("then the next card is drawn: not previewed (S1)");
  } else if (const auto* r = std::get_if<Ruling>(&c)) {
    out.warnings = detail::ruling_warnings(s, *r, events);
  } else if (!events.empty()) {
    out.notes = detail::spend_notes(s, c, events.front());
  }
  return out;
}

}  // namespace grognard::sharpe
