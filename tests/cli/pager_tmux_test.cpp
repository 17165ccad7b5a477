// Long output in a real terminal (tmux, 80x24): `help` in a Sharpe's Mess game shows its first
// page and the rest after paging, `help COMMAND` one command, and `log` with PgUp scrolls back
// to the game's first event.
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <thread>

#include "run.h"
#include "server_process.h"
#include "tmux.h"

namespace grognard::clitest {

namespace {

bool shows(const std::string& screen, const std::string& text) {
  return screen.find(text) != std::string::npos;
}

// Presses `key` until the screen shows `text` (at most `times`); the screen then.
std::string press_until(Tmux& tmux, const std::string& name, const std::string& key,
                        const std::string& text, int times) {
  for (int i = 0; i < times; ++i) {
    const std::string before = tmux.screen(name);
    if (shows(before, text)) return before;
    tmux.key(name, key);
    for (int w = 0; w < 50 && tmux.screen(name) == before; ++w)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return tmux.wait_for(name, text, 1);
}

// `q`: the pager closes, the game is on the screen again.
void back_to_game(Tmux& tmux, const std::string& name) {
  tmux.type(name, "q");
  tmux.wait_for(name, "Last events:");
}

}  // namespace

TEST_CASE("help, help COMMAND and log page through long output at 80x24", "[cli][tmux][pager]") {
  if (!have_tmux()) return;
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000"});
  const Village village(server.url());
  const std::string& code = village.code;
  const TempDir& referee = village.referee;
  std::string chat;
  for (int i = 1; i <= 30; ++i) chat += "say note " + std::to_string(i) + "\n";
  REQUIRE(grognard("play " + code, referee.path(), server.url(), chat).status == 0);

  Tmux tmux;
  tmux.start("referee", grognard_command("play " + code, referee.path(), server.url()), 80, 24);
  tmux.wait_for("referee", "Last events:");

  // `help`: the first page (the client's commands first), not the end.
  tmux.type("referee", "help");
  std::string s = tmux.wait_for("referee", "> help: lines 1-21 of ");
  CHECK(shows(s, "help [COMMAND]"));
  CHECK(shows(s, "-- more ("));
  CHECK_FALSE(shows(s, "help COMMAND shows one command with an example."));
  // Space, then Enter, to the last page: the referee's commands at the end.
  tmux.key("referee", "Space");
  s = tmux.wait_for("referee", "> help: lines 22-");
  s = press_until(tmux, "referee", "Enter", "-- end:", 4);
  CHECK(shows(s, "endgame RESULT [--] REASON..."));
  CHECK(shows(s, "help COMMAND shows one command with an example."));
  back_to_game(tmux, "referee");

  // `help COMMAND`: the syntax, what it does, an example.
  tmux.type("referee", "help rule");
  s = tmux.wait_for("referee", "example: rule move hagman 8,40 he slipped");
  CHECK(shows(s, "rule add GROUP ID"));
  back_to_game(tmux, "referee");

  // PgUp opens the log at its end and goes back a page at a time, to the first event.
  tmux.key("referee", "PageUp");
  s = tmux.wait_for("referee", "log: lines ");
  CHECK(shows(s, "example: rule move hagman"));  // the end: the last answer
  s = press_until(tmux, "referee", "PageUp", "log: lines 1-21 of ", 10);
  CHECK(shows(s, "#1 "));
  CHECK_FALSE(shows(s, "note 30"));
  tmux.key("referee", "PageDown");
  tmux.wait_for("referee", "log: lines 22-42 of ");
  back_to_game(tmux, "referee");

  // `log N` starts N lines before the end.
  tmux.type("referee", "log 25");
  s = tmux.wait_for("referee", "-- more (4 lines)");
  CHECK(shows(s, "example: rule move hagman"));
  tmux.type("referee", "q");
  tmux.type("referee", "quit");
}

}  // namespace grognard::clitest
