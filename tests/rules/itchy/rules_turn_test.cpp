// §Turn Sequence, I8 (activation), I16 (initiative), unit ownership, scenario validation.

#include "fixture.h"

using namespace itchy_test;

namespace {

// Two infantry and a General a side, far apart on an 8x8 grid.
Scenario two_lines() {
  return ScenarioBuilder(8, 8)
      .infantry(0, "A", {1, 6}, N)
      .infantry(0, "B", {3, 6}, N)
      .general(0, "G", {5, 6}, N)
      .infantry(1, "X", {1, 1}, S)
      .infantry(1, "Y", {3, 1}, S)
      .general(1, "H", {5, 1}, S);
}

}  // namespace

TEST_CASE("a valid scenario gives the state before the first turn", "[I14][itchy.scenario]") {
  ScenarioBuilder b = ScenarioBuilder(8, 8)
                          .infantry(0, "A", {1, 6})
                          .unit(0, "M", UnitType::kMachineGun, {2, 6})
                          .general(0, "G", {3, 6})
                          .infantry(1, "X", {1, 1}, S, 3)
                          .unit(1, "C", UnitType::kMountedCavalry, {2, 1}, S);
  State st = fresh_state(b);
  CHECK(st.phase == Phase::kNotStarted);
  CHECK_FALSE(side_to_act(st).has_value());
  CHECK(st.units.size() == 5);
  // Units carry the standard SP unless the scenario adjusts it (§Unit Strength Points).
  CHECK(st.find(UnitId{"A"})->sp == 4);
  CHECK(st.find(UnitId{"M"})->sp == 2);
  CHECK(st.find(UnitId{"G"})->sp == 1);
  CHECK(st.find(UnitId{"X"})->sp == 3);
  CHECK(st.find(UnitId{"X"})->start_sp == 3);
  CHECK(st.find(UnitId{"C"})->sp == 3);
  // Exhaustion Point: half the starting SP, Generals included, rounded up.
  CHECK(st.sides[0].start_sp == 7);
  CHECK(st.sides[0].exhaustion_point == 4);
  CHECK(st.sides[1].start_sp == 6);
  CHECK(st.sides[1].exhaustion_point == 3);
  CHECK(st.sides[0].losses == 0);
  CHECK_FALSE(st.sides[0].exhausted);
}

TEST_CASE("a scenario is validated", "[I16][itchy.scenario]") {
  auto base = [] {
    return ScenarioBuilder(8, 8).infantry(0, "A", {1, 6}).infantry(1, "X", {1, 1}, S);
  };
  auto rejected = [](const Scenario& s) {
    auto r = new_game(s);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().clause == "itchy.scenario");
  };
  REQUIRE(new_game(base()).ok());
  SECTION("each side needs a unit that is not a General") {
    rejected(ScenarioBuilder(8, 8).infantry(0, "A", {1, 6}).general(1, "H", {1, 1}));
    rejected(ScenarioBuilder(8, 8).general(0, "G", {1, 6}).infantry(1, "X", {1, 1}));
  }
  SECTION("the turn limit is at least 1") {
    rejected(base().turns(0));
  }
  SECTION("the victory conditions are required") {
    rejected(base().victory(""));
  }
  SECTION("units stand on the grid") {
    rejected(base().infantry(0, "B", {8, 6}));
  }
  SECTION("ids are unique") {
    rejected(base().infantry(1, "A", {4, 1}));
  }
  SECTION("no two units share an area") {
    rejected(base().infantry(0, "B", {1, 6}));
  }
  SECTION("no unit starts in an area with an enemy") {
    rejected(base().infantry(1, "Y", {1, 6}, N));
    rejected(base().general(1, "H", {1, 6}));
  }
  SECTION("transport with one unit, and Generals, may share an area") {
    REQUIRE(new_game(base()
                         .unit(0, "T", UnitType::kHorseDrawnTransport, {1, 6})
                         .general(0, "G", {1, 6})
                         .general(0, "G2", {1, 6}))
                .ok());
  }
  SECTION("a General carries no weapon") {
    rejected(base().unit(0, "G", UnitType::kGeneral, Weapon::kRifles, {3, 6}));
  }
}

