// §Combat results, I4 (doubles in the open), I5 (a double PLUS any other double in cover), I6
// (classes; one throw for the whole area), and §Unit Strength Points (losses, destruction).

#include "fixture.h"

using namespace itchy_test;

namespace {

struct Target {
  std::string id;
  UnitType type;
  int sp = 0;
};

// Side 0's attacker "A" at (1,1) facing east fires at the area (2,1) at range 1 with exactly
// `dice` dice: hand-held weapons 4, rifles 6, machine gun 8, each +1 with a General beside it.
// Side 1's `targets` stand in (2,1) with `terrain`; side 1 keeps "Far" out of the way.
TestGame shooting(std::size_t dice, const std::vector<Target>& targets,
                  Terrain terrain = Terrain::kOpen) {
  ScenarioBuilder b(8, 4);
  const bool general = dice % 2 == 1;
  const std::size_t base = general ? dice - 1 : dice;
  const Weapon w = base == 4   ? Weapon::kHandHeld
                   : base == 6 ? Weapon::kRifles
                               : Weapon::kMachineGun;
  REQUIRE((base == 4 || base == 6 || base == 8));
  b.unit(0, "A", w == Weapon::kMachineGun ? UnitType::kMachineGun : UnitType::kInfantry, w, {1, 1},
         E);
  if (general) b.general(0, "G", {1, 1});
  for (const Target& t : targets) b.unit(1, t.id, t.type, {2, 1}, W, t.sp);
  b.infantry(1, "Far", {7, 3}, N);
  if (terrain != Terrain::kOpen) b.terrain({2, 1}, terrain);
  return TestGame(b);
}

// Fires `faces` at a lone unit of `type` (standard SP) and returns the SP it lost.
int sp_lost(UnitType type, Terrain terrain, const std::vector<int>& faces) {
  TestGame g = shooting(faces.size(), {{"X", type, 0}}, terrain);
  const auto& a = only<AttackResolved>(g.accept(0, attack("A", {2, 1}), faces));
  CHECK(a.cover == (terrain != Terrain::kOpen));
  REQUIRE(a.casualties.size() == 1);
  const Casualty& c = a.casualties[0];
  CHECK(c.unit == UnitId{"X"});
  CHECK(g.unit("X").sp == standard_sp(type) - c.sp_lost);
  CHECK(c.destroyed == (g.unit("X").sp == 0));
  CHECK(g.unit("X").removed == c.destroyed);
  CHECK(g.state.sides[1].losses == c.sp_lost);
  return c.sp_lost;
}

}  // namespace

TEST_CASE("infantry in the open: each double 4, 5 or 6 removes 1 SP",
          "[I4][I6][itchy.combat.results]") {
  const Terrain o = Terrain::kOpen;
  CHECK(sp_lost(UnitType::kInfantry, o, {4, 4, 1, 2, 3, 5}) == 1);
  CHECK(sp_lost(UnitType::kInfantry, o, {5, 1, 5, 2, 3, 6}) == 1);
  CHECK(sp_lost(UnitType::kInfantry, o, {6, 6, 1, 2, 3, 4}) == 1);
  CHECK(sp_lost(UnitType::kInfantry, o, {4, 4, 4, 5, 5, 6}) == 2);  // three alike: one pair
  CHECK(sp_lost(UnitType::kInfantry, o, {4, 4, 4, 4, 5, 6}) == 2);
  CHECK(sp_lost(UnitType::kInfantry, o, {6, 6, 6, 6, 6, 6}) == 3);
  CHECK(sp_lost(UnitType::kInfantry, o, {4, 4, 5, 5, 6, 6, 6, 6}) == 4);
  CHECK(sp_lost(UnitType::kInfantry, o, {1, 1, 2, 2, 3, 3}) == 0);
  CHECK(sp_lost(UnitType::kInfantry, o, {4, 5, 6, 1, 2, 3}) == 0);
  CHECK(sp_lost(UnitType::kInfantry, o, {4, 5, 6, 1}) == 0);
}

