// §4a movement, §1 allowances, §12 and R12 terrain, R15 facing, R28 paths, R22 dug in.

#include "fixture.h"

using namespace rcw_test;

namespace {

// Side 0 around its HQ at (36,4); side 1 far off. Woods, swamp and rough ground north of them.
ScenarioBuilder field() {
  return ScenarioBuilder()
      .unit("H0", 0, UnitType::kHq, {36, 4}, 0)
      .unit("I", 0, UnitType::kInfantry, {30, 10}, 0)
      .unit("H1", 1, UnitType::kHq, {70, 46}, 180)
      .unit("Z", 1, UnitType::kInfantry, {64, 46}, 180)
      .woods(38, 14, 48, 24)
      .swamp(14, 14, 26, 20)
      .rough(50, 14, 60, 24);
}

}  // namespace

TEST_CASE("infantry moves up to 6in", "[sec.1][sec.4a][R18][rcw.move.allowance]") {
  TestGame g(field());
  g.accept(kSide0, activate("I", kMove, kMove), {1});
  CHECK(g.reject(kSide0, move_to({{30, 16.01}}, 0)).clause == clause::kMoveAllowance);
  auto m = only<Moved>(g.accept(kSide0, move_to({{30, 16}}, 0)));
  CHECK(m.cost == Approx(6));
  CHECK(near(m.path.back(), {30, 16}));
}

TEST_CASE("a move is straight legs through its waypoints, then a facing",
          "[sec.4a][R15][R28][rcw.move.allowance]") {
  TestGame g(field());
  g.accept(kSide0, activate("I", kMove, kMove), {1});
  auto m = only<Moved>(g.accept(kSide0, move_to({{33, 10}, {33, 13}}, 90)));
  REQUIRE(m.path.size() >= 2);
  CHECK(near(m.path.back(), {33, 13}));
  CHECK(m.cost == Approx(6));
  CHECK(m.facing.get() == Approx(90));
  CHECK(g.unit("I").facing.get() == Approx(90));
  CHECK(g.reject(kSide0, move_to({{30, 13}, {30, 16.5}}, 0)).clause == clause::kMoveAllowance);
}

TEST_CASE("a move may be a pure pivot, which costs nothing", "[R15][sec.4a]") {
  TestGame g(field());
  g.accept(kSide0, activate("I", kMove, kMove), {1});
  auto m = only<Moved>(g.accept(kSide0, pivot(225)));
  CHECK(m.cost == Approx(0));
  CHECK(near(g.unit("I").pos, {30, 10}));
  CHECK(g.unit("I").facing.get() == Approx(225));
}

TEST_CASE("the table edge bounds a move", "[R28][rcw.move.off-table]") {
  TestGame g(field());
  g.edit("I").pos = {2, 10};
  g.edit("H0").pos = {6, 6};
  g.accept(kSide0, activate("I", kMove, kMove), {1});
  CHECK(g.reject(kSide0, move_to({{-1, 10}}, 270)).clause == clause::kMoveTable);
  g.accept(kSide0, move_to({{0, 10}}, 270));  // the centre on the edge is on the table
}

TEST_CASE("cavalry moves 12in, and distance in woods, swamp or rough counts double",
          "[sec.1][sec.12][R12][rcw.move.allowance]") {
  ScenarioBuilder b = field();
  b.unit("C", 0, UnitType::kCavalry, {43, 10}, 0);
  SECTION("open: 12in") {
    TestGame g(b);
    g.accept(kSide0, activate("C", kMove, kMove), {1});
    CHECK(g.reject(kSide0, move_to({{55.5, 10}}, 90)).clause == clause::kMoveAllowance);
    CHECK(only<Moved>(g.accept(kSide0, move_to({{55, 10}}, 90))).cost == Approx(12));
  }
  SECTION("4in of open, 4in of woods: 12") {
    TestGame g(b);
    g.accept(kSide0, activate("C", kMove, kMove), {1});
    CHECK(g.reject(kSide0, move_to({{43, 18.5}}, 0)).clause == clause::kMoveAllowance);
    CHECK(only<Moved>(g.accept(kSide0, move_to({{43, 18}}, 0))).cost == Approx(12));
  }
  SECTION("rough ground") {
    TestGame g(b);
    g.edit("C").pos = {55, 10};
    g.edit("H0").pos = {50, 6};
    g.accept(kSide0, activate("C", kMove, kMove), {1});
    CHECK(only<Moved>(g.accept(kSide0, move_to({{55, 18}}, 0))).cost == Approx(12));
  }
  SECTION("swamp") {
    TestGame g(b);
    g.edit("C").pos = {20, 10};
    g.edit("H0").pos = {24, 6};
    g.accept(kSide0, activate("C", kMove, kMove), {1});
    CHECK(only<Moved>(g.accept(kSide0, move_to({{20, 18}}, 0))).cost == Approx(12));
  }
}

