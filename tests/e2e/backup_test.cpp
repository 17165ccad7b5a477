// Backups while serving: `grognard-server backup` copies the database of a live server that keeps
// committing; the copy passes SQLite's integrity check, and a second server started on it has
// every game committed before the backup began, with its events. Refusals exit 1 with one line.
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "game.h"

namespace grognard::e2e {

namespace {

namespace fs = std::filesystem;

using Run = CommandRun;

std::string slurp(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The form the documentation shows.
Run backup(const fs::path& db, const fs::path& to, const fs::path& dir) {
  return run_server_command("backup --db '" + db.string() + "' --to '" + to.string() + "'", dir);
}

// The one row of `sql` on the database at `path`, as text.
std::string query_one(const fs::path& path, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
  std::string value;
  if (sqlite3_step(stmt) == SQLITE_ROW) {
    value = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
  }
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return value;
}

std::size_t lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// What a general had seen of a game when the backup began.
struct Committed {
  std::string game_id;
  std::vector<std::pair<std::uint64_t, std::string>> events;
};

}  // namespace

TEST_CASE("backup copies the database of a server that keeps committing", "[e2e][backup]") {
  ServerProcess live(kPlayFlags);
  std::vector<Committed> before;
  {
    Game finished_game = start_game(live);
    for (int steps = 0; !finished(finished_game) && steps < 600; ++steps) step(finished_game);
    REQUIRE(finished(finished_game));
    const Player& p = finished_game.players[0];
    before.push_back({finished_game.game_id, seqs_and_hashes(p.events)});
  }
  GameOptions watchable;  // a running game is readable by others only if it allows observers
  watchable.observers_allowed = true;
  Game running = start_game(live, watchable);
  for (int i = 0; i < 10; ++i) step(running);
  before.push_back({running.game_id, seqs_and_hashes(running.players[0].events)});

  // The copy goes where a second server's database was.
  ServerProcess copy(kPlayFlags);
  const auto stopped = copy.stop();
  INFO(copy.log());
  REQUIRE(stopped == std::optional<int>(0));
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(copy.database().string() + suffix);
  const fs::path dir = copy.database().parent_path();

  auto done =
      std::async(std::launch::async, [&] { return backup(live.database(), copy.database(), dir); });
  int steps_during = 0;
  do {
    if (finished(running)) running = start_game(live, watchable);
    step(running);
    ++steps_during;
  } while (done.wait_for(std::chrono::milliseconds(0)) != std::future_status::ready);
  const Run run = done.get();
  INFO("stdout: " << run.out << "stderr: " << run.err
                  << "commands during the backup: " << steps_during);
  REQUIRE(run.exit_code == 0);
  CHECK(run.err.empty());
  CHECK(lines(run.out) == 1);
  CHECK(run.out.rfind(
            "backup: " + live.database().string() + " -> " + copy.database().string() + ": ", 0) ==
        0);
  CHECK(run.out.find(" events, ") != std::string::npos);
  CHECK(run.out.find("integrity ok") != std::string::npos);
  CHECK(steps_during >= 1);

  // The copy checked on its own, then served.
  CHECK(query_one(copy.database(), "PRAGMA integrity_check") == "ok");
  CHECK(query_one(copy.database(), "PRAGMA journal_mode") == "delete");
  copy.restart();
  Client reader = connect(copy);
  for (const Committed& c : before) {
    INFO(c.game_id);
    auto log = reader.get_events(c.game_id);
    INFO((log.ok() ? "" : client::describe(log.failure())));
    REQUIRE(log.ok());
    const auto copied = seqs_and_hashes({log->events().begin(), log->events().end()});
    REQUIRE(copied.size() >= c.events.size());
    CHECK(std::vector(copied.begin(), copied.begin() + c.events.size()) == c.events);
  }
  auto games = reader.list_games();
  REQUIRE(games.ok());
  CHECK(games->games_size() >= static_cast<int>(before.size()));
  CHECK(live.stop() == std::optional<int>(0));
}

TEST_CASE("backup refuses an existing file, a missing database and a file not Grognard's",
          "[e2e][backup]") {
  ServerProcess live;
  const fs::path dir = live.database().parent_path();
  const fs::path existing = dir / "existing.db";
  std::ofstream(existing) << "keep me";

  Run run = backup(live.database(), existing, dir);
  CHECK(run.exit_code == 1);
  CHECK(run.out.empty());
  CHECK(lines(run.err) == 1);
  CHECK(run.err.find("already exists") != std::string::npos);
  CHECK(slurp(existing) == "keep me");

  // The global flag before the subcommand works too.
  run = run_server_command("--db '" + (dir / "missing.db").string() + "' backup --to '" +
                               (dir / "new.db").string() + "'",
                           dir);
  CHECK(run.exit_code == 1);
  CHECK(lines(run.err) == 1);
  CHECK(run.err.find("does not exist") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "missing.db"));
  CHECK_FALSE(fs::exists(dir / "new.db"));

