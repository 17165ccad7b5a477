#pragma once
// Commands a player or the referee gives and the events they produce (native form).
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/dice.h"
#include "rules/sharpe/state.h"

namespace grognard::sharpe {

using engine::Roll;

// --- Player commands ------------------------------------------------------------------------

struct ThrowFunctions {};  // S1: D6 + base value, on the drawn hero's card
// §Functions: straight segments through `waypoints`; `crawl` crawls (S11).
struct Move {
  FigureId figure;
  std::vector<Point> waypoints;
  bool crawl = false;
};
struct StandUp {
  FigureId figure;
};
struct Aim {  // S8
  FigureId figure;
};
struct Load {  // S8: spends functions towards loading `weapon`
  FigureId figure;
  std::size_t weapon = 0;
  // How many of the figure's functions go into loading (at most what the load still needs);
  // unset: every function it has, up to that (S8).
  std::optional<int> functions;
};
struct Fire {  // S7; a thrown weapon is thrown (S8)
  FigureId figure;
  std::size_t weapon = 0;
  FigureId target;
};
struct Fight {  // S5: a pair in contact fights when either is activated
  FigureId figure;
  FigureId enemy;
};
struct NameHero {  // S3
  std::string group;
  FigureId figure;
};
struct EndActivation {};
// S9, S24: a crew member in base contact with the gun serves it.
struct LoadGun {  // gives what he can towards the 16 functions of a reload
  FigureId figure;
  std::string gun;
};
struct FireCanister {  // the gun is aimed as part of firing
  FigureId figure;
  std::string gun;
  engine::Degrees aim;
};
struct FireBall {  // one enemy figure up to 100"
  FigureId figure;
  std::string gun;
  FigureId target;
};
// S10, S25: the group's standing order for a scatter: toward cover, or directly away.
struct SetScatter {
  std::string group;
  bool toward_cover = false;
};
using PlayerCommand = std::variant<ThrowFunctions, Move, StandUp, Aim, Load, Fire, Fight, NameHero,
                                   EndActivation, LoadGun, FireCanister, FireBall, SetScatter>;

// --- Referee commands (S12) -----------------------------------------------------------------

struct AddEventCard {  // one at a time in the hero deck, from the next shuffle
  Card card;
};
struct BuildBadDeck {  // shuffled now with numbered throws
  std::vector<EventCard> cards;
};
struct SetBriefing {
  std::string seat;
  std::string text;
  bool replace = false;  // S12: else added after the briefing the player has
};
enum class RulingKind : std::uint8_t {
  kMove,
  kWound,
  kHeal,
  kRemove,
  kAdd,
  kPause,
  kResume,
  kEndGame
};
struct Ruling {
  RulingKind kind = RulingKind::kPause;
  FigureId figure;       // kMove, kWound, kHeal, kRemove, kAdd
  Point to;              // kMove
  ScenarioFigure added;  // kAdd
  std::string group;     // kAdd
  std::string result;    // kEndGame
  std::string reason;    // always
};
using RefereeCommand = std::variant<AddEventCard, BuildBadDeck, SetBriefing, Ruling>;

using Command = std::variant<ThrowFunctions, Move, StandUp, Aim, Load, Fire, Fight, NameHero,
                             EndActivation, AddEventCard, BuildBadDeck, SetBriefing, Ruling,
                             LoadGun, FireCanister, FireBall, SetScatter>;

// The figure a command is for; null for the commands of a seat (throw, end, rulings, …).
inline const FigureId* figure_of(const Command& c) {
  return std::visit(
      [](const auto& x) -> const FigureId* {
        if constexpr (requires { x.figure; }) {
          return &x.figure;
        } else {
          return nullptr;
        }
      },
      c);
}

// --- Events -------------------------------------------------------------------------------

// One modifier of a throw (engine/dice.h), named as the rule text names it.
using engine::Modifier;

struct DeckShuffled {  // S1: the order is state, never shown
  int turn = 0;
  std::vector<Roll> rolls;
  std::vector<Card> order;
};
struct CardDrawn {
  Card card;
};
struct BadCardDrawn {
  EventCard card;
};
struct FunctionsThrown {
  std::string group;
  Roll roll;
  int base = 0;
  int functions = 0;  // after any card
  std::optional<EventCard> card;
};
struct FigureMoved {
  FigureId figure;
  std::vector<Point> path;  // points reached, in order (the last is where it stands)
  int functions = 0;
  bool crawl = false;
  std::optional<FigureId> contact;  // S5: stopped in base contact
};
struct FunctionsSpent {  // stand up, aim, load
  FigureId figure;
  Action action = Action::kFire;
  int functions = 0;
  std::optional<std::size_t> weapon;  // load
  bool loaded = false;                // load complete
};
struct Fired {
  FigureId figure;
  std::size_t weapon = 0;
  FigureId target;
  double range = 0;
  Roll roll;
  int modifiers = 0;
  int total = 0;
  bool hit = false;
  bool malfunction = false;
  int functions = 0;
  std::vector<Modifier> parts;  // the modifiers one by one (they sum to `modifiers`)
};
struct FigureHurt {  // the Hit Table (S4)
  FigureId figure;
  std::optional<Roll> roll;  // fire; none for hand to hand (the difference is read)
  HitResult result = HitResult::kNoEffect;
  std::optional<Roll> dying_roll;
  FigureState after = FigureState::kUnhurt;
};
struct MeleeFought {  // S5
  FigureId a, b;
  Roll roll_a, roll_b;
  int total_a = 0, total_b = 0;
  std::optional<FigureId> loser;
  std::vector<Modifier> parts_a, parts_b;  // each side's modifiers one by one
};
struct MoraleTested {  // S6, S9, S10
  std::string group;
  Roll roll;
  bool passed = true;
  std::string cause;
};
struct FigureRan {  // S6 run away, S10 scatter
  FigureId figure;
  std::vector<Roll> rolls;
  Point to;
};
// Scattered.cause of S6's scatter for two rounds of hand to hand lost in a turn ("morale" for
// a failed test, S6, S9, S10).
inline constexpr const char* kTwoLostRounds = "two lost rounds";
struct Scattered {  // S6, S10: every figure of the group runs 3D6", the hero last
  std::string group;
  std::string cause;
  bool toward_cover = false;  // S25: the group's order, when the table has cover
};
struct ScatterOrderSet {  // S25: seen by the group's player and the referee
  std::string group;
  std::string seat;
  bool toward_cover = false;
};
struct FiguresLost {  // S2
  std::vector<FigureId> figures;
};
struct HeroNamed {
  std::string group;
  FigureId figure;
};
struct ActivationEnded {
  std::string group;
};
struct TurnEnded {  // S4: the dying countdown
  int turn = 0;
  std::vector<FigureId> died;
};
struct CardAdded {
  Card card;
};
struct BadDeckBuilt {
  std::vector<Roll> rolls;
  std::vector<EventCard> order;
};
struct BriefingSet {
  std::string seat;
  std::string text;
};
struct Ruled {  // S12: every ruling is an event with the referee's reason
  Ruling ruling;
  std::optional<Roll> dying_roll;  // kWound of a wounded figure
};
struct GameEnded {
  std::string result;
  std::string reason;
};

// S9: artillery. Hits are then read on the Hit Table (FigureHurt) as for fire.
struct GunLoading {
  FigureId figure;
  std::string gun;
  int functions = 0;  // the crew member's functions spent (doubled if wounded)
  int amount = 0;     // towards the 16
  bool loaded = false;
};
struct CanisterThrow {  // one figure inside the cone
  FigureId figure;
  std::size_t band = 0;
  int to_hit = 0;
  Roll roll;
  bool hit = false;
};
struct CanisterFired {
  FigureId figure;  // the crew member who fires
  std::string gun;
  engine::Degrees aim;
  int functions = 0;
  std::vector<CanisterThrow> throws;
};
struct BallFired {
  FigureId figure;
  std::string gun;
  FigureId target;
  engine::Degrees aim;
  double range = 0;
  Roll roll;
  bool hit = false;
  int functions = 0;
};

using Event = std::variant<DeckShuffled, CardDrawn, BadCardDrawn, FunctionsThrown, FigureMoved,
                           FunctionsSpent, Fired, FigureHurt, MeleeFought, MoraleTested, FigureRan,
                           Scattered, FiguresLost, HeroNamed, ActivationEnded, TurnEnded, CardAdded,
                           BadDeckBuilt, BriefingSet, Ruled, GameEnded, GunLoading, CanisterFired,
                           BallFired, ScatterOrderSet>;

}  // namespace grognard::sharpe
