#include "store/queries.h"

#include <limits>
#include <utility>

#include "store/records.h"

namespace grognard::store {
namespace {

using record::EventRecord;
using record::GameRecord;
using record::SeatRecord;

constexpr const char* kClause = "store.read";

// Runs a SELECT and turns every row into a T with `read` (which returns T or Result<T>).
template <class T, class Bind, class Read>
engine::Result<std::vector<T>> select_all(Connection& c, const std::string& sql, Bind&& bind,
                                          Read&& read) {
  auto stmt = c.prepare(sql);
  if (!stmt) return stmt.error();
  Query q(*stmt);
  bind(q);
  std::vector<T> out;
  for (;;) {
    const int rc = q.step();
    if (rc == SQLITE_DONE) return out;
    if (rc != SQLITE_ROW) return sqlite_error(c.db(), kClause, "query failed");
    engine::Result<T> row = read(q);
    if (!row) return row.error();
    out.push_back(std::move(row).value());
  }
}

template <class T>
engine::Result<std::optional<T>> first(engine::Result<std::vector<T>> rows) {
  if (!rows) return rows.error();
  if (rows->empty()) return std::optional<T>{};
  return std::optional<T>(std::move(rows->front()));
}

const std::string& select_games() {
  static const std::string sql = "SELECT " + kGameColumns + " FROM games";
  return sql;
}

}  // namespace

engine::Result<std::optional<GameRecord>> query_game(Connection& c, const std::string& id) {
  static const std::string sql = select_games() + " WHERE id = ?";
  return first(select_all<GameRecord>(
      c, sql, [&](Query& q) { q.text(1, id); }, read_game));
}

engine::Result<std::optional<GameRecord>> query_game_by_invite(Connection& c,
                                                               const std::string& code) {
  if (code.empty()) return std::optional<GameRecord>{};
  static const std::string sql = select_games() + " WHERE invite_code = ? AND invite_code <> ''";
  return first(select_all<GameRecord>(
      c, sql, [&](Query& q) { q.text(1, code); }, read_game));
}

engine::Result<std::optional<GameRecord>> query_game_by_token(Connection& c,
                                                              const record::Hash32& token) {
  // seats_by_token (migration 0005) answers the inner select.
  static const std::string sql =
      select_games() + " WHERE id = (SELECT game_id FROM seats WHERE token_sha256 = ? LIMIT 1)";
  return first(select_all<GameRecord>(
      c, sql, [&](Query& q) { q.blob(1, token); }, read_game));
}

engine::Result<std::vector<GameRecord>> query_games(Connection& c,
                                                    const record::GameFilter& filter) {
  if (filter.limit <= 0) {
    return engine::Error{engine::ErrorCode::kInvalidArgument, kClause,
                         "a game listing needs a positive limit"};
  }
  // One SQL text per shape of filter (at most 64), each prepared once and cached.
  std::string sql = select_games() + " WHERE created_ms >= ?";
  if (filter.until_ms != 0) sql += " AND created_ms < ?";
  if (!filter.ruleset.empty()) sql += " AND ruleset = ?";
  if (filter.status) sql += " AND status = ?";
  if (filter.listed_only) sql += " AND listed = 1";
  if (!filter.player.empty()) {
    sql +=
        " AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id"
        " AND seats.player_name = ?)";
  }
  if (filter.account_id != 0) {  // seats_by_account (migration 0008) answers it
    sql += " AND id IN (SELECT game_id FROM seats WHERE account_id = ?)";
  }
  sql += " ORDER BY created_ms DESC, id LIMIT ?";
  auto bind = [&](Query& q) {
    int i = 1;
    q.i64(i++, filter.since_ms);
    if (filter.until_ms != 0) q.i64(i++, filter.until_ms);
    if (!filter.ruleset.empty()) q.text(i++, filter.ruleset);
    if (filter.status) q.text(i++, record::to_string(*filter.status));
    if (!filter.player.empty()) q.text(i++, filter.player);
    if (filter.account_id != 0) q.i64(i++, filter.account_id);
    q.i64(i, filter.limit);
  };
  return select_all<GameRecord>(c, sql, bind, read_game);
}

engine::Result<std::vector<GameRecord>> query_unfinished_games(Connection& c) {
  static const std::string sql =
      select_games() + " WHERE status IN ('waiting', 'running') ORDER BY created_ms, id";
  return select_all<GameRecord>(
      c, sql, [](Query&) {}, read_game);
}

engine::Result<std::vector<SeatRecord>> query_seats(Connection& c, const std::string& game_id) {
  static const std::string sql =
      "SELECT " + kSeatColumns + " FROM seats WHERE game_id = ? ORDER BY seat_id";
  return select_all<SeatRecord>(
      c, sql, [&](Query& q) { q.text(1, game_id); }, read_seat);
}

engine::Result<std::vector<EventRecord>> query_events(Connection& c, const std::string& game_id,
                                                      std::uint64_t from, std::uint64_t to) {
  static const std::string sql = "SELECT " + kEventColumns +
                                 " FROM events WHERE game_id = ? AND seq >= ? AND seq <= ?"
                                 " ORDER BY seq";
  // Sequence numbers are stored as signed 64-bit integers; clamp the bounds into that range.
  constexpr std::uint64_t kMax = std::numeric_limits<std::int64_t>::max();
  const std::uint64_t upper = to == 0 || to > kMax ? kMax : to;
  const std::uint64_t lower = from > kMax ? kMax : from;
  return select_all<EventRecord>(
      c, sql, [&](Query& q) { q.text(1, game_id).u64(2, lower).u64(3, upper); }, read_event);
}

engine::Result<std::vector<EventRecord>> query_taken_back(Connection& c,
                                                          const std::string& game_id) {
  // kind = 3 as a literal, as the partial index says it (record::EventKind::kTakenBack).
  static_assert(static_cast<int>(record::EventKind::kTakenBack) == 3);
  static const std::string sql =
      "SELECT " + kEventColumns + " FROM events WHERE game_id = ? AND kind = 3 ORDER BY seq";
  return select_all<EventRecord>(
      c, sql, [&](Query& q) { q.text(1, game_id); }, read_event);
}

}  // namespace grognard::store
