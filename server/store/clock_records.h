#pragma once
// What the clocks need to outlive a restart besides each game's own row (docs/clocks.md,
// migration 0010): when the server ran, so that the time it was down is charged to no clock,
// and the accounts' vacations. On the server's SQLite database, through a connection of its
// own; the server reads it at start, the accounts' thread (net/account_desk.h) writes
// vacations, and a timer moves the run's last sign of life on.
//
// Thread-safety: every member may be called from any thread (one lock).

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/result.h"
#include "store/sqlite_util.h"

namespace grognard::store {

struct StoredSpan {
  std::int64_t from_ms = 0;
  std::int64_t to_ms = 0;
  friend bool operator==(const StoredSpan&, const StoredSpan&) = default;
};

struct StoredVacation {
  std::int64_t account_id = 0;
  StoredSpan span;
  friend bool operator==(const StoredVacation&, const StoredVacation&) = default;
};

class ClockRecords {
 public:
  static engine::Result<std::unique_ptr<ClockRecords>> open(const std::string& path);

  // Records that the server starts at `now_ms`, and answers the times it was down before: from
  // each run's last sign of life to the next one's start.
  engine::Result<std::vector<StoredSpan>> begin_run(std::int64_t now_ms);
  // The run begun last is alive at `now_ms`.
  engine::Status alive(std::int64_t now_ms);

  engine::Result<std::vector<StoredVacation>> vacations();
  // Inserts the vacation of `account_id` that begins at span.from_ms, or moves its end.
  engine::Status put_vacation(std::int64_t account_id, const StoredSpan& span);

 private:
  explicit ClockRecords(DbPtr db) : c_(std::move(db)) {}
  std::mutex mu_;
  Connection c_;
  std::int64_t run_id_ = 0;
};

}  // namespace grognard::store
