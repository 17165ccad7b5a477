// The points a Measure request may name (docs/protocol.md, "Measuring"), and the one answer
// for a name the asker cannot see.

#include <catch2/catch.hpp>

#include "engine/measure.h"

using grognard::engine::ErrorCode;
using grognard::engine::GridPos;
using grognard::engine::nothing_named;
using grognard::engine::parse_area;
using grognard::engine::parse_point;

TEST_CASE("points: two numbers in inches, spaces allowed around the comma", "[measure]") {
  const auto p = parse_point("12.5, 30");
  REQUIRE(p.has_value());
  CHECK(p->x == 12.5);
  CHECK(p->y == 30);
  CHECK(parse_point("-1,2").has_value());
  CHECK_FALSE(parse_point("B1").has_value());
  CHECK_FALSE(parse_point("1,").has_value());
  CHECK_FALSE(parse_point("1,2,3").has_value());
  CHECK_FALSE(parse_point("1x,2").has_value());
  CHECK_FALSE(parse_point("nan,2").has_value());
}

TEST_CASE("areas: whole column and row", "[measure]") {
  CHECK(parse_area("4,3") == GridPos{4, 3});
  CHECK_FALSE(parse_area("4.5,3").has_value());
  CHECK_FALSE(parse_area("R2").has_value());
}

TEST_CASE("a name nobody can see: not found, naming it and how points are written", "[measure]") {
  const auto e = nothing_named("W1", "x,y");
  CHECK(e.code == ErrorCode::kNotFound);
  CHECK(e.clause.empty());
  CHECK(e.message ==
        "nothing called \"W1\" that you can see on the table: name a unit or figure, or a point "
        "\"x,y\"");
}
