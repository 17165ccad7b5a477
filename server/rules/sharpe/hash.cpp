// The state hash: SHA-256 over a canonical encoding in fixed field order. Lengths are written
// as integers of 1/1024 inch so that the encoding does not depend on the float format. And the
// public hash, which leaves the secrets out.
#include <algorithm>
#include <cmath>
#include <tuple>

#include "engine/canonical.h"
#include "rules/sharpe/rules.h"

namespace grognard::sharpe {

namespace {

using engine::CanonicalWriter;

std::int32_t fixed(double v) {
  return static_cast<std::int32_t>(std::llround(v * 1024.0));
}

void point(CanonicalWriter& w, Point p) {
  w.i32(fixed(p.x)).i32(fixed(p.y));
}

std::uint32_t count(std::size_t n) {
  return static_cast<std::uint32_t>(n);
}

void event_card(CanonicalWriter& w, const EventCard& c) {
  w.str(c.name).u8(static_cast<std::uint8_t>(c.effect)).i32(c.amount);
}

void cards(CanonicalWriter& w, const std::vector<Card>& cs) {
  w.u32(count(cs.size()));
  for (const Card& c : cs) {
    w.u8(static_cast<std::uint8_t>(c.kind)).str(c.group);
    event_card(w, c.event);
  }
}

void figure(CanonicalWriter& w, const Figure& f) {
  w.str(f.id.get()).str(f.name).u32(count(f.group));
  point(w, f.pos);
  w.u32(count(f.weapons.size()));
  for (const Weapon& x : f.weapons) {
    w.u8(static_cast<std::uint8_t>(x.kind)).boolean(x.loaded).boolean(x.out_of_action);
    w.i32(x.load_spent);
  }
  w.boolean(f.qualities.officer).boolean(f.qualities.elite).boolean(f.qualities.mounted);
  w.u8(static_cast<std::uint8_t>(f.state)).i32(f.dying_turns).boolean(f.prone);
  w.i32(f.functions).boolean(f.aimed).boolean(f.charged).boolean(f.moved).i32(f.melee_rounds);
  w.u32(count(f.fought.size()));
  for (const FigureId& id : f.fought) w.str(id.get());
  w.i32(f.gun_load).boolean(f.done);
}

void walls(CanonicalWriter& w, const std::vector<engine::Wall>& walls) {
  w.u32(count(walls.size()));
  for (const engine::Wall& wall : walls) {
    w.u32(count(wall.path.size()));
    for (Point p : wall.path) point(w, p);
    w.u32(count(wall.openings.size()));
    for (const engine::Opening& o : wall.openings) {
      w.i32(fixed(o.from.get())).i32(fixed(o.to.get())).u8(static_cast<std::uint8_t>(o.kind));
    }
  }
}

// Free-standing walls and each building's walls and floor apart: S27 prices them differently.
void terrain(CanonicalWriter& w, const State& s) {
  w.tag("walls");
  walls(w, s.walls);
  w.tag("buildings").u32(count(s.buildings.size()));
  for (const Building& b : s.buildings) {
    w.str(b.name).u32(count(b.floor.vertices.size()));
    for (Point v : b.floor.vertices) point(w, v);
    walls(w, b.walls);
  }
  w.tag("cover").u32(count(s.cover.size()));
  for (const engine::Polygon& p : s.cover) {
    w.u32(count(p.vertices.size()));
    for (Point v : p.vertices) point(w, v);
  }
  w.tag("guns").u32(count(s.guns.size()));
  for (const Gun& g : s.guns) {
    w.str(g.id).u8(static_cast<std::uint8_t>(g.type)).str(g.group).i32(fixed(g.aim.get()));
    point(w, g.pos);
    w.boolean(g.loaded).i32(g.load_spent).u32(count(g.loaders.size()));
    for (const FigureId& id : g.loaders) w.str(id.get());
  }
}

}  // namespace

engine::StateHash hash(const State& s) {
  CanonicalWriter w;
  w.tag("sharpe/1").str(s.scenario_name).i32(fixed(s.width)).i32(fixed(s.height));
  w.i32(fixed(s.base_diameter));
  w.tag("seats").u32(count(s.seats.size()));
  for (const Seat& seat : s.seats) w.str(seat.id).str(seat.name).str(seat.briefing);
  w.tag("groups").u32(count(s.groups.size()));
  for (const Group& g : s.groups) {
    w.str(g.id).str(g.seat).i32(g.base).i32(g.hero ? static_cast<std::int32_t>(*g.hero) : -1);
    w.i32(g.start_figures).i32(g.hits).boolean(g.morale_tested).i32(g.melee_losses);
    w.boolean(g.scattered).boolean(g.scatter_to_cover);
  }
  w.tag("figures").u32(count(s.figures.size()));
  for (const Figure& f : s.figures) figure(w, f);
  terrain(w, s);
  w.tag("turn").i32(s.turn).u8(static_cast<std::uint8_t>(s.phase)).boolean(s.paused);
  w.str(s.pause_reason);
  w.tag("deck");
  cards(w, s.deck);
  cards(w, s.drawn);
  cards(w, s.extra_cards);
  w.u32(count(s.bad_deck.size()));
  for (const EventCard& c : s.bad_deck) event_card(w, c);
  w.boolean(s.draw_bad).boolean(s.pending.has_value());
  if (s.pending) event_card(w, *s.pending);
  w.i32(s.active ? static_cast<std::int32_t>(*s.active) : -1);
  w.i32(s.acting ? static_cast<std::int32_t>(*s.acting) : -1);
  w.tag("end").str(s.result).str(s.end_reason);
  return engine::sha256(w.bytes());
}

engine::StateHash public_hash(const State& state) {
  // Every viewer receives the hash after each event. Over a secret it would let anyone who
  // knows the rest of the state test the few possible values one by one, so the published hash
  // covers what every viewer may see: the decks in a canonical order (S1), an undrawn card of
  // the referee's only as "a card" (S23: neither its kind, event card or "draw a Bad Card", nor
  // its face), the bad deck's cards blanked (S12), no briefing text (S12) and no scatter order
  // (S25). The stored events, whole, fix the secrets.
  State s = state;
  auto hide = [](Card& c) {
    if (c.kind != CardKind::kHero) c = Card{CardKind::kEvent, {}, {}};
  };
  for (Card& c : s.deck) hide(c);
  for (Card& c : s.extra_cards) hide(c);
  for (EventCard& c : s.bad_deck) c = EventCard{};
  for (Seat& seat : s.seats) seat.briefing.clear();
  for (Group& g : s.groups) g.scatter_to_cover = false;
  std::sort(s.deck.begin(), s.deck.end(), [](const Card& a, const Card& b) {
    return std::tie(a.kind, a.group, a.event.name, a.event.effect, a.event.amount) <
           std::tie(b.kind, b.group, b.event.name, b.event.effect, b.event.amount);
  });
  std::sort(s.bad_deck.begin(), s.bad_deck.end(), [](const EventCard& a, const EventCard& b) {
    return std::tie(a.name, a.effect, a.amount) < std::tie(b.name, b.effect, b.amount);
  });
  return hash(s);
}

}  // namespace grognard::sharpe
