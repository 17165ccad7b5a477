#include "store/sqlite_store.h"

#include <spdlog/spdlog.h>

#include <chrono>
#include <exception>
#include <utility>

#include "store/migrate.h"
#include "store/queries.h"
#include "store/records.h"

namespace grognard::store {
namespace {

constexpr const char* kCommit = "store.commit";
// Checkpoint once the WAL holds this many pages (SQLite's own default).
constexpr int kCheckpointPages = 1000;

engine::Status pragma(sqlite3* db, const std::string& sql, const std::string& path) {
  return exec(db, sql, "store.open", path + ": " + sql);
}

// Switches the database to WAL and checks that it took (":memory:" and some file systems
// cannot do WAL, and a rollback journal would let writes block readers).
engine::Status enable_wal(sqlite3* db, const std::string& path) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, "PRAGMA journal_mode = WAL", -1, &raw, nullptr) != SQLITE_OK) {
    return sqlite_error(db, "store.open", path + ": PRAGMA journal_mode");
  }
  StmtPtr stmt(raw);
  Query q(raw);
  if (q.step() != SQLITE_ROW) return sqlite_error(db, "store.open", path + ": PRAGMA journal_mode");
  const std::string mode = q.col_text(0);
  if (mode != "wal") {
    return store_error("store.open", path + ": cannot use WAL mode (journal mode is " + mode + ")");
  }
  return engine::ok_status();
}

}  // namespace

engine::Result<std::unique_ptr<SqliteStore>> SqliteStore::open(const std::string& path,
                                                               Options options) {
  auto lock = DbLock::take(path);  // before anything reads or writes the file
  if (!lock) return lock.error();
  auto db = open_connection(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                            options.busy_timeout_ms);
  if (!db) return db.error();
  sqlite3* w = db->get();

  // Refuse a newer database before anything below writes to it (journal_mode is stored).
  const std::vector<Migration>& migrations = embedded_migrations();
  const int newest = migrations.empty() ? 0 : migrations.back().version;
  auto version = schema_version(w);
  if (!version) return store_error("store.open", path + ": " + version.error().message);
  if (*version > newest) {
    return store_error("store.migrate", path + ": " + newer_schema_message(*version, newest));
  }

  if (auto st = enable_wal(w, path); !st) return st.error();
  if (auto st = pragma(w, "PRAGMA synchronous = FULL", path); !st) return st.error();
  if (auto st = pragma(w, "PRAGMA foreign_keys = ON", path); !st) return st.error();
  if (auto st = migrate(w, migrations); !st) {
    return store_error(st.error().clause, path + ": " + st.error().message);
  }
  auto now_version = schema_version(w);
  spdlog::info("store: opened {} (schema version {})", path, now_version ? *now_version : -1);

  return std::unique_ptr<SqliteStore>(
      new SqliteStore(path, std::move(options), std::move(lock).value(), std::move(db).value()));
}

SqliteStore::SqliteStore(const std::string& path, Options options, DbLock lock, DbPtr writer)
    : lock_(std::move(lock)),
      options_(std::move(options)),
      writer_(std::move(writer)),
      readers_(path, options_.reader_connections, options_.busy_timeout_ms),
      thread_([this] {
        sqlite3_wal_hook(writer_.db(), &SqliteStore::on_wal, this);  // replaces autocheckpoint
        writer_loop();
      }) {}

int SqliteStore::on_wal(void* self, sqlite3*, const char*, int pages) {
  static_cast<SqliteStore*>(self)->wal_pages_ = pages;
  return SQLITE_OK;
}

void SqliteStore::checkpoint() {
  int log = 0;
  int moved = 0;
  const int rc =
      sqlite3_wal_checkpoint_v2(writer_.db(), nullptr, SQLITE_CHECKPOINT_PASSIVE, &log, &moved);
  if (rc != SQLITE_OK && rc != SQLITE_BUSY) {
    spdlog::warn(
        "store: checkpoint failed ({}); every commit is safe in the WAL, tried again "
        "after the next commit",
        sqlite3_errmsg(writer_.db()));
  }
}

SqliteStore::~SqliteStore() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  work_.notify_one();
  thread_.join();
}

void SqliteStore::append(record::WriteBatch batch, std::function<void(engine::Status)> done) {
  {
    std::lock_guard lock(mu_);
    queue_.push_back(Pending{std::move(batch), std::move(done), ++next_ticket_});
  }
  work_.notify_one();
}

void SqliteStore::flush() {
  std::unique_lock lock(mu_);
  const std::uint64_t target = next_ticket_;
  settled_.wait(lock, [&] { return settled_ticket_ >= target; });
}

void SqliteStore::writer_loop() {
  std::unique_lock lock(mu_);
  for (;;) {
    work_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and everything queued is settled
    std::vector<Pending> group;
    group.swap(queue_);
    lock.unlock();

    std::vector<engine::Status> outcome = commit_group(group);
    for (std::size_t i = 0; i < group.size(); ++i) {
      if (!group[i].done) continue;
      try {
        group[i].done(std::move(outcome[i]));
      } catch (const std::exception& e) {
        spdlog::error("store: a commit callback threw: {}", e.what());
      } catch (...) {
        spdlog::error("store: a commit callback threw");
      }
    }

    lock.lock();
    settled_ticket_ = group.back().ticket;
    settled_.notify_all();
  }
}

