// Events on the wire (codec.h).
#include <utility>

#include "rules/sharpe/wire/codec.h"

namespace grognard::sharpe::wire {
namespace {

using adapter::Overloaded;  // an overload set for std::visit

std::uint32_t u32(std::size_t v) {
  return static_cast<std::uint32_t>(v);
}

using adapter::Reader;  // each read keeps the first error met

std::optional<FigureId> maybe_figure(const std::string& id) {
  if (id.empty()) return std::nullopt;
  return FigureId(id);
}

}  // namespace

pb::Event to_pb(const Event& event) {
  pb::Event out;
  std::visit(
      Overloaded{
          [&](const DeckShuffled& e) {
            pb::DeckShuffled* m = out.mutable_deck_shuffled();
            m->set_turn(e.turn);
            for (const Roll& r : e.rolls) set_roll(m->add_rolls(), r);
            for (const Card& c : e.order) set_card(m->add_order(), c);
            m->set_cards(u32(e.order.size()));
          },
          [&](const CardDrawn& e) { set_card(out.mutable_card_drawn()->mutable_card(), e.card); },
          [&](const BadCardDrawn& e) {
            set_event_card(out.mutable_bad_card_drawn()->mutable_card(), e.card);
          },
          [&](const FunctionsThrown& e) {
            pb::FunctionsThrown* m = out.mutable_functions_thrown();
            m->set_group(e.group);
            set_roll(m->mutable_roll(), e.roll);
            m->set_base(e.base);
            m->set_functions(e.functions);
            if (e.card) set_event_card(m->mutable_card(), *e.card);
          },
          [&](const FigureMoved& e) {
            pb::FigureMoved* m = out.mutable_figure_moved();
            m->set_figure(e.figure.get());
            for (Point p : e.path) set_point(m->add_path(), p);
            m->set_functions(e.functions);
            m->set_crawl(e.crawl);
            if (e.contact) m->set_contact(e.contact->get());
          },
          [&](const FunctionsSpent& e) {
            pb::FunctionsSpent* m = out.mutable_functions_spent();
            m->set_figure(e.figure.get());
            m->set_action(pb_enum<pb::Action>(e.action));
            m->set_functions(e.functions);
            m->set_has_weapon(e.weapon.has_value());
            if (e.weapon) m->set_weapon(u32(*e.weapon));
            m->set_loaded(e.loaded);
          },
          [&](const Fired& e) {
            pb::Fired* m = out.mutable_fired();
            m->set_figure(e.figure.get());
            m->set_weapon(u32(e.weapon));
            m->set_target(e.target.get());
            m->set_range(e.range);
            set_roll(m->mutable_roll(), e.roll);
            m->set_modifiers(e.modifiers);
            m->set_total(e.total);
            m->set_hit(e.hit);
            m->set_malfunction(e.malfunction);
            m->set_functions(e.functions);
            set_parts(m->mutable_parts(), e.parts);
          },
          [&](const FigureHurt& e) {
            pb::FigureHurt* m = out.mutable_figure_hurt();
            m->set_figure(e.figure.get());
            if (e.roll) set_roll(m->mutable_roll(), *e.roll);
            m->set_result(pb_enum<pb::HitResult>(e.result));
            if (e.dying_roll) set_roll(m->mutable_dying_roll(), *e.dying_roll);
            m->set_after(pb_enum<pb::FigureState>(e.after));
          },
          [&](const MeleeFought& e) {
            pb::MeleeFought* m = out.mutable_melee_fought();
            m->set_a(e.a.get());
            m->set_b(e.b.get());
            set_roll(m->mutable_roll_a(), e.roll_a);
            set_roll(m->mutable_roll_b(), e.roll_b);
            m->set_total_a(e.total_a);
            m->set_total_b(e.total_b);
            if (e.loser) m->set_loser(e.loser->get());
            set_parts(m->mutable_parts_a(), e.parts_a);
            set_parts(m->mutable_parts_b(), e.parts_b);
          },
          [&](const MoraleTested& e) {
            pb::MoraleTested* m = out.mutable_morale_tested();
            m->set_group(e.group);
            set_roll(m->mutable_roll(), e.roll);
            m->set_passed(e.passed);
            m->set_cause(e.cause);
          },
          [&](const FigureRan& e) {
            pb::FigureRan* m = out.mutable_figure_ran();
            m->set_figure(e.figure.get());
            for (const Roll& r : e.rolls) set_roll(m->add_rolls(), r);
            set_point(m->mutable_to(), e.to);
          },
          [&](const Scattered& e) {
            out.mutable_scattered()->set_group(e.group);
            out.mutable_scattered()->set_cause(e.cause);
            out.mutable_scattered()->set_toward_cover(e.toward_cover);
          },
          [&](const ScatterOrderSet& e) {
            out.mutable_scatter_order_set()->set_group(e.group);
            out.mutable_scatter_order_set()->set_seat(e.seat);
            out.mutable_scatter_order_set()->set_toward_cover(e.toward_cover);
          },
          [&](const FiguresLost& e) {
            for (const FigureId& f : e.figures) out.mutable_figures_lost()->add_figures(f.get());
          },
          [&](const HeroNamed& e) {
            out.mutable_hero_named()->set_group(e.group);
            out.mutable_hero_named()->set_figure(e.figure.get());
          },
          [&](const ActivationEnded& e) { out.mutable_activation_ended()->set_group(e.group); },
          [&](const TurnEnded& e) {
            out.mutable_turn_ended()->set_turn(e.turn);
            for (const FigureId& f : e.died) out.mutable_turn_ended()->add_died(f.get());
          },
          [&](const CardAdded& e) { set_card(out.mutable_card_added()->mutable_card(), e.card); },
          [&](const BadDeckBuilt& e) {
            pb::BadDeckBuilt* m = out.mutable_bad_deck_built();
            for (const Roll& r : e.rolls) set_roll(m->add_rolls(), r);
            for (const EventCard& c : e.order) set_event_card(m->add_order(), c);
            m->set_cards(u32(e.order.size()));
          },
          [&](const BriefingSet& e) {
            out.mutable_briefing_set()->set_seat(e.seat);
            out.mutable_briefing_set()->set_text(e.text);
          },
          [&](const Ruled& e) {
            set_ruling_pb(out.mutable_ruled()->mutable_ruling(), e.ruling);
            if (e.dying_roll) set_roll(out.mutable_ruled()->mutable_dying_roll(), *e.dying_roll);
          },
          [&](const GameEnded& e) {
            out.mutable_game_ended()->set_result(e.result);
            out.mutable_game_ended()->set_reason(e.reason);
          },
          [&](const GunLoading& e) { set_artillery(out, e); },
          [&](const CanisterFired& e) { set_artillery(out, e); },
          [&](const BallFired& e) { set_artillery(out, e); },
      },
      event);
  return out;
}

Result<Event> from_pb(const pb::Event& e) {
  Reader rd;
  std::optional<Event> out;
  switch (e.kind_case()) {
    case pb::Event::kDeckShuffled: {
      const auto& m = e.deck_shuffled();
      if (m.hidden()) return invalid("a shuffle with its order withheld cannot be applied");
      DeckShuffled d{m.turn(), rd.rolls(m.rolls()), {}};
      for (const pb::Card& c : m.order()) d.order.push_back(rd.take(card_from(c)));
      out = std::move(d);
      break;
    }
    case pb::Event::kCardDrawn:
      out = CardDrawn{rd.take(card_from(e.card_drawn().card()))};
      break;
    case pb::Event::kBadCardDrawn:
      out = BadCardDrawn{rd.take(event_card_from(e.bad_card_drawn().card()))};
      break;
    case pb::Event::kFunctionsThrown: {
      const auto& m = e.functions_thrown();
      FunctionsThrown f{m.group(), rd.roll(m.roll()), m.base(), m.functions(), std::nullopt};
      if (m.has_card()) f.card = rd.take(event_card_from(m.card()));
      out = std::move(f);
      break;
    }
    case pb::Event::kFigureMoved: {
      const auto& m = e.figure_moved();
      FigureMoved f{FigureId(m.figure()), {}, m.functions(), m.crawl(), maybe_figure(m.contact())};
      for (const grognard::v1::Point& p : m.path()) f.path.push_back(point_from(p));
      out = std::move(f);
      break;
    }
    case pb::Event::kFunctionsSpent: {
      const auto& m = e.functions_spent();
      FunctionsSpent f{FigureId(m.figure()), rd.take(native_enum<Action>(m.action(), 11, "action")),
                       m.functions(), std::nullopt, m.loaded()};
      if (m.has_weapon()) f.weapon = m.weapon();
      out = std::move(f);
      break;
    }
    case pb::Event::kFired: {
      const auto& m = e.fired();
      out = Fired{FigureId(m.figure()),
                  m.weapon(),
                  FigureId(m.target()),
                  m.range(),
                  rd.roll(m.roll()),
                  m.modifiers(),
                  m.total(),
                  m.hit(),
                  m.malfunction(),
                  m.functions(),
                  parts_from(m.parts())};
      break;
    }
    case pb::Event::kFigureHurt: {
      const auto& m = e.figure_hurt();
      out = FigureHurt{FigureId(m.figure()), rd.maybe_roll(m.has_roll(), m.roll()),
                       rd.take(native_enum<HitResult>(m.result(), 4, "hit result")),
                       rd.maybe_roll(m.has_dying_roll(), m.dying_roll()),
                       rd.take(native_enum<FigureState>(m.after(), 5, "figure state"))};
      break;
    }
    case pb::Event::kMeleeFought: {
      const auto& m = e.melee_fought();
      out = MeleeFought{FigureId(m.a()),
                        FigureId(m.b()),
                        rd.roll(m.roll_a()),
                        rd.roll(m.roll_b()),
                        m.total_a(),
                        m.total_b(),
                        maybe_figure(m.loser()),
                        parts_from(m.parts_a()),
                        parts_from(m.parts_b())};
      break;
    }
    case pb::Event::kMoraleTested: {
      const auto& m = e.morale_tested();
      out = MoraleTested{m.group(), rd.roll(m.roll()), m.passed(), m.cause()};
      break;
    }
    case pb::Event::kFigureRan: {
      const auto& m = e.figure_ran();
      out = FigureRan{FigureId(m.figure()), rd.rolls(m.rolls()), point_from(m.to())};
      break;
    }
    case pb::Event::kScattered:
      out = Scattered{e.scattered().group(), e.scattered().cause(), e.scattered().toward_cover()};
      break;
    case pb::Event::kFiguresLost: {
      FiguresLost f;
      for (const std::string& id : e.figures_lost().figures()) f.figures.emplace_back(id);
      out = std::move(f);
      break;
    }
    case pb::Event::kHeroNamed:
      out = HeroNamed{e.hero_named().group(), FigureId(e.hero_named().figure())};
      break;
    case pb::Event::kActivationEnded:
      out = ActivationEnded{e.activation_ended().group()};
      break;
    case pb::Event::kTurnEnded: {
      TurnEnded t{e.turn_ended().turn(), {}};
      for (const std::string& id : e.turn_ended().died()) t.died.emplace_back(id);
      out = std::move(t);
      break;
    }
    case pb::Event::kCardAdded:
      if (e.card_added().hidden())
        return invalid("a card with its face withheld cannot be applied");
      out = CardAdded{rd.take(card_from(e.card_added().card()))};
      break;
    case pb::Event::kBadDeckBuilt: {
      const auto& m = e.bad_deck_built();
      if (m.hidden()) return invalid("a shuffle with its order withheld cannot be applied");
      BadDeckBuilt b{rd.rolls(m.rolls()), {}};
      for (const pb::EventCard& c : m.order()) b.order.push_back(rd.take(event_card_from(c)));
      out = std::move(b);
      break;
    }
    case pb::Event::kBriefingSet:
      if (e.briefing_set().hidden()) return invalid("a briefing withheld cannot be applied");
      out = BriefingSet{e.briefing_set().seat(), e.briefing_set().text()};
      break;
    case pb::Event::kScatterOrderSet: {
      const auto& m = e.scatter_order_set();
      if (m.hidden()) return invalid("a scatter order withheld cannot be applied");
      out = ScatterOrderSet{m.group(), m.seat(), m.toward_cover()};
      break;
    }
    case pb::Event::kRuled: {
      const auto& m = e.ruled();
      out = Ruled{rd.take(ruling_from(m.ruling())),
                  rd.maybe_roll(m.has_dying_roll(), m.dying_roll())};
      break;
    }
    case pb::Event::kGameEnded:
      out = GameEnded{e.game_ended().result(), e.game_ended().reason()};
      break;
    case pb::Event::kGunLoading:
    case pb::Event::kCanisterFired:
    case pb::Event::kBallFired:
      return artillery_from(e);
    case pb::Event::KIND_NOT_SET:
      return invalid("the event has no kind");
  }
  if (rd.error) return *rd.error;
  return std::move(out).value();
}

}  // namespace grognard::sharpe::wire
