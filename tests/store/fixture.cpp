#include "fixture.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <future>
#include <iterator>
#include <random>
#include <sstream>

#include <spdlog/spdlog.h>

#include "engine/dice.h"

namespace grognard::store::test {
namespace {

// The store logs each opening and migration at info level; the tests want warnings only.
const bool kQuiet = [] {
  spdlog::set_level(spdlog::level::warn);
  return true;
}();

}  // namespace

TempDir::TempDir() {
  std::random_device rd;
  const auto base = std::filesystem::temp_directory_path();
  for (;;) {
    path_ = base / ("grognard-store-" + std::to_string(rd()));
    if (std::filesystem::create_directory(path_)) break;
  }
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

record::Hash32 pattern(std::uint8_t start) {
  record::Hash32 h{};
  for (std::size_t i = 0; i < h.size(); ++i) h[i] = static_cast<std::uint8_t>(start + i);
  return h;
}

record::GameRecord make_game(const std::string& id, const std::string& ruleset,
                             std::int64_t created_ms, record::GameStatus status) {
  record::GameRecord g;
  g.id = id;
  g.ruleset = ruleset;
  g.scenario = "colonial-battle";
  g.scenario_text = "name: \"Colonial battle\"\nunits { id: \"B1\" }\n";
  g.invite_code = "inv-" + id;
  g.listed = true;
  g.observers_allowed = false;
  g.status = status;
  g.seed = pattern(0xf0);  // wraps past 255: covers every high byte and 0x00
  g.seed_sha256 = pattern(7);
  g.ruleset_version = 3;
  g.source_game = "g-source";
  g.source_seq = 2;
  g.dice_from = 5;
  g.dice_next = 17;
  g.last_seq = 3;
  g.created_ms = created_ms;
  g.updated_ms = created_ms + 5;
  if (status == record::GameStatus::kFinished) {
    g.ended_ms = created_ms + 60'000;
    g.result = "British win: the Zulu army is exhausted";
  }
  return g;
}

record::SeatRecord make_seat(const std::string& game_id, const std::string& seat_id,
                             const std::string& player_name) {
  record::SeatRecord s;
  s.game_id = game_id;
  s.seat_id = seat_id;
  s.role = "general";
  s.label = "Side " + seat_id;
  s.player_name = player_name;
  s.token_sha256 = pattern(static_cast<std::uint8_t>(seat_id.size() * 31));
  s.claimed_ms = 1'700'000'000'123;
  return s;
}

std::vector<record::EventRecord> make_events(const std::string& game_id, std::uint64_t first,
                                             std::size_t count, record::Hash32 previous) {
  std::vector<record::EventRecord> out;
  for (std::size_t i = 0; i < count; ++i) {
    record::EventRecord e;
    e.game_id = game_id;
    e.seq = first + i;
    e.kind = static_cast<record::EventKind>(e.seq % 3);
    e.payload = std::string("\x00\x01\xff move ", 9) + std::to_string(e.seq) + '\0';
    e.state_hash = pattern(static_cast<std::uint8_t>(e.seq));
    e.seat = e.seq % 2 == 0 ? "side:0" : "";
    e.command_id = "c-" + std::to_string(e.seq);
    e.audience = e.kind == record::EventKind::kChat ? "side:1" : "";
    e.created_ms = 1'700'000'000'000 + static_cast<std::int64_t>(e.seq);
    e.chain = record::chain_hash(previous, e);
    previous = e.chain;
    out.push_back(std::move(e));
  }
  return out;
}

record::CommandRecord make_command(const std::string& game_id, const std::string& seat,
                                   const std::string& command_id, std::uint64_t first_seq,
                                   std::uint64_t last_seq) {
  return record::CommandRecord{game_id, seat, command_id, first_seq, last_seq};
}

record::WriteBatch new_game_batch(const record::GameRecord& game) {
  record::WriteBatch b;
  b.game = game;
  b.seats = {make_seat(game.id, "side:0", "wellesley"), make_seat(game.id, "side:1", "cetshwayo")};
  return b;
}

engine::Status append_sync(record::Store& store, record::WriteBatch batch) {
  std::promise<engine::Status> promise;
  auto future = promise.get_future();
  store.append(std::move(batch), [&](engine::Status st) { promise.set_value(std::move(st)); });
  return future.get();
}

std::vector<Migration> migrations_up_to(int version) {
  std::vector<Migration> out;
  for (const Migration& m : embedded_migrations()) {
    if (m.version <= version) out.push_back(m);
  }
  return out;
}

void check_same(const record::GameRecord& a, const record::GameRecord& b) {
  CHECK(a.id == b.id);
  CHECK(a.ruleset == b.ruleset);
  CHECK(a.scenario == b.scenario);
  CHECK(a.scenario_text == b.scenario_text);
  CHECK(a.invite_code == b.invite_code);
  CHECK(a.listed == b.listed);
  CHECK(a.observers_allowed == b.observers_allowed);
  CHECK(a.status == b.status);
  CHECK(a.seed == b.seed);
  CHECK(a.seed_sha256 == b.seed_sha256);
  CHECK(a.dice_next == b.dice_next);
  CHECK(a.last_seq == b.last_seq);
  CHECK(a.created_ms == b.created_ms);
  CHECK(a.updated_ms == b.updated_ms);
  CHECK(a.ended_ms == b.ended_ms);
  CHECK(a.result == b.result);
  CHECK(a.chain_version == b.chain_version);
  CHECK(a.ruleset_version == b.ruleset_version);
  CHECK(a.source_game == b.source_game);
  CHECK(a.source_seq == b.source_seq);
  CHECK(a.dice_from == b.dice_from);
  CHECK(a.drift == b.drift);
  CHECK(a.imported_ms == b.imported_ms);
}

void check_same(const record::SeatRecord& a, const record::SeatRecord& b) {
  CHECK(a.game_id == b.game_id);
  CHECK(a.seat_id == b.seat_id);
  CHECK(a.role == b.role);
  CHECK(a.label == b.label);
  CHECK(a.player_name == b.player_name);
  CHECK(a.token_sha256 == b.token_sha256);
  CHECK(a.claimed_ms == b.claimed_ms);
  CHECK(a.account_id == b.account_id);
}

void check_same(const record::EventRecord& a, const record::EventRecord& b) {
  CHECK(a.game_id == b.game_id);
  CHECK(a.seq == b.seq);
  CHECK(a.kind == b.kind);
  CHECK(a.payload == b.payload);
  CHECK(a.state_hash == b.state_hash);
  CHECK(a.chain == b.chain);
  CHECK(a.seat == b.seat);
  CHECK(a.command_id == b.command_id);
  CHECK(a.audience == b.audience);
  CHECK(a.created_ms == b.created_ms);
  CHECK(a.withheld_digest == b.withheld_digest);
}

RawDb::RawDb(const std::string& path) {
  REQUIRE(sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                          nullptr) == SQLITE_OK);
  sqlite3_busy_timeout(db_, 5000);
}

RawDb::~RawDb() {
  sqlite3_close_v2(db_);
}

void RawDb::exec(const std::string& sql) {
  char* err = nullptr;
  const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err);
  const std::string message = err != nullptr ? err : "";
  sqlite3_free(err);
  INFO(sql);
  INFO(message);
  REQUIRE(rc == SQLITE_OK);
}

