// Commands on the wire (codec.h).
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include "rules/sharpe/wire/codec.h"

namespace grognard::sharpe::wire {
namespace {

using adapter::Overloaded;  // an overload set for std::visit

Result<FigureId> figure_id(const std::string& id, const char* what) {
  if (id.empty()) return invalid(std::string(what) + " names no figure");
  return FigureId(id);
}

void set_ruling(pb::Ruling* out, const Ruling& r) {
  out->set_kind(pb_enum<pb::RulingKind>(r.kind));
  out->set_figure(r.figure.get());
  set_point(out->mutable_to(), r.to);
  set_figure(out->mutable_added(), r.added);
  out->set_group(r.group);
  out->set_result(r.result);
  out->set_reason(r.reason);
}

}  // namespace

Result<Ruling> ruling_from(const pb::Ruling& r) {
  auto kind = native_enum<RulingKind>(r.kind(), 8, "ruling kind");
  if (!kind) return kind.error();
  auto added = figure_from(r.added());
  if (!added) return added.error();
  return Ruling{*kind,     FigureId(r.figure()), point_from(r.to()), std::move(added).value(),
                r.group(), r.result(),           r.reason()};
}

void set_ruling_pb(pb::Ruling* out, const Ruling& r) {
  set_ruling(out, r);
}

pb::Command to_pb(const Command& command) {
  pb::Command out;
  std::visit(Overloaded{
                 [&](const ThrowFunctions&) { out.mutable_throw_functions(); },
                 [&](const Move& c) {
                   pb::Move* m = out.mutable_move();
                   m->set_figure(c.figure.get());
                   for (Point p : c.waypoints) set_point(m->add_waypoints(), p);
                   m->set_crawl(c.crawl);
                 },
                 [&](const StandUp& c) { out.mutable_stand_up()->set_figure(c.figure.get()); },
                 [&](const Aim& c) { out.mutable_aim()->set_figure(c.figure.get()); },
                 [&](const Load& c) {
                   out.mutable_load()->set_figure(c.figure.get());
                   out.mutable_load()->set_weapon(static_cast<std::uint32_t>(c.weapon));
                   if (c.functions) {
                     out.mutable_load()->set_functions(static_cast<std::uint32_t>(*c.functions));
                   }
                 },
                 [&](const Fire& c) {
                   pb::Fire* f = out.mutable_fire();
                   f->set_figure(c.figure.get());
                   f->set_weapon(static_cast<std::uint32_t>(c.weapon));
                   f->set_target(c.target.get());
                 },
                 [&](const Fight& c) {
                   out.mutable_fight()->set_figure(c.figure.get());
                   out.mutable_fight()->set_enemy(c.enemy.get());
                 },
                 [&](const NameHero& c) {
                   out.mutable_name_hero()->set_group(c.group);
                   out.mutable_name_hero()->set_figure(c.figure.get());
                 },
                 [&](const EndActivation&) { out.mutable_end_activation(); },
                 [&](const AddEventCard& c) {
                   set_card(out.mutable_add_event_card()->mutable_card(), c.card);
                 },
                 [&](const BuildBadDeck& c) {
                   for (const EventCard& e : c.cards) {
                     set_event_card(out.mutable_build_bad_deck()->add_cards(), e);
                   }
                 },
                 [&](const SetBriefing& c) {
                   out.mutable_set_briefing()->set_seat(c.seat);
                   out.mutable_set_briefing()->set_text(c.text);
                   out.mutable_set_briefing()->set_replace(c.replace);
                 },
                 [&](const Ruling& c) { set_ruling(out.mutable_ruling(), c); },
                 [&](const SetScatter& c) {
                   out.mutable_set_scatter()->set_group(c.group);
                   out.mutable_set_scatter()->set_toward_cover(c.toward_cover);
                 },
                 [&](const LoadGun& c) {
                   out.mutable_load_gun()->set_figure(c.figure.get());
                   out.mutable_load_gun()->set_gun(c.gun);
                 },
                 [&](const FireCanister& c) {
                   pb::FireCanister* f = out.mutable_fire_canister();
                   f->set_figure(c.figure.get());
                   f->set_gun(c.gun);
                   f->set_aim(wire_bearing(c.aim));
                 },
                 [&](const FireBall& c) {
                   pb::FireBall* f = out.mutable_fire_ball();
                   f->set_figure(c.figure.get());
                   f->set_gun(c.gun);
                   f->set_target(c.target.get());
                 },
             },
             command);
  return out;
}

Result<Command> from_pb(const pb::Command& c) {
  switch (c.kind_case()) {
    case pb::Command::kThrowFunctions:
      return Command{ThrowFunctions{}};
    case pb::Command::kMove: {
      auto f = figure_id(c.move().figure(), "move");
      if (!f) return f.error();
      if (c.move().waypoints().empty()) return invalid("move has no waypoints");
      Move m{*f, {}, c.move().crawl()};
      for (const grognard::v1::Point& p : c.move().waypoints())
        m.waypoints.push_back(point_from(p));
      return Command{std::move(m)};
    }
    case pb::Command::kStandUp: {
      auto f = figure_id(c.stand_up().figure(), "stand_up");
      if (!f) return f.error();
      return Command{StandUp{*f}};
    }
    case pb::Command::kAim: {
      auto f = figure_id(c.aim().figure(), "aim");
      if (!f) return f.error();
      return Command{Aim{*f}};
    }
    case pb::Command::kLoad: {
      auto f = figure_id(c.load().figure(), "load");
      if (!f) return f.error();
      std::optional<int> functions;
      if (c.load().has_functions()) {
        if (c.load().functions() > static_cast<std::uint32_t>(std::numeric_limits<int>::max())) {
          return invalid("load's functions is out of range");
        }
        functions = static_cast<int>(c.load().functions());
      }
      return Command{Load{*f, c.load().weapon(), functions}};
    }
    case pb::Command::kFire: {
      auto f = figure_id(c.fire().figure(), "fire");
      if (!f) return f.error();
      auto t = figure_id(c.fire().target(), "fire's target");
      if (!t) return t.error();
      return Command{Fire{*f, c.fire().weapon(), *t}};
    }
    case pb::Command::kFight: {
      auto f = figure_id(c.fight().figure(), "fight");
      if (!f) return f.error();
      auto e = figure_id(c.fight().enemy(), "fight's enemy");
      if (!e) return e.error();
      return Command{Fight{*f, *e}};
    }
    case pb::Command::kNameHero: {
      auto f = figure_id(c.name_hero().figure(), "name_hero");
      if (!f) return f.error();
      return Command{NameHero{c.name_hero().group(), *f}};
    }
    case pb::Command::kEndActivation:
      return Command{EndActivation{}};
    case pb::Command::kAddEventCard: {
      auto card = card_from(c.add_event_card().card());
      if (!card) return card.error();
      return Command{AddEventCard{std::move(card).value()}};
    }
    case pb::Command::kBuildBadDeck: {
      BuildBadDeck b;
      for (const pb::EventCard& e : c.build_bad_deck().cards()) {
        auto card = event_card_from(e);
        if (!card) return card.error();
        b.cards.push_back(std::move(card).value());
      }
      return Command{std::move(b)};
    }
    case pb::Command::kSetScatter:
      return Command{SetScatter{c.set_scatter().group(), c.set_scatter().toward_cover()}};
    case pb::Command::kSetBriefing:
      return Command{SetBriefing{c.set_briefing().seat(), c.set_briefing().text(),
                                 c.set_briefing().replace()}};
    case pb::Command::kRuling: {
      auto r = ruling_from(c.ruling());
      if (!r) return r.error();
      return Command{std::move(r).value()};
    }
    case pb::Command::kLoadGun: {
      auto f = figure_id(c.load_gun().figure(), "load_gun");
      if (!f) return f.error();
      return Command{LoadGun{*f, c.load_gun().gun()}};
    }
    case pb::Command::kFireCanister: {
      const pb::FireCanister& m = c.fire_canister();
      auto f = figure_id(m.figure(), "fire_canister");
      if (!f) return f.error();
      if (!std::isfinite(m.aim())) return invalid("fire_canister's aim is not a number");
      return Command{FireCanister{*f, m.gun(), engine_bearing(m.aim())}};
    }
    case pb::Command::kFireBall: {
      auto f = figure_id(c.fire_ball().figure(), "fire_ball");
      if (!f) return f.error();
      auto t = figure_id(c.fire_ball().target(), "fire_ball's target");
      if (!t) return t.error();
      return Command{FireBall{*f, c.fire_ball().gun(), *t}};
    }
    case pb::Command::KIND_NOT_SET:
      break;
  }
  return invalid("the command has no kind");
}

}  // namespace grognard::sharpe::wire
