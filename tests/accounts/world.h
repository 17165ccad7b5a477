#pragma once
// The accounts tests' world: a database file made and migrated by the server's own store, which
// stays open as it would in the server, the accounts store on the same file, and the service
// at the cheapest cost argon2id allows.

#include <memory>
#include <string>

#include "../store/fixture.h"
#include "accounts/accounts.h"
#include "accounts/sqlite_accounts.h"
#include "store/sqlite_store.h"

namespace grognard::accounts::test {

inline constexpr std::int64_t kT0 = 1'800'000'000'000;  // a time in ms; the tests move on from it

Accounts::Options cheap_options();

struct World {
  explicit World(Accounts::Options options = cheap_options());

  store::test::TempDir dir;
  std::string path;
  std::unique_ptr<store::SqliteStore> game_store;
  std::unique_ptr<SqliteAccounts> db;
  std::unique_ptr<Accounts> accounts;
};

}  // namespace grognard::accounts::test
