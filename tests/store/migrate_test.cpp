// The migrations runner: applies missing migrations in order, each in its own transaction,
// records their versions, and refuses a database newer than itself without touching it.

#include <catch2/catch.hpp>

#include "fixture.h"
#include "store/migrate.h"
#include "store/sqlite_store.h"

using namespace grognard;
using namespace grognard::store;
using namespace grognard::store::test;

namespace {

int newest_version() {
  return embedded_migrations().back().version;
}

}  // namespace

TEST_CASE("the embedded migrations are numbered 1, 2, … and each says what it does",
          "[migrations]") {
  const auto& migrations = embedded_migrations();
  REQUIRE(migrations.size() >= 2);
  for (std::size_t i = 0; i < migrations.size(); ++i) {
    INFO(migrations[i].name);
    // 0011 (e-mail tokens) was numbered beside a 0010 made at the same time on another branch.
    const int expected = static_cast<int>(i + 1);
    CHECK((migrations[i].version == expected || (migrations[i].version == 11 && expected == 10)));
    CHECK(!migrations[i].name.empty());
    CHECK(migrations[i].sql.rfind("-- ", 0) == 0);
  }
  CHECK(migrations[0].name == "initial");
  CHECK(migrations[1].name == "archive_indexes");
}

TEST_CASE("migrations apply to an empty database and record their versions", "[migrations]") {
  TempDir dir;
  RawDb db(dir.file("g.db"));
  REQUIRE(schema_version(db.get()).value() == 0);

  REQUIRE(migrate(db.get(), embedded_migrations()).ok());

  CHECK(schema_version(db.get()).value() == newest_version());
  CHECK(db.rows("SELECT version, name FROM schema_migrations ORDER BY version") ==
        std::vector<std::string>{"1 | initial", "2 | archive_indexes", "3 | chain_version",
                                 "4 | archives", "5 | seats_by_token", "6 | commands_in_events",
                                 "7 | taken_back_index", "8 | accounts", "9 | operator",
                                 "10 | clocks", "11 | email_tokens", "12 | notices"});
  CHECK(db.integer("SELECT count(*) FROM schema_migrations WHERE applied_ms > 1600000000000") ==
        static_cast<std::int64_t>(embedded_migrations().size()));
  CHECK(db.integer("SELECT count(*) FROM sqlite_master WHERE name = 'events_taken_back'") == 1);
  for (const char* table : {"games", "seats", "events"}) {
    INFO(table);
    CHECK(db.integer(std::string("SELECT count(*) FROM sqlite_master WHERE name = '") + table +
                     "'") == 1);
  }
  CHECK(db.integer("SELECT count(*) FROM sqlite_master WHERE name = 'commands'") == 0);
  CHECK(db.integer("SELECT count(*) FROM pragma_table_info('games') WHERE name = 'result'") == 1);
}

TEST_CASE("migrating twice changes nothing the second time", "[migrations]") {
  TempDir dir;
  RawDb db(dir.file("g.db"));
  REQUIRE(migrate(db.get(), embedded_migrations()).ok());
  const auto before = db.dump();
  REQUIRE(migrate(db.get(), embedded_migrations()).ok());
  CHECK(db.dump() == before);
}

TEST_CASE("a database newer than the server is refused with a clear message and left as it was",
          "[migrations]") {
  TempDir dir;
  const std::string path = dir.file("newer.db");
  {
    RawDb db(path);
    REQUIRE(migrate(db.get(), embedded_migrations()).ok());
    db.exec("INSERT INTO schema_migrations VALUES (" + std::to_string(newest_version() + 1) +
            ", 'from_the_future', 1)");
    db.exec("CREATE TABLE future_things (x INTEGER)");
  }
  const std::string expected = "database schema version " + std::to_string(newest_version() + 1) +
                               " is newer than this server (newest known " +
                               std::to_string(newest_version()) +
                               "): upgrade the server or use another database";
  const std::string bytes = file_bytes(path);

  SECTION("by the runner") {
    RawDb db(path);
    const auto before = db.dump();
    auto st = migrate(db.get(), embedded_migrations());
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message == expected);
    CHECK(st.error().clause == "store.migrate");
    CHECK(db.dump() == before);
  }
  SECTION("by SqliteStore::open, before it switches the journal mode") {
    auto store = SqliteStore::open(path);
    REQUIRE_FALSE(store.ok());
    CHECK_THAT(store.error().message, Catch::Contains(expected));
    CHECK_THAT(store.error().message, Catch::StartsWith(path));
    CHECK(file_bytes(path) == bytes);  // not even the header changed
  }
}