std::vector<engine::Status> SqliteStore::commit_group(const std::vector<Pending>& group) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<engine::Status> outcome(group.size(), engine::ok_status());
  engine::Status status = engine::ok_status();
  try {
    status = writer_.run("BEGIN IMMEDIATE", kCommit);
    for (std::size_t i = 0; status.ok() && i < group.size(); ++i) {
      outcome[i] = write_in_savepoint(group[i].batch);
      if (!outcome[i].ok()) {
        spdlog::warn("store: batch refused: {}", outcome[i].error().message);
        // Some errors (disk full, I/O) roll back the whole transaction.
        if (sqlite3_get_autocommit(writer_.db()) != 0) status = outcome[i];
      }
    }
    if (status.ok()) status = finish_transaction();
  } catch (const std::exception& e) {
    rollback();
    status = store_error(kCommit, std::string("commit failed: ") + e.what());
  }

  if (!status.ok()) {
    spdlog::error("store: commit of {} batches failed, none stored: {}", group.size(),
                  status.error().message);
    for (engine::Status& s : outcome) {
      if (s.ok()) s = status;
    }
    return outcome;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  spdlog::debug("store: committed {} batches in {:.6f} s", group.size(), seconds);
  if (wal_pages_ >= kCheckpointPages) checkpoint();
  if (options_.on_commit) {
    try {
      options_.on_commit(group.size(), seconds);
    } catch (const std::exception& e) {
      spdlog::error("store: the commit hook threw: {}", e.what());
    }
  }
  return outcome;
}

engine::Status SqliteStore::write_in_savepoint(const record::WriteBatch& batch) {
  // Whenever the savepoint cannot be settled the whole transaction is rolled back, so that the
  // caller (seeing autocommit) fails the group rather than commit part of a batch.
  if (auto st = writer_.run("SAVEPOINT batch", kCommit); !st) {
    rollback();
    return st;
  }
  engine::Status written = write_batch(writer_, batch);
  if (written.ok()) {
    engine::Status released = writer_.run("RELEASE batch", kCommit);
    if (!released) rollback();
    return released;
  }
  if (sqlite3_get_autocommit(writer_.db()) == 0) {
    // Undo this batch's rows only; the transaction and the other batches go on.
    if (!writer_.run("ROLLBACK TO batch", kCommit) || !writer_.run("RELEASE batch", kCommit)) {
      rollback();
    }
  }
  return written;
}

engine::Status SqliteStore::finish_transaction() {
  if (options_.fail_next_commit && options_.fail_next_commit()) {
    rollback();
    return store_error(kCommit, "commit failed: injected fault");
  }
  engine::Status st = writer_.run("COMMIT", kCommit);
  if (!st) rollback();
  return st;
}

void SqliteStore::rollback() {
  if (sqlite3_get_autocommit(writer_.db()) != 0) return;
  if (auto st = writer_.run("ROLLBACK", kCommit); !st) {
    spdlog::error("store: rollback failed: {}", st.error().message);
  }
}

// Reads: each takes a reader connection for the length of one query.

engine::Result<std::optional<record::GameRecord>> SqliteStore::game(const std::string& id) {
  auto lease = readers_.acquire();
  if (!lease) return lease.error();
  return query_game(*lease.value(), id);
}

engine::Result<std::optional<record::GameRecord>> SqliteStore::game_by_invite(
    const std::string& code) {
  auto lease = readers_.acquire();
  if (!lease) return lease.error();
  return query_game_by_invite(*lease.value(), code);
}

engine::Result<std::optional<record::GameRecord>> SqliteStore::game_by_token(
    const record::Hash32& token) {
  auto lease = readers_.acquire();
  if (!lease) return lease.error();
  return query_game_by_token(*lease.value(), token);
}

engine::Result<std::vector<record::GameRecord>> SqliteStore::games(
    const record::GameFilter& filter) {
  auto lease = readers_.acquire();
  if (!lease) return lease.error();
  return query_games(*lease.value(), filter);
}

engine::Result<std::vector<record::GameRecord>> SqliteStore::unfinished_games() {
  auto lease = readers_.acquire();
  if (!lease) return lease.error();
  return query_unfinished_games(*lease.value());
}

engine::Result<std::vector<record::SeatRecord>> SqliteStore::seats(const std::string& game_id) {
  auto lease = readers_.acquire();
  if (!lease) return lease.error();
  return query_seats(*lease.value(), game_id);
}

engine::Result<std::vector<record::EventRecord>> SqliteStore::events(const std::string& game_id,
                                                                     std::uint64_t from,
                                                                     std::uint64_t to) {
  auto lease = readers_.acquire();
  if (!lease) return lease.error();
  return query_events(*lease.value(), game_id, from, to);
}

engine::Result<std::vector<record::EventRecord>> SqliteStore::taken_back(
    const std::string& game_id) {
  auto lease = readers_.acquire();
  if (!lease) return lease.error();
  return query_taken_back(*lease.value(), game_id);
}

}  // namespace grognard::store
