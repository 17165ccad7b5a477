// The fault VFS's power-loss model itself (fault_vfs.h), in a child process: what was synced
// survives the cut, what was only written does not, and the database is whole either way.
#include <sqlite3.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include <catch2/catch.hpp>

#include "f3_harness.h"
#include "fault_vfs.h"

namespace grognard::reliability {
namespace {

void exec(sqlite3* db, const std::string& sql) {
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) _exit(3);
}

// In a child: 20 rows committed with synchronous=FULL, then 20 with synchronous=OFF (written
// to the WAL, never synced), then the cut: an exit without closing.
int child(const std::string& path) {
  const pid_t pid = fork();
  if (pid == 0) {
    setenv("GROGNARD_FAULT_POWER", "1", 1);
    if (!install_fault_vfs_from_environment()) _exit(2);
    sqlite3* db = nullptr;
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) _exit(2);
    exec(db, "PRAGMA journal_mode = WAL");
    exec(db, "PRAGMA synchronous = FULL");
    exec(db, "CREATE TABLE t (n INTEGER PRIMARY KEY, v TEXT)");
    for (int i = 1; i <= 20; ++i)
      exec(db, "INSERT INTO t VALUES (" + std::to_string(i) + ", 'kept')");
    exec(db, "PRAGMA synchronous = OFF");
    for (int i = 21; i <= 40; ++i)
      exec(db, "INSERT INTO t VALUES (" + std::to_string(i) + ", 'lost')");
    _exit(0);  // the power goes: no close, no checkpoint
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

TEST_CASE("F2: the power-loss model keeps what was synced and drops what was only written",
          "[reliability][f2]") {
  Scratch scratch;
  const std::string path = (scratch.dir / "model.db").string();
  setenv("GROGNARD_FAULT", "1", 1);
  const int code = child(path);
  unsetenv("GROGNARD_FAULT");
  REQUIRE(code == 0);
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "SELECT count(*), max(n) FROM t", -1, &st, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(st) == SQLITE_ROW);
  CHECK(sqlite3_column_int(st, 0) == 20);  // the synced rows, and only them
  CHECK(sqlite3_column_int(st, 1) == 20);
  sqlite3_finalize(st);
  sqlite3_close(db);
  CHECK(check_database(path, {}).empty());  // integrity_check ok
}

}  // namespace grognard::reliability
