#include "app/restore.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <vector>

#include "app/backup.h"
#include "app/verify_archives.h"
#include "store/db_lock.h"

namespace grognard::app {

namespace {

namespace fs = std::filesystem;

struct Refused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// PRAGMA integrity_check's first line on the file at `path`.
std::string integrity(const std::string& path) {
  sqlite3* db = nullptr;
  std::string answer = "cannot open it";
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* stmt = nullptr;
    answer = "not an SQLite database";
    if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &stmt, nullptr) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW) {
      answer = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    }
    sqlite3_finalize(stmt);
  }
  sqlite3_close(db);
  return answer;
}

// Copies `from` to the new file `to`, refusing a `to` that exists (a symlink included).
void copy_new(const std::string& from, const std::string& to) {
  const int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) throw Refused("cannot read " + from + ": " + std::strerror(errno));
  const int out = ::open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (out < 0) {
    ::close(in);
    throw Refused("cannot make " + to + ": " + std::strerror(errno));
  }
  char buffer[1 << 16];
  bool ok = true;
  for (ssize_t n; ok && (n = ::read(in, buffer, sizeof buffer)) != 0;) {
    ok = n > 0 && ::write(out, buffer, static_cast<std::size_t>(n)) == n;
  }
  ok = ok && ::fsync(out) == 0;
  ::close(in);
  ::close(out);
  if (!ok) throw Refused("cannot copy " + from + " to " + to + ": " + std::strerror(errno));
}

void remove_beside(const std::string& path) {
  std::error_code ec;
  for (const char* suffix : {"-wal", "-shm", "-lock"}) fs::remove(path + suffix, ec);
}

// The restore; the line to print.
std::string restore(const std::string& db, const std::string& from, bool allow_drift) {
  std::error_code ec;
  if (!fs::is_regular_file(from, ec)) throw Refused(from + " is not a file (--from)");
  auto lock = store::DbLock::take(db);
  if (!lock.ok()) throw Refused(lock.error().message + ": stop the server first");

  // Checked as a copy beside the database: the backup itself is left as it was.
  // A new file, never one planted there (a symlink would make root write elsewhere).
  const std::string copy = db + ".restoring";
  fs::remove(copy, ec);
  remove_beside(copy);
  copy_new(from, copy);
  struct Cleanup {
    std::string path;
    bool keep = false;
    ~Cleanup() {
      std::error_code ignored;
      if (!keep) fs::remove(path, ignored);
      remove_beside(path);
    }
  } cleanup{copy};
  if (const std::string ok = integrity(copy); ok != "ok") {
    throw Refused(from + " fails its integrity check: " + ok);
  }
  std::cout << "restore: checking every game of " << from << " (verify-archives)" << std::endl;
  const int verified = run_verify_archives(copy);
  if (verified == 1) throw Refused(from + ": some game cannot be checked (above): not restored");
  if (verified == 3 && !allow_drift) {
    throw Refused(from +
                  ": some game no longer folds as stored (above): not restored; "
                  "--allow-drift restores it anyway, those games held");
  }

  // The copy gets the owner and mode of the database it replaces first; then that database
  // goes aside, whole, and the copy takes its place. A failure on the way puts it back.
  struct stat like {};
  const bool had = ::stat(db.c_str(), &like) == 0;
  if (!had) {
    const fs::path parent = fs::path(db).parent_path();
    if (::stat(parent.empty() ? "." : parent.c_str(), &like) != 0)
      throw Refused("cannot stat " + db);
    like.st_mode = S_IRUSR | S_IWUSR;
  }
  if (::lchown(copy.c_str(), like.st_uid, like.st_gid) != 0 && ::geteuid() == 0) {
    throw Refused("cannot give " + copy + " the owner of " + db + ": " + std::strerror(errno));
  }
  ::chmod(copy.c_str(), like.st_mode & 07777);
  std::string aside = db + ".before-restore-" + utc_stamp(false);
  for (int n = 2; fs::exists(fs::symlink_status(aside, ec)); ++n) {
    aside = db + ".before-restore-" + utc_stamp(false) + "-" + std::to_string(n);
  }
  std::vector<const char*> moved;
  const auto put_back = [&] {
    std::error_code ignored;
    for (const char* suffix : moved) fs::rename(aside + suffix, db + suffix, ignored);
  };
  for (const char* suffix : {"", "-wal", "-shm"}) {
    if (!fs::exists(fs::symlink_status(db + suffix, ec))) continue;
    fs::rename(db + suffix, aside + suffix, ec);
    if (ec) {
      put_back();
      throw Refused("cannot move " + db + suffix + " aside: " + ec.message() +
                    " (nothing changed)");
    }
    moved.push_back(suffix);
  }
  fs::rename(copy, db, ec);
  if (ec) {
    put_back();
    throw Refused("cannot rename " + copy + " to " + db + ": " + ec.message() +
                  " (nothing changed)");
  }
  cleanup.keep = true;
  return "restore: " + from + " -> " + db + ": checked and in place" +
         (had ? "; the database it replaced is " + aside : std::string()) + "; start the server";
}

}  // namespace

int run_restore(const std::string& db, const std::string& from, bool allow_drift) {
  try {
    std::cout << restore(db, from, allow_drift) << std::endl;
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "restore: " << e.what() << std::endl;
    return 1;
  }
}

}  // namespace grognard::app
