#include <catch2/catch.hpp>

#include "engine/dice.h"

TEST_CASE("scripted dice return their script", "[dice]") {
  grognard::engine::ScriptedDice d{3, 4};
  CHECK(d.d6().face == 3);
  CHECK(d.d6().face == 4);
}