TEST_CASE("commands before the first initiative throw are refused",
          "[I16][itchy.turn.not-started]") {
  TestGame g(two_lines(), TestGame::NotBegun{});
  Error e = g.reject(0, move("A", {N}));
  CHECK(e.clause == "itchy.turn.not-started");
}

TEST_CASE("initiative: both throw a D6, the higher wins", "[I16][itchy.turn.initiative-choice]") {
  TestGame g(two_lines(), TestGame::NotBegun{});
  SECTION("side 0 higher") {
    const auto& it = only<InitiativeThrown>(g.begin({5, 2}));
    CHECK(it.turn == 1);
    REQUIRE(it.throws.size() == 1);
    CHECK(it.throws[0][0].face == 5);
    CHECK(it.throws[0][1].face == 2);
    CHECK(it.winner == 0);
    CHECK(g.state.turn == 1);
    CHECK(g.state.initiative_winner == 0);
  }
  SECTION("side 1 higher") {
    CHECK(only<InitiativeThrown>(g.begin({1, 2})).winner == 1);
    CHECK(g.state.initiative_winner == 1);
  }
  CHECK(g.state.phase == Phase::kChooseOrder);
  CHECK(side_to_act(g.state) == g.state.initiative_winner);
}

TEST_CASE("initiative: ties throw again", "[I16][itchy.turn.initiative-choice]") {
  TestGame g(two_lines(), TestGame::NotBegun{});
  const auto& it = only<InitiativeThrown>(g.begin({3, 3, 6, 6, 2, 4}));
  REQUIRE(it.throws.size() == 3);
  CHECK(it.throws[0][0].face == 3);
  CHECK(it.throws[0][1].face == 3);
  CHECK(it.throws[1][0].face == 6);
  CHECK(it.throws[2][1].face == 4);
  CHECK(it.winner == 1);
}

TEST_CASE("initiative: only the winner chooses the order", "[I16][itchy.turn.initiative-choice]") {
  TestGame g(two_lines(), TestGame::NotBegun{});
  g.begin({2, 5});
  Error e = g.reject(0, ChooseOrder{true});
  CHECK(e.code == ErrorCode::kNotYourTurn);
  CHECK(e.clause == "itchy.turn.initiative-choice");
  // Nothing else may happen before the choice.
  g.reject(1, move("X", {S}));
  g.reject(0, move("A", {N}));
  g.reject(1, EndSideTurn{});

  SECTION("the winner goes first") {
    const auto& oc = only<OrderChosen>(g.accept(1, ChooseOrder{true}));
    CHECK(oc.side == 1);
    CHECK(oc.go_first);
    CHECK(oc.first_side == 1);
    CHECK(g.state.acting_side == 1);
  }
  SECTION("the winner goes second") {
    const auto& oc = only<OrderChosen>(g.accept(1, ChooseOrder{false}));
    CHECK_FALSE(oc.go_first);
    CHECK(oc.first_side == 0);
    CHECK(g.state.acting_side == 0);
  }
  CHECK(g.state.phase == Phase::kActivation);
  CHECK(g.state.half == 0);
  CHECK(g.state.first_side == g.state.acting_side);
  CHECK(side_to_act(g.state) == g.state.acting_side);
  // The choice is made once.
  g.reject(1, ChooseOrder{true});
}

TEST_CASE("the side not acting may give no command", "[I16][itchy.turn.sequence]") {
  TestGame g(two_lines(), 0);
  for (const Command& c :
       {Command{move("X", {S})}, Command{attack("X", {1, 2})}, Command{EndSideTurn{}}}) {
    Error e = g.reject(1, c);
    CHECK(e.code == ErrorCode::kNotYourTurn);
    CHECK(e.clause == "itchy.turn.sequence");
  }
}

