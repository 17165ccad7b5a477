#pragma once
// Small RAII helpers over the SQLite C API, used inside server/store and by the accounts
// store's own connection (accounts/sqlite_accounts.h): owned connections, a per-connection
// cache of prepared statements, and Query, one use of a prepared statement.
//
// Thread-safety: a Connection (and every statement it caches) is used by one thread at a
// time; the owner (the writer thread, or whoever holds a reader lease) guarantees that.

#include <sqlite3.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "engine/result.h"

namespace grognard::store {

struct DbCloser {
  void operator()(sqlite3* db) const noexcept { sqlite3_close_v2(db); }
};
using DbPtr = std::unique_ptr<sqlite3, DbCloser>;

struct StmtFinalizer {
  void operator()(sqlite3_stmt* s) const noexcept { sqlite3_finalize(s); }
};
using StmtPtr = std::unique_ptr<sqlite3_stmt, StmtFinalizer>;

// Storage errors. `clause` is a stable id the caller can test ("store.commit", "store.read",
// "store.open", "store.migrate"); the message names what failed and why.
engine::Error store_error(std::string clause, std::string message);
// "<what>: <SQLite's message for the connection's last error>".
engine::Error sqlite_error(sqlite3* db, std::string clause, std::string_view what);

// Opens a connection with `flags` (SQLITE_OPEN_*) and sets its busy timeout.
engine::Result<DbPtr> open_connection(const std::string& path, int flags, int busy_timeout_ms);

// Runs SQL that returns no rows (it may hold several statements). Not cached: for setup.
engine::Status exec(sqlite3* db, const std::string& sql, std::string clause, std::string_view what);

class Connection {
 public:
  explicit Connection(DbPtr db) : db_(std::move(db)) {}
  sqlite3* db() const { return db_.get(); }

  // The prepared statement for `sql`, prepared on first use and kept for the connection's
  // life. Use it through a Query, which resets it afterwards.
  engine::Result<sqlite3_stmt*> prepare(const std::string& sql);

  // Prepares (cached) and runs a statement that returns no rows, e.g. "BEGIN IMMEDIATE".
  engine::Status run(const std::string& sql, std::string clause);

 private:
  DbPtr db_;
  std::unordered_map<std::string, StmtPtr> cache_;  // declared after db_: finalized first
};

// One use of a prepared statement: bind, step, read columns. Resets the statement and
// clears its bindings when it goes out of scope. Values are copied when bound, unless the
// Query is made with Query::kBorrow: then text and blobs are bound where they lie, and must
// outlive the Query (the writer binds fields of the records it stores).
class Query {
 public:
  enum Borrow { kBorrow };
  explicit Query(sqlite3_stmt* stmt) : stmt_(stmt) {}
  Query(sqlite3_stmt* stmt, Borrow) : stmt_(stmt), keep_(SQLITE_STATIC) {}
  ~Query();
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;

  // Parameters are numbered from 1, as in SQLite.
  Query& text(int i, std::string_view v);
  Query& blob(int i, std::string_view bytes);
  template <std::size_t N>
  Query& blob(int i, const std::array<std::uint8_t, N>& bytes) {
    return blob_bytes(i, bytes.data(), N);
  }
  Query& i64(int i, std::int64_t v);
  Query& u64(int i, std::uint64_t v) { return i64(i, static_cast<std::int64_t>(v)); }
  Query& boolean(int i, bool v) { return i64(i, v ? 1 : 0); }

  // SQLITE_ROW, SQLITE_DONE, or an error code (also the first failed bind's code).
  int step();

  // Columns are numbered from 0. A NULL reads as empty or zero.
  std::string col_text(int c) const;
  std::string col_blob(int c) const;
  std::int64_t col_i64(int c) const { return sqlite3_column_int64(stmt_, c); }
  std::uint64_t col_u64(int c) const { return static_cast<std::uint64_t>(col_i64(c)); }
  bool col_bool(int c) const { return col_i64(c) != 0; }
  // Copies up to 32 bytes; the schema's CHECK constraints keep hash columns at 32.
  std::array<std::uint8_t, 32> col_hash(int c) const;

 private:
  Query& blob_bytes(int i, const void* data, std::size_t size);
  void note(int rc) {
    if (rc != SQLITE_OK && bind_error_ == SQLITE_OK) bind_error_ = rc;
  }

  sqlite3_stmt* stmt_;
  sqlite3_destructor_type keep_ = SQLITE_TRANSIENT;  // how text and blobs are bound
  int bind_error_ = SQLITE_OK;
};

// Runs a prepared, cached statement that returns no rows, after `bind` fills its parameters
// without copies (Query::kBorrow: whatever it binds must outlive this call). `what()` names
// the statement's work in an error, and is called only then.
template <class Bind, class What>
engine::Status run_query(Connection& c, const std::string& sql, const std::string& clause,
                         What&& what, Bind&& bind) {
  auto stmt = c.prepare(sql);
  if (!stmt) return stmt.error();
  Query q(*stmt, Query::kBorrow);
  bind(q);
  if (q.step() != SQLITE_DONE) return sqlite_error(c.db(), clause, what());
  return engine::ok_status();
}

}  // namespace grognard::store
