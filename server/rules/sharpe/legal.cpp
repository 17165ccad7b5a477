// legal(): a finite, sensible list of commands, each checked by decide() itself.
#include <algorithm>

#include "rules/sharpe/internal.h"

namespace grognard::sharpe {

namespace {

// Acceptance never depends on the dice: decide() checks every clause before it throws.
class OnesDice final : public engine::Dice {
 public:
  engine::Roll roll(int sides) override { return engine::Roll{n_++, sides, 1}; }

 private:
  std::uint64_t n_ = 0;
};

// Moves go toward each enemy (as far as the functions allow) and 2" toward the hero.
void moves_for(const State& s, const Figure& f, std::vector<Command>& out) {
  const double reach = detail::reach(f, false);
  auto toward = [&](Point to, double at_most) {
    const double d = engine::distance(f.pos, to).get();
    const double step = std::min(d, std::min(reach, at_most));
    if (step <= engine::kTolerance) return;  // S8, S11: never a move that goes nowhere
    out.push_back(Move{f.id, {f.pos + engine::unit(to - f.pos) * step}, false});
  };
  for (const Figure& o : s.figures) {
    if (o.on_table() && s.groups[o.group].seat != s.groups[f.group].seat) toward(o.pos, 1e9);
  }
  if (const Figure* h = detail::hero_of(s, f); h && h != &f) toward(h->pos, 2.0);
  out.push_back(Move{f.id, {f.pos + engine::Vec{0, 1}}, true});  // crawl 1" (S11)
}

void figure_commands(const State& s, const Figure& f, std::vector<Command>& out) {
  out.push_back(StandUp{f.id});
  out.push_back(Aim{f.id});
  for (std::size_t w = 0; w < f.weapons.size(); ++w) {
    out.push_back(Load{f.id, w, std::nullopt});
    for (const Figure& o : s.figures) out.push_back(Fire{f.id, w, o.id});
  }
  for (const Figure* o : detail::enemies_in_contact(s, f)) out.push_back(Fight{f.id, o->id});
  moves_for(s, f, out);
}

// S9: load each gun the figure serves; canister aimed at, and ball at, each enemy in sight.
void gun_commands(const State& s, const Figure& f, std::vector<Command>& out) {
  for (const Gun& g : s.guns) {
    if (!detail::serves(s, g, f)) continue;
    out.push_back(LoadGun{f.id, g.id});
    for (const Figure& o : s.figures) {
      if (!o.on_table() || s.groups[o.group].seat == s.groups[f.group].seat ||
          !detail::in_sight(s, g.pos, o.pos)) {
        continue;
      }
      out.push_back(FireCanister{f.id, g.id, engine::bearing(g.pos, o.pos)});
      out.push_back(FireBall{f.id, g.id, o.id});
    }
  }
}

bool accepted(const State& s, const std::string& seat, const Command& c) {
  OnesDice dice;
  return decide(s, seat, c, dice).ok();
}

// A figure that may walk but whose way toward every enemy and its hero is barred (walls, S14,
// S27; the leash, S2) is still offered a walk: the first of 2" each way of the compass that the
// rules accept.
void walk_when_barred(const State& s, const std::string& seat, const Figure& f,
                      std::vector<Command>& out) {
  const auto walks = [&](const Command& c) {
    const auto* m = std::get_if<Move>(&c);
    return m && m->figure == f.id && !m->crawl;
  };
  if (std::ranges::any_of(out, walks)) return;
  for (const engine::Vec d :
       {engine::Vec{0, 1}, engine::Vec{1, 0}, engine::Vec{0, -1}, engine::Vec{-1, 0}}) {
    Command c = Move{f.id, {f.pos + d * std::min(2.0, detail::reach(f, false))}, false};
    if (detail::reach(f, false) > engine::kTolerance && accepted(s, seat, c)) {
      out.push_back(std::move(c));
      return;
    }
  }
}

}  // namespace

std::vector<Command> legal(const State& s, const std::string& seat) {
  std::vector<Command> candidates;
  if (seat == kRefereeSeat) {
    candidates.push_back(Ruling{RulingKind::kPause, {}, {}, {}, {}, {}, "referee's decision"});
    candidates.push_back(Ruling{RulingKind::kResume, {}, {}, {}, {}, {}, "referee's decision"});
  } else if (s.active && s.groups[*s.active].seat == seat) {
    candidates.push_back(ThrowFunctions{});
    candidates.push_back(EndActivation{});
    for (const Figure& f : s.figures) {
      if (f.group != *s.active || !f.on_table()) continue;
      candidates.push_back(NameHero{s.groups[*s.active].id, f.id});
      if (f.functions > 0 || !detail::enemies_in_contact(s, f).empty()) {
        figure_commands(s, f, candidates);
        gun_commands(s, f, candidates);
      }
    }
  }
  for (const Group& g : s.groups) {  // S25: at any time
    if (g.seat == seat) candidates.push_back(SetScatter{g.id, !g.scatter_to_cover});
  }
  std::vector<Command> out;
  for (Command& c : candidates) {
    if (accepted(s, seat, c)) out.push_back(std::move(c));
  }
  if (s.active && s.groups[*s.active].seat == seat) {
    for (const Figure& f : s.figures) {
      if (f.group == *s.active && f.on_table()) walk_when_barred(s, seat, f, out);
    }
  }
  return out;
}

}  // namespace grognard::sharpe
