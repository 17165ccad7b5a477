// to_view and view_of (codec.h): what one viewer may see.
#include <utility>

#include "rules/sharpe/internal.h"
#include "rules/sharpe/wire/codec.h"

namespace grognard::sharpe::wire {
namespace {

bool is_referee(const engine::Viewer& viewer) {
  return viewer.role == engine::Role::kReferee;
}

// S12: a briefing is seen only by its player and the referee.
bool may_read_briefing(const engine::Viewer& viewer, const std::string& seat) {
  return is_referee(viewer) || (viewer.role == engine::Role::kPlayer && viewer.seat == seat);
}

// S25: a group's scatter order is its player's and the referee's until the game ends.
bool may_read_order(const engine::Viewer& viewer, const std::string& seat, bool over) {
  return over || may_read_briefing(viewer, seat);
}

void fill_figure(pb::FigureView* out, const State& s, const Figure& f) {
  set_figure(out->mutable_figure(), ScenarioFigure{f.id, f.name, f.pos, f.weapons, f.qualities});
  if (f.group < s.groups.size()) out->set_group(s.groups[f.group].id);
  out->set_state(pb_enum<pb::FigureState>(f.state));
  out->set_dying_turns(f.dying_turns);
  out->set_prone(f.prone);
  out->set_functions(f.functions);
  out->set_aimed(f.aimed);
  out->set_charged(f.charged);
  out->set_moved(f.moved);
  out->set_melee_rounds(f.melee_rounds);
  for (const FigureId& id : f.fought) out->add_fought(id.get());
  out->set_done(f.done);
  out->set_move_reach(detail::reach(f, false));
  out->set_crawl_reach(detail::reach(f, true));
  for (const Weapon& w : f.weapons) out->add_load_needed(detail::load_needed(f, w));
}

void fill_group(pb::GroupView* out, const State& s, const Group& g, const engine::Viewer& viewer) {
  out->set_id(g.id);
  out->set_seat(g.seat);
  out->set_base(g.base);
  if (g.hero && *g.hero < s.figures.size()) out->set_hero(s.figures[*g.hero].id.get());
  out->set_start_figures(g.start_figures);
  out->set_hits(g.hits);
  out->set_morale_tested(g.morale_tested);
  out->set_melee_losses(g.melee_losses);
  out->set_scattered(g.scattered);
  if (may_read_order(viewer, g.seat, viewer.game_over || s.phase == Phase::kOver)) {
    out->set_scatter_toward_cover(g.scatter_to_cover);
  } else {
    out->set_scatter_order_hidden(true);
  }
}

}  // namespace

pb::View to_view(const State& s, const engine::Viewer& viewer) {
  pb::View out;
  out.set_scenario_name(s.scenario_name);
  out.set_width(s.width);
  out.set_height(s.height);
  out.set_base_diameter(s.base_diameter);
  for (const Seat& seat : s.seats) {
    pb::Seat* ps = out.add_seats();
    ps->set_id(seat.id);
    ps->set_name(seat.name);
    if (may_read_briefing(viewer, seat.id)) ps->set_briefing(seat.briefing);
  }
  for (const Group& g : s.groups) fill_group(out.add_groups(), s, g, viewer);
  for (const Figure& f : s.figures) fill_figure(out.add_figures(), s, f);
  for (const Building& b : s.buildings) set_building(out.add_buildings(), b);
  for (const engine::Wall& w : s.walls) set_wall(out.add_walls(), w);
  for (const engine::Polygon& p : s.cover) set_polygon(out.add_cover(), p);
  for (const Gun& g : s.guns) set_gun(out.add_guns(), g);
  out.set_turn(s.turn);
  out.set_phase(pb_enum<pb::Phase>(s.phase));
  out.set_paused(s.paused);
  out.set_pause_reason(s.pause_reason);
  // S1: how many cards remain, never which.
  out.set_deck_remaining(static_cast<std::uint32_t>(s.deck.size()));
  for (const Card& c : s.drawn) set_card(out.add_drawn(), c);
  out.set_bad_deck_remaining(static_cast<std::uint32_t>(s.bad_deck.size()));
  out.set_cards_waiting(static_cast<std::uint32_t>(s.extra_cards.size()));
  if (is_referee(viewer)) {
    for (const Card& c : s.extra_cards) set_card(out.add_waiting(), c);
  }
  out.set_draw_bad(s.draw_bad);
  if (s.pending) set_event_card(out.mutable_pending(), *s.pending);
  if (s.active && *s.active < s.groups.size()) out.set_active_group(s.groups[*s.active].id);
  if (s.acting && *s.acting < s.figures.size() && s.figures[*s.acting].on_table()) {
    out.set_acting(s.figures[*s.acting].id.get());
  }
  out.set_over(s.phase == Phase::kOver);
  out.set_result(s.result);
  out.set_end_reason(s.end_reason);
  return out;
}

pb::Event view_of(const Event& event, const engine::Viewer& viewer, bool game_over) {
  pb::Event out = to_pb(event);
  if (out.has_deck_shuffled() && !game_over) {
    // S1: the throws of a shuffle give its order; both stay on the server until the end.
    out.mutable_deck_shuffled()->clear_rolls();
    out.mutable_deck_shuffled()->clear_order();
    out.mutable_deck_shuffled()->set_hidden(true);
  } else if (out.has_bad_deck_built() && !game_over) {
    out.mutable_bad_deck_built()->clear_rolls();
    out.mutable_bad_deck_built()->clear_order();
    out.mutable_bad_deck_built()->set_hidden(true);
  } else if (out.has_card_added() && !is_referee(viewer) && !game_over) {
    // S23: the referee's card is his until it is drawn: others learn only that one was added,
    // not its kind (event card or "draw a Bad Card") nor its face.
    out.mutable_card_added()->clear_card();
    out.mutable_card_added()->set_hidden(true);
  } else if (out.has_briefing_set() && !may_read_briefing(viewer, out.briefing_set().seat())) {
    out.mutable_briefing_set()->clear_text();
    out.mutable_briefing_set()->set_hidden(true);
  } else if (out.has_scatter_order_set() &&
             !may_read_order(viewer, out.scatter_order_set().seat(), game_over)) {
    out.mutable_scatter_order_set()->set_toward_cover(false);
    out.mutable_scatter_order_set()->set_hidden(true);
  }
  return out;
}

}  // namespace grognard::sharpe::wire
