#pragma once
// Stable clause ids for RCW errors and tests (docs/rules/rcw.md lists each with the text or
// ruling it comes from). Never rename one that has landed.
namespace grognard::rcw::clause {
// The scenario (R14, R19, R13): new_game() refuses it
inline constexpr const char* kScenario = "rcw.scenario";
// Turn and game (§3, R14)
inline constexpr const char* kNotStarted = "rcw.turn.not-started";
inline constexpr const char* kGameOver = "rcw.turn.game-over";
inline constexpr const char* kNotYourTurn = "rcw.turn.not-your-turn";
inline constexpr const char* kSeat = "rcw.turn.seat";                       // not a general's seat
inline constexpr const char* kActivationOpen = "rcw.turn.activation-open";  // finish it first
inline constexpr const char* kNoActivation = "rcw.turn.no-activation";
// Deployment (R19)
inline constexpr const char* kDeployPhase = "rcw.deploy.phase";
inline constexpr const char* kDeployUnit = "rcw.deploy.unit";            // not yours, or fixed
inline constexpr const char* kDeployZone = "rcw.deploy.zone";            // outside your zones
inline constexpr const char* kDeployOverlap = "rcw.deploy.overlap";      // on another unit
inline constexpr const char* kDeployUnplaced = "rcw.deploy.unplaced";    // confirm: units left
inline constexpr const char* kDeployConfirmed = "rcw.deploy.confirmed";  // already confirmed
// Units and activation (§3, §4, R5)
inline constexpr const char* kUnknownUnit = "rcw.unit.unknown";
inline constexpr const char* kNotYours = "rcw.unit.not-yours";
inline constexpr const char* kDestroyed = "rcw.unit.destroyed";
inline constexpr const char* kActivated = "rcw.activation.once";         // §3: once a turn
inline constexpr const char* kCannotDo = "rcw.actions.cannot";           // §1: not this type
inline constexpr const char* kOneAssault = "rcw.actions.one-assault";    // R5
inline constexpr const char* kWrongAction = "rcw.actions.wrong-action";  // not the current one
inline constexpr const char* kLimberedMove = "rcw.actions.limbered";     // §4a/§4b, R9
// Command (§5, R5, R16)
inline constexpr const char* kCommand = "rcw.command.throw";
// Pins and rally (§7, R6)
inline constexpr const char* kPinned = "rcw.pin.pinned";
inline constexpr const char* kRallyFirst = "rcw.pin.rally-first";
inline constexpr const char* kNotPinned = "rcw.pin.not-pinned";
// Movement and terrain (§4a, §12, R12, R13, R15, R17)
inline constexpr const char* kMovePath = "rcw.move.path";
inline constexpr const char* kMoveAllowance = "rcw.move.allowance";
inline constexpr const char* kMoveTerrain = "rcw.move.terrain";  // R12: forbidden entry
inline constexpr const char* kMoveTable = "rcw.move.off-table";
inline constexpr const char* kMoveThrough = "rcw.move.through-enemy";
inline constexpr const char* kMoveOverlap = "rcw.move.overlap";
inline constexpr const char* kRails = "rcw.move.rails";  // R13
// Fire (§6, §10, R7, R11)
inline constexpr const char* kShootTarget = "rcw.fire.target";
inline constexpr const char* kShootRange = "rcw.fire.range";
inline constexpr const char* kShootArc = "rcw.fire.arc";              // R3, R11
inline constexpr const char* kLineOfFire = "rcw.fire.line-of-fire";   // §10, R11
inline constexpr const char* kObserver = "rcw.fire.observer";         // §10, R11
inline constexpr const char* kDeployedToShoot = "rcw.fire.deployed";  // §4b, R9
inline constexpr const char* kConcealed = "rcw.conceal.hidden";       // §9, R10
inline constexpr const char* kUnspotted = "rcw.conceal.unspotted";    // §9, R19, R49
// Close assault (§11, R4, R8)
inline constexpr const char* kAssaultWho = "rcw.assault.who";
inline constexpr const char* kAssaultReach = "rcw.assault.reach";
inline constexpr const char* kAssaultFront = "rcw.assault.front";
inline constexpr const char* kAssaultTarget = "rcw.assault.target";
// Limber (§4c, §12, R9)
inline constexpr const char* kLimberVillage = "rcw.limber.village";  // §12: no guns deployed
}  // namespace grognard::rcw::clause
