// `grognard admin` against the real server (docs/operations.md "Admin"): the operator's view of
// rooms and connections, closing a room, pausing creation, and the refusals.
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "commands/errors.h"
#include "run.h"
#include "server_process.h"

namespace grognard::clitest {

namespace {

const std::string kToken = "cli-admin-token-0123456789";

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("grognard admin: rooms, close, pause and resume, and its refusals", "[cli][admin]") {
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000", "--admin-token", kToken});
  TempDir host, op;
  const Run created =
      grognard("create itchy intro --as general/British --name Alice", host.path(), server.url());
  REQUIRE(created.status == 0);
  const std::string code = invite_code(created.output);
  REQUIRE_FALSE(code.empty());

  const std::string tok = "admin --token " + kToken + " ";
  Run rooms = grognard(tok + "rooms", op.path(), server.url());
  INFO(rooms.output);
  CHECK(rooms.status == 0);
  CHECK(contains(rooms.output, code));
  CHECK(contains(rooms.output, "itchy/intro  waiting"));

  Run json = grognard("--json " + tok + "connections", op.path(), server.url());
  CHECK(json.status == 0);
  CHECK(json.output.rfind("{", 0) == 0);

  Run paused = grognard(tok + "pause --reason 'upgrade at 03:00'", op.path(), server.url());
  CHECK(paused.status == 0);
  CHECK(contains(paused.output, "paused the creation of new rooms"));
  Run refused = grognard("create itchy intro", host.path(), server.url());
  CHECK(refused.status == 1);
  CHECK(contains(refused.output, "upgrade at 03:00"));
  CHECK(grognard(tok + "resume", op.path(), server.url()).status == 0);

  Run closed = grognard(tok + "close " + code + " --reason 'test over'", op.path(), server.url());
  CHECK(closed.status == 0);
  CHECK(contains(closed.output, "closed room " + code));
  Run again = grognard(tok + "close " + code + " --reason again", op.path(), server.url());
  CHECK(again.status == 1);
  CHECK(contains(again.output,
                 "has already ended (aborted: closed by the server's operator: "
                 "test over) (HTTP 409)"));

  Run wrong = grognard("admin --token nope rooms", op.path(), server.url());
  CHECK(wrong.status == 1);
  CHECK(contains(wrong.output, "the server refused the admin token"));
  CHECK_FALSE(contains(wrong.output, code));
  Run none = grognard("admin rooms", op.path(), server.url());
  CHECK(none.status == 2);
  CHECK(contains(none.output, "GROGNARD_ADMIN_TOKEN"));
  CHECK(grognard(tok + "close " + code, op.path(), server.url()).status == 2);  // no --reason
}

TEST_CASE("grognard admin says when the server's admin API is off", "[cli][admin]") {
  e2e::ServerProcess server;
  TempDir op;
  Run off = grognard("admin --token whatever rooms", op.path(), server.url());
  CHECK(off.status == 1);
  CHECK(contains(off.output, "admin API is off"));
}

}  // namespace grognard::clitest

namespace grognard::cli {

TEST_CASE("A connection closed for policy (kick, ban, rate limit) is not retried", "[cli][admin]") {
  client::Failure kicked;
  kicked.kind = client::FailureKind::kClosed;
  kicked.close_code = 1008;
  CHECK_FALSE(connection_lost(kicked));
  client::Failure restart = kicked;
  restart.close_code = 1001;  // going away: the server restarts
  CHECK(connection_lost(restart));

  // An upgrade declined: a ban stands (403), a full server may take us in a moment (503).
  client::Failure banned;
  banned.kind = client::FailureKind::kRefused;
  banned.http_status = 403;
  banned.message = "banned by the server's operator: spam";
  CHECK_FALSE(connection_lost(banned));
  CHECK(readable(banned) ==
        "The server refused the connection: banned by the server's operator: spam.");
  client::Failure full = banned;
  full.http_status = 503;
  CHECK(connection_lost(full));
}

}  // namespace grognard::cli

namespace grognard::clitest {

TEST_CASE("grognard admin rooms --idle-hours and close-idle: the rooms left behind, closed at once",
          "[cli][admin][abandoned]") {
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000", "--admin-token", kToken});
  TempDir host, op;
  const Run left = grognard("create itchy intro", host.path(), server.url());
  REQUIRE(left.status == 0);
  const std::string code = invite_code(left.output);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  const Run fresh = grognard("create itchy intro", host.path(), server.url());
  REQUIRE(fresh.status == 0);
  const std::string tok = "admin --token " + kToken + " ";
  // 0.0003 hours: about a second.
  Run idle = grognard(tok + "rooms --status waiting --idle-hours 0.0003", op.path(), server.url());
  INFO(idle.output);
  CHECK(idle.status == 0);
  CHECK(contains(idle.output, code));
  CHECK_FALSE(contains(idle.output, invite_code(fresh.output)));
  CHECK(contains(idle.output, "0 connected  last activity "));

  Run closed =
      grognard(tok + "close-idle --status waiting --idle-hours 0.0003 --reason 'left behind'",
               op.path(), server.url());
  INFO(closed.output);
  CHECK(closed.status == 0);
  CHECK(contains(closed.output, "closed g-"));
  CHECK(contains(closed.output, "1 room closed"));
  Run after = grognard(tok + "rooms --status aborted", op.path(), server.url());
  CHECK(contains(after.output, code));
  CHECK(grognard(tok + "close-idle --idle-hours 1", op.path(), server.url()).status == 2);
}

}  // namespace grognard::clitest
