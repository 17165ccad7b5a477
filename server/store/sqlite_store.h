#pragma once
// record::Store on SQLite (docs/design.md "Event sourcing and durability").
//
// One writer thread owns the write connection. append() queues a batch; the writer takes
// everything queued, writes each batch inside its own SAVEPOINT of one transaction and
// commits them together (group commit: one fsync for many rooms), then calls each batch's
// `done` on the writer thread: ok if the transaction committed; the batch's own error if one
// of its rows was refused (a duplicate (game_id, seq), say), in which case nothing of that
// batch is stored and the other batches are unaffected; the commit's error for every batch if
// the transaction as a whole failed, in which case nothing of any of them is stored.
//
// The database runs in WAL mode with synchronous=FULL, so a committed transaction survives
// a crash or power cut. Reads use a pool of read-only connections and never wait for the
// writer. The store reads no clock except to time commits for the metrics hook (and the
// migrations runner, which stamps schema_migrations.applied_ms).
//
// GameRecord::seed is returned by game() and the listings because the server needs it to
// resume a game; whatever serves players must leave it out until the game has ended.
//
// Thread-safety: every member function may be called from any thread, except that flush()
// must not be called from a `done` callback (it would wait for itself). The destructor
// commits what is still queued, then stops the writer; no call may race with it.

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "record/store.h"
#include "store/db_lock.h"
#include "store/reader_pool.h"
#include "store/sqlite_util.h"

namespace grognard::store {

class SqliteStore final : public record::Store {
 public:
  struct Options {
    std::size_t reader_connections = 4;
    int busy_timeout_ms = 5000;  // waiting for a lock held by another process on the file
    // Called on the writer thread after each successful commit with the number of batches it
    // carried and how long writing and committing took (for a metrics histogram).
    std::function<void(std::size_t batch_size, double commit_seconds)> on_commit;
    // Fault injection for tests: asked on the writer thread just before each COMMIT; when it
    // returns true the transaction is rolled back and every batch in it fails.
    std::function<bool()> fail_next_commit;
  };

  // Opens or creates the database at `path`, refuses one another process has open for writing
  // (store/db_lock.h) or whose schema is newer than this build (before changing anything in it),
  // switches it to WAL, applies missing migrations and starts the writer thread.
  static engine::Result<std::unique_ptr<SqliteStore>> open(const std::string& path,
                                                           Options options);
  static engine::Result<std::unique_ptr<SqliteStore>> open(const std::string& path) {
    return open(path, Options{});
  }

  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  void append(record::WriteBatch batch, std::function<void(engine::Status)> done) override;

  engine::Result<std::optional<record::GameRecord>> game(const std::string& id) override;
  engine::Result<std::optional<record::GameRecord>> game_by_invite(
      const std::string& code) override;
  // REQUIRES: filter.limit > 0 (an INVALID_ARGUMENT error otherwise). Newest first.
  engine::Result<std::vector<record::GameRecord>> games(const record::GameFilter& filter) override;
  engine::Result<std::optional<record::GameRecord>> game_by_token(
      const record::Hash32& token) override;
  engine::Result<std::vector<record::GameRecord>> unfinished_games() override;
  engine::Result<std::vector<record::SeatRecord>> seats(const std::string& game_id) override;
  engine::Result<std::vector<record::EventRecord>> taken_back(const std::string& game_id) override;
  engine::Result<std::vector<record::EventRecord>> events(const std::string& game_id,
                                                          std::uint64_t from,
                                                          std::uint64_t to) override;

  void flush() override;

 private:
  struct Pending {
    record::WriteBatch batch;
    std::function<void(engine::Status)> done;
    std::uint64_t ticket = 0;
  };

  SqliteStore(const std::string& path, Options options, DbLock lock, DbPtr writer);

  void writer_loop();
  // Writes and commits one group; returns each batch's outcome, in order.
  std::vector<engine::Status> commit_group(const std::vector<Pending>& group);
  engine::Status write_in_savepoint(const record::WriteBatch& batch);
  engine::Status finish_transaction();
  void rollback();
  // Checkpoints are run here, after a commit, not by SQLite inside COMMIT: a checkpoint that
  // fails (an I/O error writing the database file) would make COMMIT report an error for a
  // transaction that is committed, and the rooms would stop on data that is stored. A failed
  // checkpoint is logged and tried again after the next commit; the WAL keeps everything.
  static int on_wal(void* self, sqlite3* db, const char* name, int pages);
  void checkpoint();

  DbLock lock_;  // first: released once every connection is closed
  Options options_;
  Connection writer_;  // touched only by the writer thread once it runs
  int wal_pages_ = 0;  // pages in the WAL after the last commit (the writer thread's)
  ReaderPool readers_;

  std::mutex mu_;
  std::condition_variable work_;     // the writer waits for batches (or for stopping_)
  std::condition_variable settled_;  // flush() waits for settled_ticket_
  std::vector<Pending> queue_;
  std::uint64_t next_ticket_ = 0;     // tickets handed out so far
  std::uint64_t settled_ticket_ = 0;  // every batch with ticket <= this has had `done` called
  bool stopping_ = false;

  std::thread thread_;  // last: starts after every other member is ready
};

}  // namespace grognard::store
