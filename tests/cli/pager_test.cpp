// The pager of the interactive client (long output a page at a time, lines wrapped to the
// terminal, never cut) and `help COMMAND` for each rule set's commands and the client's own.
#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>

#include "play/pager.h"
#include "play/play_line.h"

namespace grognard::cli {

namespace {

std::vector<std::string> numbered(int n) {
  std::vector<std::string> out;
  for (int i = 1; i <= n; ++i) out.push_back("line " + std::to_string(i));
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// The words of `text`, in order.
std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

TEST_CASE("the pager shows the first page, then the rest a page at a time", "[cli][pager]") {
  Pager p;
  p.open("> help", numbered(45));
  auto f = p.frame(24, 80);
  REQUIRE(f.size() == 23);  // the prompt's line stays free
  CHECK(f.front() == "> help: lines 1-21 of 45");
  CHECK(f[1] == "line 1");
  CHECK(f[21] == "line 21");
  CHECK(f.back() == "-- more (24 lines): Enter/Space next page, PgUp/PgDn scroll, q back --");

  p.next_page();
  f = p.frame(24, 80);
  CHECK(f.front() == "> help: lines 22-42 of 45");
  CHECK(f[1] == "line 22");
  p.next_page();  // the last page: what is left
  f = p.frame(24, 80);
  CHECK(f.front() == "> help: lines 43-45 of 45");
  CHECK(f[1] == "line 43");
  CHECK(f[3] == "line 45");
  CHECK(f[4].empty());
  CHECK(f.size() == 23);
  CHECK(f.back() == "-- end: Enter or q back to the game, PgUp scroll back --");
  p.page_down();  // stays on the last page
  CHECK(p.frame(24, 80).front() == "> help: lines 43-45 of 45");
  p.page_up();
  CHECK(p.frame(24, 80).front() == "> help: lines 22-42 of 45");
  p.page_up();
  p.page_up();
  CHECK(p.frame(24, 80).front() == "> help: lines 1-21 of 45");
  CHECK(p.is_open());
  p.page_down();
  p.page_down();
  p.next_page();  // Enter on the last page: back to the game
  CHECK_FALSE(p.is_open());
}

TEST_CASE("the pager can start lines before the end, and fits any terminal", "[cli][pager]") {
  Pager p;
  p.open("log", numbered(100), 30);
  CHECK(p.frame(24, 120).front() == "log: lines 71-91 of 100");
  p.open("log", numbered(100), 30);  // fewer lines than a page: the last page
  CHECK(p.frame(40, 120).front() == "log: lines 64-100 of 100");
  p.open("log", numbered(100), 0);  // 0: the last page
  CHECK(p.frame(60, 200).front() == "log: lines 44-100 of 100");
  p.open("log", numbered(5), 0);
  auto f = p.frame(24, 80);
  CHECK(f.front() == "log: lines 1-5 of 5");
  CHECK(f.size() == 23);
  CHECK(f.back().rfind("-- end", 0) == 0);
  p.open("tiny", numbered(3));
  CHECK(p.frame(2, 80).size() == 3);  // at least one line of text
}

TEST_CASE("long lines are wrapped at spaces, indented under their second column, never cut",
          "[cli][pager]") {
  const std::string help =
      "fire FIG [WEAPON] [at] TARGET fire or throw a weapon (number from 1 or kind); default the "
      "first loaded firearm (a knife only when named)  e.g. fire sharpe at voltigeur2";
  const std::string padded =
      "legal [UNIT]                  what you (or UNIT) may do now, from "
      "the server  e.g. legal B1";
  for (const std::size_t cols : {40u, 80u, 120u}) {
    for (const auto& line : {help, padded}) {
      const auto pieces = wrap_line(line, cols);
      for (const auto& piece : pieces) CHECK(display_width(piece) <= cols);
      CHECK(words_of(joined(pieces)) == words_of(line));
    }
  }
  const auto p = wrap_line(padded, 60);
  REQUIRE(p.size() == 2);
  CHECK(p[1] == std::string(30, ' ') + "from the server  e.g. legal B1");  // under the meaning
  CHECK(wrap_line("short", 80) == std::vector<std::string>{"short"});
  // Characters, not bytes: 30 inches signs and degrees fit 30 columns.
  std::string marks;
  for (int i = 0; i < 15; ++i) marks += "½°";
  CHECK(display_width(marks) == 30);
  CHECK(wrap_line(marks, 30).size() == 1);
  CHECK(display_width("\033[1mbold\033[0m") == 4);
}

TEST_CASE("help COMMAND shows each form of one command with an example", "[cli][help]") {
  const RulesetUi* sharpe = ui_for("sharpe");
  const RulesetUi* itchy = ui_for("itchy");
  const RulesetUi* rcw = ui_for("rcw");
  CHECK(help_for(sharpe, "fire") ==
        std::vector<std::string>{"fire FIG [WEAPON] [at] TARGET",
                                 "  fire or throw a weapon (number from 1 or kind); default the "
                                 "first loaded firearm (a knife only when named)",
                                 "  example: fire sharpe at voltigeur2"});
  CHECK(joined(help_for(sharpe, "RESUME")).find("pause REASON... / resume") != std::string::npos);
  CHECK(joined(help_for(sharpe, "rule")).find("rule add GROUP") != std::string::npos);
  CHECK(joined(help_for(sharpe, "rule")).find("rule wound|heal") != std::string::npos);
  CHECK(help_for(itchy, "second").front() == "first | second");
  CHECK(help_for(itchy, "move").back() == "  example: move B1 N N face E");
  const auto shoot = joined(help_for(rcw, "shoot"));
  CHECK(shoot.find("shoot TARGET [via OBSERVER]") != std::string::npos);
  CHECK(shoot.find("shoot CAR=TARGET") != std::string::npos);
  CHECK(shoot.find("X,Y: inches") != std::string::npos);  // the rule set's note on arguments
  // The client's own commands, with any rule set or none.
  CHECK(help_for(nullptr, "log").front() == "log [LINES]");
  CHECK(help_for(itchy, "legal").back() == "  example: legal B1");
  CHECK(help_for(sharpe, "?").front() == "help [COMMAND]");
  CHECK(help_for(itchy, "exit").front() == "quit | exit");
  CHECK(help_for(itchy, "charge") ==
        std::vector<std::string>{"no command \"charge\"; help lists them all"});
}

TEST_CASE("help lists every command of the client and the rule set", "[cli][help]") {
  const RulesetUi* sharpe = ui_for("sharpe");
  const auto lines = help_lines(sharpe);
  const std::string all = joined(lines);
  for (const auto& h : client_help()) CHECK(all.find(h.syntax) != std::string::npos);
  for (const auto& h : sharpe->help()) CHECK(all.find(h.syntax) != std::string::npos);
  CHECK(lines.front().rfind("help [COMMAND]", 0) == 0);
  CHECK(lines.back() == "help COMMAND shows one command with an example.");
  CHECK(lines.size() > 8);  // more than the message area holds: the pager shows it
}

TEST_CASE("help, log and their arguments are read", "[cli][help]") {
  GameState st;
  auto a = interpret("help Move", nullptr, st);
  CHECK(a.kind == Action::kHelp);
  CHECK(a.text == "Move");
  CHECK(interpret("help", nullptr, st).text.empty());
  CHECK(interpret("help a b", nullptr, st).kind == Action::kError);
  a = interpret("log 50", nullptr, st);
  CHECK(a.kind == Action::kLog);
  CHECK(a.lines == 50);
  CHECK(interpret("log", nullptr, st).lines == 0);
  CHECK(interpret("log many", nullptr, st).text == "usage: log [LINES]");
  const auto after_help = completions("help ", ui_for("itchy"), st);
  CHECK(std::find(after_help.begin(), after_help.end(), "attack") != after_help.end());
  CHECK(std::find(after_help.begin(), after_help.end(), "log") != after_help.end());
}

}  // namespace grognard::cli
