// Scenarios in protobuf text format: the shipped scenarios load, and every malformed or
// illegal scenario is refused with a message that names the problem.

#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>

#include "rules/itchy/clauses.h"
#include "rules/itchy/wire/scenario_pb.h"
#include "scenario_text.h"

using namespace grognard::itchy;
using namespace itchy_scenario_text;
using grognard::engine::Error;
using grognard::engine::ErrorCode;

TEST_CASE("the base test scenario loads", "[itchy.scenario]") {
  const State st = load_ok(std::string(kBase));
  CHECK(st.units.size() == 3);
  CHECK(st.terrain_at({3, 1}) == Terrain::kWoods);
  CHECK(st.terrain_at({4, 2}) == Terrain::kWoods);
  CHECK(st.terrain_at({5, 2}) == Terrain::kOpen);
}

TEST_CASE("the introductory scenario loads", "[itchy.scenario]") {
  const State st = load_ok(read_scenario("intro.textproto"));
  CHECK(st.scenario_name == "Skirmish at Kopje Farm");
  CHECK(st.size.width == 8);
  CHECK(st.size.height == 6);
  CHECK(st.turn_limit == 8);
  CHECK(st.sides[0].name == "British");
  CHECK(st.sides[1].name == "Boers");
  CHECK(st.units.size() == 10);
  CHECK(st.terrain_at({1, 2}) == Terrain::kWoods);
  CHECK(st.terrain_at({5, 3}) == Terrain::kBuiltUp);
  CHECK_FALSE(st.victory.description.empty());
  CHECK(st.victory.objectives.size() == 2);
  CHECK(st.phase == Phase::kNotStarted);
}

TEST_CASE("the colonial battle uses every unit type, weapon and terrain", "[itchy.scenario]") {
  const State st = load_ok(read_scenario("colonial_battle.textproto"));
  CHECK(st.size.width == 16);
  CHECK(st.size.height == 12);
  CHECK(st.turn_limit == 12);

  std::set<UnitType> types;
  std::set<Weapon> weapons;
  for (const Unit& u : st.units) {
    types.insert(u.type);
    weapons.insert(u.weapon);
  }
  for (UnitType t : {UnitType::kInfantry, UnitType::kDismountedCavalry, UnitType::kMountedCavalry,
                     UnitType::kMachineGun, UnitType::kArtillery, UnitType::kHorseDrawnTransport,
                     UnitType::kGeneral}) {
    INFO(to_string(t));
    CHECK(types.count(t) == 1);
  }
  for (Weapon w : {Weapon::kRifledHeavyArtillery, Weapon::kRifledFieldArtillery,
                   Weapon::kRifledMountainArtillery, Weapon::kSmoothboreHeavyArtillery,
                   Weapon::kSmoothboreFieldArtillery, Weapon::kSmoothboreMountainArtillery,
                   Weapon::kMachineGun, Weapon::kRifles, Weapon::kMuskets, Weapon::kHandHeld}) {
    INFO(to_string(w));
    CHECK(weapons.count(w) == 1);
  }
  const std::set<Terrain> terrain(st.terrain.begin(), st.terrain.end());
  CHECK(terrain == std::set<Terrain>{Terrain::kOpen, Terrain::kWoods, Terrain::kBuiltUp,
                                     Terrain::kFortification});
  // The cleared landing place overrides the palm grove around it.
  CHECK(st.terrain_at({14, 4}) == Terrain::kWoods);
  CHECK(st.terrain_at({14, 5}) == Terrain::kOpen);

  // A horse-drawn transport shares its area with a unit (I11).
  bool shared = false;
  for (const Unit& u : st.units) {
    if (u.type != UnitType::kHorseDrawnTransport) continue;
    for (const Unit* o : st.at(u.pos)) shared |= o != &u && !is_general(o->type);
  }
  CHECK(shared);

  // The sides start apart, each facing the other, with objectives and a victory description.
  int closest = 1000;
  for (const Unit& a : st.units) {
    CHECK(a.facing == (a.side == 0 ? Facing::kNorth : Facing::kSouth));
    for (const Unit& b : st.units) {
      if (a.side != b.side)
        closest = std::min(closest, grognard::engine::grid_distance(a.pos, b.pos));
    }
  }
  CHECK(closest >= 4);
  CHECK_FALSE(st.victory.description.empty());
  CHECK(st.victory.objectives.size() >= 2);
}

