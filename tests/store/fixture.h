#pragma once
// Helpers for the storage tests: a temporary directory, representative records, raw SQL on a
// database file, and a synchronous append.

#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "record/store.h"
#include "store/migrate.h"

namespace grognard::store::test {

// A fresh directory under the system's temporary directory, removed with everything in it.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

// 32 bytes start, start+1, … (mod 256): distinct, recognisable blobs.
record::Hash32 pattern(std::uint8_t start);

// A game with every field set to something other than its default.
record::GameRecord make_game(const std::string& id, const std::string& ruleset = "itchy",
                             std::int64_t created_ms = 1'700'000'000'000,
                             record::GameStatus status = record::GameStatus::kRunning);
record::SeatRecord make_seat(const std::string& game_id, const std::string& seat_id,
                             const std::string& player_name);
// Events seq first..first+count-1, chained from `previous`; payloads hold NUL and high bytes.
std::vector<record::EventRecord> make_events(const std::string& game_id, std::uint64_t first,
                                             std::size_t count, record::Hash32 previous = {});
record::CommandRecord make_command(const std::string& game_id, const std::string& seat,
                                   const std::string& command_id, std::uint64_t first_seq,
                                   std::uint64_t last_seq);
// A new game with two seats.
record::WriteBatch new_game_batch(const record::GameRecord& game);

// Appends and waits for `done`.
engine::Status append_sync(record::Store& store, record::WriteBatch batch);

// The embedded migrations up to and including `version`.
std::vector<Migration> migrations_up_to(int version);

// CHECKs every field.
void check_same(const record::GameRecord& a, const record::GameRecord& b);
void check_same(const record::SeatRecord& a, const record::SeatRecord& b);
void check_same(const record::EventRecord& a, const record::EventRecord& b);

// A plain connection for arranging and inspecting a database with raw SQL.
class RawDb {
 public:
  explicit RawDb(const std::string& path);
  ~RawDb();
  RawDb(const RawDb&) = delete;
  RawDb& operator=(const RawDb&) = delete;
  sqlite3* get() const { return db_; }
  void exec(const std::string& sql);  // REQUIREs success
  std::int64_t integer(const std::string& sql);
  // Every row of a query, each column rendered as text (blobs in hex, NULL as "NULL").
  std::vector<std::string> rows(const std::string& sql);
  // Every user table's rows (all columns), for "nothing changed" comparisons; includes the
  // schema itself (sqlite_master).
  std::vector<std::string> dump();

 private:
  sqlite3* db_ = nullptr;
};

std::string file_bytes(const std::string& path);

}  // namespace grognard::store::test
