#include "store/clock_records.h"

#include "store/operator_records.h"

namespace grognard::store {
namespace {

constexpr const char* kClause = "store.clocks";
constexpr int kClockSchemaVersion = 10;

}  // namespace

engine::Result<std::unique_ptr<ClockRecords>> ClockRecords::open(const std::string& path) {
  auto db = open_records(path, kClockSchemaVersion, "the clocks' records");
  if (!db) return db.error();
  return std::unique_ptr<ClockRecords>(new ClockRecords(std::move(*db)));
}

engine::Result<std::vector<StoredSpan>> ClockRecords::begin_run(std::int64_t now_ms) {
  std::lock_guard lock(mu_);
  auto stmt = c_.prepare("SELECT started_ms, alive_ms FROM server_runs ORDER BY id");
  if (!stmt) return stmt.error();
  std::vector<StoredSpan> down;
  std::int64_t last_alive = 0;
  {
    Query q(*stmt);
    for (;;) {
      const int rc = q.step();
      if (rc == SQLITE_DONE) break;
      if (rc != SQLITE_ROW) return sqlite_error(c_.db(), kClause, "read the server's runs");
      if (last_alive != 0 && q.col_i64(0) > last_alive)
        down.push_back(StoredSpan{last_alive, q.col_i64(0)});
      last_alive = q.col_i64(1);
    }
  }
  if (last_alive != 0 && now_ms > last_alive) down.push_back(StoredSpan{last_alive, now_ms});
  auto st = run_query(
      c_, "INSERT INTO server_runs (started_ms, alive_ms) VALUES (?1, ?1)", kClause,
      [] { return "record the server's start"; }, [&](Query& q) { q.i64(1, now_ms); });
  if (!st) return st.error();
  run_id_ = sqlite3_last_insert_rowid(c_.db());
  return down;
}

engine::Status ClockRecords::alive(std::int64_t now_ms) {
  std::lock_guard lock(mu_);
  return run_query(
      c_, "UPDATE server_runs SET alive_ms = max(alive_ms, ?) WHERE id = ?", kClause,
      [] { return "record that the server is alive"; },
      [&](Query& q) { q.i64(1, now_ms).i64(2, run_id_); });
}

engine::Result<std::vector<StoredVacation>> ClockRecords::vacations() {
  std::lock_guard lock(mu_);
  auto stmt = c_.prepare("SELECT account_id, from_ms, to_ms FROM vacations ORDER BY from_ms");
  if (!stmt) return stmt.error();
  Query q(*stmt);
  std::vector<StoredVacation> out;
  for (;;) {
    const int rc = q.step();
    if (rc == SQLITE_DONE) return out;
    if (rc != SQLITE_ROW) return sqlite_error(c_.db(), kClause, "read the vacations");
    out.push_back(StoredVacation{q.col_i64(0), StoredSpan{q.col_i64(1), q.col_i64(2)}});
  }
}

engine::Status ClockRecords::put_vacation(std::int64_t account_id, const StoredSpan& span) {
  std::lock_guard lock(mu_);
  return run_query(
      c_,
      "INSERT INTO vacations (account_id, from_ms, to_ms) VALUES (?, ?, ?) "
      "ON CONFLICT (account_id, from_ms) DO UPDATE SET to_ms = excluded.to_ms",
      kClause, [&] { return "keep the vacation of account " + std::to_string(account_id); },
      [&](Query& q) { q.i64(1, account_id).i64(2, span.from_ms).i64(3, span.to_ms); });
}

}  // namespace grognard::store