TEST_CASE("ending side turns: the other side acts, then the turn ends",
          "[I16][itchy.turn.sequence]") {
  TestGame g(two_lines(), 0);
  g.accept(0, move("A", {N}));
  auto ev = g.accept(0, EndSideTurn{});
  CHECK(only<SideTurnEnded>(ev).side == 0);
  CHECK(count_of<TurnEnded>(ev) == 0);
  CHECK(g.state.acting_side == 1);
  CHECK(g.state.half == 1);
  CHECK(side_to_act(g.state) == 1);
  g.reject(0, move("B", {N}));
  g.accept(1, move("X", {S}));

  ev = g.accept(1, EndSideTurn{}, {2, 4});
  REQUIRE(ev.size() == 3);
  CHECK(std::get<SideTurnEnded>(ev[0]).side == 1);
  CHECK(std::get<TurnEnded>(ev[1]).turn == 1);
  const auto& it = std::get<InitiativeThrown>(ev[2]);
  CHECK(it.turn == 2);
  CHECK(it.winner == 1);
  CHECK(g.state.turn == 2);
  CHECK(g.state.phase == Phase::kChooseOrder);
  // Per-turn flags are reset for the new turn.
  for (const Unit& u : g.state.units) {
    CHECK_FALSE(u.activated);
    CHECK_FALSE(u.moved);
    CHECK_FALSE(u.attacked);
    CHECK(u.areas_moved == 0);
  }
  g.accept(1, ChooseOrder{true});
  g.accept(1, move("X", {S}));
  g.accept(1, EndSideTurn{});
  g.accept(0, move("A", {N}));  // A moves again in the new turn
}

TEST_CASE("units are named and owned", "[itchy.unit.unknown][itchy.unit.not-yours]") {
  TestGame g(two_lines(), 0);
  Error e = g.reject(0, move("Q", {N}));
  CHECK(e.code == ErrorCode::kNotFound);
  CHECK(e.clause == "itchy.unit.unknown");
  e = g.reject(0, attack("Q", {1, 1}));
  CHECK(e.clause == "itchy.unit.unknown");
  e = g.reject(0, move("X", {N}));
  CHECK(e.code == ErrorCode::kPermissionDenied);
  CHECK(e.clause == "itchy.unit.not-yours");
  e = g.reject(0, attack("Y", {3, 6}));
  CHECK(e.clause == "itchy.unit.not-yours");
}

TEST_CASE("a destroyed unit gives no command", "[itchy.unit.removed][itchy.sp]") {
  Scenario s = ScenarioBuilder(8, 8)
                   .infantry(0, "A", {1, 3}, N)
                   .infantry(1, "X", {1, 2}, S, 1)
                   .infantry(1, "Y", {6, 1}, S);
  TestGame g(s, 0);
  g.accept(0, attack("A", {1, 2}), {4, 4, 1, 2, 3, 5});
  REQUIRE(g.unit("X").removed);
  g.accept(0, EndSideTurn{});
  Error e = g.reject(1, move("X", {N}));
  CHECK(e.clause == "itchy.unit.removed");
  e = g.reject(1, attack("X", {1, 3}));
  CHECK(e.clause == "itchy.unit.removed");
}

TEST_CASE("each unit and General is activated once a turn, in any order",
          "[I8][itchy.activation.once]") {
  TestGame g(two_lines(), 0);
  g.accept(0, move("B", {N}));  // B before A: the player chooses the order
  g.accept(0, move("G", {N, N, N}));
  g.accept(0, move("A", {N}));
  CHECK(g.unit("A").activated);
  CHECK(g.unit("B").activated);
  CHECK(g.unit("G").activated);
  // Commanding another unit closed B's and G's activations.
  Error e = g.reject(0, move("B", {N}));
  CHECK(e.clause == "itchy.activation.once");
  e = g.reject(0, attack("B", {3, 1}));
  CHECK(e.clause == "itchy.activation.once");
  e = g.reject(0, move("G", {E}));
  CHECK(e.clause == "itchy.activation.once");
}

