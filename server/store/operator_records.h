#pragma once
// What the server's operator decided that must outlive a restart (docs/operations.md, "Admin";
// migration 0009): bans on addresses and ranges, and the pause on creating rooms. On the
// server's SQLite database, through a connection of its own; the admin API writes through it
// on the accounts' thread (net/account_desk.h), the server reads it once at start.
//
// Thread-safety: every member may be called from any thread (one lock).

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "store/sqlite_util.h"

namespace grognard::store {

struct StoredBan {
  std::string subject;  // an address or a range, as site::parse_ban_subject() gives it
  std::int64_t until_ms = 0;
  std::string reason;
};

// A connection of its own to the database at `path`, already created and migrated by the
// server's store to at least `version` (else an error naming `what` is missing).
engine::Result<DbPtr> open_records(const std::string& path, int version, const std::string& what);

class OperatorRecords {
 public:
  // Opens the database at `path`, already created and migrated by the server's store.
  static engine::Result<std::unique_ptr<OperatorRecords>> open(const std::string& path);

  // The bans still in force at `now_ms` (those past are deleted).
  engine::Result<std::vector<StoredBan>> bans(std::int64_t now_ms);
  engine::Status put_ban(const StoredBan& ban, std::int64_t now_ms);
  engine::Status drop_ban(const std::string& subject);
  // The pause's reason while creating rooms is paused; nullopt: not paused.
  engine::Result<std::optional<std::string>> creation_paused();
  engine::Status set_creation_paused(const std::optional<std::string>& reason);
  // The last good backup (`grognard-server backup`): when, in Unix milliseconds (0: none), and
  // the file it wrote.
  engine::Result<std::int64_t> last_backup_ms();
  engine::Status set_last_backup(std::int64_t ms, const std::string& file);

 private:
  explicit OperatorRecords(DbPtr db) : c_(std::move(db)) {}
  std::mutex mu_;
  Connection c_;
};

}  // namespace grognard::store
