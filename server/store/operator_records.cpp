#include "store/operator_records.h"

#include <cstdlib>

#include "store/migrate.h"

namespace grognard::store {

namespace {

constexpr const char* kClause = "store.operator";
constexpr int kOperatorSchemaVersion = 9;

}  // namespace

engine::Result<DbPtr> open_records(const std::string& path, int version, const std::string& what) {
  auto db = open_connection(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, 5000);
  if (!db) return db.error();
  auto found = schema_version(db->get());
  if (!found) return found.error();
  if (*found < version) {
    return store_error(kClause, path + " has schema version " + std::to_string(*found) +
                                    ", without " + what +
                                    ": let the server's store open it first, which migrates it");
  }
  return std::move(*db);
}

engine::Result<std::unique_ptr<OperatorRecords>> OperatorRecords::open(const std::string& path) {
  auto db = open_records(path, kOperatorSchemaVersion, "the operator's records");
  if (!db) return db.error();
  return std::unique_ptr<OperatorRecords>(new OperatorRecords(std::move(*db)));
}

engine::Result<std::vector<StoredBan>> OperatorRecords::bans(std::int64_t now_ms) {
  std::lock_guard lock(mu_);
  auto st = run_query(
      c_, "DELETE FROM bans WHERE until_ms <= ?", kClause, [] { return "drop lifted bans"; },
      [&](Query& q) { q.i64(1, now_ms); });
  if (!st) return st.error();
  auto stmt = c_.prepare("SELECT subject, until_ms, reason FROM bans ORDER BY subject");
  if (!stmt) return stmt.error();
  Query q(*stmt);
  std::vector<StoredBan> out;
  for (;;) {
    const int rc = q.step();
    if (rc == SQLITE_DONE) return out;
    if (rc != SQLITE_ROW) return sqlite_error(c_.db(), kClause, "read the bans");
    out.push_back(StoredBan{q.col_text(0), q.col_i64(1), q.col_text(2)});
  }
}

engine::Status OperatorRecords::put_ban(const StoredBan& ban, std::int64_t now_ms) {
  std::lock_guard lock(mu_);
  return run_query(
      c_,
      "INSERT INTO bans (subject, until_ms, reason, created_ms) VALUES (?, ?, ?, ?) "
      "ON CONFLICT (subject) DO UPDATE SET until_ms = excluded.until_ms, "
      "reason = excluded.reason, created_ms = excluded.created_ms",
      kClause, [&] { return "keep the ban on " + ban.subject; },
      [&](Query& q) {
        q.text(1, ban.subject).i64(2, ban.until_ms).text(3, ban.reason).i64(4, now_ms);
      });
}

engine::Status OperatorRecords::drop_ban(const std::string& subject) {
  std::lock_guard lock(mu_);
  return run_query(
      c_, "DELETE FROM bans WHERE subject = ?", kClause,
      [&] { return "lift the ban on " + subject; }, [&](Query& q) { q.text(1, subject); });
}

engine::Result<std::optional<std::string>> OperatorRecords::creation_paused() {
  std::lock_guard lock(mu_);
  auto stmt = c_.prepare("SELECT value FROM operator_settings WHERE name = 'creation_paused'");
  if (!stmt) return stmt.error();
  Query q(*stmt);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<std::string>();
  if (rc != SQLITE_ROW) return sqlite_error(c_.db(), kClause, "read the pause");
  return std::optional<std::string>(q.col_text(0));
}

engine::Status OperatorRecords::set_creation_paused(const std::optional<std::string>& reason) {
  std::lock_guard lock(mu_);
  if (!reason) {
    return run_query(
        c_, "DELETE FROM operator_settings WHERE name = 'creation_paused'", kClause,
        [] { return "keep the end of the pause"; }, [](Query&) {});
  }
  return run_query(
      c_,
      "INSERT INTO operator_settings (name, value) VALUES ('creation_paused', ?) "
      "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      kClause, [] { return "keep the pause"; }, [&](Query& q) { q.text(1, *reason); });
}

engine::Result<std::int64_t> OperatorRecords::last_backup_ms() {
  std::lock_guard lock(mu_);
  auto stmt = c_.prepare("SELECT value FROM operator_settings WHERE name = 'last_backup'");
  if (!stmt) return stmt.error();
  Query q(*stmt);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::int64_t{0};
  if (rc != SQLITE_ROW) return sqlite_error(c_.db(), kClause, "read the last backup");
  const std::string value = q.col_text(0);  // "MS FILE"
  return std::int64_t{std::strtoll(value.c_str(), nullptr, 10)};
}

engine::Status OperatorRecords::set_last_backup(std::int64_t ms, const std::string& file) {
  std::lock_guard lock(mu_);
  const std::string value = std::to_string(ms) + " " + file;
  return run_query(
      c_,
      "INSERT INTO operator_settings (name, value) VALUES ('last_backup', ?) "
      "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      kClause, [] { return "record the last backup"; }, [&](Query& q) { q.text(1, value); });
}

}  // namespace grognard::store
