// `legal UNIT` in scripted --json mode against the real server: that unit's commands alone;
// `pending` and `show` answered by the client itself, as lines or one JSON line.
#include <algorithm>
#include <catch2/catch.hpp>

#include "run.h"
#include "server_process.h"

namespace grognard::clitest {

namespace {

// Every unit id a JSON LegalCommands line names ("unit":"B1"), in order.
std::vector<std::string> units_named(const std::string& json) {
  std::vector<std::string> out;
  const std::string key = "\"unit\":\"";
  for (auto at = json.find(key); at != std::string::npos; at = json.find(key, at + 1)) {
    const auto from = at + key.size();
    out.push_back(json.substr(from, json.find('"', from) - from));
  }
  return out;
}

}  // namespace

TEST_CASE("legal UNIT in --json keeps that unit's commands alone", "[cli][scripted]") {
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000"});
  Pair p = start_pair(server.url());
  const int w = p.winner;
  const std::string mine = (w == 0 ? "B" : "R") + std::string("1");

  const Run all = p.run(w, "play " + p.code + " --json", "first\nlegal\n");
  INFO(all.output);
  REQUIRE(all.status == 0);
  const auto every = units_named(all.output);
  REQUIRE(std::count(every.begin(), every.end(), mine) > 0);
  REQUIRE(std::count(every.begin(), every.end(), mine) < static_cast<long>(every.size()));

  // Typed in lower case: ids match in any case.
  const Run one = p.run(w, "play " + p.code + " --json",
                        "legal " + std::string(1, static_cast<char>(mine[0] + 32)) + "1\n");
  INFO(one.output);
  REQUIRE(one.status == 0);
  const auto named = units_named(one.output);
  CHECK(named.size() == static_cast<std::size_t>(std::count(every.begin(), every.end(), mine)));
  CHECK(std::all_of(named.begin(), named.end(), [&](const std::string& u) { return u == mine; }));
  CHECK(one.output.find("end_side_turn") == std::string::npos);

  // `pending` prints the rule set's desk; Itchy & Scratchy has nothing that waits unseen.
  const Run desk = p.run(w, "play " + p.code + " --json", "pending\n");
  INFO(desk.output);
  CHECK(desk.status == 0);
  CHECK(desk.output.find("{\"pending\":[\"Nothing is pending.\"]}") != std::string::npos);

  // `show UNIT` answers from the view, in a script too: plain lines, or one JSON line.
  const Run shown = p.run(w, "play " + p.code, "show " + mine + "\n");
  INFO(shown.output);
  CHECK(shown.status == 0);
  CHECK(shown.output.find("> show " + mine) != std::string::npos);
  const Run json = p.run(w, "play " + p.code + " --json", "show " + mine + "\n");
  INFO(json.output);
  CHECK(json.status == 0);
  CHECK(json.output.find("{\"show\":[\"") != std::string::npos);
  CHECK(json.output.find(mine) != std::string::npos);
}

}  // namespace grognard::clitest
