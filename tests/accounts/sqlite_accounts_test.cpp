// The accounts and sessions tables on the server's database file (migrations/0008_accounts.sql).

#include <catch2/catch.hpp>

#include "world.h"

using namespace grognard;
using namespace grognard::accounts;
using namespace grognard::accounts::test;
using grognard::store::test::RawDb;

namespace {

TokenHash hash_of(std::uint8_t fill) {
  TokenHash h;
  h.fill(fill);
  return h;
}

}  // namespace

TEST_CASE("the migration applies on a database the store made, and keeps its seats", "[sqlite]") {
  store::test::TempDir dir;
  const std::string path = dir.file("old.db");
  {
    // A database of schema version 7, as the server before accounts left it: a game, a seat.
    RawDb raw(path);
    REQUIRE(store::migrate(raw.get(), store::test::migrations_up_to(7)).ok());
    raw.exec(
        "INSERT INTO games (id, ruleset, scenario, scenario_text, invite_code, listed, "
        "observers_allowed, status, seed, seed_sha256, dice_next, last_seq, created_ms, "
        "updated_ms, ended_ms) VALUES ('g-old', 'itchy', 's', 'text', 'code', 1, 1, 'running', "
        "zeroblob(32), zeroblob(32), 0, 0, 1, 1, 0)");
    raw.exec(
        "INSERT INTO seats (game_id, seat_id, role, label, player_name, token_sha256, "
        "claimed_ms) VALUES ('g-old', 'side:0', 'player', 'Reds', 'wellesley', zeroblob(32), 1)");
  }
  {
    auto refused = SqliteAccounts::open(path);
    REQUIRE_FALSE(refused.ok());  // no accounts in version 7
    CHECK(refused.error().message.find("schema version 7") != std::string::npos);
  }
  auto opened = store::SqliteStore::open(path);  // the store's own entry point migrates
  REQUIRE(opened.ok());
  auto& game_store = **opened;
  REQUIRE(store::test::append_sync(game_store,
                                   store::test::new_game_batch(store::test::make_game("g-1")))
              .ok());
  RawDb raw(path);
  CHECK(store::schema_version(raw.get()).value() >= kAccountsSchemaVersion);
  CHECK(raw.rows("SELECT name FROM schema_migrations WHERE version = 8") ==
        std::vector<std::string>{"accounts"});
  CHECK(raw.rows("SELECT game_id, player_name, account_id FROM seats WHERE game_id = 'g-old'") ==
        std::vector<std::string>{"g-old | wellesley | NULL"});
  CHECK(raw.integer("SELECT count(*) FROM seats WHERE account_id IS NOT NULL") == 0);
  CHECK(raw.integer("SELECT count(*) FROM sqlite_master WHERE name IN ('accounts', 'sessions', "
                    "'sessions_by_account', 'seats_by_account')") == 4);
  // The store still reads its seats, and the accounts store opens beside it.
  CHECK(game_store.seats("g-old").value().size() == 1);
  CHECK(game_store.seats("g-1").value().size() == 2);
  CHECK(SqliteAccounts::open(path).ok());
}

TEST_CASE("the accounts store does not create a database", "[sqlite]") {
  store::test::TempDir dir;
  CHECK_FALSE(SqliteAccounts::open(dir.file("none.db")).ok());
  CHECK_FALSE(std::filesystem::exists(dir.file("none.db")));
}

TEST_CASE("names are unique whatever their case, and found in any case", "[sqlite]") {
  World w;
  const auto made = w.db->create_account("Wellesley", "$argon2id$x", "a@b.example", kT0);
  REQUIRE(made.ok());
  CHECK(made->name == "Wellesley");
  CHECK(made->email == std::optional<std::string>("a@b.example"));
  CHECK_FALSE(made->email_confirmed);
  for (const char* other : {"Wellesley", "wellesley", "WELLESLEY", "wElLeSlEy"}) {
    INFO(other);
    const auto taken = w.db->create_account(other, "$argon2id$y", std::nullopt, kT0);
    REQUIRE_FALSE(taken.ok());
    CHECK(taken.error().clause == "accounts.name-taken");
    CHECK(taken.error().message == "that name is taken: choose another");
  }
  const auto found = w.db->find_by_name("WELLESLEY");
  REQUIRE(found.ok());
  REQUIRE(found->has_value());
  CHECK((*found)->account == *made);
  CHECK((*found)->password_hash == "$argon2id$x");
  CHECK_FALSE(w.db->find_by_name("Wellington").value().has_value());
  CHECK(w.db->list_accounts().value().size() == 1);
}

TEST_CASE("e-mail, password and disabling change one account", "[sqlite]") {
  World w;
  const auto a = w.db->create_account("alpha", "h1", std::nullopt, kT0).value();
  const auto b = w.db->create_account("Bravo", "h2", std::nullopt, kT0 + 1).value();
  CHECK_FALSE(a.email.has_value());

  REQUIRE(w.db->set_email(a.id, "alpha@example.org").ok());
  REQUIRE(w.db->confirm_email(a.id).ok());
  auto read = w.db->find_by_id(a.id).value().value();
  CHECK(read.account.email == std::optional<std::string>("alpha@example.org"));
  CHECK(read.account.email_confirmed);
  REQUIRE(w.db->set_email(a.id, "new@example.org").ok());  // a new address is unconfirmed
  CHECK_FALSE(w.db->find_by_id(a.id).value()->account.email_confirmed);
  REQUIRE(w.db->set_email(a.id, std::nullopt).ok());
  CHECK_FALSE(w.db->find_by_id(a.id).value()->account.email.has_value());
  CHECK_FALSE(w.db->confirm_email(a.id).ok());  // nothing to confirm

  REQUIRE(w.db->set_password(a.id, "h3").ok());
  CHECK(w.db->find_by_id(a.id).value()->password_hash == "h3");
  CHECK(w.db->find_by_id(b.id).value()->password_hash == "h2");

  REQUIRE(w.db->create_session(Session{hash_of(1), a.id, kT0, kT0}).ok());
  REQUIRE(w.db->set_disabled(a.id, true).ok());
  CHECK(w.db->find_by_id(a.id).value()->account.disabled);
  CHECK_FALSE(w.db->use_session(hash_of(1), kT0).value().has_value());  // its sessions ended
  REQUIRE(w.db->set_disabled(a.id, false).ok());
  CHECK_FALSE(w.db->find_by_id(a.id).value()->account.disabled);

  const auto listed = w.db->list_accounts().value();
  REQUIRE(listed.size() == 2);
  CHECK(listed[0].name == "alpha");  // by name, whatever the case
  CHECK(listed[1].name == "Bravo");

  for (const auto& st :
       {w.db->set_password(999, "h"), w.db->set_email(999, "x@y"), w.db->confirm_email(999),
        w.db->set_disabled(999, true), w.db->delete_account(999)}) {
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().clause == "accounts.not-found");
  }
}

