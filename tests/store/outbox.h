#pragma once
// A notices' outbox for the tests (docs/notifications.md): a fresh database made by the store,
// with the accounts Anna (#7, her address confirmed) and Boris (#8, none), and the outbox's
// records on their own connection, as the server opens them.

#include <catch2/catch.hpp>

#include <memory>

#include "fixture.h"
#include "store/notice_records.h"
#include "store/sqlite_store.h"

namespace grognard::store::test {

struct Outbox {
  TempDir dir;
  std::unique_ptr<SqliteStore> store;
  std::unique_ptr<NoticeRecords> records;

  Outbox() {
    auto s = SqliteStore::open(dir.file("g.db"));
    REQUIRE(s.ok());
    store = std::move(s).value();
    RawDb db(dir.file("g.db"));
    db.exec(
        "INSERT INTO accounts (id, name, password_hash, email, email_confirmed, created_ms) "
        "VALUES (7, 'Anna', 'x', 'anna@example.org', 1, 1), (8, 'Boris', 'x', NULL, 0, 1)");
    auto r = NoticeRecords::open(dir.file("g.db"));
    REQUIRE(r.ok());
    records = std::move(r).value();
  }
};

}  // namespace grognard::store::test
