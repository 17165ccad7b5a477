#include "app/backup.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include "store/migrate.h"
#include "store/operator_records.h"

namespace grognard::app {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using SteadyClock = std::chrono::steady_clock;

constexpr int kBusyTimeoutMs = 5000;
constexpr int kFirstChunkPages = 256;  // 1 MiB with SQLite's default 4 KiB pages
constexpr auto kPause = 5ms;           // between two chunks
constexpr auto kBusyPause = 20ms;      // before retrying a step the source was busy for
constexpr auto kBusyLimit = 60s;       // give up after this long without a chunk copied

// A refusal or a failure: its message is the line printed after "backup: ".
struct Failure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct DbCloser {
  void operator()(sqlite3* db) const noexcept { sqlite3_close_v2(db); }
};
using Db = std::unique_ptr<sqlite3, DbCloser>;

Db open_db(const std::string& path, int flags) {
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  Db db(raw);
  if (rc != SQLITE_OK) {
    throw Failure("cannot open " + path + ": " +
                  (raw != nullptr ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)));
  }
  sqlite3_busy_timeout(raw, kBusyTimeoutMs);
  return db;
}

// The first column of every row of `sql`, as text.
std::vector<std::string> rows(sqlite3* db, const char* sql, const std::string& what) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &raw, nullptr) != SQLITE_OK) {
    throw Failure(what + ": " + sqlite3_errmsg(db));
  }
  std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> stmt(raw, &sqlite3_finalize);
  std::vector<std::string> out;
  for (;;) {
    const int rc = sqlite3_step(raw);
    if (rc == SQLITE_DONE) return out;
    if (rc != SQLITE_ROW) throw Failure(what + ": " + sqlite3_errmsg(db));
    const unsigned char* text = sqlite3_column_text(raw, 0);
    out.emplace_back(text != nullptr ? reinterpret_cast<const char*>(text) : "");
  }
}

// The schema version of a Grognard database; refuses anything else.
int grognard_version(sqlite3* db, const std::string& path) {
  rows(db, "SELECT count(*) FROM sqlite_master", path);  // "file is not a database"
  auto version = store::schema_version(db);
  if (!version) throw Failure(path + ": " + version.error().message);
  if (*version == 0) throw Failure(path + " is not a Grognard database (no schema_migrations)");
  return *version;
}

// A file beside `target` for the copy, removed (with any journal) unless kept.
class TempFile {
 public:
  explicit TempFile(const std::string& target) {
    std::string pattern = target + ".partial-XXXXXX";
    const int fd = mkstemp(pattern.data());
    if (fd < 0) throw Failure("cannot create " + pattern + ": " + std::strerror(errno));
    close(fd);
    path_ = pattern;
  }
  ~TempFile() {
    if (path_.empty()) return;
    std::error_code ignored;
    for (const char* suffix : {"", "-journal", "-wal", "-shm"}) fs::remove(path_ + suffix, ignored);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  const std::string& path() const { return path_; }
  void keep() { path_.clear(); }

 private:
  std::string path_;
};

bool busy(int rc) {
  const int primary = rc & 0xff;
  return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
}

// Copies every page of `src` into `dst` in chunks (backup.h says why and how).
void copy_pages(sqlite3* src, sqlite3* dst) {
  sqlite3_backup* backup = sqlite3_backup_init(dst, "main", src, "main");
  if (backup == nullptr) throw Failure(std::string("cannot start: ") + sqlite3_errmsg(dst));
  int chunk = kFirstChunkPages;
  int copied_before = 0;
  int restarts = 0;
  auto progress_at = SteadyClock::now();
  int rc = SQLITE_OK;
  for (;;) {
    rc = sqlite3_backup_step(backup, chunk);
    if (rc == SQLITE_DONE) break;
    if (busy(rc)) {
      if (SteadyClock::now() - progress_at > kBusyLimit) break;
      std::this_thread::sleep_for(kBusyPause);
      continue;
    }
    if (rc != SQLITE_OK) break;
    const int total = sqlite3_backup_pagecount(backup);
    const int copied = total - sqlite3_backup_remaining(backup);
    if (copied < std::min(copied_before + chunk, total)) {
      // The server committed since the last chunk: SQLite started again from the first page.
      ++restarts;
      chunk = chunk > INT_MAX / 2 ? -1 : chunk * 2;
      spdlog::debug("backup: the source changed, copying again ({} pages a step)", chunk);
    }
    copied_before = copied;
    progress_at = SteadyClock::now();
    std::this_thread::sleep_for(kPause);
  }
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) {
    throw Failure(std::string("copy failed: ") + sqlite3_errstr(rc) + " (" + sqlite3_errmsg(dst) +
                  ")");
  }
  spdlog::debug("backup: copied after {} restarts", restarts);
}

