#pragma once
// Commands a general gives and the events they produce (native form).
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/dice.h"
#include "rules/rcw/state.h"

namespace grognard::rcw {

using engine::Roll;

// --- Commands ------------------------------------------------------------------------------

// R19: place (or place again) one of the side's units inside one of its zones.
struct Deploy {
  UnitId unit;
  Point pos;
  Degrees facing;
};
struct ConfirmDeployment {};  // R19: every unit placed; the side is done

// §4, R5: activate a unit, declaring its two actions in order. Rally and Limber are carried out
// at once when they come up (they choose nothing); Move, Shoot and Close Assault wait for the
// general's command, because targets are chosen when an action is carried out (R14).
struct Activate {
  UnitId unit;
  ActionKind first = ActionKind::kMove;
  ActionKind second = ActionKind::kMove;
};
// §4a, R15: the current action is a Move: straight legs through `waypoints`, then `facing`. A
// pure pivot has no waypoints. A train moves along its line instead: `rail_at` is where its
// first car's centre will stand (R13), and `waypoints` must be empty.
struct MoveOrder {
  std::vector<Point> waypoints;
  Degrees facing;
  std::optional<double> rail_at;
};
// R13: one car of a train and its target.
struct CarShot {
  UnitId car;
  UnitId target;
};
// §4b, §10, R11: the current action is a Shoot at `target` (a unit, or a train car), traced from
// `observer` (a FAO for artillery, an HQ for a mortar) when one is named. A train names a target
// per car in `cars` instead (R13: one Shoot fires every car; a car may hold its fire).
struct ShootOrder {
  UnitId target;
  std::optional<UnitId> observer;
  std::vector<CarShot> cars;
};
// §11, R8: the current action is a Close Assault on `target` (a unit or a train car).
struct AssaultOrder {
  UnitId target;
};
struct SkipAction {};  // the general forgoes the current action
// R48: a concealed unit's Limber (or Rally) waits for this order to be carried out.
struct CarryOut {};
struct EndTurn {};  // R14: the rest of the side's units pass
struct Concede {};  // R14

using Command = std::variant<Deploy, ConfirmDeployment, Activate, MoveOrder, ShootOrder,
                             AssaultOrder, SkipAction, EndTurn, Concede, CarryOut>;

// --- Events ---------------------------------------------------------------------------------

// One modifier of a throw (engine/dice.h), named as the rule text names it.
using engine::Modifier;

struct DeploymentBegan {};  // R19
struct UnitDeployed {       // R19: seen by its own side only
  UnitId unit;
  Point pos;
  Degrees facing;
};
struct DeploymentConfirmed {
  int side = 0;
};
struct DeploymentEnded {};  // R19; UnitsRevealed follows for the units in the open

// R10, R17, R19: units that the enemy now sees, whole as they stand; for good.
struct UnitsRevealed {
  std::vector<Unit> units;
  std::string cause;  // "deployed in the open", "moved", "fired", "an enemy came within 3in"
};

struct TurnBegan {  // R14
  int turn = 0;
  int side = 0;
};
struct Activated {  // §4, R5
  UnitId unit;
  ActionKind first = ActionKind::kMove;
  ActionKind second = ActionKind::kMove;
};
struct CommandThrown {  // §5, R5, R16
  UnitId unit;
  std::optional<UnitId> hq;  // the nearest friendly HQ; none left: every Move throws
  double hq_distance = 0;
  Roll roll;
  std::vector<Modifier> parts;
  int total = 0;
  bool passed = false;
  // R47: false when the unit did not have to throw (within 12" of its HQ, or an HQ or FAO): a
  // concealed unit throws all the same, so that its hidden turn looks the same wherever it is.
  bool counted = true;
  // R20, R53: as the enemy and observers read it while the game runs: `unit` and `passed` alone
  // (redact() sets it; no stored event has it).
  bool outcome_only = false;
};
struct ActionSkipped {  // an action not carried out, and why
  UnitId unit;
  int index = 0;  // 0 or 1
  ActionKind action = ActionKind::kMove;
  std::string reason;  // "command throw failed", "pinned", "forgone"
};
struct Rallied {  // §7, R6
  UnitId unit;    // the unit, or for a train each pinned car in turn (R23: one throw per car)
  Roll roll;
  std::vector<Modifier> parts;
  int total = 0;
  bool success = false;
  // R20, R53: as the enemy and observers read it while the game runs: `unit` and `success`
  // alone (redact() sets it; no stored event has it).
  bool outcome_only = false;
};
struct Limbered {  // §4c, R9
  UnitId unit;
  bool limbered = false;  // limbered / packed after the action
};
struct Moved {  // §4a, R12, R13, R15, R17
  UnitId unit;
  std::vector<Point> path;  // points reached, in order (the last is where it stands)
  Degrees facing;
  double cost = 0;  // inches of allowance spent (R12: cavalry pays double in rough going)
  std::optional<double> rail_at;     // a train
  std::optional<UnitId> stopped_by;  // R17: a hidden enemy came within 3"
  bool dug_in_lost = false;          // R22: a dug-in unit that leaves its place is no longer dug in
};
// One save throw for one hit (§6, R7).
struct Save {
  Roll roll;
  std::vector<Modifier> parts;
  int total = 0;
  bool saved = false;
};
struct Shot {     // §6, §10, R7, R11
  UnitId firer;   // the unit, or for a train the car that fires
  UnitId target;  // a unit or a train car
  std::optional<UnitId> observer;
  double range = 0;
  Cover cover = Cover::kOpen;
  int needed = 4;  // to hit
  std::vector<Roll> dice;
  int hits = 0;
  std::vector<Save> saves;
  bool full_effect = true;  // R7: false when armour turns a failed save into a pin
  Outcome outcome = Outcome::kNoEffect;
  // R13: a train's Shoot fires car after car, one Shot each; every Shot but the last of the
  // action says false, so that folding the events knows where the action ends.
  bool ends_action = true;
};
struct AssaultMoved {  // R4, §11: straight at the target until the footprints touch
  UnitId attacker;
  UnitId defender;
  Point from, to;
};
// One side's throw in a round of close assault (R8).
struct AssaultThrow {
  std::vector<Roll> dice;
  int needed = 4;
  std::vector<Modifier> parts;  // "pinned", "assaulted in flank or rear"
  int hits = 0;
  std::vector<Save> saves;               // the other side's saves against these hits
  bool full_effect = true;               // R8: false when armour turns a failed save into a pin
  Outcome outcome = Outcome::kNoEffect;  // what these hits did to the other side
};
struct AssaultRound {  // §11, R8
  UnitId attacker;
  UnitId defender;
  int round = 1;
  AssaultThrow by_attacker;
  AssaultThrow by_defender;
};
enum class AssaultEnd : std::uint8_t {
  kDefenderDestroyed,  // the attacker occupies its place, even if pinned
  kAttackerDestroyed,  // both may be
  kBothDestroyed,
  kFellBack,    // the attacker was pinned: 3" directly away
  kRoundLimit,  // R21
};
struct AssaultEnded {
  UnitId attacker;
  UnitId defender;
  AssaultEnd end = AssaultEnd::kFellBack;
  Point attacker_to;  // where the attacker stands (unless destroyed)
};
struct ActivationEnded {
  UnitId unit;
};
struct TurnEnded {  // R14
  int turn = 0;
  int side = 0;
};
struct GameEnded {  // R14
  std::optional<int> winner;
  std::string result;
  std::string reason;
  int points[kSides] = {0, 0};
};
struct Conceded {
  int side = 0;
};

using Event = std::variant<DeploymentBegan, UnitDeployed, DeploymentConfirmed, DeploymentEnded,
                           UnitsRevealed, TurnBegan, Activated, CommandThrown, ActionSkipped,
                           Rallied, Limbered, Moved, Shot, AssaultMoved, AssaultRound, AssaultEnded,
                           ActivationEnded, TurnEnded, GameEnded, Conceded>;

std::string_view to_string(AssaultEnd e);

}  // namespace grognard::rcw
