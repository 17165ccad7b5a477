#pragma once
// The golden replay of the village (golden_test.cpp, which describes the file and the game), in
// parts: the game played from the fixed seed (golden_play.cpp: the scripted referee and the
// recording dice; golden_players.cpp: the random players), what the game must show
// (golden_facts.cpp), and the file written and replayed (golden_test.cpp).

#include <google/protobuf/message.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../../support/random_choice.h"
#include "engine/ruleset.h"
#include "rules/sharpe/rules.h"

namespace sharpe_golden {

using namespace grognard;          // NOLINT: test code reads like the rules
using namespace grognard::sharpe;  // NOLINT

constexpr int kTurns = 5;  // the referee ends the game once five turns have been played

// The referee's cards and briefing.
inline const EventCard kStumble{"Tripped in the dark: lose half the functions thrown",
                                CardEffect::kLoseHalf, 0};
inline const std::vector<EventCard> kBadCards{
    {"Fresh cartridges from a dead man's pouch", CardEffect::kGainFunctions, 2},
    {"Lost in the powder smoke", CardEffect::kLoseHalf, 0},
    {"A rider with orders from Wellington", CardEffect::kRefereeDecides, 0}};
inline const std::string kBriefingSeat = "player:partisans";
inline const std::string kBriefing =
    "New word from the junta: the French have paid in gold. Let the British reach the church, "
    "then fall on whoever holds the gun.";
// The briefing as the player reads it once the referee's words are given: added after the
// scenario's (S12).
inline bool has_golden_briefing(const std::string& text) {
  return text.size() > kBriefing.size() && text.ends_with("\n\n" + kBriefing);
}

// A played game: its commands (seat, command) and events, in order.
struct Played {
  std::vector<std::pair<std::string, Command>> commands;
  std::vector<Event> events;
};

// The golden game as played from the fixed seed, with what the file records of it.
struct Generated {
  Played played;
  std::vector<int> faces;                           // every die face the game threw, in order
  std::vector<engine::Bytes> begun;                 // the events of the first shuffle and draw
  std::vector<std::vector<engine::Bytes>> decided;  // the events of each of played.commands
  std::string hash;                                 // SharpeRuleset::hash after the last event
};

// --- golden_play.cpp --------------------------------------------------------------------------

// Plays the golden game through the wire rule set, from the first shuffle to the referee's end
// of the game: the referee's scripted commands first, else the random players' (S1, S12).
Generated play_golden(const std::string& scenario_text);

// A message in protobuf text format, on one line.
std::string one_line(const google::protobuf::Message& m);

const State& native(const engine::GameState& gs);

// What a figure command is given for; none for the throw, the end, naming a hero and the
// referee's commands.
std::optional<FigureId> actor_of(const Command& c);

// Whether decide() accepts the command; dice do not matter to that (legal.cpp).
bool accepted(const State& s, const std::string& seat, const Command& c);

inline double distance_between(Point a, Point b) {
  return engine::distance(a, b).get();
}

// --- golden_players.cpp: random legal choices, one figure at a time (S1) ----------------------

class Players {
 public:
  explicit Players(std::uint64_t seed) : ch_{seed} {}

  Command next(const State& s, const std::string& seat);

 private:
  Command pick_named(const std::vector<Command>& cmds);
  void plan(const State& s);
  std::optional<Command> move(const State& s, const std::string& seat, const Figure& f);
  std::optional<Command> choose(const State& s, const std::string& seat, const Figure& f,
                                const std::vector<Command>& own);

  test_support::Chooser ch_;
  bool planned_ = false;
  std::vector<FigureId> order_;
  std::size_t pos_ = 0;
  int acted_ = 0;
  int moved_ = 0;
};

// --- golden_facts.cpp -------------------------------------------------------------------------

// Every fact the golden game is there to show; empty when all are in it.
std::vector<std::string> missing_facts(const Played& g);

// S1: within an activation each figure finishes all its actions before the next begins. Returns
// the first command that breaks it (index into `commands`), if any.
std::optional<std::size_t> interleaved(const Played& g);

}  // namespace sharpe_golden