void fsync_path(const std::string& path, int flags) {
  const int fd = open(path.c_str(), flags | O_CLOEXEC);
  if (fd < 0 || fsync(fd) != 0) {
    const std::string why = std::strerror(errno);
    if (fd >= 0) close(fd);
    throw Failure("cannot fsync " + path + ": " + why);
  }
  close(fd);
}

std::string size_text(std::uintmax_t bytes) {
  const auto b = static_cast<double>(bytes);
  if (bytes >= 1024 * 1024) return fmt::format("{:.1f} MiB", b / (1024.0 * 1024.0));
  if (bytes >= 1024) return fmt::format("{:.1f} KiB", b / 1024.0);
  return fmt::format("{} B", bytes);
}

// The whole backup; returns the line to print.
std::string backup(const std::string& db, const std::string& to) {
  const auto started = SteadyClock::now();
  std::error_code ec;
  if (!fs::exists(db, ec)) throw Failure("database " + db + " does not exist");
  if (!fs::is_regular_file(db, ec)) throw Failure("database " + db + " is not a file");
  if (fs::exists(fs::symlink_status(to, ec))) {
    throw Failure(to + " already exists: give a new file to --to");
  }

  Db src = open_db(db, SQLITE_OPEN_READONLY);
  const int version = grognard_version(src.get(), db);
  const auto& known = store::embedded_migrations();
  const int newest = known.empty() ? 0 : known.back().version;
  if (version > newest) throw Failure(db + ": " + store::newer_schema_message(version, newest));

  TempFile temp(to);
  Db dst = open_db(temp.path(), SQLITE_OPEN_READWRITE);
  copy_pages(src.get(), dst.get());
  src.reset();

  // One self-contained file: a server opening it switches it back to WAL.
  if (auto mode = rows(dst.get(), "PRAGMA journal_mode = DELETE", "journal mode of the copy");
      mode != std::vector<std::string>{"delete"}) {
    throw Failure("the copy " + temp.path() + " cannot leave WAL mode");
  }
  const auto integrity = rows(dst.get(), "PRAGMA integrity_check", "integrity check of the copy");
  if (integrity != std::vector<std::string>{"ok"}) {
    throw Failure("integrity check of the copy failed: " +
                  (integrity.empty() ? std::string("no answer") : integrity.front()));
  }
  const int copied_version = grognard_version(dst.get(), temp.path());
  if (copied_version != version) {
    throw Failure(
        fmt::format("the copy has schema version {}, the database {}", copied_version, version));
  }
  const auto games = rows(dst.get(), "SELECT count(*) FROM games", "counting games");
  const auto events = rows(dst.get(), "SELECT count(*) FROM events", "counting events");
  dst.reset();

  fsync_path(temp.path(), O_RDONLY);
  if (renameat2(AT_FDCWD, temp.path().c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) != 0) {
    throw Failure("cannot rename " + temp.path() + " to " + to + ": " + std::strerror(errno));
  }
  temp.keep();
  const fs::path parent = fs::path(to).parent_path();
  fsync_path(parent.empty() ? "." : parent.string(), O_RDONLY | O_DIRECTORY);

  const std::chrono::duration<double> took = SteadyClock::now() - started;
  return fmt::format("backup: {} -> {}: {} games, {} events, {}, integrity ok ({:.2f} s)", db, to,
                     games.at(0), events.at(0), size_text(fs::file_size(to)), took.count());
}