  run = backup(existing, dir / "new.db", dir);
  CHECK(run.exit_code == 1);
  CHECK(lines(run.err) == 1);
  CHECK(run.err.find("not a database") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "new.db"));
  for (const auto& entry : fs::directory_iterator(dir)) {
    CHECK(entry.path().filename().string().find(".partial-") == std::string::npos);
  }
}

TEST_CASE("nightly backups: a dated file each time, the newest kept, the last one in /metrics",
          "[e2e][backup]") {
  ServerProcess server;
  Client c = connect(server);
  REQUIRE(c.create_room("itchy", "intro").ok());
  CHECK(metric_now(server, "grognard_last_backup_timestamp_seconds") == 0);
  const fs::path dir = server.database().parent_path() / "nightly";
  fs::create_directories(dir);
  const fs::path other = dir / "notes.txt";  // not a backup: left alone
  std::ofstream(other) << "keep me\n";
  const std::string command =
      "backup --db '" + server.database().string() + "' --to-dir '" + dir.string() + "' --keep 2";
  std::vector<std::string> outs;
  for (int night = 0; night < 3; ++night) {
    const Run run = run_server_command(command, server.database().parent_path());
    INFO(run.out << run.err);
    REQUIRE(run.exit_code == 0);
    outs.push_back(run.out);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  std::vector<std::string> kept;
  for (const auto& e : fs::directory_iterator(dir)) kept.push_back(e.path().filename().string());
  std::sort(kept.begin(), kept.end());
  INFO(outs[2]);
  REQUIRE(kept.size() == 3);  // two backups and the notes
  CHECK(kept[2] == "notes.txt");
  for (int i = 0; i < 2; ++i) {
    CHECK(kept[i].starts_with("grognard-2"));
    CHECK(kept[i].ends_with(".db"));
    CHECK(query_one(dir / kept[i], "SELECT count(*) FROM games") == "1");
  }
  CHECK(outs[2].find("kept the newest 2 in " + dir.string() + "; removed grognard-") !=
        std::string::npos);
  // Each scrape asks for the value again and shows the last one read: it comes within a few.
  double last = 0;
  for (int i = 0; i < 50 && last == 0; ++i) {
    last = metric_now(server, "grognard_last_backup_timestamp_seconds");
    if (last == 0) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  const double now = static_cast<double>(std::time(nullptr));
  CHECK(last > now - 120);
  CHECK(last <= now + 1);
  // --to and --to-dir are one or the other.
  CHECK(run_server_command("backup --db '" + server.database().string() + "'",
                           server.database().parent_path())
            .exit_code != 0);
}

TEST_CASE("restore puts a checked backup in place of a stopped server's database",
          "[e2e][backup][restore]") {
  ServerProcess server;
  const fs::path work = server.database().parent_path();
  const std::string db = server.database().string();
  Client c = connect(server);
  auto first = c.create_room("itchy", "intro");
  REQUIRE(first.ok());
  const fs::path saved = work / "saved.db";
  REQUIRE(backup(server.database(), saved, work).exit_code == 0);
  auto later = c.create_room("itchy", "intro");  // not in the backup
  REQUIRE(later.ok());

  const std::string restore = "restore --db '" + db + "' --from '" + saved.string() + "'";
  Run refused = run_server_command(restore, work);
  CHECK(refused.exit_code == 1);
  CHECK(refused.err.find("stop the server first") != std::string::npos);

  c.close();
  REQUIRE(server.stop() == 0);
  ::chmod(db.c_str(), 0640);
  // A damaged backup is refused, and nothing is moved.
  const fs::path damaged = work / "damaged.db";
  fs::copy_file(saved, damaged);
  {
    std::fstream f(damaged, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(100);  // the schema's b-tree page, past the file header
    f << std::string(400, '\xff');
  }
  Run bad = run_server_command("restore --db '" + db + "' --from '" + damaged.string() + "'", work);
  INFO(bad.out << bad.err);
  CHECK(bad.exit_code == 1);
  CHECK(bad.err.find("restore: ") == 0);
  CHECK(fs::exists(db));

  Run done = run_server_command(restore, work);
  INFO(done.out << done.err);
  REQUIRE(done.exit_code == 0);
  CHECK(done.out.find("checked and in place; the database it replaced is " + db +
                      ".before-restore-") != std::string::npos);
  struct stat st {};
  REQUIRE(::stat(db.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0640);  // as the database it replaced
  CHECK(fs::exists(saved));            // the backup itself is left as it was

  server.restart();
  Client after = connect(server);
  v1::ListGames every;
  auto listed = after.list_games(every);
  REQUIRE(listed.ok());
  std::vector<std::string> ids;
  for (const auto& g : listed->games()) ids.push_back(g.game_id());
  CHECK(std::find(ids.begin(), ids.end(), first->game_id()) != ids.end());
  CHECK(std::find(ids.begin(), ids.end(), later->game_id()) == ids.end());
}

}  // namespace grognard::e2e
