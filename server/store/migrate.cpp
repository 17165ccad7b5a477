#include "store/migrate.h"

#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>

#include "store/sqlite_util.h"

namespace grognard::store {
namespace {

constexpr const char* kClause = "store.migrate";

std::string label(const Migration& m) {
  char number[16];
  std::snprintf(number, sizeof number, "%04d", m.version);
  return std::string(number) + "_" + m.name;
}

engine::Result<std::int64_t> single_integer(sqlite3* db, const char* sql) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &raw, nullptr) != SQLITE_OK) {
    return sqlite_error(db, kClause, sql);
  }
  StmtPtr stmt(raw);
  Query q(raw);
  const int rc = q.step();
  if (rc == SQLITE_ROW) return q.col_i64(0);
  if (rc == SQLITE_DONE) return std::int64_t{0};
  return sqlite_error(db, kClause, sql);
}

engine::Status check_order(const std::vector<Migration>& migrations) {
  int previous = 0;
  for (const Migration& m : migrations) {
    if (m.version <= previous) {
      return store_error(kClause, "migrations out of order at " + label(m));
    }
    previous = m.version;
  }
  return engine::ok_status();
}

// Runs one migration inside the caller's transaction.
engine::Status apply(sqlite3* db, const Migration& m) {
  if (auto st = exec(db, m.sql, kClause, "migration " + label(m) + " failed"); !st) return st;
  if (sqlite3_get_autocommit(db) != 0) {
    return store_error(kClause, "migration " + label(m) +
                                    " ended the transaction itself (no BEGIN/COMMIT in files)");
  }
  {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db, "PRAGMA foreign_key_check", -1, &raw, nullptr) != SQLITE_OK) {
      return sqlite_error(db, kClause, "foreign_key_check");
    }
    StmtPtr stmt(raw);
    Query q(raw);
    const int rc = q.step();
    if (rc == SQLITE_ROW) {
      return store_error(kClause, "migration " + label(m) +
                                      " leaves rows violating foreign keys in table " +
                                      q.col_text(0));
    }
    if (rc != SQLITE_DONE) return sqlite_error(db, kClause, "foreign_key_check");
  }
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  sqlite3_stmt* raw = nullptr;
  const char* insert = "INSERT INTO schema_migrations (version, name, applied_ms) VALUES (?,?,?)";
  if (sqlite3_prepare_v2(db, insert, -1, &raw, nullptr) != SQLITE_OK) {
    return sqlite_error(db, kClause, "migration " + label(m) + " did not create schema_migrations");
  }
  StmtPtr stmt(raw);
  Query q(raw);
  q.i64(1, m.version).text(2, m.name).i64(3, static_cast<std::int64_t>(now));
  if (q.step() != SQLITE_DONE) return sqlite_error(db, kClause, "recording " + label(m));
  return engine::ok_status();
}

void rollback(sqlite3* db) {
  if (sqlite3_get_autocommit(db) == 0) sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
}

// Switches foreign key enforcement off for the migrations and restores it afterwards.
class ForeignKeysOff {
 public:
  explicit ForeignKeysOff(sqlite3* db) : db_(db) {
    auto on = single_integer(db, "PRAGMA foreign_keys");
    was_on_ = on.ok() && *on != 0;
    sqlite3_exec(db, "PRAGMA foreign_keys = OFF", nullptr, nullptr, nullptr);
  }
  ~ForeignKeysOff() {
    if (was_on_) sqlite3_exec(db_, "PRAGMA foreign_keys = ON", nullptr, nullptr, nullptr);
  }
  ForeignKeysOff(const ForeignKeysOff&) = delete;
  ForeignKeysOff& operator=(const ForeignKeysOff&) = delete;

 private:
  sqlite3* db_;
  bool was_on_ = false;
};

}  // namespace

std::string newer_schema_message(int found, int newest) {
  return "database schema version " + std::to_string(found) +
         " is newer than this server (newest known " + std::to_string(newest) +
         "): upgrade the server or use another database";
}

engine::Result<int> schema_version(sqlite3* db) {
  auto has = single_integer(
      db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'");
  if (!has) return has.error();
  if (*has == 0) {
    auto tables = single_integer(
        db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
    if (!tables) return tables.error();
    if (*tables != 0) {
      return store_error(kClause,
                         "database has tables but no schema_migrations: not a Grognard database");
    }
    return 0;
  }
  auto version = single_integer(db, "SELECT coalesce(max(version), 0) FROM schema_migrations");
  if (!version) return version.error();
  return static_cast<int>(*version);
}

engine::Status migrate(sqlite3* db, const std::vector<Migration>& migrations) {
  if (auto st = check_order(migrations); !st) return st;
  const int newest = migrations.empty() ? 0 : migrations.back().version;
  ForeignKeysOff fk_off(db);
  // One transaction per step; the version is read inside it, so two servers starting on the
  // same file cannot apply a migration twice.
  for (;;) {
    if (auto st = exec(db, "BEGIN IMMEDIATE", kClause, "cannot begin migration"); !st) return st;
    auto version = schema_version(db);
    if (!version) {
      rollback(db);
      return version.error();
    }
    if (*version > newest) {
      rollback(db);
      return store_error(kClause, newer_schema_message(*version, newest));
    }
    const Migration* next = nullptr;
    for (const Migration& m : migrations) {
      if (m.version > *version) {
        next = &m;
        break;
      }
    }
    if (next == nullptr) {
      rollback(db);  // nothing written
      return engine::ok_status();
    }
    if (auto st = apply(db, *next); !st) {
      rollback(db);
      spdlog::error("store: {}", st.error().message);
      return st;
    }
    if (auto st = exec(db, "COMMIT", kClause, "cannot commit migration " + label(*next)); !st) {
      rollback(db);
      return st;
    }
    spdlog::info("store: applied migration {}", label(*next));
  }
}

}  // namespace grognard::store
