// §Generals and I6: a General has 1 SP, is activated, moves 3, shares areas with friends,
// never attacks, and dies to a treble 1 (in cover: a treble 1 plus another double).

#include "fixture.h"

using namespace itchy_test;

namespace {

// Side 0's rifles "A" at (1,1) facing east (6 dice at range 1, +1 with `bonus`), side 1's
// General "H" alone in (2,1) with `terrain`, and side 1's infantry "Far" out of the way.
TestGame at_general(Terrain terrain, bool bonus = false) {
  ScenarioBuilder b(8, 4);
  b.infantry(0, "A", {1, 1}, E).general(1, "H", {2, 1}, W).infantry(1, "Far", {7, 3}, N);
  if (bonus) b.general(0, "G", {1, 1});
  if (terrain != Terrain::kOpen) b.terrain({2, 1}, terrain);
  return TestGame(b);
}

bool dies(Terrain terrain, const std::vector<int>& faces) {
  TestGame g = at_general(terrain, faces.size() == 7);
  const auto& a = only<AttackResolved>(g.accept(0, attack("A", {2, 1}), faces));
  const Casualty& c = casualty(a, "H");
  CHECK(c.sp_lost == (c.destroyed ? 1 : 0));
  CHECK(g.unit("H").removed == c.destroyed);
  CHECK(g.state.sides[1].losses == c.sp_lost);
  return c.destroyed;
}

}  // namespace

TEST_CASE("a General has 1 SP", "[itchy.generals][itchy.sp]") {
  State st = fresh_state(ScenarioBuilder(8, 4)
                             .infantry(0, "A", {1, 1}, E)
                             .general(0, "G", {3, 3})
                             .infantry(1, "X", {7, 3}, N));
  CHECK(st.find(UnitId{"G"})->sp == 1);
  CHECK(st.find(UnitId{"G"})->type == UnitType::kGeneral);
  CHECK(st.sides[0].start_sp == 5);
}

TEST_CASE("a General in the open dies to a treble 1",
          "[I6][itchy.generals][itchy.combat.results]") {
  const Terrain o = Terrain::kOpen;
  CHECK(dies(o, {1, 1, 1, 2, 3, 4}));
  CHECK(dies(o, {1, 2, 1, 3, 1, 4}));
  CHECK(dies(o, {1, 1, 1, 1, 3, 4}));
  CHECK(dies(o, {1, 1, 1, 1, 1, 1}));
  CHECK_FALSE(dies(o, {1, 1, 2, 2, 3, 3}));  // a double 1 is not enough
  CHECK_FALSE(dies(o, {4, 4, 5, 5, 6, 6}));
  CHECK_FALSE(dies(o, {2, 2, 2, 3, 3, 3}));  // only 1s kill a General
  CHECK(dies(o, {1, 1, 1, 5, 5, 6, 6}));     // 7 dice with a General beside the attacker
}

TEST_CASE("a General in cover dies to a treble 1 PLUS any other double",
          "[I6][itchy.generals][itchy.combat.results]") {
  for (Terrain c : {Terrain::kWoods, Terrain::kBuiltUp, Terrain::kFortification}) {
    INFO(to_string(c));
    CHECK(dies(c, {1, 1, 1, 2, 2, 4}));
    CHECK(dies(c, {1, 1, 1, 6, 6, 6}));
    CHECK(dies(c, {1, 1, 1, 1, 1, 2}));  // five 1s: three and a pair
    CHECK(dies(c, {1, 1, 1, 1, 1, 1}));
    CHECK_FALSE(dies(c, {1, 1, 1, 1, 2, 3}));  // four 1s do not
    CHECK_FALSE(dies(c, {1, 1, 1, 2, 3, 4}));  // a treble alone does not
    CHECK_FALSE(dies(c, {1, 1, 2, 2, 3, 3}));
    CHECK(dies(c, {1, 1, 1, 2, 3, 4, 4}));
  }
}

TEST_CASE("a General shares the fate of the area with its unit",
          "[I6][itchy.generals][itchy.combat.results]") {
  TestGame g(ScenarioBuilder(8, 4)
                 .infantry(0, "A", {1, 1}, E)
                 .infantry(1, "X", {2, 1}, W)
                 .general(1, "H", {2, 1}, W)
                 .infantry(1, "Far", {7, 3}, N)
                 .terrain({2, 1}, Terrain::kWoods));
  const auto& a = only<AttackResolved>(g.accept(0, attack("A", {2, 1}), {1, 1, 1, 4, 4, 2}));
  CHECK(a.cover);
  CHECK(casualty(a, "H").destroyed);  // 1-1-1 plus 4-4
  // The same throw for X: 4-4 plus the pair among the three 1s.
  CHECK(casualty(a, "X").sp_lost == 1);
}

TEST_CASE("a destroyed General is removed and gives no command",
          "[itchy.generals][itchy.unit.removed]") {
  TestGame g(ScenarioBuilder(8, 4)
                 .infantry(0, "A", {1, 1}, E)
                 .general(1, "H", {2, 1}, W)
                 .infantry(1, "Far", {7, 3}, N));
  g.accept(0, attack("A", {2, 1}), {1, 1, 1, 2, 3, 4});
  REQUIRE(g.unit("H").removed);
  CHECK(g.state.phase == Phase::kActivation);  // Generals are not units: side 1 fights on
  g.accept(0, EndSideTurn{});
  CHECK(g.reject(1, move("H", {N})).clause == "itchy.unit.removed");
}

TEST_CASE("a General is activated once and moves up to 3 areas",
          "[I8][itchy.generals][itchy.move.allowance]") {
  TestGame g(ScenarioBuilder(8, 8)
                 .infantry(0, "A", {0, 7}, N)
                 .general(0, "G", {4, 7})
                 .infantry(1, "X", {7, 0}, S));
  CHECK(g.reject(0, move("G", {N, N, N, N})).clause == "itchy.move.allowance");
  const auto& m = only<UnitMoved>(g.accept(0, move("G", {N, W, N}, E)));
  CHECK(m.path == std::vector<GridPos>{{4, 6}, {3, 6}, {3, 5}});
  CHECK(m.facing == E);
  CHECK(g.reject(0, move("G", {N})).clause == "itchy.move.once");
}

TEST_CASE("a destroyed General adds no die", "[I7][itchy.generals]") {
  TestGame g(ScenarioBuilder(8, 4)
                 .infantry(0, "A", {1, 1}, E)
                 .infantry(1, "X", {2, 1}, W)
                 .general(1, "H", {2, 1}, W)
                 .infantry(1, "Far", {7, 3}, N));
  g.accept(0, attack("A", {2, 1}), {1, 1, 1, 2, 3, 4});
  REQUIRE(g.unit("H").removed);
  CHECK(g.unit("X").sp == 4);
  g.accept(0, EndSideTurn{});
  const auto& a = only<AttackResolved>(g.accept(1, attack("X", {1, 1}), {1, 1, 1, 1, 1, 1}));
  CHECK(a.dice == 6);
  CHECK_FALSE(a.general_bonus);
}