TEST_CASE("scenario: unknown unit type or weapon names are refused with their position",
          "[itchy.scenario]") {
  SECTION("unit type") {
    const std::string text =
        with("type: INFANTRY weapon: MUSKETS", "type: DRAGOON weapon: MUSKETS");
    CHECK(refused(text).message == position_of(text, "DRAGOON") + "unknown unit type \"DRAGOON\"");
  }
  SECTION("weapon") {
    const std::string text = with("weapon: MUSKETS", "weapon: BLUNDERBUSS");
    CHECK(refused(text).message ==
          position_of(text, "BLUNDERBUSS") + "unknown weapon \"BLUNDERBUSS\"");
  }
  SECTION("facing") {
    const std::string text = with("facing: SOUTH", "facing: UP");
    CHECK(refused(text).message == position_of(text, "UP") + "unknown facing \"UP\"");
  }
  SECTION("terrain") {
    const std::string text = with("terrain: WOODS", "terrain: SWAMP");
    CHECK(refused(text).message == position_of(text, "SWAMP") + "unknown terrain type \"SWAMP\"");
  }
  SECTION("field") {
    const std::string text = with("id: \"B1\"", "id: \"B1\" colour: \"blue\"");
    CHECK(refused(text).message ==
          position_of(text, "colour") + "unknown field \"colour\" in ScenarioUnit");
  }
  SECTION("a unit type number no name stands for") {
    CHECK_THAT(refused(with("type: INFANTRY weapon: MUSKETS", "type: 99 weapon: MUSKETS")).message,
               Catch::Contains("unit \"B1\" has unknown unit type 99"));
  }
}

TEST_CASE("scenario: a syntax error gives its line and column", "[itchy.scenario]") {
  const std::string text = with("id: \"B1\"", "id \"B1\"");
  CHECK(refused(text).message == "line 12:14: Expected \":\", found \"\"B1\"\".");
  const std::string text2 = with("width: 6", "width = 6");
  CHECK_THAT(refused(text2).message, Catch::StartsWith("line 2:7: "));
}

TEST_CASE("scenario: text that is not UTF-8 is refused, naming its field", "[itchy.scenario]") {
  // Raw bytes and the text format's own escapes alike: protobuf's binary form, which every view
  // and event travels in, cannot read such a string back.
  CHECK(refused(with("name: \"Blue\"", "name: \"Bl\xffue\"")).message ==
        "field sides[1].name is not UTF-8 text");
  CHECK(refused(with("name: \"Blue\"", "name: \"Bl\\377ue\"")).message ==
        "field sides[1].name is not UTF-8 text");
  CHECK(refused(with("name: \"Test\"", "name: \"T\\355\\240\\200\"")).message ==
        "field name is not UTF-8 text");  // a surrogate
}

TEST_CASE("scenario: units must have a type, a position and a facing", "[itchy.scenario]") {
  CHECK_THAT(refused(with("type: INFANTRY weapon: MUSKETS ", "weapon: MUSKETS ")).message,
             Catch::Contains("unit \"B1\" has no type"));
  CHECK_THAT(refused(with("pos { x: 1 y: 0 } ", "")).message,
             Catch::Contains("unit \"B1\" has no position"));
  CHECK_THAT(refused(with(" facing: SOUTH", "")).message,
             Catch::Contains("unit \"B1\" has no facing"));
  CHECK_THAT(refused(with("id: \"B1\" ", "")).message, Catch::Contains("has no id"));
  // The message for a unit of the parsed text gives the unit's line.
  const std::string text = with(" facing: SOUTH", "");
  CHECK_THAT(refused(text).message, Catch::StartsWith("line 12:3: "));
}

TEST_CASE("scenario: a unit off the grid is refused", "[itchy.scenario][itchy.move.on-grid]") {
  const Error e = refused(with("pos { x: 1 y: 0 }", "pos { x: 6 y: 0 }"));
  CHECK_THAT(e.message, Catch::Contains("\"B1\"") && Catch::Contains("off the grid"));
  CHECK_THAT(refused(with("pos { x: 1 y: 0 }", "pos { x: 1 y: -1 }")).message,
             Catch::Contains("\"B1\"") && Catch::Contains("off the grid"));
}

