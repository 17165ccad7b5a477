// `help` and `help COMMAND`: the client's own commands and the rule set's, from the same
// entries (RulesetUi::help() for the rule set's).
#include <cctype>

#include "play/play_line.h"
#include "play/view_line.h"

namespace grognard::cli {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The command words an entry's syntax names: its first word, and each word after a lone "|"
// or "/" ("first | second", "pause REASON... / resume REASON...").
bool names(const HelpEntry& h, const std::string& command) {
  const auto w = split_words(h.syntax);
  for (std::size_t i = 0; i < w.size(); ++i) {
    const bool starts = i == 0 || w[i - 1] == "|" || w[i - 1] == "/";
    if (starts && lower(w[i]) == command) return true;
  }
  return false;
}

std::vector<HelpEntry> all_help(const RulesetUi* ui) {
  auto out = client_help();
  for (auto& h : view_help()) out.push_back(std::move(h));
  if (ui) {
    for (auto& h : ui->help()) out.push_back(std::move(h));
  }
  return out;
}

}  // namespace

std::vector<HelpEntry> client_help() {
  return {
      {"help [COMMAND]", "the commands; with COMMAND, that one with an example", "help move"},
      {"? COMMAND... | preview COMMAND...",
       "what COMMAND would do, asked of the server and not sent: its cost, where it ends, "
       "warnings, its events (or how many dice it would throw: their outcome is not told); "
       "`end` and the referee's `rule add`/`rule move` are previewed before they are sent and "
       "asked about when the server warns (a lone ! at the end sends them at once)",
       "? move perkins 9,38"},
      {"legal [UNIT]", "what you (or UNIT) may do now, from the server", "legal B1"},
      {"log [LINES]",
       "the game so far (events with their dice, chat, errors, notes), LINES back from the end "
       "(default a screenful); PgUp/PgDn also page through it",
       "log 100"},
      {"measure A B",
       "the distance from A to B (unit or figure ids, or points x,y), which range band of each "
       "of A's weapons it falls in, line of sight and B's cover; from the server, and only "
       "between things you can see",
       "measure B1 4,3"},
      {"los FIG TARGET", "line of sight from FIG to TARGET: clear or blocked by what, and cover",
       "los B1 R2"},
      {"say TEXT", "talk to the room", "say good luck"},
      {"say-side TEXT", "talk to your own side only", "say-side hold"},
      {"say-to SEAT TEXT",
       "talk to one seat only (and the referee); the referee's way to speak to one player",
       "say-to french The bridge is out"},
      {"undo",
       "take back your last command: at once when it threw no dice, revealed nothing and "
       "nothing came after it; else the other side (in a refereed game, the referee) is asked "
       "to agree. Dice thrown stay thrown: a command given again throws the next ones",
       "undo"},
      {"accept | refuse", "answer the take-back the other side asks of you", "accept"},
      {"claim [SEAT]",
       "the win on time over a seat whose clock has run out (without SEAT: the first one out "
       "of time): the game ends. Another general or player claims; where there is a referee, "
       "only the referee",
       "claim Boers"},
      {"grant SEAT HOURS",
       "give SEAT more time, added to what it has left: hours (12 or 12h, at most 336), days "
       "(2d) or minutes (30m, for live clocks); a seat out of time gets it whole and may move "
       "again",
       "grant Boers 12"},
      {"pending",
       "what waits on someone: play paused and why, cards for the next shuffle, the card "
       "waiting for the next hero, briefings maybe unread (the referee's desk)",
       "pending"},
      {"map", "draw the screen again", "map"},
      {"wait [SECONDS]", "(scripts) wait until it is your turn", "wait 30"},
      {"quit | exit", "leave (your seat stays yours: grognard play ROOM resumes it)", "quit"},
  };
}

std::vector<std::string> help_lines(const RulesetUi* ui) {
  std::vector<std::string> out;
  for (const auto& h : all_help(ui)) {
    std::string l = h.syntax;
    l += std::string(l.size() < 29 ? 30 - l.size() : 2, ' ') + h.meaning;
    if (!h.example.empty()) l += "  e.g. " + h.example;
    out.push_back(l);
  }
  out.push_back("help COMMAND shows one command with an example.");
  return out;
}

std::vector<std::string> help_for(const RulesetUi* ui, const std::string& command) {
  const std::string c = lower(command);
  std::vector<std::string> out, notes;
  for (const auto& h : all_help(ui)) {
    if (h.syntax.empty()) {
      notes.push_back(h.meaning);
    } else if (names(h, c) || (c == "?" && names(h, "help"))) {  // `?` alone is help
      out.push_back(h.syntax);
      out.push_back("  " + h.meaning);
      if (!h.example.empty()) out.push_back("  example: " + h.example);
    }
  }
  if (out.empty()) return {"no command \"" + command + "\"; help lists them all"};
  for (auto& n : notes) out.push_back(std::move(n));
  return out;
}

}  // namespace grognard::cli
