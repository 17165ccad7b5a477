#pragma once
// Stable clause ids for Sharpe's Mess errors and tests (docs/rules/sharpe.md lists each with
// the text or ruling it comes from). Never rename one that has landed.
namespace grognard::sharpe::clause {
// §Sequence of events, S1
inline constexpr const char* kNotStarted = "sharpe.turn.not-started";
inline constexpr const char* kGameOver = "sharpe.turn.game-over";
inline constexpr const char* kNotYourCard = "sharpe.cards.not-your-card";
inline constexpr const char* kThrowFirst = "sharpe.functions.throw-first";
inline constexpr const char* kThrown = "sharpe.functions.thrown";
inline constexpr const char* kPaused = "sharpe.referee.paused";               // S12
inline constexpr const char* kOneAtATime = "sharpe.functions.one-at-a-time";  // S1
// §Functions
inline constexpr const char* kFunctions = "sharpe.functions.cost";
inline constexpr const char* kUnknownFigure = "sharpe.figure.unknown";
inline constexpr const char* kNotActive = "sharpe.figure.not-active";  // not the drawn group
inline constexpr const char* kOffTable = "sharpe.figure.off-table";    // killed or lost
// Movement, S2, S8, S11, S14, S27
inline constexpr const char* kMovePath = "sharpe.move.path";
inline constexpr const char* kWall = "sharpe.move.wall";                   // S14
inline constexpr const char* kProne = "sharpe.move.prone";                 // S11
inline constexpr const char* kHeroDistance = "sharpe.move.hero-distance";  // S2
inline constexpr const char* kStandUp = "sharpe.move.stand-up";
inline constexpr const char* kNoDistance = "sharpe.move.no-distance";  // S8, S11
// Fire, S7, S8, S14
inline constexpr const char* kWeapon = "sharpe.fire.weapon";
inline constexpr const char* kUnloaded = "sharpe.fire.unloaded";          // S8
inline constexpr const char* kOutOfAction = "sharpe.fire.out-of-action";  // S7
inline constexpr const char* kTarget = "sharpe.fire.target";
inline constexpr const char* kRange = "sharpe.fire.range";
inline constexpr const char* kLineOfSight = "sharpe.fire.line-of-sight";
inline constexpr const char* kLoad = "sharpe.fire.load";  // S8
inline constexpr const char* kAim = "sharpe.fire.aim";    // S8
// Artillery, S9, S24
inline constexpr const char* kGun = "sharpe.artillery.gun";
inline constexpr const char* kCone = "sharpe.artillery.cone";  // canister membership (no error)
inline constexpr const char* kCrew = "sharpe.artillery.crew";
inline constexpr const char* kGunUnloaded = "sharpe.artillery.unloaded";
inline constexpr const char* kGunLoad = "sharpe.artillery.load";
inline constexpr const char* kGunTarget = "sharpe.artillery.target";
inline constexpr const char* kBallRange = "sharpe.artillery.range";
inline constexpr const char* kGunSight = "sharpe.artillery.line-of-sight";
// Hand to hand, S5, S6
inline constexpr const char* kContact = "sharpe.melee.contact";
inline constexpr const char* kFoughtPair = "sharpe.melee.once-per-activation";
inline constexpr const char* kMustFight = "sharpe.melee.must-fight";  // S5
// Morale, S10, S25
inline constexpr const char* kScatterOrder = "sharpe.morale.scatter-order";
// Heroes, S3
inline constexpr const char* kNameHero = "sharpe.hero.replace";
// Referee, S12
inline constexpr const char* kRefereeOnly = "sharpe.referee.only";
inline constexpr const char* kOneEventCard = "sharpe.referee.one-event-card";
inline constexpr const char* kRuling = "sharpe.referee.ruling";
inline constexpr const char* kBriefing = "sharpe.referee.briefing";
// Scenario validation
inline constexpr const char* kScenario = "sharpe.scenario";
}  // namespace grognard::sharpe::clause
