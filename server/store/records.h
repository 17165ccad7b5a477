#pragma once
// The mapping between the game records (record/store.h) and table rows: column lists, reading a row
// into a record, and writing one WriteBatch. Used by the writer (write_batch) and the readers
// (read_*).

#include <string>

#include "engine/result.h"
#include "record/store.h"
#include "store/sqlite_util.h"

namespace grognard::store {

// Column lists in the order the read_* functions expect them, starting at column 0.
extern const std::string kGameColumns;
extern const std::string kSeatColumns;
extern const std::string kEventColumns;

engine::Result<record::GameRecord> read_game(const Query& q);
record::SeatRecord read_seat(const Query& q);
engine::Result<record::EventRecord> read_event(const Query& q);

// Writes every row of the batch on `c` inside the caller's transaction: the game and seats
// are inserted or updated, events inserted (a duplicate is an error).
// On error some rows of the batch may be written; the caller rolls them back.
engine::Status write_batch(Connection& c, const record::WriteBatch& batch);

}  // namespace grognard::store
