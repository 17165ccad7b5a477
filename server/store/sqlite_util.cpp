#include "store/sqlite_util.h"

#include <algorithm>
#include <cstring>

namespace grognard::store {

engine::Error store_error(std::string clause, std::string message) {
  return engine::Error{engine::ErrorCode::kFailedPrecondition, std::move(clause),
                       std::move(message)};
}

engine::Error sqlite_error(sqlite3* db, std::string clause, std::string_view what) {
  std::string message(what);
  message += ": ";
  message += db != nullptr ? sqlite3_errmsg(db) : "out of memory";
  if (db != nullptr)
    message += " (sqlite code " + std::to_string(sqlite3_extended_errcode(db)) + ")";
  return store_error(std::move(clause), std::move(message));
}

engine::Result<DbPtr> open_connection(const std::string& path, int flags, int busy_timeout_ms) {
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  DbPtr db(raw);  // closed on every path, also when opening failed
  if (rc != SQLITE_OK) return sqlite_error(db.get(), "store.open", "cannot open " + path);
  sqlite3_extended_result_codes(db.get(), 1);
  if (sqlite3_busy_timeout(db.get(), busy_timeout_ms) != SQLITE_OK) {
    return sqlite_error(db.get(), "store.open", "cannot set busy timeout on " + path);
  }
  return db;
}

engine::Status exec(sqlite3* db, const std::string& sql, std::string clause,
                    std::string_view what) {
  char* err = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
  if (rc == SQLITE_OK) return engine::ok_status();
  std::string message(what);
  message += ": ";
  message += err != nullptr ? err : sqlite3_errstr(rc);
  sqlite3_free(err);
  return store_error(std::move(clause), std::move(message));
}

engine::Result<sqlite3_stmt*> Connection::prepare(const std::string& sql) {
  if (auto it = cache_.find(sql); it != cache_.end()) return it->second.get();
  sqlite3_stmt* raw = nullptr;
  const int rc = sqlite3_prepare_v3(db_.get(), sql.c_str(), static_cast<int>(sql.size() + 1),
                                    SQLITE_PREPARE_PERSISTENT, &raw, nullptr);
  StmtPtr stmt(raw);
  if (rc != SQLITE_OK || raw == nullptr) {
    return sqlite_error(db_.get(), "store.prepare", "cannot prepare \"" + sql + "\"");
  }
  cache_.emplace(sql, std::move(stmt));
  return raw;
}

engine::Status Connection::run(const std::string& sql, std::string clause) {
  return run_query(
      *this, sql, clause, [&] { return sql; }, [](Query&) {});
}

Query::~Query() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

Query& Query::text(int i, std::string_view v) {
  note(sqlite3_bind_text64(stmt_, i, v.data(), v.size(), keep_, SQLITE_UTF8));
  return *this;
}

Query& Query::blob(int i, std::string_view bytes) {
  return blob_bytes(i, bytes.data(), bytes.size());
}

Query& Query::blob_bytes(int i, const void* data, std::size_t size) {
  // A non-null pointer with size 0 binds an empty blob (a null pointer would bind NULL).
  static const char kEmpty = 0;
  note(sqlite3_bind_blob64(stmt_, i, size == 0 ? &kEmpty : data, size, keep_));
  return *this;
}

Query& Query::i64(int i, std::int64_t v) {
  note(sqlite3_bind_int64(stmt_, i, v));
  return *this;
}

int Query::step() {
  if (bind_error_ != SQLITE_OK) return bind_error_;
  return sqlite3_step(stmt_);
}

std::string Query::col_text(int c) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, c));
  if (p == nullptr) return {};
  return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, c)));
}

std::string Query::col_blob(int c) const {
  const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, c));
  if (p == nullptr) return {};
  return std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, c)));
}

std::array<std::uint8_t, 32> Query::col_hash(int c) const {
  std::array<std::uint8_t, 32> out{};
  const void* p = sqlite3_column_blob(stmt_, c);
  if (p == nullptr) return out;
  const auto n =
      std::min<std::size_t>(out.size(), static_cast<std::size_t>(sqlite3_column_bytes(stmt_, c)));
  std::memcpy(out.data(), p, n);
  return out;
}

}  // namespace grognard::store
