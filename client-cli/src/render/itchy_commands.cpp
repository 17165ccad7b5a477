// The Itchy & Scratchy play syntax: a typed line becomes an itchy::Command.
//
//   first | second              choose the order after winning the initiative
//   move UNIT STEPS… [face D]   steps are edges crossed: N E S W (or "NNE" in one word)
//   turn UNIT D                 turn in place to face D
//   attack UNIT X,Y | UNIT2     fire at an area (or at the area of an enemy unit)
//   end                         end the side turn
#include <algorithm>
#include <cctype>

#include "client/codec.h"
#include "render/itchy_ui.h"

namespace grognard::cli {

namespace {

using namespace itchy_text;

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::optional<itchy::Facing> facing_of(const std::string& word) {
  const std::string w = upper(word);
  if (w == "N" || w == "NORTH" || w == "^") return itchy::NORTH;
  if (w == "E" || w == "EAST" || w == ">") return itchy::EAST;
  if (w == "S" || w == "SOUTH" || w == "V") return itchy::SOUTH;
  if (w == "W" || w == "WEST" || w == "<") return itchy::WEST;
  return std::nullopt;
}

// The unit's id as the view spells it (the typed one when the view does not know it).
std::string unit_id(const itchy::View& v, const std::string& typed) {
  const itchy::UnitView* u = find_unit(v, typed);
  return u ? u->id() : typed;
}

Parsed done(const itchy::Command& c) {
  return Parsed{client::pack(c), ""};
}

Parsed fail(const std::string& why) {
  return Parsed{std::nullopt, why};
}

// Steps from words such as "N", "north" or "NNE"; nullopt on a word that is none.
std::optional<std::vector<itchy::Facing>> steps_of(const std::string& word) {
  if (auto f = facing_of(word)) return std::vector<itchy::Facing>{*f};
  std::vector<itchy::Facing> out;
  for (const char c : word) {
    auto f = facing_of(std::string(1, c));
    if (!f || c == '^' || c == '<' || c == '>') return std::nullopt;
    out.push_back(*f);
  }
  return out;
}

Parsed parse_move(const std::vector<std::string>& w, const itchy::View& v) {
  const std::string usage = "usage: move UNIT STEPS... [face N|E|S|W], e.g. move B1 N N face E";
  if (w.size() < 2) return fail(usage);
  itchy::Command c;
  auto* m = c.mutable_move();
  m->set_unit(unit_id(v, w[1]));
  for (std::size_t i = 2; i < w.size(); ++i) {
    if (upper(w[i]) == "FACE") {
      if (i + 2 != w.size()) return fail(usage);
      const auto f = facing_of(w[i + 1]);
      if (!f) return fail("\"" + w[i + 1] + "\" is not a direction (N, E, S or W)");
      m->set_facing(*f);
      break;
    }
    const auto steps = steps_of(w[i]);
    if (!steps) return fail("\"" + w[i] + "\" is not a step (N, E, S or W); " + usage);
    for (const auto s : *steps) m->add_steps(s);
  }
  return done(c);
}

Parsed parse_turn(const std::vector<std::string>& w, const itchy::View& v) {
  if (w.size() != 3 || !facing_of(w[2])) return fail("usage: turn UNIT N|E|S|W, e.g. turn B1 E");
  itchy::Command c;
  c.mutable_move()->set_unit(unit_id(v, w[1]));
  c.mutable_move()->set_facing(*facing_of(w[2]));
  return done(c);
}

std::optional<int> number(const std::string& s) {
  if (s.empty() || s.size() > 4 || !std::all_of(s.begin(), s.end(), ::isdigit)) return std::nullopt;
  return std::stoi(s);
}

Parsed parse_attack(const std::vector<std::string>& w, const itchy::View& v) {
  const std::string usage = "usage: attack UNIT X,Y (or an enemy unit's id), e.g. attack B1 4,3";
  if (w.size() < 3 || w.size() > 4) return fail(usage);
  itchy::Command c;
  auto* a = c.mutable_attack();
  a->set_unit(unit_id(v, w[1]));
  std::string xs = w[2], ys = w.size() == 4 ? w[3] : "";
  if (w.size() == 3) {
    if (const itchy::UnitView* target = find_unit(v, w[2])) {
      *a->mutable_target() = target->pos();
      return done(c);
    }
    const auto comma = w[2].find(',');
    if (comma == std::string::npos) return fail(usage);
    xs = w[2].substr(0, comma);
    ys = w[2].substr(comma + 1);
  }
  const auto x = number(xs), y = number(ys);
  if (!x || !y) return fail(usage);
  a->mutable_target()->set_x(*x);
  a->mutable_target()->set_y(*y);
  return done(c);
}

std::vector<std::string> unit_ids(const itchy::View& v, int side) {
  std::vector<std::string> out;
  for (const auto& u : v.units()) {
    if (!u.removed() && (side < 0 || u.side() == side)) out.push_back(u.id());
  }
  return out;
}

}  // namespace

std::vector<std::string> ItchyUi::command_words() const {
  return {"first", "second", "move", "turn", "attack", "end"};
}

std::vector<HelpEntry> ItchyUi::help() const {
  return {
      {"first | second", "after winning the initiative: go first or second", "first"},
      {"move UNIT STEPS... [face D]",
       "move through edges (N E S W, one word or several), then face D", "move B1 N N face E"},
      {"turn UNIT D", "turn in place to face D (a move of 0 areas)", "turn B4 E"},
      {"attack UNIT X,Y", "fire at the area X,Y (or name an enemy unit)", "attack B1 4,3"},
      {"end", "end your side turn", "end"},
  };
}

std::optional<Parsed> ItchyUi::parse(const std::vector<std::string>& w,
                                     const google::protobuf::Any& view) const {
  if (w.empty()) return std::nullopt;
  const std::string verb = upper(w[0]);
  const itchy::View v = view_of(view);
  itchy::Command c;
  if (verb == "FIRST" || verb == "SECOND") {
    if (w.size() != 1) return fail("usage: first | second");
    c.mutable_choose_order()->set_go_first(verb == "FIRST");
    return done(c);
  }
  if (verb == "END") {
    if (w.size() != 1) return fail("usage: end");
    c.mutable_end_side_turn();
    return done(c);
  }
  if (verb == "MOVE") return parse_move(w, v);
  if (verb == "TURN") return parse_turn(w, v);
  if (verb == "ATTACK") return parse_attack(w, v);
  return std::nullopt;
}

std::vector<std::string> ItchyUi::complete(const std::vector<std::string>& w,
                                           const google::protobuf::Any& view) const {
  if (w.empty()) return {};
  const itchy::View v = view_of(view);
  const std::string verb = upper(w[0]);
  // The units of the side to act (the only ones a command may name), any unit for `legal`.
  const bool takes_unit = verb == "MOVE" || verb == "TURN" || verb == "ATTACK";
  const bool acting = v.phase() == itchy::PHASE_ACTIVATION;
  if (w.size() == 1 && takes_unit) return unit_ids(v, acting ? v.acting_side() : -1);
  if (w.size() == 1 && verb == "LEGAL") return unit_ids(v, -1);
  if (w.size() >= 2 && verb == "MOVE") return {"N", "E", "S", "W", "face"};
  if (w.size() == 2 && verb == "TURN") return {"N", "E", "S", "W"};
  if (w.size() == 2 && verb == "ATTACK") {
    const itchy::UnitView* u = find_unit(v, w[1]);
    return unit_ids(v, u ? 1 - u->side() : -1);
  }
  return {};
}

}  // namespace grognard::cli
