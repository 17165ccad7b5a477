#include "rules/itchy/wire/codec.h"

#include <google/protobuf/text_format.h>

#include <utility>

#include "rules/adapter/roll.h"
#include "rules/itchy/wire/enums.h"

namespace grognard::itchy::wire {
namespace {

using adapter::roll_from;
using adapter::set_roll;
using engine::invalid;
using engine::Result;

using adapter::Overloaded;  // an overload set for std::visit

void set_pos(pb::Pos* out, GridPos p) {
  out->set_x(p.x);
  out->set_y(p.y);
}

GridPos pos_from_pb(const pb::Pos& p) {
  return GridPos{p.x(), p.y()};
}

Result<int> side_from_pb(int side, const char* what) {
  if (side != 0 && side != 1) {
    return invalid(std::string(what) + " is side " + std::to_string(side) + "; sides are 0 and 1");
  }
  return side;
}

Result<UnitId> unit_from_pb(const std::string& id, const char* what) {
  if (id.empty()) return invalid(std::string(what) + " names no unit");
  return UnitId(id);
}

// --- Commands ---------------------------------------------------------------------------

Result<Command> move_from_pb(const pb::Move& m) {
  auto unit = unit_from_pb(m.unit(), "the move");
  if (!unit) return unit.error();
  Move out{*unit, {}, std::nullopt};
  for (int i = 0; i < m.steps_size(); ++i) {
    const auto f = from_pb(static_cast<pb::Facing>(m.steps(i)));
    if (!f) return invalid("step " + std::to_string(i + 1) + " of the move is not N, E, S or W");
    out.steps.push_back(*f);
  }
  if (m.facing() != pb::FACING_UNSPECIFIED) {
    out.facing = from_pb(m.facing());
    if (!out.facing) return invalid("the move ends with an unknown facing");
  }
  return Command{std::move(out)};
}

Result<Command> attack_from_pb(const pb::Attack& a) {
  auto unit = unit_from_pb(a.unit(), "the attack");
  if (!unit) return unit.error();
  if (!a.has_target()) return invalid("the attack names no target area");
  return Command{Attack{*unit, pos_from_pb(a.target())}};
}

// --- Events -----------------------------------------------------------------------------

Result<Event> initiative_from_pb(const pb::InitiativeThrown& e) {
  InitiativeThrown out;
  out.turn = e.turn();
  for (const pb::InitiativeThrow& t : e.throws()) {
    auto r0 = roll_from(t.side0());
    if (!r0) return r0.error();
    auto r1 = roll_from(t.side1());
    if (!r1) return r1.error();
    out.throws.push_back({*r0, *r1});
  }
  auto winner = side_from_pb(e.winner(), "the initiative winner");
  if (!winner) return winner.error();
  out.winner = *winner;
  return Event{std::move(out)};
}

Result<Event> order_from_pb(const pb::OrderChosen& e) {
  auto side = side_from_pb(e.side(), "the side choosing the order");
  if (!side) return side.error();
  auto first = side_from_pb(e.first_side(), "the first side");
  if (!first) return first.error();
  return Event{OrderChosen{*side, e.go_first(), *first}};
}

Result<Event> moved_from_pb(const pb::UnitMoved& e) {
  auto unit = unit_from_pb(e.unit(), "the move");
  if (!unit) return unit.error();
  const auto facing = from_pb(e.facing());
  if (!facing) return invalid("the move of \"" + e.unit() + "\" ends with no valid facing");
  UnitMoved out{*unit, {}, *facing, e.withdrawal(), e.stopped_by_enemy()};
  for (const pb::Pos& p : e.path()) out.path.push_back(pos_from_pb(p));
  return Event{std::move(out)};
}

Result<Event> attack_resolved_from_pb(const pb::AttackResolved& e) {
  auto unit = unit_from_pb(e.unit(), "the attack");
  if (!unit) return unit.error();
  if (!e.has_target()) return invalid("the attack names no target area");
  AttackResolved out;
  out.unit = *unit;
  out.target = pos_from_pb(e.target());
  out.range = e.range();
  out.dice = e.dice();
  out.general_bonus = e.general_bonus();
  out.cover = e.cover();
  for (const auto& r : e.rolls()) {
    auto roll = roll_from(r);
    if (!roll) return roll.error();
    out.rolls.push_back(*roll);
  }
  for (const pb::Casualty& c : e.casualties()) {
    auto id = unit_from_pb(c.unit(), "a casualty");
    if (!id) return id.error();
    if (c.sp_lost() < 0) return invalid("casualty \"" + c.unit() + "\" loses negative SP");
    out.casualties.push_back(Casualty{*id, c.sp_lost(), c.destroyed()});
  }
  return Event{std::move(out)};
}

Result<Event> turn_ended_from_pb(const pb::TurnEnded& e) {
  if (e.losses_size() != 2 || e.exhausted_size() != 2) {
    return invalid("the end of turn " + std::to_string(e.turn()) +
                   " must give losses and exhaustion for both sides");
  }
  TurnEnded out;
  out.turn = e.turn();
  out.losses = {e.losses(0), e.losses(1)};
  out.exhausted = {e.exhausted(0), e.exhausted(1)};
  return Event{out};
}

Result<Event> game_ended_from_pb(const pb::GameEnded& e) {
  if (e.score_size() != 2) return invalid("the end of the game must give both sides' scores");
  GameEnded out;
  if (!e.draw()) {
    auto winner = side_from_pb(e.winner(), "the winner");
    if (!winner) return winner.error();
    out.winner = *winner;
  }
  out.reason = e.reason();
  out.score = {e.score(0), e.score(1)};
  return Event{std::move(out)};
}

}  // namespace

pb::Command to_pb(const Command& command) {
  pb::Command out;
  std::visit(
      Overloaded{
          [&](const ChooseOrder& c) { out.mutable_choose_order()->set_go_first(c.go_first); },
          [&](const Move& m) {
            pb::Move* pm = out.mutable_move();
            pm->set_unit(m.unit.get());
            for (Facing f : m.steps) pm->add_steps(to_pb(f));
            if (m.facing) pm->set_facing(to_pb(*m.facing));
          },
          [&](const Attack& a) {
            pb::Attack* pa = out.mutable_attack();
            pa->set_unit(a.unit.get());
            set_pos(pa->mutable_target(), a.target);
          },
          [&](const EndSideTurn&) { out.mutable_end_side_turn(); },
      },
      command);
  return out;
}

Result<Command> from_pb(const pb::Command& command) {
  switch (command.kind_case()) {
    case pb::Command::kChooseOrder:
      return Command{ChooseOrder{command.choose_order().go_first()}};
    case pb::Command::kMove:
      return move_from_pb(command.move());
    case pb::Command::kAttack:
      return attack_from_pb(command.attack());
    case pb::Command::kEndSideTurn:
      return Command{EndSideTurn{}};
    case pb::Command::KIND_NOT_SET:
      break;
  }
  return invalid("the command is empty: give choose_order, move, attack or end_side_turn");
}

pb::Event to_pb(const Event& event) {
  pb::Event out;
  std::visit(Overloaded{
                 [&](const InitiativeThrown& e) {
                   pb::InitiativeThrown* p = out.mutable_initiative_thrown();
                   p->set_turn(e.turn);
                   for (const auto& pair : e.throws) {
                     pb::InitiativeThrow* t = p->add_throws();
                     set_roll(t->mutable_side0(), pair[0]);
                     set_roll(t->mutable_side1(), pair[1]);
                   }
                   p->set_winner(e.winner);
                 },
                 [&](const OrderChosen& e) {
                   pb::OrderChosen* p = out.mutable_order_chosen();
                   p->set_side(e.side);
                   p->set_go_first(e.go_first);
                   p->set_first_side(e.first_side);
                 },
                 [&](const UnitMoved& e) {
                   pb::UnitMoved* p = out.mutable_unit_moved();
                   p->set_unit(e.unit.get());
                   for (GridPos pos : e.path) set_pos(p->add_path(), pos);
                   p->set_facing(to_pb(e.facing));
                   p->set_withdrawal(e.withdrawal);
                   p->set_stopped_by_enemy(e.stopped_by_enemy);
                 },
                 [&](const AttackResolved& e) {
                   pb::AttackResolved* p = out.mutable_attack_resolved();
                   p->set_unit(e.unit.get());
                   set_pos(p->mutable_target(), e.target);
                   p->set_range(e.range);
                   p->set_dice(e.dice);
                   p->set_general_bonus(e.general_bonus);
                   p->set_cover(e.cover);
                   for (const Roll& r : e.rolls) set_roll(p->add_rolls(), r);
                   for (const Casualty& c : e.casualties) {
                     pb::Casualty* pc = p->add_casualties();
                     pc->set_unit(c.unit.get());
                     pc->set_sp_lost(c.sp_lost);
                     pc->set_destroyed(c.destroyed);
                   }
                 },
                 [&](const SideTurnEnded& e) { out.mutable_side_turn_ended()->set_side(e.side); },
                 [&](const TurnEnded& e) {
                   pb::TurnEnded* p = out.mutable_turn_ended();
                   p->set_turn(e.turn);
                   for (int l : e.losses) p->add_losses(l);
                   for (bool x : e.exhausted) p->add_exhausted(x);
                 },
                 [&](const GameEnded& e) {
                   pb::GameEnded* p = out.mutable_game_ended();
                   p->set_draw(!e.winner.has_value());
                   p->set_winner(e.winner.value_or(0));
                   p->set_reason(e.reason);
                   for (int s : e.score) p->add_score(s);
                 },
             },
             event);
  return out;
}

Result<Event> from_pb(const pb::Event& event) {
  switch (event.kind_case()) {
    case pb::Event::kInitiativeThrown:
      return initiative_from_pb(event.initiative_thrown());
    case pb::Event::kOrderChosen:
      return order_from_pb(event.order_chosen());
    case pb::Event::kUnitMoved:
      return moved_from_pb(event.unit_moved());
    case pb::Event::kAttackResolved:
      return attack_resolved_from_pb(event.attack_resolved());
    case pb::Event::kSideTurnEnded: {
      auto side = side_from_pb(event.side_turn_ended().side(), "the side ending its turn");
      if (!side) return side.error();
      return Event{SideTurnEnded{*side}};
    }
    case pb::Event::kTurnEnded:
      return turn_ended_from_pb(event.turn_ended());
    case pb::Event::kGameEnded:
      return game_ended_from_pb(event.game_ended());
    case pb::Event::KIND_NOT_SET:
      break;
  }
  return invalid("the event is empty");
}

std::string to_text(const Event& event) {
  google::protobuf::TextFormat::Printer printer;
  printer.SetSingleLineMode(true);
  std::string out;
  printer.PrintToString(to_pb(event), &out);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace grognard::itchy::wire
