#pragma once
// The read queries behind record::Store, on one connection (a reader lease). Each is a single
// SELECT, so it sees one consistent snapshot of the database (WAL).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "record/store.h"
#include "store/sqlite_util.h"

namespace grognard::store {

engine::Result<std::optional<record::GameRecord>> query_game(Connection& c, const std::string& id);
engine::Result<std::optional<record::GameRecord>> query_game_by_token(Connection& c,
                                                                      const record::Hash32& token);
// An empty code matches no game.
engine::Result<std::optional<record::GameRecord>> query_game_by_invite(Connection& c,
                                                                       const std::string& code);
// Newest first (created_ms descending, then id). REQUIRES: filter.limit > 0 (else an error).
engine::Result<std::vector<record::GameRecord>> query_games(Connection& c,
                                                            const record::GameFilter& filter);
// Waiting and running games, listed or not, oldest first: the rooms to resume at start.
engine::Result<std::vector<record::GameRecord>> query_unfinished_games(Connection& c);
// Ordered by seat id.
engine::Result<std::vector<record::SeatRecord>> query_seats(Connection& c,
                                                            const std::string& game_id);
// from <= seq <= to (to == 0: to the end), in sequence order.
engine::Result<std::vector<record::EventRecord>> query_events(Connection& c,
                                                              const std::string& game_id,
                                                              std::uint64_t from, std::uint64_t to);
// The game's TakenBack events, in sequence order, through the index events_taken_back
// (migration 0007): none of its other events is read.
engine::Result<std::vector<record::EventRecord>> query_taken_back(Connection& c,
                                                                  const std::string& game_id);

}  // namespace grognard::store
