// Close assault (§11, R2, R3, R4, R8, R21, R23, R31): who may assault what, the move into
// contact, the rounds and how the assault ends.
#include <algorithm>

#include "rules/rcw/combat.h"

namespace grognard::rcw::detail {

namespace {

using engine::Inches;

Target self_of(const State& s, std::size_t unit) {
  const Unit& u = s.units[unit];
  return Target{unit, std::nullopt, u.id, u.pos, u.radius};
}

// R8: one side's throw in a round: its assault dice (§1; R2: HQ and FAO 1, wagons none; R13:
// a car its armament's) against the other's cover (R7's numbers), -1 if pinned, -1 if assaulted
// in flank or rear; a natural 6 always hits.
AssaultThrow throw_side(const State& s, const Target& by, const Target& at, bool flank,
                        Dice& dice) {
  AssaultThrow t;
  t.needed = to_hit(cover_of(s, unit_of(s, at)));
  if (pinned(s, by)) t.parts.push_back({"pinned", -1});
  if (flank) t.parts.push_back({"assaulted in flank or rear", -1});
  int modifier = 0;
  for (const Modifier& m : t.parts) modifier += m.value;
  t.dice = dice.d6s(stats_of(s, by).assault_dice);
  t.hits = static_cast<int>(std::count_if(t.dice.begin(), t.dice.end(), [&](const auto& r) {
    return r.face >= kNatural || r.face + modifier >= t.needed;
  }));
  return t;
}

// §11, R7, R8: the saves of `at` against the hits of `by`. Armour is destroyed in assault only
// by infantry and gun-armed tanks; anything else only pins it.
void saves_against(const State& s, AssaultThrow& t, const Target& by, const Target& at,
                   Dice& dice) {
  const bool full = !stats_of(s, at).armoured || hurts_armour(s, by, true);
  SaveResult r = throw_saves(t.hits, unit_of(s, at).training, full, dice);
  t.saves = std::move(r.saves);
  t.full_effect = r.full_effect;
  t.outcome = r.outcome;
}

// R8, R31: 3" directly away from the target (straight back when the centres coincide), stopping
// where the centre reaches the table's edge.
Point fall_back(const State& s, const Unit& a, Point from_what) {
  const Point to = engine::move_away(a.pos, from_what, Inches{kFallBack}, a.facing + Degrees{180});
  const engine::Vec d = to - a.pos;
  double k = 1.0;
  if (d.dx > 0) k = std::min(k, (s.width - a.pos.x) / d.dx);
  if (d.dx < 0) k = std::min(k, -a.pos.x / d.dx);
  if (d.dy > 0) k = std::min(k, (s.height - a.pos.y) / d.dy);
  if (d.dy < 0) k = std::min(k, -a.pos.y / d.dy);
  return a.pos + d * std::max(k, 0.0);
}

}  // namespace

Status check_assault(const State& s, std::size_t unit, const AssaultOrder& order) {
  const Unit& u = s.units[unit];
  // §11, R2, R23: only infantry, cavalry and tanks start a close assault.
  if (!may_assault(u.type)) {
    return illegal(clause::kAssaultWho, u.name + " (" + std::string(to_string(u.type)) +
                                            ") may not start a close assault: only infantry, "
                                            "cavalry and tanks may (§11)");
  }
  if (u.pinned) {
    return illegal(clause::kPinned, u.name + " is pinned and may not close assault (§7, §11)");
  }
  auto t = enemy_target(s, u.side, order.target, clause::kAssaultTarget);
  if (!t) return t.error();
  const std::string tname = name_of(s, *t);
  // §11, R4: within 3", centre to centre.
  const Inches d = engine::distance(u.pos, t->pos);
  if (engine::beyond(d, Inches{kAssaultReach})) {
    return illegal(clause::kAssaultReach,
                   u.name + " is " + engine::inches_text(d, Inches{kAssaultReach}) + " from " +
                       tname + "; a close assault reaches 3\" (§11, R4)");
  }
  // §11, R3: the target's centre in the attacker's front arc.
  if (!engine::in_front_arc(u.pos, u.facing, t->pos)) {
    return illegal(clause::kAssaultFront,
                   tname + " is not in the front arc of " + u.name + " (§11, R3)");
  }
  return engine::ok_status();
}

void resolve_assault(Emitter& e, std::size_t unit, const AssaultOrder& order, Dice& dice) {
  reveal(e, {unit}, "moved");  // R10: the attacker moves
  const Target target = *find_target(e.s, order.target);
  const UnitId attacker = e.s.units[unit].id;
  // §11, R4: straight at the target until the footprints touch.
  const Point from = e.s.units[unit].pos;
  const Point contact = engine::contact_position(from, Inches{e.s.units[unit].radius},
                                                 engine::Circle{target.pos, Inches{target.radius}});
  e.emit(AssaultMoved{attacker, target.id, from, contact});
  // R31, R46 (and R10, R17): the assault's own moves reveal every concealed or unspotted
  // enemy they come within 3" of, without stopping.
  reveal_along(e, unit, {{from, contact}});

  // R3, R8: the defender fights at -1 when the attacker stands in its flank or rear; never a
  // car, whose turret faces every way (R23).
  bool flank = false;
  if (!target.car) {
    const Unit& d = unit_of(e.s, target);
    flank = engine::side_of(d.pos, d.facing, e.s.units[unit].pos) != engine::PlaneSide::kFront;
  }

  AssaultEnded ended{attacker, target.id, AssaultEnd::kRoundLimit, e.s.units[unit].pos};
  for (int round = 1;; ++round) {
    if (round > kMaxAssaultRounds) {  // R21: the attacker falls back
      ended.end = AssaultEnd::kRoundLimit;
      ended.attacker_to = fall_back(e.s, e.s.units[unit], target.pos);
      break;
    }
    const Target att = self_of(e.s, unit);
    const Target def = *find_target(e.s, target.id);
    // R8: both throw at once: the attacker's dice, the defender's, then the defender's saves
    // and the attacker's; the results take effect together.
    AssaultRound r{attacker, target.id, round, {}, {}};
    r.by_attacker = throw_side(e.s, att, def, false, dice);
    r.by_defender = throw_side(e.s, def, att, flank, dice);
    saves_against(e.s, r.by_attacker, att, def, dice);
    saves_against(e.s, r.by_defender, def, att, dice);
    const bool defender_dead = r.by_attacker.outcome == Outcome::kDestroyed;
    const bool attacker_dead = r.by_defender.outcome == Outcome::kDestroyed;
    const bool attacker_pinned = r.by_defender.outcome == Outcome::kPinned || pinned(e.s, att);
    e.emit(std::move(r));
    if (defender_dead && attacker_dead) {
      ended.end = AssaultEnd::kBothDestroyed;
    } else if (defender_dead) {  // the attacker takes its place, even if pinned
      ended.end = AssaultEnd::kDefenderDestroyed;
      ended.attacker_to = def.pos;
    } else if (attacker_dead) {
      ended.end = AssaultEnd::kAttackerDestroyed;
    } else if (attacker_pinned) {
      ended.end = AssaultEnd::kFellBack;
      ended.attacker_to = fall_back(e.s, e.s.units[unit], target.pos);
    } else {
      continue;  // neither result ends it: both throw again
    }
    break;
  }
  const Point before = e.s.units[unit].pos;
  const bool survived =
      ended.end != AssaultEnd::kAttackerDestroyed && ended.end != AssaultEnd::kBothDestroyed;
  e.emit(ended);
  if (survived) {
    // R31: the occupying move or the fall back reveals hidden enemies on the way and near.
    reveal_along(e, unit, {{before, ended.attacker_to}});
    reveal_near(e, unit);
  }
}

std::vector<AssaultOrder> assault_options(const State& s, std::size_t unit) {
  const Unit& u = s.units[unit];
  std::vector<AssaultOrder> out;
  if (!may_assault(u.type) || u.pinned) return out;
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const Unit& v = s.units[i];
    if (v.side == u.side || !v.on_table() || !sees(s, Sight{u.side, false}, v)) continue;
    for (const Target& t : targets_of(s, i)) {
      AssaultOrder o{t.id};
      if (check_assault(s, unit, o)) out.push_back(std::move(o));
    }
  }
  return out;
}

}  // namespace grognard::rcw::detail
