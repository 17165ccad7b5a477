#pragma once
// Scripted play: the lines of a file or of standard input run one after another, as typed in
// interactive play (`move B1 N N`, `legal`, `say hi`, …) plus `wait [SECONDS]`, which waits
// until this seat is to act or the game is over. Blank lines and lines starting with # are
// skipped. Output is one line per event, result and error: readable text, or JSON objects
// with --json (see commands/json_out.h). Pushed events are printed as they come, before each line
// and after each command (up to its last event).
//
// Exit status: 0 every line succeeded; 1 a line failed (a refused command, a bad line, a wait
// that timed out) — the script stops there unless keep_going; 2 the connection was lost for
// good.

#include <istream>

#include "commands/game_link.h"

namespace grognard::cli {

struct ScriptOptions {
  bool json = false;
  bool keep_going = false;
  bool echo = true;  // text mode: print each line before running it
};

int run_script(Link& link, std::istream& in, const ScriptOptions& options);

}  // namespace grognard::cli
