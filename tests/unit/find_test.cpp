// Lookups by id (engine/find.h) and client text as an error may quote it (engine/utf8.h).

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "engine/find.h"
#include "engine/utf8.h"

namespace engine = grognard::engine;

namespace {

struct Item {
  std::string id;
  int value = 0;
};

}  // namespace

TEST_CASE("find_by_id gives the first item of that id, index_by_id its place", "[find]") {
  std::vector<Item> items{{"a", 1}, {"b", 2}, {"b", 3}};
  REQUIRE(engine::find_by_id(items, std::string("b")) != nullptr);
  CHECK(engine::find_by_id(items, std::string("b"))->value == 2);
  CHECK(engine::index_by_id(items, std::string("b")) == 1U);
  CHECK(engine::find_by_id(items, std::string("c")) == nullptr);
  CHECK_FALSE(engine::index_by_id(items, std::string("c")).has_value());
  engine::find_by_id(items, std::string("a"))->value = 7;  // a mutable list gives a mutable item
  CHECK(items[0].value == 7);
  const std::vector<Item>& read_only = items;
  const Item* found = engine::find_by_id(read_only, std::string("a"));
  CHECK(found == &items[0]);
}

TEST_CASE("shown quotes at most 64 bytes of client text, cut between characters", "[utf8]") {
  CHECK(engine::shown("short") == "short");
  CHECK(engine::shown(std::string(64, 'x')) == std::string(64, 'x'));
  CHECK(engine::shown(std::string(65, 'x')) == std::string(64, 'x') + "\u2026");
  std::string accents;
  for (int i = 0; i < 40; ++i) accents += "\xC3\xA9";  // 80 bytes, 40 characters
  CHECK(engine::shown(accents) == accents.substr(0, 64) + "\u2026");
  CHECK(engine::utf8_prefix("\xC3\xA9\xC3\xA9", 3) == "\xC3\xA9");
  CHECK(engine::utf8_prefix("abc", 10) == "abc");
}
