// The tables of the rule text as functions.
#include "rules/sharpe/types.h"

namespace grognard::sharpe {

std::string_view to_string(FigureState s) {
  switch (s) {
    case FigureState::kUnhurt:
      return "unhurt";
    case FigureState::kWounded:
      return "wounded";
    case FigureState::kDying:
      return "dying";
    case FigureState::kKilled:
      return "killed";
    case FigureState::kLost:
      return "lost";
  }
  return "?";
}

std::string_view to_string(WeaponKind w) {
  switch (w) {
    case WeaponKind::kMusket:
      return "musket";
    case WeaponKind::kRifle:
      return "rifle";
    case WeaponKind::kPistol:
      return "pistol";
    case WeaponKind::kThrown:
      return "thrown weapon";
    case WeaponKind::kSword:
      return "sword";
    case WeaponKind::kBayonet:
      return "bayonet";
  }
  return "?";
}

std::string_view to_string(HitResult r) {
  switch (r) {
    case HitResult::kNoEffect:
      return "no effect";
    case HitResult::kWounded:
      return "wounded";
    case HitResult::kDying:
      return "dying";
    case HitResult::kKilled:
      return "killed";
  }
  return "?";
}

int base_cost(Action a) {
  switch (a) {
    case Action::kMove2In:
      return 1;
    case Action::kCrawl1In:
      return 2;
    case Action::kThrow:
      return 2;
    case Action::kLoadCannon:
      return 16;
    case Action::kStandUp:
      return 2;
    case Action::kFire:
      return 1;
    case Action::kAim:
      return 3;
    case Action::kLoadMusket:
      return 4;
    case Action::kLoadRifle:
      return 6;
    case Action::kClimb:
      return 2;
    case Action::kEnterDoor:
      return 2;
  }
  return 0;
}

int cost(Action a, bool wounded) {
  return wounded ? 2 * base_cost(a) : base_cost(a);  // S4: doubled once
}

HitResult hit_table(int value) {
  if (value <= 1) return HitResult::kNoEffect;
  if (value <= 3) return HitResult::kWounded;
  if (value == 4) return HitResult::kDying;
  return HitResult::kKilled;
}

bool is_missile(WeaponKind w) {
  return w != WeaponKind::kSword && w != WeaponKind::kBayonet;
}

bool is_firearm(WeaponKind w) {
  return w == WeaponKind::kMusket || w == WeaponKind::kRifle || w == WeaponKind::kPistol;
}

Inches max_range(WeaponKind w) {
  switch (w) {
    case WeaponKind::kMusket:
      return Inches{20.0};
    case WeaponKind::kRifle:
      return Inches{40.0};
    case WeaponKind::kPistol:
      return Inches{10.0};
    case WeaponKind::kThrown:
      return Inches{5.0};  // S8
    default:
      return Inches{0.0};
  }
}

int scaled_face(WeaponKind w, int face) {
  if (w == WeaponKind::kRifle) return 2 * face;                                     // 2xD20
  if (w == WeaponKind::kPistol || w == WeaponKind::kThrown) return (face + 1) / 2;  // S7: up
  return face;
}

std::optional<Action> load_action(WeaponKind w) {
  if (w == WeaponKind::kMusket || w == WeaponKind::kPistol) return Action::kLoadMusket;
  if (w == WeaponKind::kRifle) return Action::kLoadRifle;
  return std::nullopt;
}

std::vector<engine::CanisterBand> canister_bands(GunType g) {
  const double max[] = {4, 8, 12, 16, 20, 24, 30};
  const double w4[] = {1, 2, 4, 8, 10, 10, 12};
  const double w8[] = {2, 4, 8, 12, 12, 14, 16};
  std::vector<engine::CanisterBand> out;
  for (std::size_t i = 0; i < 7; ++i) {
    out.push_back({Inches{max[i]}, Inches{g == GunType::k4pdr ? w4[i] : w8[i]}});
  }
  return out;
}

int canister_to_hit(std::size_t band) {
  const int to_hit[] = {5, 5, 4, 3, 2, 1, 1};
  return band < 7 ? to_hit[band] : 0;
}

}  // namespace grognard::sharpe
