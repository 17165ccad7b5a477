#include <cctype>

#include "client/codec.h"
#include "render/itchy_ui.h"

namespace grognard::cli::itchy_text {

itchy::View view_of(const google::protobuf::Any& any) {
  return client::unpack<itchy::View>(any).value_or(itchy::View());
}

char arrow(itchy::Facing facing) {
  switch (facing) {
    case itchy::NORTH:
      return '^';
    case itchy::EAST:
      return '>';
    case itchy::SOUTH:
      return 'v';
    case itchy::WEST:
      return '<';
    default:
      return ' ';
  }
}

std::string letter(itchy::Facing facing) {
  switch (facing) {
    case itchy::NORTH:
      return "N";
    case itchy::EAST:
      return "E";
    case itchy::SOUTH:
      return "S";
    case itchy::WEST:
      return "W";
    default:
      return "?";
  }
}

std::string pos(const itchy::Pos& p) {
  return "(" + std::to_string(p.x()) + "," + std::to_string(p.y()) + ")";
}

std::string side_name(const itchy::View& view, int side) {
  if (side >= 0 && side < view.sides_size() && !view.sides(side).name().empty())
    return view.sides(side).name();
  return "side " + std::to_string(side);
}

namespace {

bool same_id(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(a[i])) !=
        std::toupper(static_cast<unsigned char>(b[i])))
      return false;
  }
  return true;
}

}  // namespace

const itchy::UnitView* find_unit(const itchy::View& view, const std::string& id) {
  for (const auto& u : view.units()) {
    if (same_id(u.id(), id)) return &u;
  }
  return nullptr;
}

std::string type_abbrev(itchy::UnitType type) {
  switch (type) {
    case itchy::INFANTRY:
      return "INF";
    case itchy::DISMOUNTED_CAVALRY:
      return "DCAV";
    case itchy::MOUNTED_CAVALRY:
      return "MCAV";
    case itchy::MACHINE_GUN:
      return "MG";
    case itchy::ARTILLERY:
      return "ART";
    case itchy::HORSE_DRAWN_TRANSPORT:
      return "TRN";
    case itchy::GENERAL:
      return "GEN";
    default:
      return "?";
  }
}

}  // namespace grognard::cli::itchy_text

namespace grognard::cli {

std::string ItchyUi::seat_label(const std::string& seat_id,
                                const google::protobuf::Any& view) const {
  if (seat_id.rfind("side:", 0) != 0 || seat_id.size() == 5) return "";
  int side = 0;
  for (const char ch : seat_id.substr(5)) {
    if (!std::isdigit(static_cast<unsigned char>(ch)) || side > 1000) return "";
    side = side * 10 + (ch - '0');
  }
  const itchy::View v = itchy_text::view_of(view);
  if (side >= v.sides_size()) return "";
  return v.sides(side).name();
}

}  // namespace grognard::cli
