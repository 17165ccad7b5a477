// The players of the golden game: random legal choices, one figure at a time (S1). Their moves
// are their own rather than legal()'s full-reach ones, each checked by decide().
#include "golden_play.h"

#include <algorithm>
#include <cmath>
#include <variant>

namespace sharpe_golden {

namespace {

bool enemies(const State& s, const Figure& a, const Figure& b) {
  return s.groups[a.group].seat != s.groups[b.group].seat;
}

const Figure* nearest_enemy(const State& s, const Figure& f) {
  const Figure* best = nullptr;
  for (const Figure& o : s.figures) {
    if (!o.on_table() || !enemies(s, f, o)) continue;
    if (best == nullptr || distance_between(f.pos, o.pos) < distance_between(f.pos, best->pos)) {
      best = &o;
    }
  }
  return best;
}

Point tidy(Point p) {  // a tenth of an inch keeps the file readable
  return Point{std::round(p.x * 10) / 10, std::round(p.y * 10) / 10};
}

// A move of the figure's own (legal() offers only the full reach, to many decimals): a charge
// into contact, or the longest of a few steps toward `to` that decide() accepts. Each step
// stops 0.1" short of a whole number of 2" (S15), so tidying the point never costs more.
std::optional<Command> step_toward(const State& s, const std::string& seat, const Figure& f,
                                   Point to, bool charge, bool crawl) {
  const double d = distance_between(f.pos, to);
  const double reach = (crawl ? 0.5 : 2.0) * f.functions / (f.hurt() ? 2.0 : 1.0);
  if (charge && d <= reach) {
    for (Point at : {tidy(to), to}) {  // the move stops at base contact (S5, S15)
      Command m = Move{f.id, {at}, false};
      if (accepted(s, seat, m)) return m;
    }
  }
  const double room = charge ? d - 1.5 : d - 2.0;
  for (double step : {std::min(reach, room), 6.0, 4.0, 2.0}) {
    step = std::min(step, std::min(reach, room)) - 0.1;
    if (crawl) step = std::min(step, 0.9);
    if (step < 0.5) continue;
    Command m = Move{f.id, {tidy(f.pos + engine::unit(to - f.pos) * step)}, crawl};
    if (accepted(s, seat, m)) return m;
  }
  return std::nullopt;
}

}  // namespace

Command Players::next(const State& s, const std::string& seat) {
  const std::vector<Command> cmds = legal(s, seat);
  for (const Command& c : cmds) {
    if (std::holds_alternative<NameHero>(c)) return pick_named(cmds);  // S3
  }
  if (s.phase == Phase::kThrow) {
    planned_ = false;
    return ThrowFunctions{};
  }
  if (!planned_) plan(s);
  while (pos_ < order_.size()) {
    const Figure* f = s.find(order_[pos_]);
    std::vector<Command> own;
    if (f != nullptr && f->on_table()) {
      for (const Command& c : cmds) {
        if (const auto a = actor_of(c); a && *a == f->id) own.push_back(c);
      }
    }
    // S5, S22: a pair in contact fights before the figure does anything else.
    for (const Command& c : own) {
      if (std::holds_alternative<Fight>(c)) {
        ++acted_;
        return c;
      }
    }
    std::optional<Command> c;
    const bool stop = own.empty() || acted_ >= 5 || (acted_ > 0 && ch_.below(5) == 0) ||
                      (acted_ == 0 && ch_.below(12) == 0);
    if (!stop) c = choose(s, seat, *f, own);
    if (!c) {  // S1: this figure is finished; the next one begins
      ++pos_;
      acted_ = moved_ = 0;
      continue;
    }
    ++acted_;
    if (std::holds_alternative<Move>(*c)) ++moved_;
    return *c;
  }
  return EndActivation{};
}

Command Players::pick_named(const std::vector<Command>& cmds) {
  std::vector<Command> named;
  for (const Command& c : cmds) {
    if (std::holds_alternative<NameHero>(c)) named.push_back(c);
  }
  return named[ch_.below(named.size())];
}

// The order the figures act in: usually the hero first (his figures keep within 10" of
// him, S2), the rest in a random order.
void Players::plan(const State& s) {
  planned_ = true;
  pos_ = 0;
  acted_ = moved_ = 0;
  const Group& g = s.groups[*s.active];
  std::vector<FigureId> rest;
  std::optional<FigureId> hero;
  for (std::size_t i = 0; i < s.figures.size(); ++i) {
    const Figure& f = s.figures[i];
    if (f.group != *s.active || !f.on_table()) continue;
    if (g.hero && *g.hero == i) {
      hero = f.id;
    } else {
      rest.push_back(f.id);
    }
  }
  for (std::size_t i = rest.size(); i > 1; --i) std::swap(rest[i - 1], rest[ch_.below(i)]);
  if (hero) {
    const std::size_t at = ch_.below(4) == 0 ? rest.size() : 0;
    rest.insert(rest.begin() + static_cast<std::ptrdiff_t>(at), *hero);
  }
  order_ = std::move(rest);
}

std::optional<Command> Players::move(const State& s, const std::string& seat, const Figure& f) {
  if (moved_ >= 2 || f.functions <= 0) return std::nullopt;
  const Group& g = s.groups[f.group];
  const Figure* hero = g.hero ? &s.figures[*g.hero] : nullptr;
  if (hero != nullptr && hero != &f && distance_between(f.pos, hero->pos) > 6.0 &&
      ch_.below(3) == 0) {
    return step_toward(s, seat, f, hero->pos, false, f.prone);
  }
  const Figure* target = nearest_enemy(s, f);
  if (target != nullptr && ch_.below(4) == 0) {  // now and then another enemy
    std::vector<const Figure*> all;
    for (const Figure& o : s.figures) {
      if (o.on_table() && enemies(s, f, o)) all.push_back(&o);
    }
    target = all[ch_.below(all.size())];
  }
  if (target == nullptr) return std::nullopt;
  const bool crawl = f.prone || (f.functions >= 2 && ch_.below(15) == 0);  // S11
  return step_toward(s, seat, f, target->pos, ch_.below(2) == 0, crawl);
}

// Fire and hand to hand favoured, loading when unloaded, a gun served by its crew, moves
// mostly toward the enemy. None: the figure has finished.
std::optional<Command> Players::choose(const State& s, const std::string& seat, const Figure& f,
                                       const std::vector<Command>& own) {
  std::vector<Command> fires, guns, gun_loads, aims, loads, stands;
  for (const Command& c : own) {
    if (std::holds_alternative<Fire>(c)) {
      fires.push_back(c);
    } else if (std::holds_alternative<FireBall>(c) || std::holds_alternative<FireCanister>(c)) {
      guns.push_back(c);
    } else if (std::holds_alternative<LoadGun>(c)) {
      gun_loads.push_back(c);
    } else if (std::holds_alternative<Aim>(c)) {
      aims.push_back(c);
    } else if (std::holds_alternative<Load>(c)) {
      loads.push_back(c);
    } else if (std::holds_alternative<StandUp>(c)) {
      stands.push_back(c);
    }
  }
  if (!stands.empty() && ch_.below(3) != 0) return stands.front();
  if (!guns.empty()) {  // S9: the crew member at the gun fires it, canister by preference
    std::vector<Command> canister;
    for (const Command& c : guns) {
      if (std::holds_alternative<FireCanister>(c)) canister.push_back(c);
    }
    if (!canister.empty() && ch_.below(3) != 0) return canister[ch_.below(canister.size())];
    return guns[ch_.below(guns.size())];
  }
  if (!gun_loads.empty()) return gun_loads.front();
  if (!fires.empty()) {
    if (!aims.empty() && !f.aimed && f.functions >= 4 && ch_.below(3) == 0) {
      return aims.front();
    }
    if (ch_.below(4) != 0) {
      if (ch_.below(3) == 0) return fires[ch_.below(fires.size())];
      std::size_t best = 0;  // the nearest target
      double best_d = 1e9;
      for (std::size_t i = 0; i < fires.size(); ++i) {
        const double d = distance_between(f.pos, s.find(std::get<Fire>(fires[i]).target)->pos);
        if (d < best_d) {
          best_d = d;
          best = i;
        }
      }
      return fires[best];
    }
  }
  if (!loads.empty() && ch_.below(3) != 0) return loads[ch_.below(loads.size())];
  if (auto m = move(s, seat, f)) return m;
  std::vector<Command> rest;  // anything else legal() offers but a move of its full reach
  for (const Command& c : own) {
    if (!std::holds_alternative<Move>(c)) rest.push_back(c);
  }
  if (rest.empty() || ch_.below(2) == 0) return std::nullopt;
  return rest[ch_.below(rest.size())];
}

}  // namespace sharpe_golden
