#pragma once
// The state of a Sharpe's Mess game: the fold of its events over its scenario.
#include <optional>
#include <string>
#include <vector>

#include "engine/find.h"
#include "engine/plane.h"
#include "engine/sight.h"
#include "engine/strong.h"
#include "rules/sharpe/types.h"

namespace grognard::sharpe {

using engine::Point;
using FigureId = engine::UnitId;

inline constexpr const char* kRefereeSeat = "referee";

// One weapon a figure carries, with the marks of §Fire Combat and S7/S8.
struct Weapon {
  WeaponKind kind = WeaponKind::kMusket;
  bool loaded = true;          // S8: weapons start loaded
  bool out_of_action = false;  // S7: a bare 1; or thrown away (S21)
  int load_spent = 0;          // S8: functions spent so far towards loading
};

struct Qualities {
  bool officer = false;
  bool elite = false;  // elite or NCO
  bool mounted = false;
};

// --- Scenario (rule-set native form) --------------------------------------------------------

struct ScenarioFigure {
  FigureId id;
  std::string name;
  Point pos;
  std::vector<Weapon> weapons;  // none: unarmed (−1 in hand to hand)
  Qualities qualities;
};

// A hero, his base function value and his attached figures (the hero is figures[hero]).
struct ScenarioGroup {
  std::string id;
  std::string seat;  // the player seat owning the group
  int base = 0;      // S1: 0–3
  std::size_t hero = 0;
  std::vector<ScenarioFigure> figures;
};

struct Seat {
  std::string id;  // "player:anna"
  std::string name;
  std::string briefing;  // S12: seen only by this player and the referee
};

// S14: a building is its walls (doors and windows as openings) and its floor area. Its walls are
// crossed only at the openings (S27).
struct Building {
  std::string name;
  engine::Polygon floor;
  std::vector<engine::Wall> walls;
};

struct Gun {
  std::string id;
  GunType type = GunType::k4pdr;
  Point pos;
  engine::Degrees aim;
  std::string group;  // the group whose figures crew it
  // S9 (and S24: a gun starts loaded, like S8's weapons).
  bool loaded = true;
  int load_spent = 0;             // functions gathered towards the 16 of a reload
  std::vector<FigureId> loaders;  // the crew who gave to this reload (at most four)
};

struct Scenario {
  std::string name;
  std::string description;
  double width = 72.0, height = 48.0;  // the table, inches
  std::vector<Seat> seats;
  std::vector<ScenarioGroup> groups;
  std::vector<Building> buildings;
  std::vector<engine::Wall> walls;     // free-standing walls: may be climbed (S27)
  std::vector<engine::Polygon> cover;  // S14: cover areas
  std::vector<Gun> guns;
  double base_diameter = kBaseDiameter;  // S5
};

// --- Cards (S1, S12) -------------------------------------------------------------------------

// §Sequence of events: what a referee's card does (S12 catalogue).
enum class CardEffect : std::uint8_t {
  kLoseHalf,        // the next hero loses half the functions thrown, rounded down
  kGainFunctions,   // gains `amount`
  kTrip,            // the hero trips and falls prone
  kMisfire,         // the hero's first loaded firearm is out of action
  kReinforcements,  // the referee places reinforcements: the game pauses for him
  kRefereeDecides,  // the game pauses for a ruling
};

struct EventCard {
  std::string name;
  CardEffect effect = CardEffect::kLoseHalf;
  int amount = 0;
};

enum class CardKind : std::uint8_t { kHero, kEvent, kDrawBad };

struct Card {
  CardKind kind = CardKind::kHero;
  std::string group;  // kHero
  EventCard event;    // kEvent
};

// --- State ----------------------------------------------------------------------------------

struct Figure {
  FigureId id;
  std::string name;
  std::size_t group = 0;
  Point pos;
  std::vector<Weapon> weapons;
  Qualities qualities;
  FigureState state = FigureState::kUnhurt;
  int dying_turns = 0;  // S4: turns left, the current one counting
  bool prone = false;   // S11
  // This activation / this turn:
  int functions = 0;             // S1: left this activation
  bool aimed = false;            // S8: counts only in the same activation
  bool charged = false;          // S5: moved into contact this activation
  bool moved = false;            // S8, S11: spent movement functions this turn
  int melee_rounds = 0;          // S5: rounds fought this turn
  std::vector<FigureId> fought;  // S5: pairs fought this activation
  int gun_load = 0;              // S9: functions given to loading a gun this activation
  bool done = false;             // S1: finished; another figure of the group has begun

  bool on_table() const { return state != FigureState::kKilled && state != FigureState::kLost; }
  bool hurt() const { return state == FigureState::kWounded || state == FigureState::kDying; }
};

struct Group {
  std::string id;
  std::string seat;
  int base = 0;
  std::optional<std::size_t> hero;  // figure index; unset after the hero is killed (S3)
  int start_figures = 0;            // S10
  int hits = 0;                     // S10: this turn
  bool morale_tested = false;       // S10: once a turn
  int melee_losses = 0;             // S6: this turn
  bool scattered = false;           // S6: this turn, for two lost rounds (no other scatter)
  bool scatter_to_cover = false;    // S25: the player's standing order for a scatter (S10)
};

enum class Phase : std::uint8_t {
  kNotStarted,  // waiting for begin()
  kThrow,       // the drawn hero's player throws his functions (S1)
  kActivation,  // the active group spends functions
  kOver,
};

struct State {
  std::string scenario_name;
  double width = 0, height = 0;
  double base_diameter = kBaseDiameter;
  std::vector<Seat> seats;
  std::vector<Group> groups;
  std::vector<Figure> figures;
  std::vector<Building> buildings;
  std::vector<engine::Wall> walls;
  std::vector<engine::Polygon> cover;
  std::vector<Gun> guns;

  int turn = 0;
  Phase phase = Phase::kNotStarted;
  bool paused = false;  // S12: only the referee acts
  std::string pause_reason;
  std::vector<Card> deck;  // undrawn, top first: never shown (S1)
  std::vector<Card> drawn;
  std::vector<EventCard> bad_deck;    // S12: undrawn, top first
  std::vector<Card> extra_cards;      // S12: the referee's card for the next shuffle
  bool draw_bad = false;              // S12: the next hero draws from the bad deck
  std::optional<EventCard> pending;   // S12: applies to the next hero's activation
  std::optional<std::size_t> active;  // the active group
  std::optional<std::size_t> acting;  // S1: the figure of the active group acting now
  std::string result;                 // when over
  std::string end_reason;

  const Figure* find(const FigureId& id) const { return engine::find_by_id(figures, id); }
  Figure* find(const FigureId& id) { return engine::find_by_id(figures, id); }
  std::optional<std::size_t> index_of(const FigureId& id) const {
    return engine::index_by_id(figures, id);
  }
  std::optional<std::size_t> group_index(const std::string& id) const {
    return engine::index_by_id(groups, id);
  }
  const Gun* gun(const std::string& id) const { return engine::find_by_id(guns, id); }
  Gun* gun(const std::string& id) { return engine::find_by_id(guns, id); }
  // Every wall of the table: buildings' and free-standing.
  std::vector<engine::Wall> all_walls() const;
};

}  // namespace grognard::sharpe
