#pragma once
// Sharpe's Mess: figure states, weapons, qualities, the costs table, the Hit Table, fire dice
// and the canister table. Rule text: rules/sharpes-mess-combat-rules.txt; rulings S1–S14 and
// ours (S15…) in docs/rules/sharpe.md.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/plane.h"

namespace grognard::sharpe {

using engine::Inches;

// S4: unhurt, wounded, dying (with turns left), killed; S2: lost. Prone is a separate mark (S11).
enum class FigureState : std::uint8_t { kUnhurt, kWounded, kDying, kKilled, kLost };

// §Fire Combat ranges table and the hand-to-hand modifiers list.
enum class WeaponKind : std::uint8_t { kMusket, kRifle, kPistol, kThrown, kSword, kBayonet };

// §Functions: the costs table.
enum class Action : std::uint8_t {
  kMove2In,     // move two inches: 1
  kCrawl1In,    // crawl one inch: 2
  kThrow,       // throw weapon (knife or hatchet): 2
  kLoadCannon,  // 16, shared by up to four crew (S9)
  kStandUp,     // 2
  kFire,        // 1
  kAim,         // 3
  kLoadMusket,  // load musket or pistol: 4
  kLoadRifle,   // 6
  kClimb,       // climb wall or into window: 2
  kEnterDoor,   // enter building or door: 2
};

// §Hit Table, S5: what a D6 (fire) or a difference (hand to hand) does.
enum class HitResult : std::uint8_t { kNoEffect, kWounded, kDying, kKilled };

enum class GunType : std::uint8_t { k4pdr, k8pdr };

std::string_view to_string(FigureState s);
std::string_view to_string(WeaponKind w);
std::string_view to_string(HitResult r);

// §Functions: the table's cost; "wounded figures will double all the above" (S4: once).
int base_cost(Action a);
int cost(Action a, bool wounded);

// §Hit Table (S5: a difference of 5 or more kills).
HitResult hit_table(int value);

// §Fire Combat ranges: the firearms and thrown weapons (S8: thrown fight as pistols to 5").
bool is_missile(WeaponKind w);
bool is_firearm(WeaponKind w);
Inches max_range(WeaponKind w);
// S7: the D20 face after doubling (rifle) or halving rounding up (pistol, thrown).
int scaled_face(WeaponKind w, int face);
// §Functions: the load action for a firearm (none for blades and thrown weapons).
std::optional<Action> load_action(WeaponKind w);

// §Artillery Fire, S9: the canister bands of a gun; the d6 to-hit number by band.
std::vector<engine::CanisterBand> canister_bands(GunType g);
int canister_to_hit(std::size_t band);
inline constexpr double kBallRange = 100.0;  // S9: ball, one target up to 100"

// §Sequence of events, S2: attached figures stay within 10" of the hero.
inline constexpr double kHeroReach = 10.0;
// S5: bases are 1" across unless the scenario says otherwise.
inline constexpr double kBaseDiameter = 1.0;
// S14: "within 1 inch behind a wall" counts as cover.
inline constexpr double kBehindWall = 1.0;
// S25: how far into cover a figure scattering toward it goes, when its throw reaches.
inline constexpr double kIntoCover = 0.5;

}  // namespace grognard::sharpe