TEST_CASE("a unit moves once", "[I8][itchy.move.once]") {
  TestGame g(two_lines(), 0);
  g.accept(0, move("A", {N}));
  Error e = g.reject(0, move("A", {N}));
  CHECK(e.clause == "itchy.move.once");
  // A turn in place is a move too.
  e = g.reject(0, turn_to("A", E));
  CHECK(e.clause == "itchy.move.once");
  g.accept(0, turn_to("B", E));
  e = g.reject(0, move("B", {N}));
  CHECK(e.clause == "itchy.move.once");
}

TEST_CASE("an activation is a move then an attack, never an attack then a move",
          "[I8][itchy.activation.move-then-attack]") {
  Scenario s = ScenarioBuilder(8, 8).infantry(0, "A", {1, 4}, N).infantry(1, "X", {1, 2}, S);
  TestGame g(s, 0);
  g.accept(0, attack("A", {1, 2}), {1, 1, 2, 2});  // range 2: 4 dice
  // Nothing follows an attack: not a move, not even a turn in place.
  Error e = g.reject(0, move("A", {E}));
  CHECK(e.clause == "itchy.activation.move-then-attack");
  e = g.reject(0, turn_to("A", E));
  CHECK(e.clause == "itchy.activation.move-then-attack");
}

TEST_CASE("a rejected command does not close the open activation", "[I8][itchy.activation.once]") {
  TestGame g(ScenarioBuilder(8, 8)
                 .infantry(0, "A", {1, 6}, N)
                 .infantry(0, "B", {3, 6}, N)
                 .infantry(1, "X", {1, 3}, S)
                 .infantry(1, "Y", {6, 0}, S));
  g.accept(0, move("A", {N}));
  CHECK(g.reject(0, move("B", {N, N, N})).clause == "itchy.move.allowance");
  CHECK_FALSE(g.unit("B").activated);
  g.accept(0, attack("A", {1, 3}), {1, 1, 2, 2});  // A's activation is still open
}

TEST_CASE("any unit may pass", "[I8][I16]") {
  TestGame g(two_lines(), 0);
  g.accept(0, EndSideTurn{});
  g.accept(1, EndSideTurn{}, {6, 1});
  CHECK(g.state.turn == 2);
}

TEST_CASE("a rejected command changes nothing", "[itchy.hash][itchy.combat.range]") {
  Scenario s = ScenarioBuilder(8, 8).infantry(0, "A", {1, 6}, N).infantry(1, "X", {1, 1}, S);
  TestGame g(s, 0);
  const auto before = hash(g.state);
  const State copy = g.state;
  ScriptedDice dice{4, 4, 4, 4, 4, 4};
  auto r = decide(g.state, 0, attack("A", {1, 1}), dice);  // range 5: out of range
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().clause == "itchy.combat.range");
  CHECK(dice.remaining() == 6);  // no die was thrown
  CHECK(hash(g.state) == before);
  CHECK(hash(copy) == before);
  // An accepted command does change it, even a turn in place that keeps the facing (the unit
  // has now been activated).
  g.accept(0, move("A", {}));
  CHECK(g.unit("A").facing == N);
  CHECK_FALSE(hash(g.state) == before);
  const auto turned = hash(g.state);
  g.accept(0, EndSideTurn{});
  CHECK_FALSE(hash(g.state) == turned);
}

TEST_CASE("every command legal() lists is accepted", "[itchy.legal][I8]") {
  Scenario s = ScenarioBuilder(5, 5)
                   .infantry(0, "A", {1, 3}, N)
                   .unit(0, "T", UnitType::kHorseDrawnTransport, {3, 4}, N)
                   .general(0, "G", {1, 3})
                   .infantry(1, "X", {1, 1}, S)
                   .terrain({3, 2}, Terrain::kWoods);
  TestGame g(s, 0);
  const auto cmds = legal(g.state, 0);
  CHECK_FALSE(cmds.empty());
  CHECK(legal(g.state, 1).empty());
  for (const Command& c : cmds) {
    ScriptedDice dice(std::vector<int>(12, 1));
    auto r = decide(g.state, 0, c, dice);
    INFO("command #" << c.index() << ": " << (r.ok() ? "" : describe(r.error())));
    CHECK(r.ok());
  }
}
