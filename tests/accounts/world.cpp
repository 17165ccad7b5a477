#include "world.h"

#include <catch2/catch.hpp>

namespace grognard::accounts::test {

Accounts::Options cheap_options() {
  Accounts::Options options;
  options.cost = PasswordCost::cheapest_for_tests();
  return options;
}

World::World(Accounts::Options options) : path(dir.file("grognard.db")) {
  auto opened = store::SqliteStore::open(path);
  REQUIRE(opened.ok());
  game_store = std::move(*opened);
  auto store = SqliteAccounts::open(path);
  REQUIRE(store.ok());
  db = std::move(*store);
  auto service = Accounts::create(*db, options);
  REQUIRE(service.ok());
  accounts = std::move(*service);
}

}  // namespace grognard::accounts::test
