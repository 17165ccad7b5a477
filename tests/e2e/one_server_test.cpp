// One server per database (docs/operations.md, "One server per database"): while a server
// serves a database, a second server, `verify-archives` and `import` on it are refused at start
// with a sentence naming the server's process, and change nothing; `backup` still copies it;
// once the first has stopped, the next one serves.
#include <sys/types.h>

#include <string>

#include <catch2/catch.hpp>

#include "game.h"

namespace grognard::e2e {

namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("a second server, verify-archives and import are refused on a database being served",
          "[e2e][ops][lock]") {
  ServerProcess first;
  Game g = start_game(first);
  const std::string db = "'" + first.database().string() + "'";
  const auto dir = first.database().parent_path();
  const std::string holder = "in use by process " + std::to_string(first.pid()) +
                             " (grognard-server): one process at a time serves a database";

  // Bounded: on a server without the lock the second one would serve until killed.
  CommandRun second = run_server_command("--listen 127.0.0.1:0 --db " + db, dir, 20);
  INFO(second.err);
  CHECK(second.exit_code == 1);
  CHECK(has(second.err, "cannot open database " + first.database().string() + ": " + holder));

  CommandRun verify = run_server_command("verify-archives --db " + db, dir, 20);
  INFO(verify.err);
  CHECK(verify.exit_code == 1);
  CHECK(has(verify.err, holder));

  CommandRun import =
      run_server_command("import '" + (dir / "none.grognard").string() + "' --db " + db, dir, 20);
  INFO(import.err);
  CHECK(import.exit_code == 1);

  CommandRun backup = run_server_command(
      "backup --db " + db + " --to '" + (dir / "copy.db").string() + "'", dir, 20);
  INFO(backup.err);
  CHECK(backup.exit_code == 0);

  // The first server was not disturbed; once it stops, the next one serves its games.
  REQUIRE(g.players[0].client.ping().ok());
  REQUIRE(first.stop() == 0);
  first.restart();
  Client c = connect(first);
  CHECK(c.resume(g.players[0].token, 0).ok());
}

}  // namespace grognard::e2e
