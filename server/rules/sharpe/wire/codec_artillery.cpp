// Artillery events on the wire (S9): GunLoading, CanisterFired, BallFired.
#include <cmath>

#include "rules/sharpe/wire/convert.h"

namespace grognard::sharpe::wire {

void set_artillery(pb::Event& out, const GunLoading& e) {
  pb::GunLoading* m = out.mutable_gun_loading();
  m->set_figure(e.figure.get());
  m->set_gun(e.gun);
  m->set_functions(e.functions);
  m->set_amount(e.amount);
  m->set_loaded(e.loaded);
}

void set_artillery(pb::Event& out, const CanisterFired& e) {
  pb::CanisterFired* m = out.mutable_canister_fired();
  m->set_figure(e.figure.get());
  m->set_gun(e.gun);
  m->set_aim(wire_bearing(e.aim));
  m->set_functions(e.functions);
  for (const CanisterThrow& t : e.throws) {
    pb::CanisterThrow* p = m->add_throws();
    p->set_figure(t.figure.get());
    p->set_band(static_cast<std::uint32_t>(t.band));
    p->set_to_hit(t.to_hit);
    set_roll(p->mutable_roll(), t.roll);
    p->set_hit(t.hit);
  }
}

void set_artillery(pb::Event& out, const BallFired& e) {
  pb::BallFired* m = out.mutable_ball_fired();
  m->set_figure(e.figure.get());
  m->set_gun(e.gun);
  m->set_target(e.target.get());
  m->set_aim(wire_bearing(e.aim));
  m->set_range(e.range);
  set_roll(m->mutable_roll(), e.roll);
  m->set_hit(e.hit);
  m->set_functions(e.functions);
}

Result<Event> artillery_from(const pb::Event& e) {
  switch (e.kind_case()) {
    case pb::Event::kGunLoading: {
      const auto& m = e.gun_loading();
      return Event{
          GunLoading{FigureId(m.figure()), m.gun(), m.functions(), m.amount(), m.loaded()}};
    }
    case pb::Event::kCanisterFired: {
      const auto& m = e.canister_fired();
      if (!std::isfinite(m.aim())) return invalid("canister_fired's aim is not a number");
      CanisterFired c{FigureId(m.figure()), m.gun(), engine_bearing(m.aim()), m.functions(), {}};
      for (const pb::CanisterThrow& t : m.throws()) {
        auto roll = roll_from(t.roll());
        if (!roll) return roll.error();
        c.throws.push_back(
            CanisterThrow{FigureId(t.figure()), t.band(), t.to_hit(), *roll, t.hit()});
      }
      return Event{std::move(c)};
    }
    case pb::Event::kBallFired: {
      const auto& m = e.ball_fired();
      if (!std::isfinite(m.aim())) return invalid("ball_fired's aim is not a number");
      auto roll = roll_from(m.roll());
      if (!roll) return roll.error();
      return Event{BallFired{FigureId(m.figure()), m.gun(), FigureId(m.target()),
                             engine_bearing(m.aim()), m.range(), *roll, m.hit(), m.functions()}};
    }
    default:
      return invalid("not an artillery event");
  }
}

}  // namespace grognard::sharpe::wire
