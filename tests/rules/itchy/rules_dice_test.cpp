// §Combat table and I7: dice thrown by each of the ten weapons at every range, with and
// without a General's extra die, and no attack beyond the table.

#include "fixture.h"

using namespace itchy_test;

namespace {

struct Table {
  Weapon weapon;
  UnitType carrier;
  std::vector<int> dice;  // from the rule text, range 1 first
};

const std::vector<Table>& tables() {
  static const std::vector<Table> t = {
      {Weapon::kRifledHeavyArtillery, UnitType::kArtillery, {6, 6, 6, 4, 4, 4, 2, 2, 2}},
      {Weapon::kRifledFieldArtillery, UnitType::kArtillery, {6, 6, 4, 4, 2, 2}},
      {Weapon::kRifledMountainArtillery, UnitType::kArtillery, {6, 4, 4, 2, 2}},
      {Weapon::kSmoothboreHeavyArtillery, UnitType::kArtillery, {6, 6, 4, 4, 2, 2}},
      {Weapon::kSmoothboreFieldArtillery, UnitType::kArtillery, {6, 4, 4, 2, 2}},
      {Weapon::kSmoothboreMountainArtillery, UnitType::kArtillery, {4, 4, 2, 2}},
      {Weapon::kMachineGun, UnitType::kMachineGun, {8, 6, 4, 2}},
      {Weapon::kRifles, UnitType::kInfantry, {6, 4, 2}},
      {Weapon::kMuskets, UnitType::kInfantry, {4, 2}},
      {Weapon::kHandHeld, UnitType::kInfantry, {4}},
  };
  return t;
}

// The weapon's carrier at (0,0) facing east, with a General when asked; the target infantry
// at (range, 0) on an 11x2 grid.
TestGame range_game(const Table& t, int range, bool general) {
  ScenarioBuilder b(11, 2);
  b.unit(0, "A", t.carrier, t.weapon, {0, 0}, E).infantry(1, "X", {range, 0}, W);
  if (general) b.general(0, "G", {0, 0});
  return TestGame(b);
}

}  // namespace

TEST_CASE("the combat table as the rules state it", "[I7][itchy.combat.dice]") {
  for (const Table& t : tables()) {
    INFO(to_string(t.weapon));
    const auto table = dice_table(t.weapon);
    CHECK(std::vector<int>(table.begin(), table.end()) == t.dice);
    CHECK(max_range(t.weapon) == static_cast<int>(t.dice.size()));
    CHECK(weapon_fits(t.carrier, t.weapon));
  }
  CHECK(dice_table(Weapon::kNone).empty());
}

TEST_CASE("each weapon throws its table's dice at every range", "[I7][itchy.combat.dice]") {
  for (const Table& t : tables()) {
    for (int range = 1; range <= static_cast<int>(t.dice.size()); ++range) {
      const int n = t.dice[static_cast<std::size_t>(range - 1)];
      INFO(to_string(t.weapon) << " at range " << range);
      TestGame g = range_game(t, range, false);
      // All 1s: no harm to infantry, and the count of dice is exact.
      const auto& a = only<AttackResolved>(
          g.accept(0, attack("A", {range, 0}), std::vector<int>(static_cast<std::size_t>(n), 1)));
      CHECK(a.range == range);
      CHECK(a.dice == n);
      CHECK(a.rolls.size() == static_cast<std::size_t>(n));
      CHECK_FALSE(a.general_bonus);
      CHECK(g.unit("X").sp == 4);
    }
  }
}

TEST_CASE("a General adds one die to each weapon at every range", "[I7][itchy.combat.dice]") {
  for (const Table& t : tables()) {
    for (int range = 1; range <= static_cast<int>(t.dice.size()); ++range) {
      const int n = t.dice[static_cast<std::size_t>(range - 1)] + 1;
      INFO(to_string(t.weapon) << " at range " << range);
      TestGame g = range_game(t, range, true);
      const auto& a = only<AttackResolved>(
          g.accept(0, attack("A", {range, 0}), std::vector<int>(static_cast<std::size_t>(n), 1)));
      CHECK(a.dice == n);
      CHECK(a.rolls.size() == static_cast<std::size_t>(n));
      CHECK(a.general_bonus);
    }
  }
}

TEST_CASE("no weapon reaches beyond its table", "[I7][itchy.combat.range]") {
  for (const Table& t : tables()) {
    const int range = static_cast<int>(t.dice.size()) + 1;
    INFO(to_string(t.weapon) << " at range " << range);
    TestGame g = range_game(t, range, true);
    Error e = g.reject(0, attack("A", {range, 0}));
    CHECK(e.clause == "itchy.combat.range");
  }
}

TEST_CASE("the thrown dice are recorded in the event with their numbers",
          "[I7][itchy.combat.dice]") {
  TestGame g = range_game(tables()[7], 1, false);  // rifles
  const auto& a = only<AttackResolved>(g.accept(0, attack("A", {1, 0}), {6, 5, 4, 3, 2, 1}));
  REQUIRE(a.rolls.size() == 6);
  CHECK(faces(a.rolls) == std::vector<int>{6, 5, 4, 3, 2, 1});
  for (std::size_t i = 1; i < a.rolls.size(); ++i) {
    CHECK(a.rolls[i].sides == 6);
    CHECK(a.rolls[i].n == a.rolls[i - 1].n + 1);
  }
}