TEST_CASE("infantry in cover: a double 4, 5 or 6 PLUS any other double",
          "[I5][I6][itchy.combat.results]") {
  for (Terrain c : {Terrain::kWoods, Terrain::kBuiltUp, Terrain::kFortification}) {
    INFO(to_string(c));
    CHECK(sp_lost(UnitType::kInfantry, c, {4, 4, 5, 5, 1, 2}) == 1);
    CHECK(sp_lost(UnitType::kInfantry, c, {4, 4, 1, 2, 3, 5}) == 0);  // a lone double
    CHECK(sp_lost(UnitType::kInfantry, c, {4, 4, 1, 1, 2, 3}) == 1);  // any other double
    CHECK(sp_lost(UnitType::kInfantry, c, {4, 4, 5, 5, 6, 6}) == 1);  // 3 pairs: 1 SP
    CHECK(sp_lost(UnitType::kInfantry, c, {4, 4, 4, 4, 1, 2}) == 1);  // two pairs of 4s
    CHECK(sp_lost(UnitType::kInfantry, c, {4, 4, 4, 1, 2, 3}) == 0);  // three alike: one pair
    CHECK(sp_lost(UnitType::kInfantry, c, {4, 4, 5, 5, 6, 6, 1, 1}) == 2);
    CHECK(sp_lost(UnitType::kInfantry, c, {4, 4, 2, 2, 3, 3, 1, 1}) == 1);
    CHECK(sp_lost(UnitType::kInfantry, c, {1, 1, 2, 2, 3, 3}) == 0);
  }
}

TEST_CASE("artillery and machine guns: double 1s", "[I4][I5][I6][itchy.combat.results]") {
  for (UnitType t : {UnitType::kArtillery, UnitType::kMachineGun}) {
    INFO(to_string(t));
    const Terrain o = Terrain::kOpen;
    CHECK(sp_lost(t, o, {1, 1, 2, 3, 4, 5}) == 1);
    CHECK(sp_lost(t, o, {1, 1, 1, 2, 3, 4}) == 1);
    CHECK(sp_lost(t, o, {1, 1, 1, 1, 2, 3}) == 2);
    CHECK(sp_lost(t, o, {2, 2, 3, 3, 4, 4}) == 0);
    CHECK(sp_lost(t, o, {5, 5, 6, 6}) == 0);
    const Terrain w = Terrain::kWoods;
    CHECK(sp_lost(t, w, {1, 1, 2, 2, 3, 4}) == 1);
    CHECK(sp_lost(t, w, {1, 1, 2, 3, 4, 5}) == 0);
    CHECK(sp_lost(t, w, {1, 1, 1, 1, 2, 3}) == 1);  // two pairs, both matching: 1 SP
    CHECK(sp_lost(t, w, {1, 1, 6, 6}) == 1);
    CHECK(sp_lost(t, Terrain::kFortification, {1, 1, 1, 1, 2, 2, 3, 3}) == 2);
    CHECK(sp_lost(t, Terrain::kBuiltUp, {1, 1, 5, 5, 2}) == 1);
  }
}

TEST_CASE("cavalry and horse-drawn transport: double 2s or 3s",
          "[I4][I5][I6][itchy.combat.results]") {
  for (UnitType t : {UnitType::kMountedCavalry, UnitType::kDismountedCavalry}) {
    INFO(to_string(t));
    const Terrain o = Terrain::kOpen;
    CHECK(sp_lost(t, o, {2, 2, 1, 4, 5, 6}) == 1);
    CHECK(sp_lost(t, o, {3, 3, 1, 4, 5, 6}) == 1);
    CHECK(sp_lost(t, o, {2, 2, 3, 3, 1, 4}) == 2);
    CHECK(sp_lost(t, o, {2, 2, 2, 3, 1, 4}) == 1);
    CHECK(sp_lost(t, o, {3, 3, 3, 3, 3, 3}) == 3);
    CHECK(sp_lost(t, o, {1, 1, 4, 4, 5, 5}) == 0);
    const Terrain w = Terrain::kWoods;
    CHECK(sp_lost(t, w, {2, 2, 3, 3, 1, 4}) == 1);
    CHECK(sp_lost(t, w, {2, 2, 4, 5, 6, 1}) == 0);
    CHECK(sp_lost(t, w, {3, 3, 4, 4, 1, 5}) == 1);
    CHECK(sp_lost(t, w, {2, 2, 3, 3, 4, 4, 5, 5}) == 2);
    CHECK(sp_lost(t, Terrain::kBuiltUp, {2, 2, 6, 6}) == 1);
  }
  const UnitType t = UnitType::kHorseDrawnTransport;
  CHECK(sp_lost(t, Terrain::kOpen, {2, 2, 1, 4}) == 1);
  CHECK(sp_lost(t, Terrain::kOpen, {3, 3, 1, 4}) == 1);
  CHECK(sp_lost(t, Terrain::kOpen, {2, 2, 3, 3, 4, 5}) == 1);  // capped at its 1 SP
  CHECK(sp_lost(t, Terrain::kOpen, {1, 1, 4, 4}) == 0);
  CHECK(sp_lost(t, Terrain::kWoods, {3, 3, 1, 2, 4, 5}) == 0);
  CHECK(sp_lost(t, Terrain::kWoods, {3, 3, 1, 1, 4, 5}) == 1);
}