// Records a good backup in the database, for the server's gauge; says on stderr when it cannot.
void record_backup(const std::string& db, const std::string& file) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count();
  // Run as root beside a server of another user: a -wal or -shm this write makes must stay the
  // database owner's, or that server could not open them. (SQLite removes both when the last
  // connection closes; a crash meanwhile would leave them.)
  struct stat owner {};
  const bool owned = ::stat(db.c_str(), &owner) == 0;
  std::vector<std::string> made;
  std::error_code ec;
  for (const char* suffix : {"-wal", "-shm"}) {
    if (!fs::exists(fs::symlink_status(db + suffix, ec))) made.push_back(db + suffix);
  }
  engine::Status st = engine::ok_status();
  {
    auto records = store::OperatorRecords::open(db);
    st = records.ok() ? (*records)->set_last_backup(ms, file) : engine::Status(records.error());
    for (const std::string& path : made) {
      // lchown: a symlink planted meanwhile is not followed.
      if (owned && fs::is_regular_file(fs::symlink_status(path, ec)) &&
          ::lchown(path.c_str(), owner.st_uid, owner.st_gid) != 0) {
        std::cerr << "backup: cannot give " << path
                  << " back to its owner: " << std::strerror(errno) << std::endl;
      }
    }
  }
  if (!st) {
    std::cerr << "backup: the copy is good, but could not be recorded in " << db << ": "
              << st.error().message << std::endl;
  }
}

bool dated_backup(const std::string& name) {
  return name.size() == std::string_view("grognard-20261207-030000-123.db").size() &&
         name.starts_with("grognard-") && name.ends_with(".db");
}

// Removes the oldest dated backups in `dir` beyond the newest `keep`; what it removed.
std::vector<std::string> prune(const std::string& dir, std::size_t keep) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && dated_backup(name)) names.push_back(name);
  }
  std::sort(names.begin(), names.end());  // the dated names sort oldest first
  std::vector<std::string> removed;
  for (std::size_t i = 0; i + keep < names.size(); ++i) {
    std::error_code ec;
    if (fs::remove(fs::path(dir) / names[i], ec)) removed.push_back(names[i]);
  }
  return removed;
}

}  // namespace

std::string utc_stamp(bool millis) {
  const auto now = std::chrono::system_clock::now();
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch());
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  std::tm utc{};
  gmtime_r(&t, &utc);
  const std::string stamp =
      fmt::format("{:04}{:02}{:02}-{:02}{:02}{:02}", utc.tm_year + 1900, utc.tm_mon + 1,
                  utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec);
  return millis ? fmt::format("{}-{:03}", stamp, ms.count() % 1000) : stamp;
}

int run_backup(const std::string& db, const std::string& to) {
  try {
    std::cout << backup(db, to) << std::endl;
  } catch (const std::exception& e) {
    std::cerr << "backup: " << e.what() << std::endl;
    return 1;
  }
  record_backup(db, to);
  return 0;
}

int run_backup_to_dir(const std::string& db, const std::string& dir, std::size_t keep) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    std::cerr << "backup: " << dir << " is not a folder (--to-dir)" << std::endl;
    return 1;
  }
  const std::string to = (fs::path(dir) / ("grognard-" + utc_stamp(true) + ".db")).string();
  if (const int code = run_backup(db, to); code != 0) return code;
  try {
    const auto removed = prune(dir, keep);
    std::cout << "backup: kept the newest " << keep << " in " << dir;
    if (!removed.empty()) std::cout << "; removed " << fmt::format("{}", fmt::join(removed, ", "));
    std::cout << std::endl;
  } catch (const std::exception& e) {
    std::cerr << "backup: the copy is good, but older ones could not be removed: " << e.what()
              << std::endl;
  }
  return 0;
}

}  // namespace grognard::app
