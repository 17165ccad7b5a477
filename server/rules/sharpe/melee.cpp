// Hand to hand (S5) and what follows a lost round (S6).
#include <algorithm>
#include <cstdlib>

#include "rules/sharpe/clauses.h"
#include "rules/sharpe/internal.h"

namespace grognard::sharpe::detail {

namespace {

// §Hand to hand modifiers, S5: only one weapon bonus counts.
std::vector<Modifier> melee_modifiers(const State& s, const Figure& f) {
  std::vector<Modifier> m;
  if (f.charged) m.push_back({"charging", 2});
  // Bayonet armed +1, sword armed +1: one weapon bonus counts (S5).
  const auto has = [&f](WeaponKind k) {
    return std::any_of(f.weapons.begin(), f.weapons.end(),
                       [k](const Weapon& w) { return w.kind == k && !w.out_of_action; });
  };
  if (has(WeaponKind::kSword)) {
    m.push_back({"sword armed", 1});
  } else if (has(WeaponKind::kBayonet)) {
    m.push_back({"bayonet armed", 1});
  }
  if (f.hurt()) m.push_back({"wounded", -3});  // S4: wounded and dying
  if (f.qualities.officer) m.push_back({"officer", 1});
  if (f.qualities.elite) m.push_back({"elite/NCO", 1});
  if (f.qualities.mounted) m.push_back({"mounted", 4});
  if (f.melee_rounds >= 1) m.push_back({"second time in hand to hand", -2});  // S5: this turn
  // Unarmed −1: no weapon, or only thrown weapons already thrown (S21: gone once thrown).
  const bool armed = std::any_of(f.weapons.begin(), f.weapons.end(), [](const Weapon& w) {
    return w.kind != WeaponKind::kThrown || !w.out_of_action;
  });
  if (!armed) m.push_back({"unarmed", -1});
  if (hero_of(s, f) == &f) m.push_back({"hero (player)", 2});
  return m;
}

}  // namespace

void fight(Emitter& e, const FigureId& a_id, const FigureId& b_id, Dice& dice) {
  const Figure& a = *e.s.find(a_id);
  const Figure& b = *e.s.find(b_id);
  MeleeFought m{a_id, b_id, dice.d6(), dice.d6(), 0, 0, std::nullopt, {}, {}};
  m.parts_a = melee_modifiers(e.s, a);
  m.parts_b = melee_modifiers(e.s, b);
  m.total_a = m.roll_a.face + sum(m.parts_a);
  m.total_b = m.roll_b.face + sum(m.parts_b);
  if (m.total_a != m.total_b) m.loser = m.total_a < m.total_b ? a_id : b_id;  // S5: ties stay
  const Point winner_pos = m.total_a < m.total_b ? b.pos : a.pos;
  const int diff = std::abs(m.total_a - m.total_b);
  e.emit(m);
  if (!m.loser) return;
  hurt(e, *m.loser, std::nullopt, hit_table(diff), dice);  // S5: the difference is read
  const Figure& loser = *e.s.find(*m.loser);
  const std::size_t g = loser.group;
  // S6: a group whose figures lose two rounds in a turn scatters, once that turn, when the
  // second is lost; a scatter earlier in the turn (fire, a ball, a failed test) does not count
  // for it (Group::scattered is this scatter's mark only).
  bool owed = e.s.groups[g].melee_losses >= 2 && !e.s.groups[g].scattered;
  if (loser.on_table()) {
    MoraleTested t{e.s.groups[g].id, dice.d6(), true, "lost round"};  // S6
    t.passed = t.roll.face <= 5;
    e.emit(t);
    if (t.passed) {
      run_away(e, loser.id, winner_pos, dice);
    } else {
      // One scatter for this round: the failed test's, and S6's when it is owed.
      scatter(e, g, winner_pos, dice, owed ? kTwoLostRounds : "morale");
      owed = false;
    }
  }
  if (owed) scatter(e, g, winner_pos, dice, kTwoLostRounds);
}

// S22: each pair in contact fights once per activation, in the order the player gives.
Status check_fight(const State& s, const Fight& c) {
  const Figure& f = *s.find(c.figure);
  const Figure* o = s.find(c.enemy);
  if (o == nullptr || !o->on_table()) {
    return error(ErrorCode::kNotFound, clause::kContact, "no such enemy on the table");
  }
  // S16: only a figure of another player's seat is an enemy to fight.
  if (s.groups[o->group].seat == s.groups[f.group].seat || !in_contact(s, f, *o)) {
    return illegal(clause::kContact,
                   f.name + " is not in base contact with an enemy " + o->name + " (S5)");
  }
  if (std::find(f.fought.begin(), f.fought.end(), o->id) != f.fought.end()) {
    return illegal(clause::kFoughtPair, "this pair has fought in this activation (S5)");
  }
  return engine::ok_status();
}

Result<std::vector<Event>> decide_fight(const State& s, const Fight& c, Dice& dice) {
  if (auto st = check_fight(s, c); !st) return st.error();
  Emitter e{s, {}};
  fight(e, c.figure, c.enemy, dice);
  return std::move(e.out);
}

}  // namespace grognard::sharpe::detail
