#pragma once
// The golden replay of "The railway at Kamenka" (golden_railway_test.cpp describes the file), in
// parts: the scripted game (golden_railway_script.cpp: every command and every die face chosen so
// that the facts happen), what the game must show (golden_railway_facts.cpp), and the file
// written and replayed (golden_railway_test.cpp).

#include <google/protobuf/message.h>

#include <string>
#include <vector>

#include "engine/ruleset.h"
#include "rules/rcw/command.h"
#include "rules/rcw/state.h"

namespace rcw_golden {

using namespace grognard;       // NOLINT: test code reads like the rules
using namespace grognard::rcw;  // NOLINT

// One step of the script: "begin", or a command (grognard.v1.rcw.Command in text format) from
// `seat`, with the die faces it throws, in order.
struct Step {
  std::string seat;  // "side:0", "side:1"; empty for begin
  std::string command;
  std::vector<int> faces;
};

// The whole game, from begin to the end of turn 8.
std::vector<Step> script();

// The script played through the wire rule set from `scenario_text`: the state before the first
// event and every event, in order. REQUIREs every step to be accepted and to throw exactly its
// faces.
struct Played {
  State initial;
  std::vector<Event> events;
};
Played play(const std::string& scenario_text);

// A message in protobuf text format, on one line.
std::string one_line(const google::protobuf::Message& m);

// The native state behind the wire rule set's GameState.
const State& native(const engine::GameState& gs);

// Every fact the golden game is there to show, refolding `events` from `initial` (the state
// loaded from the scenario); empty when all are in it.
std::vector<std::string> missing_facts(const State& initial, const std::vector<Event>& events);

}  // namespace rcw_golden