TEST_CASE("a session is found by its token's hash and marks when it was used", "[sqlite]") {
  World w;
  const auto a = w.db->create_account("alpha", "h", std::nullopt, kT0).value();
  REQUIRE(w.db->create_session(Session{hash_of(7), a.id, kT0, kT0}).ok());
  const auto used = w.db->use_session(hash_of(7), kT0 + 5000).value();
  REQUIRE(used.has_value());
  CHECK(used->account_id == a.id);
  CHECK(used->created_ms == kT0);
  CHECK(used->last_used_ms == kT0 + 5000);
  RawDb raw(w.path);
  CHECK(raw.integer("SELECT last_used_ms FROM sessions") == kT0 + 5000);
  // A late call from another thread does not move it back.
  CHECK(w.db->use_session(hash_of(7), kT0 + 10).value()->last_used_ms == kT0 + 5000);
  CHECK_FALSE(w.db->use_session(hash_of(8), kT0).value().has_value());
  // The same hash twice is refused (the primary key).
  CHECK_FALSE(w.db->create_session(Session{hash_of(7), a.id, kT0, kT0}).ok());
}

TEST_CASE("sessions end one, all, or all but one", "[sqlite]") {
  World w;
  const auto a = w.db->create_account("alpha", "h", std::nullopt, kT0).value();
  const auto b = w.db->create_account("bravo", "h", std::nullopt, kT0).value();
  for (std::uint8_t i = 1; i <= 4; ++i) {
    REQUIRE(w.db->create_session(Session{hash_of(i), a.id, kT0, kT0}).ok());
  }
  REQUIRE(w.db->create_session(Session{hash_of(9), b.id, kT0, kT0}).ok());
  const auto alive = [&](std::uint8_t i) {
    return w.db->use_session(hash_of(i), kT0).value().has_value();
  };
  REQUIRE(w.db->delete_session(hash_of(1)).ok());
  REQUIRE(w.db->delete_session(hash_of(1)).ok());  // again: no error
  CHECK_FALSE(alive(1));
  CHECK(alive(2));
  REQUIRE(w.db->delete_other_sessions(a.id, hash_of(3)).ok());
  CHECK_FALSE(alive(2));
  CHECK(alive(3));
  CHECK_FALSE(alive(4));
  REQUIRE(w.db->delete_sessions(a.id).ok());
  CHECK_FALSE(alive(3));
  CHECK(alive(9));  // another account's
}

TEST_CASE("a deleted account takes its sessions and unlinks its seats, which keep the name",
          "[sqlite]") {
  World w;
  const auto a = w.db->create_account("wellesley", "h", "w@example.org", kT0).value();
  const auto b = w.db->create_account("bonaparte", "h", std::nullopt, kT0).value();
  REQUIRE(w.db->create_session(Session{hash_of(1), a.id, kT0, kT0}).ok());
  REQUIRE(w.db->create_session(Session{hash_of(2), b.id, kT0, kT0}).ok());
  REQUIRE(store::test::append_sync(*w.game_store,
                                   store::test::new_game_batch(store::test::make_game("g-1")))
              .ok());
  {
    // Seats taken while logged in (the server will set account_id when it takes a seat).
    RawDb raw(w.path);
    raw.exec("UPDATE seats SET account_id = " + std::to_string(a.id) +
             " WHERE seat_id = (SELECT min(seat_id) FROM seats)");
    raw.exec("UPDATE seats SET account_id = " + std::to_string(b.id) +
             " WHERE seat_id = (SELECT max(seat_id) FROM seats)");
  }
  const auto names_before = RawDb(w.path).rows("SELECT player_name FROM seats ORDER BY seat_id");

  REQUIRE(w.db->delete_account(a.id).ok());
  CHECK_FALSE(w.db->find_by_id(a.id).value().has_value());
  CHECK_FALSE(w.db->use_session(hash_of(1), kT0).value().has_value());
  CHECK(w.db->use_session(hash_of(2), kT0).value().has_value());
  RawDb raw(w.path);
  CHECK(raw.integer("SELECT count(*) FROM sessions WHERE account_id = " + std::to_string(a.id)) ==
        0);
  CHECK(raw.rows("SELECT account_id FROM seats ORDER BY seat_id") ==
        std::vector<std::string>{"NULL", std::to_string(b.id)});
  CHECK(raw.rows("SELECT player_name FROM seats ORDER BY seat_id") == names_before);
  CHECK(w.game_store->seats("g-1").value().size() == 2);
  // The name is free again.
  CHECK(w.db->create_account("Wellesley", "h", std::nullopt, kT0).ok());
}