TEST_CASE("infantry is not slowed by terrain", "[sec.12][R12]") {
  TestGame g(field());
  g.edit("I").pos = {43, 12};
  g.accept(kSide0, activate("I", kMove, kMove), {1});
  CHECK(only<Moved>(g.accept(kSide0, move_to({{43, 18}}, 0))).cost == Approx(6));
}

TEST_CASE("artillery, armoured cars and wagons may not enter woods or swamp",
          "[sec.12][R12][rcw.move.terrain]") {
  TestGame g(field()
                 .unit("H0b", 0, UnitType::kHq, {22, 6}, 0)
                 .unit("V", 0, UnitType::kArmouredCar, {20, 10}, 0)
                 .unit("W", 0, UnitType::kWagon, {40, 10}, 0)
                 .unit("A", 0, UnitType::kArtillery, {46, 10}, 0)
                 .limbered());
  g.accept(kSide0, activate("V", kMove, kMove), {1});
  CHECK(g.reject(kSide0, move_to({{20, 16}}, 0)).clause == clause::kMoveTerrain);
  // crossing the swamp is entering it
  CHECK(g.reject(kSide0, move_to({{20, 22}}, 0)).clause == clause::kMoveTerrain);
  g.accept(kSide0, move_to({{20, 12.5}}, 0));  // short of its edge
  g.accept(kSide0, SkipAction{});
  g.accept(kSide0, activate("W", kMove, kMove), {1});
  CHECK(g.reject(kSide0, move_to({{40, 15}}, 0)).clause == clause::kMoveTerrain);
  g.accept(kSide0, SkipAction{});
  g.accept(kSide0, SkipAction{});
  g.accept(kSide0, activate("A", kMove, kMove), {1});
  CHECK(g.reject(kSide0, move_to({{46, 20}}, 0)).clause == clause::kMoveTerrain);
}

TEST_CASE("wheeled units may enter rough ground, at no extra cost", "[sec.12][R12]") {
  TestGame g(field().unit("V", 0, UnitType::kArmouredCar, {55, 10}, 0));
  g.edit("H0").pos = {50, 6};
  g.accept(kSide0, activate("V", kMove, kMove), {1});
  CHECK(only<Moved>(g.accept(kSide0, move_to({{55, 20}}, 0))).cost == Approx(10));
}

TEST_CASE("a move may pass through friends but not through an enemy it sees",
          "[R28][rcw.move.through-enemy]") {
  SECTION("enemy") {
    TestGame g(field().unit("X", 1, UnitType::kInfantry, {30, 13}, 180));
    g.accept(kSide0, activate("I", kMove, kMove), {1});
    CHECK(g.reject(kSide0, move_to({{30, 16}}, 0)).clause == clause::kMoveThrough);
  }
  SECTION("friend") {
    TestGame g(field().unit("F", 0, UnitType::kInfantry, {30, 13}, 0));
    g.accept(kSide0, activate("I", kMove, kMove), {1});
    g.accept(kSide0, move_to({{30, 16}}, 0));
  }
}

TEST_CASE("a move may not end overlapping another unit", "[R28][rcw.move.overlap]") {
  TestGame g(field().unit("F", 0, UnitType::kInfantry, {30, 14}, 0));
  g.accept(kSide0, activate("I", kMove, kMove), {1});
  CHECK(g.reject(kSide0, move_to({{30, 13}}, 0)).clause == clause::kMoveOverlap);
  g.accept(kSide0, move_to({{30, 12}}, 0));  // footprints touch: no overlap
}

