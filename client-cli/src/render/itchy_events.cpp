// Itchy & Scratchy events, commands and legal-command lists in words, with every die thrown.
#include <map>
#include <set>

#include "client/codec.h"
#include "render/itchy_ui.h"

namespace grognard::cli {

namespace {

using namespace itchy_text;

std::string die(const v1::Roll& r) {
  return std::to_string(r.face());
}

std::string initiative(const itchy::View& v, const itchy::InitiativeThrown& e) {
  std::string out = "Turn " + std::to_string(e.turn()) + " initiative:";
  for (int i = 0; i < e.throws_size(); ++i) {
    const auto& t = e.throws(i);
    out += (i ? "; again " : " ") + side_name(v, 0) + " " + die(t.side0()) + " v " +
           side_name(v, 1) + " " + die(t.side1());
  }
  return out + " - " + side_name(v, e.winner()) + " choose the order";
}

std::string moved(const itchy::UnitMoved& e) {
  std::string out = e.unit();
  if (e.path_size() == 0) {
    out += " turns to face " + letter(e.facing());
  } else {
    out += " moves to ";
    for (int i = 0; i < e.path_size(); ++i) out += (i ? "->" : "") + pos(e.path(i));
    out += ", faces " + letter(e.facing());
  }
  if (e.withdrawal()) out += " (withdrawal)";
  if (e.stopped_by_enemy()) out += " (stopped next to the enemy)";
  return out;
}

std::string attacked(const itchy::AttackResolved& e) {
  std::string out = e.unit() + " fires at " + pos(e.target()) + ", range " +
                    std::to_string(e.range()) + ", " + std::to_string(e.dice()) + " dice";
  if (e.general_bonus()) out += " (+1 General)";
  if (e.cover()) out += ", target in cover";
  out += ": [";
  for (int i = 0; i < e.rolls_size(); ++i) out += (i ? " " : "") + die(e.rolls(i));
  out += "]";
  std::string hits;
  for (const auto& c : e.casualties()) {
    if (c.sp_lost() == 0 && !c.destroyed()) continue;
    hits += (hits.empty() ? " " : ", ") + c.unit() + " loses " + std::to_string(c.sp_lost()) +
            " SP" + (c.destroyed() ? " and is destroyed" : "");
  }
  return out + (hits.empty() ? " no effect" : hits);
}

std::string turn_ended(const itchy::View& v, const itchy::TurnEnded& e) {
  std::string out = "Turn " + std::to_string(e.turn()) + " ends; losses";
  for (int i = 0; i < e.losses_size(); ++i) {
    out += (i ? ", " : " ") + side_name(v, i) + " " + std::to_string(e.losses(i));
    if (i < e.exhausted_size() && e.exhausted(i)) out += " (exhausted)";
  }
  return out;
}

std::string ended(const itchy::View& v, const itchy::GameEnded& e) {
  std::string out =
      "Game over: " + (e.draw() ? std::string("a draw") : side_name(v, e.winner()) + " win");
  if (!e.reason().empty()) out += " - " + e.reason();
  if (e.score_size() == 2)
    out += " (score " + std::to_string(e.score(0)) + "-" + std::to_string(e.score(1)) + ")";
  return out;
}

std::string steps_text(const itchy::Move& m) {
  std::string out;
  for (const int s : m.steps()) out += " " + letter(static_cast<itchy::Facing>(s));
  return out;
}

itchy::Pos step(itchy::Pos p, int facing) {
  switch (facing) {
    case itchy::NORTH:
      p.set_y(p.y() - 1);
      break;
    case itchy::EAST:
      p.set_x(p.x() + 1);
      break;
    case itchy::SOUTH:
      p.set_y(p.y() + 1);
      break;
    case itchy::WEST:
      p.set_x(p.x() - 1);
      break;
    default:
      break;
  }
  return p;
}

// What one unit may do: destinations (with the shortest way there) and targets.
std::string unit_options(const itchy::View& v, const std::string& id,
                         const std::vector<itchy::Command>& cmds) {
  const itchy::UnitView* u = find_unit(v, id);
  std::map<std::pair<int, int>, std::string> moves;
  std::set<std::string> facings, targets;
  for (const auto& c : cmds) {
    if (c.has_attack()) targets.insert(pos(c.attack().target()));
    if (!c.has_move() || !u) continue;
    if (c.move().steps().empty()) {
      if (c.move().facing() != itchy::FACING_UNSPECIFIED) facings.insert(letter(c.move().facing()));
      continue;
    }
    itchy::Pos p = u->pos();
    for (const int s : c.move().steps()) p = step(p, s);
    std::string way = steps_text(c.move()).substr(1);
    auto& best = moves[{p.x(), p.y()}];
    if (best.empty() || way.size() < best.size()) best = way;
  }
  std::string out = id + (u ? " at " + pos(u->pos()) : "") + ":";
  if (moves.empty() && facings.empty() && targets.empty()) return out + " nothing";
  if (!moves.empty()) {
    out += " moves to";
    for (const auto& [xy, way] : moves)
      out += " (" + std::to_string(xy.first) + "," + std::to_string(xy.second) + ")=" + way;
    out += ";";
  }
  if (!facings.empty()) {
    out += " turns to";
    for (const auto& f : facings) out += " " + f;
    out += ";";
  }
  if (!targets.empty()) {
    out += " fires at";
    for (const auto& t : targets) out += " " + t;
    out += ";";
  }
  out.pop_back();
  return out;
}

}  // namespace

std::string ItchyUi::describe_event(const google::protobuf::Any& any,
                                    const google::protobuf::Any& view) const {
  const auto e = client::unpack<itchy::Event>(any);
  if (!e) return "(an event of another rule set)";
  const itchy::View v = view_of(view);
  switch (e->kind_case()) {
    case itchy::Event::kInitiativeThrown:
      return initiative(v, e->initiative_thrown());
    case itchy::Event::kOrderChosen:
      return side_name(v, e->order_chosen().side()) + " choose to go " +
             (e->order_chosen().go_first() ? "first" : "second") + "; " +
             side_name(v, e->order_chosen().first_side()) + " act first";
    case itchy::Event::kUnitMoved:
      return moved(e->unit_moved());
    case itchy::Event::kAttackResolved:
      return attacked(e->attack_resolved());
    case itchy::Event::kSideTurnEnded:
      return side_name(v, e->side_turn_ended().side()) + " end their side turn";
    case itchy::Event::kTurnEnded:
      return turn_ended(v, e->turn_ended());
    case itchy::Event::kGameEnded:
      return ended(v, e->game_ended());
    case itchy::Event::KIND_NOT_SET:
      break;
  }
  return "(an empty event)";
}

std::optional<int> ItchyUi::turn_opened(const google::protobuf::Any& any) const {
  const auto e = client::unpack<itchy::Event>(any);
  if (e && e->has_initiative_thrown()) return e->initiative_thrown().turn();
  return std::nullopt;
}

std::string ItchyUi::describe_command(const google::protobuf::Any& any) const {
  const auto c = client::unpack<itchy::Command>(any);
  if (!c) return "(a command of another rule set)";
  if (c->has_choose_order()) return c->choose_order().go_first() ? "first" : "second";
  if (c->has_end_side_turn()) return "end";
  if (c->has_attack()) {
    return "attack " + c->attack().unit() + " " + std::to_string(c->attack().target().x()) + "," +
           std::to_string(c->attack().target().y());
  }
  if (c->has_move()) {
    std::string out = "move " + c->move().unit() + steps_text(c->move());
    if (c->move().facing() != itchy::FACING_UNSPECIFIED)
      out += " face " + letter(c->move().facing());
    return out;
  }
  return "(an empty command)";
}

std::string ItchyUi::command_unit(const google::protobuf::Any& command,
                                  const google::protobuf::Any& /*view*/) const {
  const auto c = client::unpack<itchy::Command>(command);
  if (!c) return "";
  return c->has_move() ? c->move().unit() : c->has_attack() ? c->attack().unit() : "";
}

std::vector<std::string> ItchyUi::describe_legal(const v1::LegalCommands& legal,
                                                 const google::protobuf::Any& view,
                                                 const std::string& unit) const {
  const itchy::View v = view_of(view);
  std::map<std::string, std::vector<itchy::Command>> by_unit;
  std::vector<std::string> other;
  for (const auto& any : legal.commands()) {
    const auto c = client::unpack<itchy::Command>(any);
    if (!c) continue;
    const std::string id = command_unit(any, view);
    if (id.empty())
      other.push_back(describe_command(any));
    else
      by_unit[id].push_back(*c);
  }
  std::vector<std::string> lines;
  if (!unit.empty()) {
    const itchy::UnitView* u = find_unit(v, unit);
    const std::string id = u ? u->id() : unit;
    const auto it = by_unit.find(id);
    lines.push_back(it == by_unit.end() ? id + " may do nothing now"
                                        : unit_options(v, id, it->second));
    return lines;
  }
  if (!other.empty()) {
    std::string l = "you may:";
    for (const auto& o : other) l += " " + o;
    lines.push_back(l);
  }
  for (const auto& [id, cmds] : by_unit) lines.push_back(unit_options(v, id, cmds));
  if (lines.empty()) lines.push_back("nothing to do now");
  return lines;
}

}  // namespace grognard::cli