TEST_CASE("SP lost are capped at the unit's SP, at 0 it is destroyed and removed",
          "[I4][itchy.sp][itchy.combat.results]") {
  TestGame g = shooting(6, {{"X", UnitType::kInfantry, 1}});
  const auto& a = only<AttackResolved>(g.accept(0, attack("A", {2, 1}), {4, 4, 5, 5, 6, 6}));
  const Casualty& c = casualty(a, "X");
  CHECK(c.sp_lost == 1);
  CHECK(c.destroyed);
  CHECK(g.unit("X").sp == 0);
  CHECK(g.unit("X").removed);
  CHECK(g.state.sides[1].losses == 1);  // only the SP it had
  CHECK(g.state.at({2, 1}).empty());
  CHECK(g.state.phase == Phase::kActivation);  // side 1 still has "Far"
}

TEST_CASE("losses are recorded and removed at once", "[itchy.sp][itchy.combat.results]") {
  TestGame g = shooting(6, {{"X", UnitType::kInfantry, 0}});
  g.accept(0, attack("A", {2, 1}), {4, 4, 1, 2, 3, 5});
  CHECK(g.unit("X").sp == 3);
  CHECK(g.unit("X").start_sp == 4);
  CHECK_FALSE(g.unit("X").removed);
  CHECK(g.state.sides[1].losses == 1);
  CHECK(g.state.sides[0].losses == 0);
  // The weakened unit fights on with the same weapon.
  g.accept(0, EndSideTurn{});
  const auto& a = only<AttackResolved>(g.accept(1, attack("X", {1, 1}), {4, 4, 5, 5, 1, 2}));
  CHECK(a.dice == 6);
  CHECK(casualty(a, "A").sp_lost == 2);
  CHECK(g.unit("A").sp == 2);
  CHECK(g.state.sides[0].losses == 2);
}

TEST_CASE("one throw applies to everything in the target area", "[I6][itchy.combat.results]") {
  SECTION("infantry, transport and a General in the open") {
    TestGame g = shooting(6, {{"X", UnitType::kInfantry, 0},
                              {"T", UnitType::kHorseDrawnTransport, 0},
                              {"H", UnitType::kGeneral, 0}});
    const auto& a = only<AttackResolved>(g.accept(0, attack("A", {2, 1}), {1, 1, 1, 2, 2, 4}));
    REQUIRE(a.casualties.size() == 3);
    CHECK(casualty(a, "X").sp_lost == 0);
    CHECK_FALSE(casualty(a, "X").destroyed);
    CHECK(casualty(a, "T").sp_lost == 1);
    CHECK(casualty(a, "T").destroyed);
    CHECK(casualty(a, "H").sp_lost == 1);
    CHECK(casualty(a, "H").destroyed);
    CHECK(g.state.sides[1].losses == 2);  // the General's SP counts
    CHECK(g.unit("H").removed);
    CHECK(g.unit("T").removed);
    CHECK_FALSE(g.unit("X").removed);
  }
  SECTION("cavalry and transport in woods: the same pairs for each") {
    TestGame g =
        shooting(6, {{"C", UnitType::kMountedCavalry, 0}, {"T", UnitType::kHorseDrawnTransport, 0}},
                 Terrain::kWoods);
    const auto& a = only<AttackResolved>(g.accept(0, attack("A", {2, 1}), {2, 2, 3, 3, 4, 4}));
    CHECK(a.cover);
    CHECK(casualty(a, "C").sp_lost == 1);  // 2 matching pairs of 3 pairs in all: 1
    CHECK(casualty(a, "T").sp_lost == 1);
    CHECK(g.state.sides[1].losses == 2);
  }
  SECTION("infantry and transport each take their own pairs") {
    TestGame g =
        shooting(8, {{"X", UnitType::kInfantry, 0}, {"T", UnitType::kHorseDrawnTransport, 0}});
    const auto& a =
        only<AttackResolved>(g.accept(0, attack("A", {2, 1}), {4, 4, 5, 5, 6, 6, 1, 3}));
    CHECK(casualty(a, "X").sp_lost == 3);
    CHECK(casualty(a, "T").sp_lost == 0);
    CHECK(g.state.sides[1].losses == 3);
  }
}
