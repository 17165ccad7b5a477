// §Combat: line of sight, attacking into and out of woods, built-up areas and fortifications
// (I12), and what counts as cover.

#include "fixture.h"

using namespace itchy_test;

namespace {

const Terrain kCovers[] = {Terrain::kWoods, Terrain::kBuiltUp, Terrain::kFortification};

// A (rifles, side 0) at (2,1) facing east on a 10x3 grid; side 1 keeps a unit far away.
ScenarioBuilder row() {
  return ScenarioBuilder(10, 3).infantry(0, "A", {2, 1}, E).infantry(1, "Far", {9, 2}, N);
}

}  // namespace

TEST_CASE("attacking out of cover needs an open area ahead", "[I12][itchy.combat.out-of-cover]") {
  for (Terrain t : kCovers) {
    for (Terrain ahead : kCovers) {
      INFO(to_string(t) << " then " << to_string(ahead));
      TestGame g(row().terrain({2, 1}, t).terrain({3, 1}, ahead).infantry(1, "X", {5, 1}, W));
      Error e = g.reject(0, attack("A", {5, 1}));
      CHECK(e.clause == "itchy.combat.out-of-cover");
      CHECK(e.code == ErrorCode::kIllegal);
    }
  }
}

TEST_CASE("out of cover: the faced area may hold the target itself",
          "[I12][itchy.combat.out-of-cover]") {
  for (Terrain t : kCovers) {
    INFO(to_string(t));
    TestGame g(row().terrain({2, 1}, t).terrain({3, 1}, t).infantry(1, "X", {3, 1}, W));
    const auto& a = only<AttackResolved>(g.accept(0, attack("A", {3, 1}), {1, 1, 1, 1, 1, 1}));
    CHECK(a.range == 1);
    CHECK(a.cover);
  }
}

TEST_CASE("out of cover: not past a covered faced area at an angle",
          "[I12][itchy.combat.out-of-cover]") {
  TestGame g(row()
                 .terrain({2, 1}, Terrain::kWoods)
                 .terrain({3, 1}, Terrain::kWoods)
                 .infantry(1, "X", {3, 0}, S));
  CHECK(g.reject(0, attack("A", {3, 0})).clause == "itchy.combat.out-of-cover");
}

TEST_CASE("a unit on the edge of cover attacks out of it", "[I12][itchy.combat.out-of-cover]") {
  for (Terrain t : kCovers) {
    INFO(to_string(t));
    // Into the open.
    TestGame g(row().terrain({1, 1}, t).terrain({2, 1}, t).infantry(1, "X", {4, 1}, W));
    const auto& a = only<AttackResolved>(g.accept(0, attack("A", {4, 1}), {1, 1, 1, 1}));
    CHECK_FALSE(a.cover);
    // Into the first area of other cover.
    TestGame g2(row()
                    .terrain({2, 1}, t)
                    .terrain({5, 1}, Terrain::kWoods)
                    .terrain({6, 1}, Terrain::kWoods)
                    .infantry(1, "X", {5, 1}, W));
    const auto& a2 = only<AttackResolved>(g2.accept(0, attack("A", {5, 1}), {1, 1}));
    CHECK(a2.cover);
  }
}

TEST_CASE("woods, built-up areas and fortifications between block the line of sight",
          "[I12][itchy.combat.line-of-sight]") {
  for (Terrain t : kCovers) {
    INFO(to_string(t));
    TestGame g(row().terrain({3, 1}, t).infantry(1, "X", {4, 1}, W));
    Error e = g.reject(0, attack("A", {4, 1}));
    CHECK(e.clause == "itchy.combat.line-of-sight");
    CHECK(e.code == ErrorCode::kIllegal);
  }
}

TEST_CASE("units can attack 1 grid area into cover", "[I12][itchy.combat.line-of-sight]") {
  for (Terrain t : kCovers) {
    INFO(to_string(t));
    // The first area: in sight, and in cover.
    TestGame g(row().terrain({4, 1}, t).terrain({5, 1}, t).infantry(1, "X", {4, 1}, W));
    const auto& a = only<AttackResolved>(g.accept(0, attack("A", {4, 1}), {1, 1, 1, 1}));
    CHECK(a.cover);
    CHECK(a.range == 2);
    // The second area: out of sight.
    TestGame g2(row().terrain({4, 1}, t).terrain({5, 1}, t).infantry(1, "X", {5, 1}, W));
    CHECK(g2.reject(0, attack("A", {5, 1})).clause == "itchy.combat.line-of-sight");
  }
}

TEST_CASE("units block the line of sight, Generals do not", "[I12][itchy.combat.line-of-sight]") {
  SECTION("a friendly unit") {
    TestGame g(row().infantry(0, "B", {3, 1}, E).infantry(1, "X", {4, 1}, W));
    CHECK(g.reject(0, attack("A", {4, 1})).clause == "itchy.combat.line-of-sight");
  }
  SECTION("an enemy unit") {
    TestGame g(row().infantry(1, "Z", {3, 1}, W).infantry(1, "X", {4, 1}, W));
    CHECK(g.reject(0, attack("A", {4, 1})).clause == "itchy.combat.line-of-sight");
  }
  SECTION("horse-drawn transport") {
    TestGame g(
        row().unit(0, "T", UnitType::kHorseDrawnTransport, {3, 1}, E).infantry(1, "X", {4, 1}, W));
    CHECK(g.reject(0, attack("A", {4, 1})).clause == "itchy.combat.line-of-sight");
  }
  SECTION("a friendly General") {
    TestGame g(row().general(0, "G", {3, 1}).infantry(1, "X", {4, 1}, W));
    g.accept(0, attack("A", {4, 1}), {1, 1, 1, 1});
  }
  SECTION("an enemy General") {
    TestGame g(row().general(1, "H", {3, 1}).infantry(1, "X", {4, 1}, W));
    g.accept(0, attack("A", {4, 1}), {1, 1, 1, 1});
  }
  SECTION("terrain beyond the target does not matter") {
    TestGame g(row().terrain({5, 1}, Terrain::kWoods).infantry(1, "X", {4, 1}, W));
    g.accept(0, attack("A", {4, 1}), {1, 1, 1, 1});
  }
}