TEST_CASE("scenario: illegal stacking is refused", "[itchy.scenario][I11]") {
  SECTION("two units in one area") {
    const Error e = refused(with("type: GENERAL", "type: INFANTRY weapon: RIFLES"));
    CHECK_THAT(e.message, Catch::Contains("stacking") && Catch::Contains("(1,3)"));
  }
  SECTION("a unit in an enemy's area") {
    const Error e = refused(with("pos { x: 1 y: 0 }", "pos { x: 1 y: 3 }"));
    CHECK_THAT(e.message, Catch::Contains("enemy"));
  }
  SECTION("a transport may share an area with one unit") {
    load_ok(with("type: GENERAL", "type: HORSE_DRAWN_TRANSPORT"));
  }
}

TEST_CASE("scenario: duplicate unit ids are refused", "[itchy.scenario]") {
  CHECK_THAT(refused(with("id: \"B1\"", "id: \"R1\"")).message,
             Catch::Contains("duplicate unit id \"R1\""));
}

TEST_CASE("scenario: victory conditions are required", "[itchy.scenario][I16]") {
  CHECK_THAT(refused(with("victory { description: \"Most points wins.\" }", "")).message,
             Catch::Contains("no victory conditions"));
  CHECK_THAT(refused(with("description: \"Most points wins.\"", "")).message,
             Catch::Contains("no victory conditions"));
  CHECK_THAT(refused(with("victory { ", "victory { objectives { name: \"Hill\" } ")).message,
             Catch::Contains("objective \"Hill\" has no position"));
}

TEST_CASE("scenario: there are exactly two sides", "[itchy.scenario]") {
  CHECK_THAT(refused(with("terrain {", "sides { name: \"Green\" }\nterrain {")).message,
             Catch::Contains("exactly two sides") && Catch::Contains("3"));
  const std::string one_side(kBase.substr(0, kBase.find("sides {\n  name: \"Blue\"")));
  CHECK_THAT(refused(one_side + "victory { description: \"x\" }\n").message,
             Catch::Contains("exactly two sides") && Catch::Contains("1"));
}

TEST_CASE("scenario: a weapon must fit the unit type", "[I22][itchy.scenario][I7]") {
  CHECK_THAT(refused(with("weapon: MUSKETS", "weapon: MACHINE_GUNS")).message,
             Catch::Contains("\"B1\"") && Catch::Contains("cannot carry"));
  CHECK_THAT(refused(with("type: GENERAL", "type: GENERAL weapon: RIFLES")).message,
             Catch::Contains("\"RG\"") && Catch::Contains("cannot carry"));
  CHECK_THAT(refused(with("weapon: MUSKETS", "")).message,
             Catch::Contains("\"B1\"") && Catch::Contains("cannot carry"));
}

TEST_CASE("scenario: grid, turn limit and terrain patches are checked", "[I22][itchy.scenario]") {
  CHECK_THAT(refused(with("width: 6", "width: 0")).message, Catch::Contains("0x4"));
  CHECK_THAT(refused(with("turn_limit: 5", "")).message, Catch::Contains("turn limit"));
  CHECK_THAT(refused(with("to { x: 4 y: 2 }", "to { x: 6 y: 2 }")).message,
             Catch::Contains("terrain patch 1") && Catch::Contains("off the 6x4 grid"));
  CHECK_THAT(refused(with("from { x: 3 y: 1 } ", "")).message,
             Catch::Contains("terrain patch 1 has no `from` area"));
}

TEST_CASE("scenario: terrain patches expand, later ones overriding earlier", "[itchy.scenario]") {
  const std::string text = with("terrain { terrain: WOODS from { x: 3 y: 1 } to { x: 4 y: 2 } }",
                                "terrain { terrain: WOODS from { x: 4 y: 2 } to { x: 2 y: 0 } }\n"
                                "terrain { terrain: BUILT_UP from { x: 3 y: 1 } }\n"
                                "terrain { terrain: OPEN from { x: 2 y: 0 } to { x: 4 y: 0 } }");
  auto sc = wire::parse_scenario(text);
  REQUIRE(sc.ok());
  std::vector<std::pair<GridPos, Terrain>> got;
  for (const TerrainArea& t : sc->terrain) got.emplace_back(t.pos, t.terrain);
  const std::vector<std::pair<GridPos, Terrain>> want{
      {{2, 1}, Terrain::kWoods}, {{3, 1}, Terrain::kBuiltUp}, {{4, 1}, Terrain::kWoods},
      {{2, 2}, Terrain::kWoods}, {{3, 2}, Terrain::kWoods},   {{4, 2}, Terrain::kWoods}};
  CHECK(got == want);
}