TEST_CASE("artillery moves only limbered, and 12in", "[sec.4a][R9][sec.1][rcw.actions.limbered]") {
  TestGame g(field().unit("A", 0, UnitType::kArtillery, {40, 8}, 0));
  // Refused when declared: unlimbered, and no Limber before the Move.
  CHECK(g.reject(kSide0, activate("A", kMove, kMove)).clause == clause::kLimberedMove);
  g.edit("A").limbered = true;
  g.accept(kSide0, activate("A", kMove, kMove), {1});  // R53: within 12in, the die does not count
  CHECK(g.reject(kSide0, move_to({{27.99, 8}}, 270)).clause == clause::kMoveAllowance);
  CHECK(only<Moved>(g.accept(kSide0, move_to({{28, 8}}, 270))).cost == Approx(12));
}

TEST_CASE("armoured cars, tanks, HQs and FAOs move no more than the unit table allows",
          "[sec.1][sec.4a][R2][R18][rcw.move.allowance]") {
  const std::pair<UnitType, double> table[] = {
      {UnitType::kArmouredCar, 12}, {UnitType::kTank, 6}, {UnitType::kHq, 6}, {UnitType::kFao, 6}};
  for (const auto& [type, allowance] : table) {
    INFO(to_string(type));
    TestGame g(field().unit("U", 0, type, {4, 30}, 0));
    g.edit("H0").pos = {8, 27};  // within 12in: a throw that does not count (R53), none for HQs
    const bool officer = type == UnitType::kHq || type == UnitType::kFao;
    g.accept(kSide0, activate("U", kMove, kMove),
             officer ? std::vector<int>{} : std::vector<int>{1});
    const Error e = g.reject(kSide0, move_to({{4, 30 + allowance + 0.01}}, 0));
    CHECK(e.clause == clause::kMoveAllowance);
    CHECK(e.message.find("moves at most " + engine::inches_text(engine::Inches{allowance})) !=
          std::string::npos);
    const Moved m = only<Moved>(g.accept(kSide0, move_to({{4, 30 + allowance}}, 0)));
    CHECK(m.cost == Approx(allowance));
  }
}

TEST_CASE("limber then move, move then unlimber", "[sec.4c][R9][R24]") {
  TestGame g(field().unit("A", 0, UnitType::kArtillery, {40, 8}, 0));
  auto ev = g.accept(kSide0, activate("A", kLimber, kMove), {1});
  auto l = only<Limbered>(ev);
  CHECK(l.limbered);
  CHECK(g.unit("A").limbered);
  ev = g.accept(kSide0, move_to({{28, 8}}, 270));
  CHECK(only<Moved>(ev).cost == Approx(12));
  g.accept(kSide0, EndTurn{});
  g.accept(kSide1, EndTurn{});
  ev = g.accept(kSide0, activate("A", kMove, kLimber), {1});
  g.accept(kSide0, move_to({{28, 12}}, 0));
  CHECK(g.unit("A").limbered == false);
}

TEST_CASE("MGs and mortars pack to move and deploy to shoot", "[sec.4a][sec.4c][R9]") {
  ScenarioBuilder b = field()
                          .unit("M", 0, UnitType::kMg, {40, 8}, 0)
                          .unit("R", 0, UnitType::kMortar, {44, 8}, 0)
                          .limbered();
  {
    TestGame g(b);  // deployed, and no Limber declared before the Move: refused when declared
    CHECK(g.reject(kSide0, activate("M", kMove, kMove)).clause == clause::kLimberedMove);
  }
  TestGame g(b);
  auto ev = g.accept(kSide0, activate("M", kLimber, kMove), {1});
  CHECK(only<Limbered>(ev).limbered);
  g.accept(kSide0, move_to({{40, 14}}, 0));
  CHECK(g.unit("R").limbered);
  ev = g.accept(kSide0, activate("R", kMove, kLimber), {1});
  ev = g.accept(kSide0, move_to({{46, 8}}, 0));
  CHECK_FALSE(only<Limbered>(ev).limbered);
  CHECK_FALSE(g.unit("R").limbered);
}

