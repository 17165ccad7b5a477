// Previews and confirmations in the terminal client (docs/client.md, "Previews"), in the Sharpe's
// Mess village on the real server: the referee's scripted `rule move` that leaves a figure to be
// lost is refused with the warning unless it ends with "!"; then the drawn hero's player, in a
// real terminal (tmux), types `end`, sees the warning and "send it anyway? [y/N]": `n` sends
// nothing (the activation goes on), `y` sends it and the figure is lost (S2).
#include <catch2/catch.hpp>
#include <chrono>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <utility>

#include "run.h"
#include "server_process.h"
#include "tmux.h"

namespace grognard::clitest {

namespace {

bool shows(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

struct Leash {
  std::string seat;    // the group's player seat, as `join --as player/SEAT` names it
  std::string figure;  // a figure of the group, not the hero
  std::string name;    // as the client names it
  std::string spot;    // inside a house: beyond 10" of the hero and out of his sight
};

// For each group of the village, a figure and a place the referee may put it to be lost.
const std::map<std::string, Leash> kLeash = {
    {"sharpe", {"british", "harper", "Sergeant Harper", "24,13"}},
    {"lawford", {"british", "redcoat1", "Private Clayton", "24,13"}},
    {"vandal", {"french", "voltigeur1", "Sergent Lebrun", "19,31"}},
    {"marbot", {"french", "gunner1", "Canonnier Blanc", "19,31"}},
    {"teresa", {"partisans", "guerrillero1", "Agustina", "24,13"}},
};

// The group whose card is drawn, from the last line of the referee's `map`, whose turn it is
// ("Turn 1 — sharpe: throw functions").
std::string drawn_group(const std::string& map_output) {
  std::string last;
  std::istringstream in(map_output);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("Turn ", 0) == 0) last = line;
  }
  for (const auto& [group, leash] : kLeash) {
    if (shows(last, "\u2014 " + group + ": ")) return group;
  }
  return "";
}

// Waits until the screen shows `text` `times` times.
void wait_count(Tmux& tmux, const std::string& name, const std::string& text, int times) {
  for (int i = 0; i < 100; ++i) {
    const std::string s = tmux.screen(name);
    int n = 0;
    for (auto at = s.find(text); at != std::string::npos; at = s.find(text, at + 1)) ++n;
    if (n >= times) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  FAIL("the screen of " << name << " never showed \"" << text << "\" " << times << " times:\n"
                        << tmux.screen(name));
}

}  // namespace

TEST_CASE("ending an activation that loses a figure asks first: n sends nothing, y sends it",
          "[cli][tmux][preview][S2]") {
  if (!have_tmux()) return;
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000"});
  const Village village(server.url());
  const std::string& code = village.code;
  const TempDir& referee = village.referee;
  const Run map = grognard("play " + code, referee.path(), server.url(), "map\n");
  const std::string group = drawn_group(map.output);
  INFO(map.output);
  REQUIRE_FALSE(group.empty());
  const Leash& leash = kLeash.at(group);

  // A script cannot answer the question: the ruling is refused with the warning, unless "!".
  const std::string rule = "rule move " + leash.figure + " " + leash.spot + " wandered off";
  const Run refused = grognard("play " + code, referee.path(), server.url(), rule + "\n");
  INFO(refused.output);
  CHECK(refused.status == 1);
  CHECK(shows(refused.output, "not sent: " + leash.name + " would be beyond 10\""));
  CHECK(shows(refused.output, "end the line with ! to send it anyway"));
  const Run ruled = grognard("play " + code, referee.path(), server.url(), rule + " !\n");
  INFO(ruled.output);
  REQUIRE(ruled.status == 0);

  Tmux tmux;
  tmux.start("hero", grognard_command("play " + code, village.player(leash.seat), server.url()));
  tmux.wait_for("hero", "Last events:");
  tmux.type("hero", "throw");
  tmux.wait_for("hero", "ok: throw");

  tmux.type("hero", "end");
  std::string s = tmux.wait_for("hero", "send it anyway? [y/N]");
  CHECK(shows(s, "warning: ending now loses " + leash.name));
  tmux.type("hero", "n");
  tmux.wait_for("hero", "not sent: end");
  // Nothing was sent: the same group still acts.
  const Run still = grognard("play " + code, referee.path(), server.url(), "map\n");
  CHECK(drawn_group(still.output) == group);
  CHECK_FALSE(shows(still.output, "Lost (beyond 10\""));

  tmux.type("hero", "end");
  wait_count(tmux, "hero", "send it anyway? [y/N]", 2);  // asked again
  tmux.type("hero", "y");
  s = tmux.wait_for("hero", "Lost (beyond 10\" and out of the hero's sight): " + leash.name);
  tmux.type("hero", "quit");
}

}  // namespace grognard::clitest
