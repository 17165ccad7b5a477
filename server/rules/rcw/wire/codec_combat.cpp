// Fire and close assault events on the wire (codec_combat.h).
#include "rules/rcw/wire/codec_combat.h"

#include <utility>

namespace grognard::rcw::wire {
namespace {

void set_throw(pb::AssaultThrow* out, const AssaultThrow& t) {
  for (const Roll& r : t.dice) set_roll(out->add_dice(), r);
  out->set_needed(t.needed);
  set_parts(out->mutable_parts(), t.parts);
  out->set_hits(t.hits);
  for (const Save& s : t.saves) set_save(out->add_saves(), s);
  out->set_full_effect(t.full_effect);
  out->set_outcome(pb_enum<pb::Outcome>(t.outcome));
}

AssaultThrow throw_from(Reader& rd, const pb::AssaultThrow& t) {
  return AssaultThrow{rd.rolls(t.dice()),
                      t.needed(),
                      parts_from(t.parts()),
                      t.hits(),
                      rd.saves(t.saves()),
                      t.full_effect(),
                      rd.take(native_enum<Outcome>(t.outcome(), kOutcomes, "assault outcome"))};
}

}  // namespace

void set_combat(pb::Event& out, const Shot& e) {
  pb::Shot* m = out.mutable_shot();
  m->set_firer(e.firer.get());
  m->set_target(e.target.get());
  if (e.observer) m->set_observer(e.observer->get());
  m->set_range(e.range);
  m->set_cover(pb_enum<pb::Cover>(e.cover));
  m->set_needed(e.needed);
  for (const Roll& r : e.dice) set_roll(m->add_dice(), r);
  m->set_hits(e.hits);
  for (const Save& s : e.saves) set_save(m->add_saves(), s);
  m->set_full_effect(e.full_effect);
  m->set_outcome(pb_enum<pb::Outcome>(e.outcome));
  m->set_more_shots(!e.ends_action);
}

void set_combat(pb::Event& out, const AssaultMoved& e) {
  pb::AssaultMoved* m = out.mutable_assault_moved();
  m->set_attacker(e.attacker.get());
  m->set_defender(e.defender.get());
  set_point(m->mutable_from(), e.from);
  set_point(m->mutable_to(), e.to);
}

void set_combat(pb::Event& out, const AssaultRound& e) {
  pb::AssaultRound* m = out.mutable_assault_round();
  m->set_attacker(e.attacker.get());
  m->set_defender(e.defender.get());
  m->set_round(e.round);
  set_throw(m->mutable_by_attacker(), e.by_attacker);
  set_throw(m->mutable_by_defender(), e.by_defender);
}

void set_combat(pb::Event& out, const AssaultEnded& e) {
  pb::AssaultEnded* m = out.mutable_assault_ended();
  m->set_attacker(e.attacker.get());
  m->set_defender(e.defender.get());
  m->set_end(pb_enum<pb::AssaultEnd>(e.end));
  set_point(m->mutable_attacker_to(), e.attacker_to);
}

Result<Event> combat_from(const pb::Event& e) {
  Reader rd;
  std::optional<Event> out;
  if (e.has_shot()) {
    const pb::Shot& m = e.shot();
    out = Shot{UnitId(m.firer()),
               UnitId(m.target()),
               maybe_id(m.observer()),
               m.range(),
               rd.take(native_enum<Cover>(m.cover(), kCovers, "cover")),
               m.needed(),
               rd.rolls(m.dice()),
               m.hits(),
               rd.saves(m.saves()),
               m.full_effect(),
               rd.take(native_enum<Outcome>(m.outcome(), kOutcomes, "shot outcome")),
               !m.more_shots()};
  } else if (e.has_assault_moved()) {
    const pb::AssaultMoved& m = e.assault_moved();
    out = AssaultMoved{UnitId(m.attacker()), UnitId(m.defender()), point_from(m.from()),
                       point_from(m.to())};
  } else if (e.has_assault_round()) {
    const pb::AssaultRound& m = e.assault_round();
    AssaultRound r{UnitId(m.attacker()), UnitId(m.defender()), m.round(), {}, {}};
    r.by_attacker = throw_from(rd, m.by_attacker());
    r.by_defender = throw_from(rd, m.by_defender());
    out = std::move(r);
  } else if (e.has_assault_ended()) {
    const pb::AssaultEnded& m = e.assault_ended();
    out = AssaultEnded{UnitId(m.attacker()), UnitId(m.defender()),
                       rd.take(native_enum<AssaultEnd>(m.end(), kAssaultEnds, "assault end")),
                       point_from(m.attacker_to())};
  } else {
    return invalid("the event is not one of fire or close assault");
  }
  if (rd.error) return *rd.error;
  return std::move(out).value();
}

}  // namespace grognard::rcw::wire