std::int64_t RawDb::integer(const std::string& sql) {
  sqlite3_stmt* stmt = nullptr;
  INFO(sql);
  REQUIRE(sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
  const int rc = sqlite3_step(stmt);
  const std::int64_t v = rc == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : -1;
  sqlite3_finalize(stmt);
  REQUIRE(rc == SQLITE_ROW);
  return v;
}

std::vector<std::string> RawDb::rows(const std::string& sql) {
  sqlite3_stmt* stmt = nullptr;
  INFO(sql);
  REQUIRE(sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
  std::vector<std::string> out;
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    std::string row;
    for (int c = 0; c < sqlite3_column_count(stmt); ++c) {
      if (c > 0) row += " | ";
      switch (sqlite3_column_type(stmt, c)) {
        case SQLITE_NULL:
          row += "NULL";
          break;
        case SQLITE_BLOB: {
          const auto* p = static_cast<const std::uint8_t*>(sqlite3_column_blob(stmt, c));
          const auto n = static_cast<std::size_t>(sqlite3_column_bytes(stmt, c));
          row += "x'" + engine::to_hex(p, n) + "'";
          break;
        }
        default: {
          const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt, c));
          row += std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt, c)));
        }
      }
    }
    out.push_back(row);
  }
  sqlite3_finalize(stmt);
  return out;
}

std::vector<std::string> RawDb::dump() {
  std::vector<std::string> out = rows("SELECT type, name, sql FROM sqlite_master ORDER BY name");
  for (const std::string& table :
       rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")) {
    for (std::string& row : rows("SELECT * FROM \"" + table + "\" ORDER BY rowid")) {
      out.push_back(table + ": " + row);
    }
  }
  return out;
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace grognard::store::test
