#include "store/records.h"

#include <algorithm>
#include <array>
#include <span>
#include <string_view>

#include "store/notice_records.h"

namespace grognard::store {
namespace {

using record::EventRecord;
using record::GameRecord;
using record::SeatRecord;

constexpr const char* kClause = "store.commit";

using Columns = std::span<const std::string_view>;

// Column names, in the order of every bind and read below.
constexpr std::array<std::string_view, 25> kGame{"id",
                                                 "ruleset",
                                                 "scenario",
                                                 "scenario_text",
                                                 "invite_code",
                                                 "listed",
                                                 "observers_allowed",
                                                 "status",
                                                 "seed",
                                                 "seed_sha256",
                                                 "dice_next",
                                                 "last_seq",
                                                 "created_ms",
                                                 "updated_ms",
                                                 "ended_ms",
                                                 "result",
                                                 "chain_version",
                                                 "ruleset_version",
                                                 "source_game",
                                                 "source_seq",
                                                 "dice_from",
                                                 "drift",
                                                 "imported_ms",
                                                 "time_control",
                                                 "clocks"};
constexpr std::array<std::string_view, 8> kSeat{"game_id",    "seat_id",     "role",
                                                "label",      "player_name", "token_sha256",
                                                "claimed_ms", "account_id"};
constexpr std::array<std::string_view, 11> kEvent{
    "game_id", "seq",        "kind",     "payload",    "state_hash",     "chain",
    "seat",    "command_id", "audience", "created_ms", "withheld_digest"};

std::string join(Columns columns, std::string_view separator = ", ") {
  std::string out;
  for (std::string_view c : columns) {
    if (!out.empty()) out += separator;
    out += c;
  }
  return out;
}

// INSERT INTO t (a, b, c) VALUES (?, ?, ?) [ON CONFLICT (a) DO UPDATE SET b = excluded.b, …]
// where the first `keys` columns form the primary key; keys == 0 means a plain INSERT.
std::string insert_sql(std::string_view table, Columns columns, std::size_t keys) {
  std::string sql = "INSERT INTO " + std::string(table) + " (" + join(columns) + ") VALUES (";
  for (std::size_t i = 0; i < columns.size(); ++i) sql += i == 0 ? "?" : ", ?";
  sql += ")";
  if (keys == 0) return sql;
  sql += " ON CONFLICT (";
  std::size_t i = 0;
  std::string updates;
  for (std::string_view c : columns) {
    if (i < keys) {
      sql += (i == 0 ? "" : ", ") + std::string(c);
    } else {
      updates += (updates.empty() ? "" : ", ") + std::string(c) + " = excluded." + std::string(c);
    }
    ++i;
  }
  return sql + ") DO UPDATE SET " + updates;
}

// The columns of `games` that its indexes hold (migrations/): an UPDATE that sets none of them
// leaves every index page as it is.
constexpr std::array<std::string_view, 5> kGameIndexed{"invite_code", "created_ms", "ruleset",
                                                       "status", "source_game"};

bool has(std::span<const std::string_view> names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// UPDATE games SET c = ?N, … WHERE id = ?1 AND k = ?M, …: sets every column but the scenario's
// text and the indexed ones, which it requires unchanged (each column numbered as in
// insert_sql's statement).
std::string update_game_sql() {
  std::string sets, same;
  for (std::size_t i = 1; i < kGame.size(); ++i) {
    const std::string c = std::string(kGame[i]) + " = ?" + std::to_string(i + 1);
    if (has(kGameIndexed, kGame[i])) {
      same += " AND " + c;
    } else if (kGame[i] != "scenario_text") {
      sets += (sets.empty() ? "" : ", ") + c;
    }
  }
  return "UPDATE games SET " + sets + " WHERE id = ?1" + same;
}

void bind_game(Query& q, const GameRecord& g, bool with_scenario_text) {
  q.text(1, g.id).text(2, g.ruleset).text(3, g.scenario);
  if (with_scenario_text) q.text(4, g.scenario_text);
  q.text(5, g.invite_code).boolean(6, g.listed).boolean(7, g.observers_allowed);
  q.text(8, record::to_string(g.status)).blob(9, g.seed).blob(10, g.seed_sha256);
  q.u64(11, g.dice_next).u64(12, g.last_seq).i64(13, g.created_ms).i64(14, g.updated_ms);
  q.i64(15, g.ended_ms).text(16, g.result).i64(17, g.chain_version);
  q.i64(18, g.ruleset_version).text(19, g.source_game).u64(20, g.source_seq);
  q.u64(21, g.dice_from).text(22, g.drift).i64(23, g.imported_ms);
  q.text(24, g.time_control).text(25, g.clocks);
}

// A game's row is written with every batch of its room, mostly to move its last event on: an
// update that leaves its scenario's text (kilobytes, never changed once stored) and its indexed
// columns alone, so that one page changes. A new game, or one whose status changes, is written
// whole.
engine::Status write_game(Connection& c, const GameRecord& g) {
  static const std::string update = update_game_sql();
  static const std::string upsert = insert_sql("games", kGame, 1);
  const auto what = [&] { return "write game " + g.id; };
  auto st = run_query(c, update, kClause, what, [&](Query& q) { bind_game(q, g, false); });
  if (!st || sqlite3_changes(c.db()) != 0) return st;
  return run_query(c, upsert, kClause, what, [&](Query& q) { bind_game(q, g, true); });
}

engine::Status write_seat(Connection& c, const SeatRecord& s) {
  // The account through a sub-select: NULL when it was deleted since the seat was taken, so
  // that the foreign key never fails a room's write.
  static const std::string sql = [] {
    std::string q = insert_sql("seats", kSeat, 2);
    const std::string last = "?)";
    q.replace(q.find(last), last.size(), "(SELECT id FROM accounts WHERE id = ?))");
    return q;
  }();
  const auto what = [&] { return "write seat " + s.game_id + "/" + s.seat_id; };
  return run_query(c, sql, kClause, what, [&](Query& q) {
    q.text(1, s.game_id).text(2, s.seat_id).text(3, s.role).text(4, s.label);
    q.text(5, s.player_name).blob(6, s.token_sha256).i64(7, s.claimed_ms).i64(8, s.account_id);
  });
}

engine::Status delete_seat(Connection& c, const std::string& game_id, const std::string& seat_id) {
  static const std::string sql = "DELETE FROM seats WHERE game_id = ? AND seat_id = ?";
  const auto what = [&] { return "delete seat " + game_id + "/" + seat_id; };
  return run_query(c, sql, kClause, what, [&](Query& q) { q.text(1, game_id).text(2, seat_id); });
}

engine::Status write_event(Connection& c, const EventRecord& e) {
  static const std::string sql = insert_sql("events", kEvent, 0);
  const auto what = [&] { return "append event " + e.game_id + "#" + std::to_string(e.seq); };
  return run_query(c, sql, kClause, what, [&](Query& q) {
    q.text(1, e.game_id).u64(2, e.seq).i64(3, static_cast<std::int64_t>(e.kind));
    q.blob(4, e.payload).blob(5, e.state_hash).blob(6, e.chain).text(7, e.seat);
    q.text(8, e.command_id).text(9, e.audience).i64(10, e.created_ms);
    const record::Hash32* withheld = e.withheld_digest ? &*e.withheld_digest : nullptr;
    q.blob(11, withheld == nullptr
                   ? std::string_view{}
                   : std::string_view(reinterpret_cast<const char*>(withheld->data()),
                                      withheld->size()));
  });
}

}  // namespace

const std::string kGameColumns = join(kGame);
const std::string kSeatColumns = join(kSeat);
const std::string kEventColumns = join(kEvent);

engine::Result<GameRecord> read_game(const Query& q) {
  GameRecord g;
  g.id = q.col_text(0);
  g.ruleset = q.col_text(1);
  g.scenario = q.col_text(2);
  g.scenario_text = q.col_text(3);
  g.invite_code = q.col_text(4);
  g.listed = q.col_bool(5);
  g.observers_allowed = q.col_bool(6);
  const std::string status = q.col_text(7);
  auto parsed = record::game_status_from_string(status);
  if (!parsed) {
    return store_error("store.read", "game " + g.id + " has unknown status \"" + status + "\"");
  }
  g.status = *parsed;
  g.seed = q.col_hash(8);
  g.seed_sha256 = q.col_hash(9);
  g.dice_next = q.col_u64(10);
  g.last_seq = q.col_u64(11);
  g.created_ms = q.col_i64(12);
  g.updated_ms = q.col_i64(13);
  g.ended_ms = q.col_i64(14);
  g.result = q.col_text(15);
  g.chain_version = static_cast<int>(q.col_i64(16));
  g.ruleset_version = static_cast<int>(q.col_i64(17));
  g.source_game = q.col_text(18);
  g.source_seq = q.col_u64(19);
  g.dice_from = q.col_u64(20);
  g.drift = q.col_text(21);
  g.imported_ms = q.col_i64(22);
  g.time_control = q.col_text(23);
  g.clocks = q.col_text(24);
  return g;
}

SeatRecord read_seat(const Query& q) {
  SeatRecord s;
  s.game_id = q.col_text(0);
  s.seat_id = q.col_text(1);
  s.role = q.col_text(2);
  s.label = q.col_text(3);
  s.player_name = q.col_text(4);
  s.token_sha256 = q.col_hash(5);
  s.claimed_ms = q.col_i64(6);
  s.account_id = q.col_i64(7);  // NULL reads as 0: none
  return s;
}

engine::Result<EventRecord> read_event(const Query& q) {
  EventRecord e;
  e.game_id = q.col_text(0);
  e.seq = q.col_u64(1);
  const std::int64_t kind = q.col_i64(2);
  if (kind < 0 || kind > static_cast<std::int64_t>(record::EventKind::kTakenBack)) {
    return store_error("store.read", "event " + e.game_id + "#" + std::to_string(e.seq) +
                                         " has unknown kind " + std::to_string(kind));
  }
  e.kind = static_cast<record::EventKind>(kind);
  e.payload = q.col_blob(3);
  e.state_hash = q.col_hash(4);
  e.chain = q.col_hash(5);
  e.seat = q.col_text(6);
  e.command_id = q.col_text(7);
  e.audience = q.col_text(8);
  e.created_ms = q.col_i64(9);
  if (const std::string withheld = q.col_blob(10); withheld.size() == 32) {
    record::Hash32 h;
    std::copy(withheld.begin(), withheld.end(), h.begin());
    e.withheld_digest = h;
  }
  return e;
}

engine::Status write_batch(Connection& c, const record::WriteBatch& batch) {
  if (batch.game) {
    if (auto st = write_game(c, *batch.game); !st) return st;
  }
  for (const SeatRecord& s : batch.seats) {
    if (auto st = write_seat(c, s); !st) return st;
  }
  for (const std::string& seat_id : batch.dropped_seats) {
    if (auto st = delete_seat(c, batch.game ? batch.game->id : "", seat_id); !st) return st;
  }
  for (const EventRecord& e : batch.events) {
    if (auto st = write_event(c, e); !st) return st;
  }
  for (const record::NoticeRecord& n : batch.notices) {
    if (auto st = write_notice(c, n); !st) return st;
  }
  return engine::ok_status();
}

}  // namespace grognard::store
