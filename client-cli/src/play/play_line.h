#pragma once
// What a typed line means while playing or watching, shared by interactive and scripted
// play. The client's own words come first (help, legal, log, say, say-side, measure, los,
// pending, map, wait, quit); any other first word goes to the rule set (ui->parse).

#include <string>
#include <vector>

#include <google/protobuf/any.pb.h>

#include "commands/game_link.h"
#include "render/ruleset_ui.h"

namespace grognard::cli {

struct Action {
  enum Kind {
    kNothing,
    kHelp,
    kLegal,
    kLog,
    kCommand,
    kChat,
    kMap,
    kWait,
    kQuit,
    kError,
    kMeasure,
    kPreview,
    kTakeBack,  // `undo`
    kAnswer,    // `accept` / `refuse` a take-back asked of this seat
    kPending,   // what waits on someone (RulesetUi::pending; the referee's desk)
    kClaim,     // `claim [SEAT]`: the win on time (play/clock_line.h)
    kGrant      // `grant SEAT HOURS`: more time for a seat
  };
  Kind kind = kNothing;
  std::string unit;               // kLegal: "" for all units; kMeasure: A
  std::string target;             // kMeasure: B
  bool los = false;               // kMeasure: `los A B` (sight first)
  bool accept = false;            // kAnswer
  google::protobuf::Any command;  // kCommand, kPreview
  // kCommand: preview it first and ask before sending when the server warns (the rule set's
  // RulesetUi::confirm_first, unless the line ends with a lone "!").
  bool confirm = false;
  std::string text;       // kChat: the message; kError: why; kHelp: the command or ""
  std::size_t lines = 0;  // kLog: how many lines back (0: a screenful)
  std::string to;         // kChat: "" the room, else a seat id
  double seconds = 0;     // kWait: how long at most
  std::string seat;       // kClaim ("" the first seat out of time), kGrant: a seat id
  std::uint32_t hours = 0, minutes = 0;  // kGrant
};

// The seat `word` names: its id ("player:french", "side:1"), its label in any case ("French"),
// or a player seat's name after "player:"; empty when none does.
std::string seat_named(const GameState& state, const std::string& word);
// A line the client refuses (Action::kError), saying why.
Action error_action(const std::string& why);
// The client's own command words (completed like the rule set's).
std::vector<std::string> client_words();
std::vector<std::string> split_words(const std::string& line);
Action interpret(const std::string& line, const RulesetUi* ui, const GameState& state);
// The client's own commands, as the rule sets give theirs.
std::vector<HelpEntry> client_help();
// `help`: the client's commands, then the rule set's, each with an example.
std::vector<std::string> help_lines(const RulesetUi* ui);
// `help COMMAND`: each form of the command with what it does and an example (the rule set's
// notes on its arguments after them), or why there is none.
std::vector<std::string> help_for(const RulesetUi* ui, const std::string& command);
// Candidates for the word being typed after `line_before` (the text left of it).
std::vector<std::string> completions(const std::string& line_before, const RulesetUi* ui,
                                     const GameState& state);

}  // namespace grognard::cli
