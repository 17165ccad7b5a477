// Taking seats through the client against the real server: the join lines `create` prints run
// as printed in a shell, seats named in any case or by their short id, a seat already held,
// and the exit status of bad usage.
#include <catch2/catch.hpp>

#include "run.h"
#include "server_process.h"

namespace grognard::clitest {

namespace {

const std::vector<std::string> kFlags = {"--rate", "10000", "--burst", "10000"};

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// The "grognard join …" lines of `create` output, from "grognard" to the end of the line.
std::vector<std::string> join_lines(const std::string& text) {
  std::vector<std::string> out;
  for (auto at = text.find("grognard join "); at != std::string::npos;
       at = text.find("grognard join ", at + 1))
    out.push_back(text.substr(at, text.find('\n', at) - at));
  return out;
}

}  // namespace

TEST_CASE("the join lines create prints run as printed, labels with spaces quoted", "[cli][join]") {
  e2e::ServerProcess server(kFlags);
  TempDir host, first, second;
  const Run created = grognard("create itchy colonial_battle", host.path(), server.url());
  INFO(created.output);
  REQUIRE(created.status == 0);
  const auto lines = join_lines(created.output);
  REQUIRE(lines.size() == 2);
  CHECK(contains(lines[0], "--as 'general/Desert Column'"));
  // Each line pasted into bash, with `grognard` standing for the client binary.
  int i = 0;
  for (const std::string& line : lines) {
    const auto& dir = (i++ == 0 ? first : second).path();
    int status = -1;
    const std::string out = shell(
        "env XDG_STATE_HOME=" + quote(dir.string()) + " GROGNARD_SERVER=" + quote(server.url()) +
            " bash -c " + quote("grognard() { " + quote(GROGNARD_CLI_BIN) + " \"$@\"; }; " + line) +
            " 2>&1",
        &status);
    INFO(line << "\n" << out);
    CHECK(status == 0);
    CHECK(contains(out, "Seated as general"));
  }
}

TEST_CASE("seats are named in any case or by their short id, and a held seat says by whom",
          "[cli][join]") {
  e2e::ServerProcess server(kFlags);
  TempDir referee, anna, bob, carl, dora;
  const Run created = grognard("create sharpe village --as referee", referee.path(), server.url());
  INFO(created.output);
  REQUIRE(created.status == 0);
  const std::string code = invite_code(created.output);

  // By label in another case, and by the id without its role.
  const Run by_label =
      grognard("join " + code + " --as player/bRITISH --name Anna", anna.path(), server.url());
  INFO(by_label.output);
  CHECK(by_label.status == 0);
  CHECK(contains(by_label.output, "(player:british)"));
  const Run by_short = grognard("join " + code + " --as player/french", bob.path(), server.url());
  INFO(by_short.output);
  CHECK(by_short.status == 0);
  CHECK(contains(by_short.output, "(player:french)"));

  // Held seats: by the holder's name when one was given, else only that the seat is taken.
  const Run held = grognard("join " + code + " --as player/british", carl.path(), server.url());
  INFO(held.output);
  CHECK(held.status == 1);
  CHECK(contains(held.output, "The seat British is already taken by Anna."));
  CHECK(!contains(held.output, "Not found"));
  const Run held_unnamed =
      grognard("join " + code + " --as player/PLAYER:FRENCH", carl.path(), server.url());
  INFO(held_unnamed.output);
  CHECK(held_unnamed.status == 1);
  CHECK(contains(held_unnamed.output, "The seat French is already taken."));
  const Run json =
      grognard("--json join " + code + " --as player/british", dora.path(), server.url());
  CHECK(contains(json.output, "\"code\":\"FAILED_PRECONDITION\""));

  // A seat that does not exist is still not found.
  const Run none = grognard("join " + code + " --as player/prussian", carl.path(), server.url());
  CHECK(none.status == 1);
  CHECK(contains(none.output, "no player seat \"prussian\""));
}

TEST_CASE("bad usage exits with status 2, --help with 0", "[cli][join]") {
  TempDir dir;
  const std::string url = "ws://127.0.0.1:9/";
  // The unquoted label of the old join lines: an extra argument.
  const Run extra = grognard("join PVZHER --as general/Desert Column", dir.path(), url);
  INFO(extra.output);
  CHECK(extra.status == 2);
  CHECK(contains(extra.output, "Column"));
  CHECK(grognard("join PVZHER", dir.path(), url).status == 2);  // --as is required
  CHECK(grognard("dance", dir.path(), url).status == 2);
  CHECK(grognard("", dir.path(), url).status == 2);
  CHECK(grognard("join --help", dir.path(), url).status == 0);
}

}  // namespace grognard::clitest