TEST_CASE("a failing migration leaves no trace and keeps the ones before it", "[migrations]") {
  TempDir dir;
  RawDb db(dir.file("g.db"));
  auto migrations = embedded_migrations();
  migrations.push_back(Migration{newest_version() + 1, "broken",
                                 "-- half works\nCREATE TABLE half (x INTEGER);\n"
                                 "INSERT INTO no_such_table VALUES (1);\n"});
  auto st = migrate(db.get(), migrations);
  REQUIRE_FALSE(st.ok());
  CHECK_THAT(st.error().message, Catch::Contains("broken") && Catch::Contains("no_such_table"));
  CHECK(schema_version(db.get()).value() == newest_version());
  CHECK(db.integer("SELECT count(*) FROM sqlite_master WHERE name = 'half'") == 0);
  CHECK(sqlite3_get_autocommit(db.get()) != 0);  // no transaction left open
}

TEST_CASE("a migration that ends the transaction itself is refused", "[migrations]") {
  TempDir dir;
  RawDb db(dir.file("g.db"));
  auto migrations = embedded_migrations();
  migrations.push_back(Migration{newest_version() + 1, "commits",
                                 "-- commits early\nCREATE TABLE early (x INTEGER); COMMIT;"});
  auto st = migrate(db.get(), migrations);
  REQUIRE_FALSE(st.ok());
  CHECK_THAT(st.error().message, Catch::Contains("ended the transaction"));
}

TEST_CASE("a migration that breaks foreign keys is rolled back", "[migrations]") {
  TempDir dir;
  RawDb db(dir.file("g.db"));
  auto migrations = embedded_migrations();
  migrations.push_back(
      Migration{newest_version() + 1, "orphans",
                "-- leaves an orphan seat\nINSERT INTO seats (game_id, seat_id, role, label, "
                "player_name, token_sha256, claimed_ms) VALUES ('nope', 's', 'r', 'l', 'p', "
                "zeroblob(32), 0);"});
  auto st = migrate(db.get(), migrations);
  REQUIRE_FALSE(st.ok());
  CHECK_THAT(st.error().message, Catch::Contains("foreign keys"));
  CHECK(db.integer("SELECT count(*) FROM seats") == 0);
  CHECK(schema_version(db.get()).value() == newest_version());
}

TEST_CASE("the runner refuses a database that is not one of ours", "[migrations]") {
  TempDir dir;
  RawDb db(dir.file("other.db"));
  db.exec("CREATE TABLE customers (id INTEGER)");
  auto st = migrate(db.get(), embedded_migrations());
  REQUIRE_FALSE(st.ok());
  CHECK_THAT(st.error().message, Catch::Contains("not a Grognard database"));
  CHECK(db.integer("SELECT count(*) FROM sqlite_master") == 1);
}

TEST_CASE("the runner refuses migrations out of order", "[migrations]") {
  TempDir dir;
  RawDb db(dir.file("g.db"));
  std::vector<Migration> migrations{{2, "b", "-- b\n"}, {1, "a", "-- a\n"}};
  auto st = migrate(db.get(), migrations);
  REQUIRE_FALSE(st.ok());
  CHECK_THAT(st.error().message, Catch::Contains("out of order"));
  CHECK(db.integer("SELECT count(*) FROM sqlite_master") == 0);
}

TEST_CASE("SqliteStore::open switches the database to WAL", "[migrations]") {
  TempDir dir;
  const std::string path = dir.file("g.db");
  auto store = SqliteStore::open(path);
  REQUIRE(store.ok());
  RawDb db(path);
  CHECK(db.rows("PRAGMA journal_mode") == std::vector<std::string>{"wal"});
  CHECK(schema_version(db.get()).value() == newest_version());
}

TEST_CASE("SqliteStore::open refuses a database that cannot do WAL", "[migrations]") {
  auto store = SqliteStore::open(":memory:");
  REQUIRE_FALSE(store.ok());
  CHECK_THAT(store.error().message, Catch::Contains("WAL"));
}

TEST_CASE("SqliteStore::open reports a path it cannot open", "[migrations]") {
  TempDir dir;
  auto store = SqliteStore::open(dir.file("no/such/dir/g.db"));
  REQUIRE_FALSE(store.ok());
  CHECK(store.error().clause == "store.open");
  CHECK_THAT(store.error().message, Catch::Contains("no/such/dir/g.db"));
}