TEST_CASE("only artillery, MGs and mortars limber", "[sec.4c][R9][sec.1][rcw.actions.cannot]") {
  TestGame g(field());
  CHECK(g.reject(kSide0, activate("I", kLimber, kMove)).clause == clause::kCannotDo);
  CHECK(g.reject(kSide0, activate("H0", kMove, kLimber)).clause == clause::kCannotDo);
}

TEST_CASE("artillery may not unlimber in a village", "[sec.12][R9][rcw.limber.village]") {
  TestGame g(
      field().village(6, 6, 14, 14).unit("A", 0, UnitType::kArtillery, {10, 10}, 0).limbered());
  g.edit("H0").pos = {16, 4};
  CHECK(g.reject(kSide0, activate("A", kLimber, kMove)).clause == clause::kLimberVillage);
}

TEST_CASE("a dug-in unit that moves loses its mark, one that pivots keeps it", "[R22][sec.8]") {
  TestGame g(field().unit("D", 0, UnitType::kInfantry, {28, 6}, 0).dug_in());
  g.accept(kSide0, activate("D", kMove, kMove), {1});
  auto m = only<Moved>(g.accept(kSide0, pivot(90)));
  CHECK_FALSE(m.dug_in_lost);
  CHECK(g.unit("D").dug_in);
  m = only<Moved>(g.accept(kSide0, move_to({{30, 6}}, 90)));
  CHECK(m.dug_in_lost);
  CHECK_FALSE(g.unit("D").dug_in);
}

TEST_CASE("a wagon moves 6in", "[sec.1][rcw.move.allowance]") {
  TestGame g(field().unit("W", 0, UnitType::kWagon, {34, 8}, 0));
  g.accept(kSide0, activate("W", kMove, kMove), {1});
  CHECK(g.reject(kSide0, move_to({{34, 14.5}}, 0)).clause == clause::kMoveAllowance);
  g.accept(kSide0, move_to({{34, 14}}, 0));
}

TEST_CASE("limbered artillery and packed MGs and mortars do not shoot",
          "[sec.4b][R9][rcw.fire.deployed]") {
  for (UnitType t : {UnitType::kArtillery, UnitType::kMg, UnitType::kMortar}) {
    INFO(to_string(t));
    TestGame g(field()
                   .unit("A", 0, t, {30, 20}, 0)
                   .limbered()
                   .unit("X", 1, UnitType::kInfantry, {30, 30}, 180));
    CHECK(g.reject(kSide0, activate("A", kShoot, kMove)).clause == clause::kDeployedToShoot);
  }
}

TEST_CASE("a hidden MG, mortar or gun that forgoes its Limber may not then move",
          "[sec.4a][R9][R48][R50][rcw.actions.limbered]") {
  for (UnitType t : {UnitType::kMg, UnitType::kMortar, UnitType::kArtillery}) {
    INFO(to_string(t));
    TestGame g(field().unit("U", 0, t, {30, 14}, 0));  // deployed (unlimbered)
    g.conceal("U");
    g.accept(kSide0, activate("U", kLimber, kMove), {6});  // R48: it throws at once
    // R48: its Limber waits for an order; the general forgoes it.
    CHECK(only<ActionSkipped>(g.accept(kSide0, SkipAction{})).action == kLimber);
    REQUIRE_FALSE(g.unit("U").limbered);
    // §4a: the Move that comes up is refused, and not offered: only its skip is.
    for (const Command& c : legal(g.state, kSide0)) {
      CHECK_FALSE(std::holds_alternative<MoveOrder>(c));
    }
    const Error e = g.reject(kSide0, move_to({{30, 16}}, 0));
    CHECK(e.clause == clause::kLimberedMove);
    CHECK(e.message.find("to move (§4a)") != std::string::npos);
    CHECK(g.reject(kSide0, pivot(90)).clause == clause::kLimberedMove);
    const auto ev = g.accept(kSide0, SkipAction{});
    CHECK(only<ActionSkipped>(ev).action == kMove);
    CHECK(count_of<ActivationEnded>(ev) == 1);
    CHECK(near(g.unit("U").pos, {30, 14}));
    CHECK(g.unit("U").concealed);
  }
}
