#include "render/rcw_ui.h"

#include "client/codec.h"

namespace grognard::cli::rcw_text {

rcw::View view_of(const google::protobuf::Any& any) {
  return client::unpack<rcw::View>(any).value_or(rcw::View());
}

std::string point(const v1::Point& p) {
  return num(p.x()) + "," + num(p.y());
}

std::string exact(double x, double y) {
  return words::fixed(x, y);
}

std::string facing_text(double degrees) {
  return num(degrees) + " (" + words::compass(degrees) + ")";
}

const rcw::UnitState* find_unit(const rcw::View& v, const std::string& id) {
  for (const auto& u : v.units()) {
    if (same_id(u.id(), id)) return &u;
  }
  return nullptr;
}

const rcw::CarState* find_car(const rcw::View& v, const std::string& id,
                              const rcw::UnitState** train) {
  for (const auto& u : v.units()) {
    for (const auto& c : u.cars()) {
      if (!same_id(c.id(), id)) continue;
      if (train) *train = &u;
      return &c;
    }
  }
  return nullptr;
}

const rcw::UnitState* active_unit(const rcw::View& v) {
  if (!v.has_active() || v.active().unit().empty()) return nullptr;
  return find_unit(v, v.active().unit());
}

std::string unit_name(const rcw::View& v, const std::string& id) {
  if (const auto* u = find_unit(v, id))
    return u->name().empty() ? u->id() : u->name() + " (" + u->id() + ")";
  const rcw::UnitState* train = nullptr;
  if (const auto* c = find_car(v, id, &train)) {
    return (c->name().empty() ? "car" : c->name()) + " (" + c->id() + ") of " +
           (train->name().empty() ? train->id() : train->name());
  }
  return id;
}

std::string side_name(const rcw::View& v, int side) {
  if (side >= 0 && side < v.sides_size() && !v.sides(side).name().empty())
    return v.sides(side).name();
  return "side " + std::to_string(side);
}

char letter_of(const rcw::View& v, const std::string& id) {
  for (const auto& u : v.units()) {
    if (u.id() != id) continue;
    if (u.mark() >= 26) return '?';
    return static_cast<char>((u.side() == 1 ? 'a' : 'A') + static_cast<int>(u.mark()));
  }
  return '?';
}

std::string type_text(rcw::UnitType t) {
  switch (t) {
    case rcw::HQ:
      return "HQ";
    case rcw::FAO:
      return "FAO";
    case rcw::INFANTRY:
      return "infantry";
    case rcw::MG:
      return "MG";
    case rcw::MORTAR:
      return "mortar";
    case rcw::CAVALRY:
      return "cavalry";
    case rcw::ARTILLERY:
      return "artillery";
    case rcw::ARMOURED_CAR:
      return "armoured car";
    case rcw::TANK:
      return "tank";
    case rcw::WAGON:
      return "wagon";
    case rcw::TRAIN:
      return "train";
    default:
      return "?";
  }
}

std::string training_text(rcw::Training t) {
  switch (t) {
    case rcw::ELITE:
      return "elite";
    case rcw::CONSCRIPT:
      return "conscript";
    default:
      return "average";
  }
}

std::string cover_text(rcw::Cover c) {
  switch (c) {
    case rcw::OPEN:
      return "open";
    case rcw::OBSCURED:
      return "obscured";
    case rcw::ENTRENCHED:
      return "entrenched";
    case rcw::ARMOURED:
      return "armoured";
    default:
      return "-";
  }
}

std::string outcome_text(rcw::Outcome o) {
  switch (o) {
    case rcw::PINNED:
      return "pinned";
    case rcw::DESTROYED:
      return "destroyed";
    default:
      return "no effect";
  }
}

std::string action_word(rcw::ActionKind a) {
  switch (a) {
    case rcw::MOVE:
      return "move";
    case rcw::SHOOT:
      return "shoot";
    case rcw::LIMBER:
      return "limber";
    case rcw::RALLY:
      return "rally";
    case rcw::ASSAULT:
      return "assault";
    default:
      return "?";
  }
}

std::optional<rcw::ActionKind> action_of(const std::string& word) {
  const std::string w = words::lower(word);
  if (w == "move") return rcw::MOVE;
  if (w == "shoot" || w == "fire") return rcw::SHOOT;
  if (w == "limber" || w == "unlimber" || w == "pack" || w == "unpack") return rcw::LIMBER;
  if (w == "rally") return rcw::RALLY;
  if (w == "assault" || w == "close-assault") return rcw::ASSAULT;
  return std::nullopt;
}

std::string limber_word(const rcw::UnitState* u, bool limbered) {
  const bool packs = u && (u->type() == rcw::MG || u->type() == rcw::MORTAR);
  if (packs) return limbered ? "packs up" : "deploys";
  return limbered ? "limbers" : "unlimbers";
}

std::string modifiers(const google::protobuf::RepeatedPtrField<v1::Modifier>& parts) {
  std::string out;
  for (const auto& m : parts)
    out += (out.empty() ? "" : " ") + words::signed_number(m.value()) + " " + m.name();
  return out;
}

}  // namespace grognard::cli::rcw_text

namespace grognard::cli {

std::string RcwUi::seat_label(const std::string& seat_id, const google::protobuf::Any& view) const {
  if (seat_id != "side:0" && seat_id != "side:1") return "";
  const rcw::View v = rcw_text::view_of(view);
  const int side = seat_id.back() - '0';
  return side < v.sides_size() ? v.sides(side).name() : "";
}

}  // namespace grognard::cli
