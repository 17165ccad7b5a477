#pragma once
// Stable clause ids for Itchy & Scratchy errors and tests (docs/rules/itchy.md lists each
// with the text or ruling it comes from). Never rename one that has landed.

namespace grognard::itchy::clause {

// §Turn Sequence, I16
inline constexpr const char* kNotStarted = "itchy.turn.not-started";
inline constexpr const char* kGameOver = "itchy.turn.game-over";
inline constexpr const char* kNotYourTurn = "itchy.turn.sequence";           // other side acts
inline constexpr const char* kChooseOrder = "itchy.turn.initiative-choice";  // I16
// I8: activation
inline constexpr const char* kActivatedOnce = "itchy.activation.once";  // each unit once a turn
inline constexpr const char* kMoveOnce = "itchy.move.once";  // one move, before any attack
inline constexpr const char* kNoMoveAfterAttack = "itchy.activation.move-then-attack";
inline constexpr const char* kUnknownUnit = "itchy.unit.unknown";
inline constexpr const char* kNotYourUnit = "itchy.unit.not-yours";
inline constexpr const char* kRemoved = "itchy.unit.removed";
// §Movement, I1, I9–I11
inline constexpr const char* kOffGrid = "itchy.move.on-grid";
inline constexpr const char* kAllowance = "itchy.move.allowance";
inline constexpr const char* kEnemyArea = "itchy.move.enemy-area";                 // I11
inline constexpr const char* kStacking = "itchy.move.stacking";                    // I11
inline constexpr const char* kStopAdjacent = "itchy.move.stop-adjacent-to-enemy";  // I9
inline constexpr const char* kFaceEnemy = "itchy.move.face-enemy";                 // I9
inline constexpr const char* kWithdrawal = "itchy.move.withdrawal";  // I10: end farther away
inline constexpr const char* kWithdrawalFront = "itchy.move.withdrawal-front";   // I10
inline constexpr const char* kExhaustedAdvance = "itchy.exhaustion.no-advance";  // I15
// §Combat, I2, I7, I8, I12
inline constexpr const char* kNoWeapon = "itchy.combat.no-weapon";  // Generals, transport (I7)
inline constexpr const char* kAttackOnce = "itchy.combat.once";
inline constexpr const char* kMovedTooFar = "itchy.combat.reduced-move";            // I8
inline constexpr const char* kExhaustedAttack = "itchy.exhaustion.attack-no-move";  // I15
inline constexpr const char* kTarget = "itchy.combat.target";  // an enemy in the target area
inline constexpr const char* kRange = "itchy.combat.range";
inline constexpr const char* kArc = "itchy.combat.arc";                    // I2
inline constexpr const char* kLineOfSight = "itchy.combat.line-of-sight";  // I12
inline constexpr const char* kOutOfCover = "itchy.combat.out-of-cover";    // I12
// Scenario validation
inline constexpr const char* kScenario = "itchy.scenario";

}  // namespace grognard::itchy::clause
