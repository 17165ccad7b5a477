#pragma once
// Schema migrations (migrations/README.md): migrations/NNNN_name.sql, embedded into the binary
// at build time, applied in order at start, each in its own transaction with the row that
// records its version in schema_migrations.

#include <string>
#include <vector>

#include "engine/result.h"

struct sqlite3;

namespace grognard::store {

struct Migration {
  int version = 0;   // NNNN of the file name
  std::string name;  // the rest of the file name, without ".sql"
  std::string sql;   // the whole file
};

// Every migrations/*.sql known to this build, in version order (generated source).
const std::vector<Migration>& embedded_migrations();

// The newest version recorded in the database: 0 for an empty database. An error for a
// database that has tables but no schema_migrations (not one of ours).
engine::Result<int> schema_version(sqlite3* db);

// "database schema version 7 is newer than this server (newest known 2): …"
std::string newer_schema_message(int found, int newest);

// Applies the migrations the database is missing, in order. Each runs in a BEGIN IMMEDIATE
// transaction that also inserts its schema_migrations row (applied_ms from the system clock),
// with foreign keys off and a foreign_key_check before COMMIT. Refuses, changing nothing, a
// database whose version is newer than the newest of `migrations`. On a failed migration the
// ones before it stay applied and the failed one leaves no trace.
// REQUIRES: no transaction open on `db`; `migrations` in strictly increasing version order.
engine::Status migrate(sqlite3* db, const std::vector<Migration>& migrations);

}  // namespace grognard::store
