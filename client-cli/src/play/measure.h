#pragma once
// `measure A B` and `los A B` (docs/client.md): the server measures between two things this
// seat (or observer) can see, unit or figure ids or points; the client names them as the view
// spells them, completes them, and prints the answer on one line.

#include <string>
#include <vector>

#include "commands/game_link.h"
#include "render/ruleset_ui.h"

namespace grognard::cli {

// The ids `measure` and `los` complete: the ids the rule set completes after `legal` (the
// seat's own units, or all of them) and after `assault` (the enemies in sight), once each.
std::vector<std::string> measure_ids(const RulesetUi* ui, const GameState& state);
// `word` as the view spells it when it names one of measure_ids in any case; else as typed (a
// point, or a name the server will answer for).
std::string measure_name(const std::string& word, const RulesetUi* ui, const GameState& state);
// One line: "perkins → voltigeur-3: 17.6", clear line of sight, no cover; rifle: in range
// (reaches 40")". With `los`, sight and cover first: "perkins → voltigeur-3: clear line of
// sight, no cover; 17.6"".
std::string measure_line(const std::string& from, const std::string& to, const v1::Measurement& m,
                         bool los);

}  // namespace grognard::cli
