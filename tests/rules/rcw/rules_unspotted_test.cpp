// §9 for fixed units (R19 amended, R49): a unit the scenario fixes in woods or a village is
// public but unspotted: no target, directly or through an observer, until it moves or fires or
// an enemy comes within 3"; its own move does not stop for it (its place is known).

#include <algorithm>

#include "fixture.h"

using namespace rcw_test;

namespace {

// Side 1's MG "G" dug in 1in inside a village at (30,20); side 0's infantry "M" 10in south of it
// facing north, its battery "A" at (20,4) and the FAO "O" at (36,10), both with a clear line.
ScenarioBuilder field() {
  return ScenarioBuilder()
      .unit("H0", 0, UnitType::kHq, {40, 4}, 0)
      .unit("O", 0, UnitType::kFao, {36, 10}, 0)
      .unit("A", 0, UnitType::kArtillery, {20, 4}, 0)
      .unit("M", 0, UnitType::kInfantry, {30, 10}, 0)
      .unit("H1", 1, UnitType::kHq, {70, 46}, 180)
      .unit("G", 1, UnitType::kMg, {30, 20}, 180)
      .dug_in()
      .village(26, 19, 34, 24);
}

// Every ShootOrder or AssaultOrder `seat` may give now, by target.
std::vector<std::string> offered_targets(const State& s, const std::string& seat) {
  std::vector<std::string> out;
  for (const Command& c : legal(s, seat)) {
    if (const auto* o = std::get_if<ShootOrder>(&c)) out.push_back(o->target.get());
    if (const auto* a = std::get_if<AssaultOrder>(&c)) out.push_back(a->target.get());
  }
  return out;
}

bool has(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

}  // namespace

TEST_CASE("a fixed unit in woods or a village is public but unspotted", "[sec.9][R19][R49][R20]") {
  TestGame g(field()
                 .woods(50, 30, 60, 40)
                 .unit("W", 1, UnitType::kInfantry, {55, 35}, 180)
                 .unit("P", 1, UnitType::kInfantry, {10, 40}, 180));
  CHECK(g.unit("G").unspotted);
  CHECK(g.unit("W").unspotted);
  CHECK_FALSE(g.unit("P").unspotted);  // in the open
  CHECK_FALSE(g.unit("M").unspotted);
  for (const char* id : {"G", "W"}) {
    INFO(id);
    CHECK_FALSE(g.unit(id).concealed);
    // Both sides and observers see it, marked unspotted.
    for (const Sight& who : {sight_of(0), sight_of(1), observer()}) {
      const Unit* u = seen_by(g.state, who).find(UnitId{id});
      REQUIRE(u != nullptr);
      CHECK(u->unspotted);
    }
  }
}

TEST_CASE("an unspotted unit cannot be shot at, directly or through an observer",
          "[sec.9][R19][R49][rcw.conceal.unspotted]") {
  {
    TestGame g(field());
    g.accept(kSide0, activate("M", kShoot, kShoot));
    CHECK_FALSE(has(offered_targets(g.state, kSide0), "G"));
    const Error e = g.reject(kSide0, shoot("G"));
    CHECK(e.clause == clause::kUnspotted);
    CHECK(e.message.find("has not been spotted") != std::string::npos);
    CHECK(e.message.find("§9") != std::string::npos);
  }
  TestGame g(field());
  g.accept(kSide0, activate("A", kShoot, kShoot));
  CHECK_FALSE(has(offered_targets(g.state, kSide0), "G"));
  CHECK(g.reject(kSide0, shoot_via("G", "O")).clause == clause::kUnspotted);
}

TEST_CASE("an unspotted unit cannot be assaulted", "[sec.9][R49][rcw.conceal.unspotted]") {
  TestGame g(field());
  g.edit("M").pos = {30, 17.5};  // 2.5in: an edit, since coming this close spots it
  g.accept(kSide0, activate("M", kAssault, kShoot), {6});  // 16.8in from its HQ: it throws
  CHECK_FALSE(has(offered_targets(g.state, kSide0), "G"));
  CHECK(g.reject(kSide0, assault("G")).clause == clause::kUnspotted);
}

TEST_CASE("an unspotted unit that fires is spotted, and may then be shot at", "[sec.9][R10][R49]") {
  TestGame g(field());
  g.accept(kSide0, EndTurn{});
  g.accept(kSide1, activate("G", kShoot, kShoot));
  const auto ev = g.accept(kSide1, shoot("M"), {1, 1});
  REQUIRE(count_of<UnitsRevealed>(ev) == 1);
  CHECK(std::holds_alternative<UnitsRevealed>(ev.front()));  // before its shot
  CHECK(only<UnitsRevealed>(ev).cause == "fired");
  CHECK(revealed_ids(ev) == std::vector<std::string>{"G"});
  CHECK_FALSE(g.unit("G").unspotted);
  g.accept(kSide1, SkipAction{});
  g.accept(kSide1, EndTurn{});
  g.accept(kSide0, activate("M", kShoot, kShoot));
  CHECK(has(offered_targets(g.state, kSide0), "G"));
  const Shot s = only<Shot>(g.accept(kSide0, shoot("G"), {6, 4}));
  CHECK(s.cover == Cover::kEntrenched);
  CHECK(s.outcome == Outcome::kPinned);
}

TEST_CASE("an unspotted unit that moves is spotted, even by a pivot", "[sec.9][R10][R28][R49]") {
  TestGame g(field().unit("K", 1, UnitType::kInfantry, {28, 22}, 180));
  REQUIRE(g.unit("K").unspotted);
  g.accept(kSide0, EndTurn{});
  g.accept(kSide1, activate("K", kMove, kMove), {6});  // far from its HQ: it throws
  const auto ev = g.accept(kSide1, pivot(90));
  CHECK(revealed_ids(ev) == std::vector<std::string>{"K"});
  CHECK(only<UnitsRevealed>(ev).cause == "moved");
  CHECK_FALSE(g.unit("K").unspotted);
  CHECK(g.unit("G").unspotted);  // the MG beside it stays so
}

TEST_CASE("an enemy passing within 3in spots an unspotted unit without being stopped",
          "[sec.9][R10][R17][R49]") {
  TestGame g(field());
  g.edit("M").pos = {27, 17.5};                         // 3.9in from G
  g.accept(kSide0, activate("M", kMove, kShoot), {6});  // far from its HQ: it throws
  // East along y = 17.5: 2.5in from G at (30,17.5), 3.9in again at the end.
  const auto ev = g.accept(kSide0, move_to({{33, 17.5}}, 0));
  const Moved m = only<Moved>(ev);
  CHECK_FALSE(m.stopped_by.has_value());  // its place is public: no R17 stop
  CHECK(near(g.unit("M").pos, {33, 17.5}));
  REQUIRE(count_of<UnitsRevealed>(ev) == 1);
  CHECK(std::holds_alternative<UnitsRevealed>(ev.back()));  // after the move
  CHECK(only<UnitsRevealed>(ev).cause == "an enemy came within 3in");
  CHECK(revealed_ids(ev) == std::vector<std::string>{"G"});
  CHECK_FALSE(g.unit("G").unspotted);
}

TEST_CASE("a move that stays beyond 3in leaves it unspotted", "[sec.9][R49][R18]") {
  TestGame g(field());
  g.edit("M").pos = {27, 16.9};  // 3.1in from G at the nearest
  g.accept(kSide0, activate("M", kMove, kShoot), {6});
  CHECK(count_of<UnitsRevealed>(g.accept(kSide0, move_to({{33, 16.9}}, 0))) == 0);
  CHECK(g.unit("G").unspotted);
}

// Side 1's train "TR" on a line along y = 30, its first car at x = 20, its HQ near; side 0's HQ
// far off.
ScenarioBuilder railside() {
  return ScenarioBuilder()
      .unit("H0", 0, UnitType::kHq, {60, 4}, 0)
      .rail("line", {{0, 30}, {72, 30}})
      .unit("H1", 1, UnitType::kHq, {25, 36}, 180)
      .train("TR", 1, "line", 20, {car("C1")});
}

TEST_CASE("an armoured train passing within 3in spots an unspotted unit", "[sec.9][R13][R49]") {
  // Side 0's "V" in a village 2.8in from the line; the train runs past it.
  TestGame g(railside().unit("V", 0, UnitType::kInfantry, {30, 27.2}, 0).village(26, 25, 34, 28.5));
  REQUIRE(g.unit("V").unspotted);
  g.accept(kSide0, EndTurn{});
  g.accept(kSide1, activate("TR", kMove, kShoot), {1});  // R53: a throw that does not count
  const auto ev = g.accept(kSide1, rail_move(38));
  CHECK_FALSE(only<Moved>(ev).stopped_by.has_value());
  CHECK(revealed_ids(ev) == std::vector<std::string>{"V"});
  CHECK_FALSE(g.unit("V").unspotted);
}

TEST_CASE("a fixed train is never unspotted", "[R49][R13][sec.12]") {
  TestGame g(railside().village(10, 26, 40, 34));  // the train stands in the village
  CHECK_FALSE(g.unit("TR").unspotted);
}
