// Two `grognard play` clients in tmux against the real server: the screens show the map
// changing, the opponent's move arriving live, and an illegal move with its rule.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cctype>
#include <chrono>
#include <thread>

#include "run.h"
#include "server_process.h"
#include "tmux.h"

namespace grognard::clitest {

namespace {

std::string unit(int side, int n) {
  return (side == 0 ? "B" : "R") + std::to_string(n);
}
std::string forward(int side) {
  return side == 0 ? "N" : "S";
}
// The map's rows (the lines that start with a row number).
std::string map_rows(const std::string& screen) {
  std::string out;
  std::size_t start = 0;
  while (start < screen.size()) {
    const auto end = screen.find('\n', start);
    const std::string line = screen.substr(start, end - start);
    if (line.size() > 3 && line[0] == ' ' && std::isdigit(static_cast<unsigned char>(line[1])))
      out += line.substr(0, 44) + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

}  // namespace

TEST_CASE("two clients play several turns in tmux", "[cli][tmux]") {
  if (!have_tmux()) return;
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000"});
  Pair p = start_pair(server.url());
  const int w = p.winner, l = 1 - w;
  const std::string name[2] = {"british", "boers"};
  Tmux tmux;
  for (int side = 0; side < 2; ++side)
    tmux.start(name[side], grognard_command("play " + p.code, p.dir(side), p.server));

  const std::string before = map_rows(tmux.wait_for(name[w], "YOUR TURN"));
  tmux.wait_for(name[l], "Skirmish at Kopje Farm");
  tmux.type(name[w], "first");
  tmux.wait_for(name[w], "ok: first");
  tmux.type(name[w], "move " + unit(w, 1) + " " + forward(w));
  const std::string moved = unit(w, 1) + " moves to";
  const std::string after = map_rows(tmux.wait_for(name[w], moved));
  CHECK(before != after);         // the map changed
  tmux.wait_for(name[l], moved);  // the opponent sees it live

  // An illegal move shows its rule; the map stays as it was.
  const std::string f = forward(w);
  tmux.type(name[w], "move " + unit(w, 2) + " " + f + " " + f + " " + f + " " + f + " " + f);
  tmux.wait_for(name[w], "(rule itchy.move.allowance)");
  CHECK(map_rows(tmux.screen(name[w])) == after);
  tmux.type(name[l], "end");
  tmux.wait_for(name[l], "Not your turn");

  tmux.type(name[w], "end");
  tmux.wait_for(name[l], "YOUR TURN");
  tmux.type(name[l], "move " + unit(l, 2) + " " + forward(l));
  tmux.wait_for(name[w], unit(l, 2) + " moves to");
  tmux.type(name[l], "end");

  // Turns 2 and 3: whoever wins the initiative goes first, both end their side turns.
  for (int turn = 2; turn <= 3; ++turn) {
    const std::string opened = "Turn " + std::to_string(turn) + " initiative:";
    const std::string s0 = tmux.wait_for(name[0], opened);
    const int chooser = s0.find("YOUR TURN") != std::string::npos ? 0 : 1;
    tmux.wait_for(name[chooser], "YOUR TURN");
    tmux.type(name[chooser], "first");
    tmux.wait_for(name[1 - chooser], "choose to go first");
    tmux.type(name[chooser], "end");
    tmux.wait_for(name[1 - chooser], "YOUR TURN");
    tmux.type(name[1 - chooser], "end");
  }
  tmux.wait_for(name[0], "Turn 4 initiative:");
  tmux.wait_for(name[1], "Turn 4 initiative:");
  tmux.type(name[0], "quit");
  tmux.type(name[1], "quit");
}

TEST_CASE("an observer watches in tmux and sees the move appear", "[cli][tmux][watch]") {
  if (!have_tmux()) return;
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000"});
  Pair p = start_pair(server.url());
  const int w = p.winner;
  TempDir observer;
  Tmux tmux;
  tmux.start("watcher", grognard_command("watch " + p.code, observer.path(), p.server));
  tmux.wait_for("watcher", "you: observer");
  tmux.wait_for("watcher", "watching>");
  REQUIRE(
      p.run(w, "play " + p.code, "first\nmove " + unit(w, 1) + " " + forward(w) + "\n").status ==
      0);
  const std::string side = w == 0 ? "British" : "Boers";
  tmux.wait_for("watcher", side + ": " + unit(w, 1) + " moves to");
  tmux.type("watcher", "end");
  tmux.wait_for("watcher", "Not permitted");  // observers give no commands
  tmux.type("watcher", "quit");
}

TEST_CASE("an observer who comes in mid-game sees what happened before, under his name",
          "[cli][tmux][watch]") {
  if (!have_tmux()) return;
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000"});
  Pair p = start_pair(server.url());
  const int w = p.winner;
  REQUIRE(
      p.run(w, "play " + p.code, "first\nmove " + unit(w, 1) + " " + forward(w) + "\n").status ==
      0);
  TempDir observer;
  Tmux tmux;
  tmux.start("late",
             grognard_command("watch " + p.code + " --name Wellington", observer.path(), p.server));
  const std::string side = w == 0 ? "British" : "Boers";
  tmux.wait_for("late", side + ": " + unit(w, 1) + " moves to");  // before he came
  tmux.type("late", "say good luck");
  tmux.wait_for("late", "(Wellington) to all] good luck");
  tmux.type("late", "quit");
}

TEST_CASE("a client the operator kicks says why and does not come back", "[cli][tmux][admin]") {
  if (!have_tmux()) return;
  const std::string token = "tmux-admin-token-0123456789";
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000", "--admin-token", token});
  Pair p = start_pair(server.url());
  Tmux tmux;
  // The client's exit status shows once it ends.
  tmux.start("british", "sh -c " + quote(grognard_command("play " + p.code, p.dir(0), p.server) +
                                         "; echo \"grognard exited with $?\"; sleep 60"));
  tmux.wait_for("british", "Skirmish at Kopje Farm");

  TempDir op;
  const std::string admin = "admin --token " + token + " ";
  const Run listed = grognard("--json " + admin + "connections", op.path(), p.server);
  REQUIRE(listed.status == 0);
  const auto at = listed.output.find("\"id\":\"");
  REQUIRE(at != std::string::npos);
  const std::string id = listed.output.substr(at + 6, listed.output.find('"', at + 6) - at - 6);
  REQUIRE(grognard(admin + "kick " + id + " --reason 'test kick'", op.path(), p.server).status ==
          0);

  tmux.wait_for("british", "closed by the server's operator: test kick");
  // No dead prompt: the client says it left and ends.
  tmux.wait_for("british", "Left the game: the connection cannot be restored.");
  const std::string screen = tmux.wait_for("british", "grognard exited with 1");
  CHECK(screen.find("Reconnected") == std::string::npos);
  const Run after = grognard(admin + "connections", op.path(), p.server);
  CHECK(after.output == "No connections.\n");

  // Banned, the player coming back hears why, once, and is not retried.
  REQUIRE(grognard(admin + "ban 127.0.0.1 --minutes 5 --reason 'test ban'", op.path(), p.server)
              .status == 0);
  const Run again = grognard("play " + p.code, p.dir(0), p.server);
  CHECK(again.status == 2);
  CHECK(again.output.find("The server refused the connection: banned by the server's operator: "
                          "test ban.") != std::string::npos);
  CHECK(again.output.find("retrying") == std::string::npos);
}

}  // namespace grognard::clitest
