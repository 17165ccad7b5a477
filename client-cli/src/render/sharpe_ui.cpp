#include "render/sharpe_ui.h"

#include <cctype>
#include <cmath>
#include <cstdio>

#include "client/codec.h"

namespace grognard::cli::sharpe_text {

sharpe::View view_of(const google::protobuf::Any& any) {
  return client::unpack<sharpe::View>(any).value_or(sharpe::View());
}

std::string point(const v1::Point& p) {
  return num(p.x()) + "," + num(p.y());
}

std::string exact(const v1::Point& p) {
  return words::fixed(p.x(), p.y());
}

const sharpe::FigureView* find_figure(const sharpe::View& v, const std::string& id) {
  for (const auto& f : v.figures()) {
    if (same_id(f.figure().id(), id)) return &f;
  }
  return nullptr;
}

const sharpe::GroupView* find_group(const sharpe::View& v, const std::string& id) {
  for (const auto& g : v.groups()) {
    if (same_id(g.id(), id)) return &g;
  }
  return nullptr;
}

const sharpe::Gun* find_gun(const sharpe::View& v, const std::string& id) {
  for (const auto& g : v.guns()) {
    if (same_id(g.id(), id)) return &g;
  }
  return nullptr;
}

const sharpe::Seat* find_seat(const sharpe::View& v, const std::string& id_or_name) {
  for (const auto& s : v.seats()) {
    if (same_id(s.id(), id_or_name) || same_id(s.name(), id_or_name) ||
        same_id(s.id(), "player:" + id_or_name))
      return &s;
  }
  return nullptr;
}

std::string name_of(const sharpe::View& v, const std::string& figure_id) {
  const auto* f = find_figure(v, figure_id);
  return f && !f->figure().name().empty() ? f->figure().name() : figure_id;
}

std::string seat_name(const sharpe::View& v, const std::string& seat_id) {
  if (seat_id == "referee") return "the referee";
  for (const auto& s : v.seats()) {
    if (s.id() == seat_id && !s.name().empty()) return s.name();
  }
  return seat_id;
}

std::string group_text(const sharpe::View& v, const std::string& group_id) {
  const auto* g = find_group(v, group_id);
  if (!g) return group_id;
  std::string inside = g->hero().empty() ? "no hero" : name_of(v, g->hero());
  if (!g->seat().empty()) inside += ", " + seat_name(v, g->seat());
  return g->id() + " (" + inside + ")";
}

char group_letter(const sharpe::View& v, const std::string& group_id) {
  for (int i = 0; i < v.groups_size() && i < 26; ++i) {
    if (v.groups(i).id() == group_id) return static_cast<char>('A' + i);
  }
  return '?';
}

int seat_index(const sharpe::View& v, const std::string& group_id) {
  const auto* g = find_group(v, group_id);
  for (int i = 0; g && i < v.seats_size(); ++i) {
    if (v.seats(i).id() == g->seat()) return i;
  }
  return -1;
}

std::string state_text(const sharpe::FigureView& f) {
  switch (f.state()) {
    case sharpe::FIGURE_WOUNDED:
      return "wounded";
    case sharpe::FIGURE_DYING:
      return "dying " + std::to_string(f.dying_turns());
    case sharpe::FIGURE_KILLED:
      return "killed";
    case sharpe::FIGURE_LOST:
      return "lost";
    default:
      return "unhurt";
  }
}

std::string weapon_name(sharpe::WeaponKind kind) {
  switch (kind) {
    case sharpe::MUSKET:
      return "musket";
    case sharpe::RIFLE:
      return "rifle";
    case sharpe::PISTOL:
      return "pistol";
    case sharpe::THROWN:
      return "knife";
    case sharpe::SWORD:
      return "sword";
    case sharpe::BAYONET:
      return "bayonet";
    default:
      return "weapon";
  }
}

std::optional<sharpe::WeaponKind> weapon_kind(const std::string& word) {
  const std::string w = lower(word);
  if (w == "musket") return sharpe::MUSKET;
  if (w == "rifle") return sharpe::RIFLE;
  if (w == "pistol") return sharpe::PISTOL;
  if (w == "knife" || w == "hatchet" || w == "thrown") return sharpe::THROWN;
  if (w == "sword") return sharpe::SWORD;
  if (w == "bayonet") return sharpe::BAYONET;
  return std::nullopt;
}

bool firearm(sharpe::WeaponKind kind) {
  return kind == sharpe::MUSKET || kind == sharpe::RIFLE || kind == sharpe::PISTOL;
}

std::string gun_type(sharpe::GunType type) {
  return type == sharpe::GUN_8PDR ? "8-pdr" : type == sharpe::GUN_4PDR ? "4-pdr" : "gun";
}

v1::Point aim_vector(double degrees) {
  const words::Xy d = words::aim_vector(degrees);
  v1::Point p;
  p.set_x(d.x);
  p.set_y(d.y);
  return p;
}

double bearing_to(const v1::Point& from, const v1::Point& to) {
  return words::bearing_to(words::Xy{from.x(), from.y()}, words::Xy{to.x(), to.y()});
}

}  // namespace grognard::cli::sharpe_text

namespace grognard::cli {

std::string SharpeUi::seat_label(const std::string& seat_id,
                                 const google::protobuf::Any& view) const {
  if (seat_id == "referee") return "Referee";
  const sharpe::View v = sharpe_text::view_of(view);
  for (const auto& s : v.seats()) {
    if (s.id() == seat_id) return s.name();
  }
  return "";
}

}  // namespace grognard::cli
