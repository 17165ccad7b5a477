// Artillery (S9, S24): loading the gun by its crew, canister and ball.
#include <algorithm>

#include "rules/sharpe/clauses.h"
#include "rules/sharpe/internal.h"

namespace grognard::sharpe::detail {

namespace {

// The gun and the crew member serving it (S24: a figure of the gun's group in base contact).
Result<std::pair<const Gun*, const Figure*>> served(const State& s, const FigureId& id,
                                                    const std::string& gun) {
  const Gun* g = s.gun(gun);
  if (g == nullptr) return illegal(clause::kGun, "there is no gun \"" + gun + "\"");
  const Figure& f = *s.find(id);
  if (!serves(s, *g, f)) {
    return illegal(clause::kCrew,
                   f.name + " is not crew in base contact with gun \"" + gun + "\" (S24)");
  }
  return std::pair{g, &f};
}

// S9: the gun must be loaded; the firer pays the Fire cost (S24).
Result<std::pair<const Gun*, const Figure*>> ready(const State& s, const FigureId& id,
                                                   const std::string& gun) {
  auto r = served(s, id, gun);
  if (!r) return r.error();
  if (!r->first->loaded) {
    return illegal(clause::kGunUnloaded, "gun \"" + gun + "\" is not loaded (S9)");
  }
  if (auto st = can_spend(*r->second, cost(Action::kFire, r->second->hurt())); !st) {
    return st.error();
  }
  return r;
}

}  // namespace

bool serves(const State& s, const Gun& g, const Figure& f) {
  return f.on_table() && s.groups[f.group].id == g.group &&
         engine::within_distance(f.pos, g.pos, to_inches(s.base_diameter));
}

// S9: 16 functions, gathered over activations from up to four crew, at most 4 from each crew
// member in one activation; a wounded crew member pays two functions for each (S4, S24).
Result<std::vector<Event>> decide_load_gun(const State& s, const LoadGun& c) {
  auto r = served(s, c.figure, c.gun);
  if (!r) return r.error();
  const auto [g, f] = *r;
  if (g->loaded) return illegal(clause::kGunLoad, "gun \"" + g->id + "\" is already loaded");
  const bool new_hand = std::find(g->loaders.begin(), g->loaders.end(), f->id) == g->loaders.end();
  if (new_hand && g->loaders.size() >= 4) {
    return illegal(clause::kGunLoad, "four crew are already loading the gun (S9)");
  }
  const int room = std::min(base_cost(Action::kLoadCannon) - g->load_spent, 4 - f->gun_load);
  if (room <= 0) {
    return illegal(clause::kGunLoad,
                   f->name + " has given 4 functions to loading this activation (S9)");
  }
  const int per = cost(Action::kFire, f->hurt());  // 1, or 2 when wounded
  const int amount = std::min(room, f->functions / per);
  if (amount <= 0) return can_spend(*f, per).error();
  return std::vector<Event>{GunLoading{f->id, g->id, amount * per, amount,
                                       g->load_spent + amount >= base_cost(Action::kLoadCannon)}};
}

// S9: every figure whose base centre is inside the cone (crew at the gun excepted, S24) and in
// the muzzle's line of sight (S14) throws a d6 and is hit on the band's number or less.
Result<std::vector<Event>> decide_canister(const State& s, const FireCanister& c, Dice& dice) {
  auto r = ready(s, c.figure, c.gun);
  if (!r) return r.error();
  const auto [g, f] = *r;
  CanisterFired ev{f->id, g->id, c.aim, cost(Action::kFire, f->hurt()), {}};
  const auto bands = canister_bands(g->type);
  for (const Figure& o : s.figures) {
    if (!o.on_table() || engine::within_distance(o.pos, g->pos, to_inches(s.base_diameter))) {
      continue;
    }
    const auto band = engine::canister_band(g->pos, c.aim, bands, o.pos);
    if (!band || !in_sight(s, g->pos, o.pos)) continue;
    CanisterThrow t{o.id, *band, canister_to_hit(*band), dice.d6(), false};
    t.hit = t.roll.face <= t.to_hit;
    ev.throws.push_back(std::move(t));
  }
  Emitter e{s, {}};
  const std::vector<CanisterThrow> throws = ev.throws;
  const Point muzzle = g->pos;
  e.emit(std::move(ev));
  for (const CanisterThrow& t : throws) {
    if (t.hit && e.s.find(t.figure)->on_table()) resolve_hit(e, t.figure, muzzle, dice);
  }
  return std::move(e.out);
}

// S9: one enemy figure up to 100" in the muzzle's sight, hit on a 1; the hit is read on the Hit
// Table and counts for S10; then the figure's group tests morale once more (a 6 scatters).
Result<std::vector<Event>> decide_ball(const State& s, const FireBall& c, Dice& dice) {
  auto r = ready(s, c.figure, c.gun);
  if (!r) return r.error();
  const auto [g, f] = *r;
  const Figure* t = s.find(c.target);
  // S16: a ball is fired only at an enemy, a figure of another player's seat.
  if (t == nullptr || !t->on_table() || s.groups[t->group].seat == s.groups[f->group].seat) {
    return illegal(clause::kGunTarget, "the target must be an enemy figure on the table");
  }
  const auto range = engine::distance(g->pos, t->pos);
  if (engine::beyond(range, Inches{kBallRange})) {
    return illegal(clause::kBallRange, t->name + " is " +
                                           engine::inches_text(range, Inches{kBallRange}) +
                                           " away; a ball reaches 100\" (S9)");
  }
  if (!in_sight(s, g->pos, t->pos)) {
    return illegal(clause::kGunSight, "gun \"" + g->id + "\" cannot see " + t->name + " (S14)");
  }
  BallFired ev{f->id,       g->id,     t->id, engine::bearing(g->pos, t->pos),
               range.get(), dice.d6(), false, cost(Action::kFire, f->hurt())};
  ev.hit = ev.roll.face == 1;
  Emitter e{s, {}};
  const bool hit = ev.hit;
  const Point muzzle = g->pos;
  const FigureId target = t->id;
  const std::size_t group = t->group;
  e.emit(std::move(ev));
  if (!hit) return std::move(e.out);
  resolve_hit(e, target, muzzle, dice);
  MoraleTested m{e.s.groups[group].id, dice.d6(), true, "ball"};
  m.passed = m.roll.face != 6;
  e.emit(m);
  if (!m.passed) scatter(e, group, muzzle, dice);
  return std::move(e.out);
}

}  // namespace grognard::sharpe::detail