TEST_CASE("a destroyed unit no longer blocks the line of sight",
          "[I12][itchy.combat.line-of-sight][itchy.sp]") {
  TestGame g(
      row().infantry(0, "C", {3, 2}, N).infantry(1, "Y", {3, 1}, W, 1).infantry(1, "X", {4, 1}, W));
  CHECK(g.reject(0, attack("A", {4, 1})).clause == "itchy.combat.line-of-sight");
  g.accept(0, attack("C", {3, 1}), {4, 4, 1, 2, 3, 5});
  REQUIRE(g.unit("Y").removed);
  g.accept(0, attack("A", {4, 1}), {1, 1, 1, 1});
}

TEST_CASE("line of sight through a corner is blocked only when both areas block",
          "[I12][itchy.combat.line-of-sight]") {
  // A at (1,1) facing east, X at (2,2): the line passes the corner of (2,1) and (1,2).
  auto game = [](ScenarioBuilder b) {
    return TestGame(b.infantry(0, "A", {1, 1}, E).infantry(1, "X", {2, 2}, W));
  };
  const std::vector<int> four{1, 1, 1, 1};
  SECTION("open") {
    auto g = game(ScenarioBuilder(5, 5));
    const auto& a = only<AttackResolved>(g.accept(0, attack("A", {2, 2}), four));
    CHECK(a.range == 2);  // through edges, not the corner
  }
  SECTION("one side woods") {
    game(ScenarioBuilder(5, 5).terrain({2, 1}, Terrain::kWoods))
        .accept(0, attack("A", {2, 2}), four);
    game(ScenarioBuilder(5, 5).terrain({1, 2}, Terrain::kBuiltUp))
        .accept(0, attack("A", {2, 2}), four);
  }
  SECTION("both sides woods") {
    auto g = game(ScenarioBuilder(5, 5)
                      .terrain({2, 1}, Terrain::kWoods)
                      .terrain({1, 2}, Terrain::kFortification));
    CHECK(g.reject(0, attack("A", {2, 2})).clause == "itchy.combat.line-of-sight");
  }
  SECTION("woods and a unit") {
    auto g = game(ScenarioBuilder(5, 5).terrain({2, 1}, Terrain::kWoods).infantry(0, "B", {1, 2}));
    CHECK(g.reject(0, attack("A", {2, 2})).clause == "itchy.combat.line-of-sight");
  }
  SECTION("two units") {
    auto g = game(ScenarioBuilder(5, 5).infantry(0, "B", {2, 1}).infantry(1, "Y", {1, 2}, N));
    CHECK(g.reject(0, attack("A", {2, 2})).clause == "itchy.combat.line-of-sight");
  }
  SECTION("woods and a General") {
    game(ScenarioBuilder(5, 5).terrain({2, 1}, Terrain::kWoods).general(0, "G", {1, 2}))
        .accept(0, attack("A", {2, 2}), four);
  }
}

TEST_CASE("line of sight through areas the line crosses", "[I12][itchy.combat.line-of-sight]") {
  // A at (0,0) facing east, X at (2,1): the line crosses (1,0) and (1,1).
  auto game = [](GridPos woods) {
    return TestGame(ScenarioBuilder(5, 5)
                        .terrain(woods, Terrain::kWoods)
                        .infantry(0, "A", {0, 0}, E)
                        .infantry(1, "X", {2, 1}, W));
  };
  CHECK(game({1, 0}).reject(0, attack("A", {2, 1})).clause == "itchy.combat.line-of-sight");
  CHECK(game({1, 1}).reject(0, attack("A", {2, 1})).clause == "itchy.combat.line-of-sight");
  game({0, 1}).accept(0, attack("A", {2, 1}), {1, 1});
  game({2, 0}).accept(0, attack("A", {2, 1}), {1, 1});
}

TEST_CASE("woods, built-up areas and fortifications count as cover", "[I12][itchy.combat.cover]") {
  for (Terrain t : kCovers) {
    INFO(to_string(t));
    TestGame g(row().terrain({3, 1}, t).infantry(1, "X", {3, 1}, W));
    const auto& a = only<AttackResolved>(g.accept(0, attack("A", {3, 1}), {4, 4, 1, 2, 3, 5}));
    CHECK(a.cover);
    CHECK(casualty(a, "X").sp_lost == 0);  // a lone double 4 does not hurt in cover
  }
  TestGame g(row().infantry(1, "X", {3, 1}, W));
  const auto& a = only<AttackResolved>(g.accept(0, attack("A", {3, 1}), {4, 4, 1, 2, 3, 5}));
  CHECK_FALSE(a.cover);
  CHECK(casualty(a, "X").sp_lost == 1);
}
