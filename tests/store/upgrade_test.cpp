// Upgrades: for every earlier schema version k, a database built by the first k migrations and
// filled with rows written in version k's SQL migrates to the newest version with every row
// intact, and the new schema works on it.
//
// Each new migration adds a fixture here for the version before it (migrations/README.md).

#include <catch2/catch.hpp>
#include <functional>
#include <map>

#include "fixture.h"
#include "store/migrate.h"
#include "store/sqlite_store.h"

using namespace grognard;
using namespace grognard::store;
using namespace grognard::store::test;

namespace {

std::string lit(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

std::string lit(std::int64_t v) {
  return std::to_string(v);
}
std::string lit(std::uint64_t v) {
  return std::to_string(v);
}
std::string lit(bool v) {
  return v ? "1" : "0";
}
std::string blob(const std::string& bytes) {
  return "x'" + engine::to_hex(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()) +
         "'";
}
std::string blob(const record::Hash32& h) {
  return "x'" + engine::to_hex(h.data(), h.size()) + "'";
}

// What the fixtures write, and what must read back after the upgrade.
struct Data {
  std::vector<record::GameRecord> games;
  std::vector<record::SeatRecord> seats;
  std::vector<record::EventRecord> events;
  std::vector<record::CommandRecord> commands;  // versions 1-5 only: 0006 drops the table
};

Data representative_data() {
  Data d;
  d.games = {make_game("g-running", "itchy", 1'000, record::GameStatus::kRunning),
             make_game("g-over", "rcw", 2'000, record::GameStatus::kFinished)};
  d.games[1].listed = false;
  d.games[1].invite_code = "it's-quoted";
  for (const auto& g : d.games) {
    d.seats.push_back(make_seat(g.id, "side:0", "wellesley"));
    d.seats.push_back(make_seat(g.id, "side:1", "o'brien"));
    // Command c-1 of side:0 is events 1 and 2: its first event carries its seat and id, the
    // next none, as the server stores them.
    auto events = make_events(g.id, 1, 3);
    events[0].seat = "side:0";
    events[1].command_id.clear();
    for (auto& e : events) d.events.push_back(e);
    d.commands.push_back(make_command(g.id, "side:0", "c-1", 1, 2));
  }
  return d;
}

// Version 1: games has no result column.
void write_version_1(RawDb& db, const Data& d) {
  for (const auto& g : d.games) {
    db.exec(
        "INSERT INTO games (id, ruleset, scenario, scenario_text, invite_code, listed, "
        "observers_allowed, status, seed, seed_sha256, dice_next, last_seq, created_ms, "
        "updated_ms, ended_ms) VALUES (" +
        lit(g.id) + ", " + lit(g.ruleset) + ", " + lit(g.scenario) + ", " + lit(g.scenario_text) +
        ", " + lit(g.invite_code) + ", " + lit(g.listed) + ", " + lit(g.observers_allowed) + ", " +
        lit(std::string(record::to_string(g.status))) + ", " + blob(g.seed) + ", " +
        blob(g.seed_sha256) + ", " + lit(g.dice_next) + ", " + lit(g.last_seq) + ", " +
        lit(g.created_ms) + ", " + lit(g.updated_ms) + ", " + lit(g.ended_ms) + ")");
  }
  for (const auto& s : d.seats) {
    db.exec(
        "INSERT INTO seats (game_id, seat_id, role, label, player_name, token_sha256, "
        "claimed_ms) VALUES (" +
        lit(s.game_id) + ", " + lit(s.seat_id) + ", " + lit(s.role) + ", " + lit(s.label) + ", " +
        lit(s.player_name) + ", " + blob(s.token_sha256) + ", " + lit(s.claimed_ms) + ")");
  }
  for (const auto& e : d.events) {
    db.exec(
        "INSERT INTO events (game_id, seq, kind, payload, state_hash, chain, seat, "
        "command_id, audience, created_ms) VALUES (" +
        lit(e.game_id) + ", " + lit(e.seq) + ", " + std::to_string(static_cast<int>(e.kind)) +
        ", " + blob(e.payload) + ", " + blob(e.state_hash) + ", " + blob(e.chain) + ", " +
        lit(e.seat) + ", " + lit(e.command_id) + ", " + lit(e.audience) + ", " + lit(e.created_ms) +
        ")");
  }
  for (const auto& c : d.commands) {
    db.exec("INSERT INTO commands (game_id, seat, command_id, first_seq, last_seq) VALUES (" +
            lit(c.game_id) + ", " + lit(c.seat) + ", " + lit(c.command_id) + ", " +
            lit(c.first_seq) + ", " + lit(c.last_seq) + ")");
  }
}

// Version 2: games gains its result column.
void write_version_2(RawDb& db, const Data& d) {
  write_version_1(db, d);
  for (const auto& g : d.games) {
    db.exec("UPDATE games SET result = " + lit(g.result) + " WHERE id = " + lit(g.id));
  }
}

// Version 3: games gains its chain version.
void write_version_3(RawDb& db, const Data& d) {
  write_version_2(db, d);
  for (const auto& g : d.games) {
    db.exec("UPDATE games SET chain_version = " + std::to_string(g.chain_version) +
            " WHERE id = " + lit(g.id));
  }
}

// Version 4: games gains what archives and forks need, events the digest of a withheld payload.
void write_version_4(RawDb& db, Data& d) {
  write_version_3(db, d);
  d.games[1].ruleset_version = 1;
  d.games[1].source_game = d.games[0].id;
  d.games[1].source_seq = 2;
  d.games[1].dice_from = 3;
  d.games[1].drift = "event 2 folds differently";
  d.games[1].imported_ms = 5'000;
  for (const auto& g : d.games) {
    db.exec("UPDATE games SET ruleset_version = " + lit(std::int64_t{g.ruleset_version}) +
            ", source_game = " + lit(g.source_game) + ", source_seq = " + lit(g.source_seq) +
            ", dice_from = " + lit(g.dice_from) + ", drift = " + lit(g.drift) +
            ", imported_ms = " + lit(g.imported_ms) + " WHERE id = " + lit(g.id));
  }
}

// What version 4 added reads back as its default from rows stored before it.
void before_version_4(Data& d) {
  for (auto& g : d.games) {
    g.ruleset_version = 0;
    g.source_game.clear();
    g.source_seq = 0;
    g.dice_from = 0;
  }
}

// Version 8's rows: an account with a session, holding a seat of the ended game.
void write_version_8(RawDb& db, Data& d) {
  d.commands.clear();
  write_version_4(db, d);
  db.exec(
      "INSERT INTO accounts (id, name, password_hash, email, email_confirmed, "
      "created_ms, disabled) VALUES (7, 'O''Brien', "
      "'$argon2id$v=19$m=8,t=1,p=1$c2FsdA$aGFzaA', "
      "'ob@example.org', 1, 1000, 0)");
  db.exec("INSERT INTO sessions (token_hash, account_id, created_ms, last_used_ms) VALUES (" +
          blob(std::string(32, 'k')) + ", 7, 1000, 2000)");
  db.exec("UPDATE seats SET account_id = 7 WHERE game_id = 'g-over' AND seat_id = 'side:1'");
  d.seats[3].account_id = 7;
}

// Version 9's rows: version 8's, a ban and the pause.
void write_version_9(RawDb& db, Data& d) {
  write_version_8(db, d);
  db.exec(
      "INSERT INTO bans (subject, until_ms, reason, created_ms) VALUES "
      "('203.0.113.0/24', 9000, 'flooding', 1000)");
  db.exec("INSERT INTO operator_settings (name, value) VALUES ('creation_paused', 'upgrade')");
}

// Version 10's rows: version 9's, a game with a time control and its clocks, a run of the
// server, a vacation.
void write_version_10(RawDb& db, Data& d) {
  write_version_9(db, d);
  db.exec(
      "UPDATE games SET time_control = 'days 3', clocks = 'side:0 259200000 1500' "
      "WHERE id = 'g-running'");
  d.games[0].time_control = "days 3";
  d.games[0].clocks = "side:0 259200000 1500";
  db.exec("INSERT INTO server_runs (started_ms, alive_ms) VALUES (1000, 2000)");
  db.exec("INSERT INTO vacations (account_id, from_ms, to_ms) VALUES (7, 1000, 2000)");
}

// Version 11's rows: version 10's and a confirmation token of the account's address.
void write_version_11(RawDb& db, Data& d) {
  write_version_10(db, d);
  db.exec(
      "INSERT INTO email_tokens (token_hash, account_id, kind, email, created_ms, expires_ms, "
      "used) VALUES (" +
      blob(std::string(32, 'e')) + ", 7, 'confirm', 'ob@example.org', 1000, 9000, 0)");
}

// Fixtures by the version whose SQL they speak. The result column only arrives in version 2,
// so rows written at version 1 read back with an empty result; the chain version only in
// version 3, so every game stored before it reads back with chain version 1; the rule set's
// version only in version 4, so every game stored before it reads back with version 0
// (unknown).
const std::map<int, std::function<void(RawDb&, Data&)>>& fixtures() {
  static const std::map<int, std::function<void(RawDb&, Data&)>> all{
      {1,
       [](RawDb& db, Data& d) {
         write_version_1(db, d);
         for (auto& g : d.games) {
           g.result.clear();
           g.chain_version = 1;
         }
         before_version_4(d);
       }},
      {2,
       [](RawDb& db, Data& d) {
         write_version_2(db, d);
         for (auto& g : d.games) {
           g.chain_version = 1;
         }
         before_version_4(d);
       }},
      {3,
       [](RawDb& db, Data& d) {
         write_version_3(db, d);
         before_version_4(d);
       }},
      {4, [](RawDb& db, Data& d) { write_version_4(db, d); }},
      {5, [](RawDb& db, Data& d) { write_version_4(db, d); }},  // 0005 added an index only
      {6,
       [](RawDb& db, Data& d) {
         d.commands.clear();  // 0006 dropped the table: its runs are in the events
         write_version_4(db, d);
       }},
      {7,
       [](RawDb& db, Data& d) {
         d.commands.clear();
         write_version_4(db, d);  // 0007 added an index only
       }},
      {8, write_version_8},
      {9, write_version_9},
      {10, write_version_10},
      {11, write_version_11},
  };
  return all;
}

// The tables a migration dropped, by the migration that dropped them: what they held is
// elsewhere (0006: a command is its first event's seat and command_id).
const std::map<std::string, int>& dropped_tables() {
  static const std::map<std::string, int> all{{"commands", 6}};
  return all;
}

// Every row of every table, by the columns the table had before the upgrade.
std::map<std::string, std::vector<std::string>> rows_by_old_columns(RawDb& db) {
  std::map<std::string, std::vector<std::string>> out;
  for (const std::string& table : db.rows(
           "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'schema_migrations'")) {
    std::string columns;
    for (const std::string& c : db.rows("SELECT name FROM pragma_table_info('" + table + "')")) {
      columns += (columns.empty() ? "" : ", ") + c;
    }
    out[table + "(" + columns + ")"] = {};
  }
  return out;
}

void fill(RawDb& db, std::map<std::string, std::vector<std::string>>& tables) {
  for (auto& [key, rows] : tables) {
    const auto open = key.find('(');
    rows = db.rows("SELECT " + key.substr(open + 1, key.size() - open - 2) + " FROM " +
                   key.substr(0, open) + " ORDER BY rowid");
  }
}

}  // namespace

TEST_CASE("every earlier schema version upgrades to the newest with its data intact",
          "[migrations]") {
  const int newest = embedded_migrations().back().version;
  for (const Migration& m : embedded_migrations()) {
    const int k = m.version;
    if (k == newest) break;
    DYNAMIC_SECTION("from version " << k) {
      INFO("add an upgrade fixture for version " << k << " (migrations/README.md)");
      REQUIRE(fixtures().count(k) == 1);

      TempDir dir;
      const std::string path = dir.file("old.db");
      Data data = representative_data();
      std::map<std::string, std::vector<std::string>> before;
      {
        RawDb db(path);
        REQUIRE(migrate(db.get(), migrations_up_to(k)).ok());
        REQUIRE(schema_version(db.get()).value() == k);
        fixtures().at(k)(db, data);
        before = rows_by_old_columns(db);
        fill(db, before);
        for (const auto& [table, rows] : before) {
          INFO(table);
          REQUIRE_FALSE(rows.empty());  // the fixture covers every table
        }
      }

      auto opened = SqliteStore::open(path);  // migrates
      REQUIRE(opened.ok());
      SqliteStore& store = *opened.value();
      {
        RawDb db(path);
        CHECK(schema_version(db.get()).value() == newest);
        auto kept = before;
        std::erase_if(kept, [&](const auto& table) {
          const std::string name = table.first.substr(0, table.first.find('('));
          const auto dropped = dropped_tables().find(name);
          if (dropped == dropped_tables().end()) return false;
          CHECK(db.rows("SELECT name FROM sqlite_master WHERE name = '" + name + "'").empty());
          return dropped->second > k;
        });
        auto after = kept;
        fill(db, after);
        CHECK(after == kept);  // every old row, every old column, byte for byte
        // What the commands table held is still in the events: each command's first event
        // has its seat and id, the rest of its run no id (what a room rebuilds its commands from).
        for (const record::CommandRecord& c : data.commands) {
          INFO(c.game_id << " " << c.command_id);
          std::vector<std::string> run;
          for (std::uint64_t seq = c.first_seq; seq <= c.last_seq; ++seq) {
            run.push_back(std::to_string(seq) + " | " + (seq == c.first_seq ? c.command_id : ""));
          }
          const std::string game = "FROM events WHERE game_id = " + lit(c.game_id);
          CHECK(db.rows("SELECT seq, command_id " + game + " AND seq BETWEEN " + lit(c.first_seq) +
                        " AND " + lit(c.last_seq) + " ORDER BY seq") == run);
          CHECK(db.rows("SELECT seat " + game + " AND seq = " + lit(c.first_seq)) ==
                std::vector<std::string>{c.seat});
        }
      }

      // The typed reads see the same records.
      for (const auto& g : data.games) {
        auto read = store.game(g.id);
        REQUIRE(read.ok());
        REQUIRE(read->has_value());
        check_same(**read, g);
        auto events = store.events(g.id, 1, 0);
        REQUIRE(events.ok());
        REQUIRE(events->size() == 3);
      }
      std::size_t e = 0;
      for (const auto& g : data.games) {
        const auto events = store.events(g.id, 1, 0).value();
        for (const auto& ev : events) check_same(ev, data.events[e++]);
      }
      auto seats = store.seats("g-over");
      REQUIRE(seats.ok());
      REQUIRE(seats->size() == 2);
      check_same((*seats)[0], data.seats[2]);
      check_same((*seats)[1], data.seats[3]);
      CHECK(store.game_by_invite("it's-quoted").value().value().id == "g-over");

      // And the newest schema works on the upgraded file.
      record::GameRecord over = data.games[1];
      over.result = "Reds win: Whites' army exhausted";
      record::WriteBatch b;
      b.game = over;
      b.events = make_events("g-over", 4, 1, data.events[5].chain);
      REQUIRE(append_sync(store, std::move(b)).ok());
      check_same(store.game("g-over").value().value(), over);
      record::GameFilter by_player;
      by_player.player = "o'brien";
      by_player.listed_only = false;
      auto listed = store.games(by_player);
      REQUIRE(listed.ok());
      REQUIRE(listed->size() == 2);
      CHECK((*listed)[0].id == "g-over");  // newest first
    }
  }
}
