#include "fixture.h"

#include <utility>

namespace itchy_test {

Weapon default_weapon(UnitType t) {
  switch (t) {
    case UnitType::kInfantry:
    case UnitType::kDismountedCavalry:
    case UnitType::kMountedCavalry:
      return Weapon::kRifles;
    case UnitType::kMachineGun:
      return Weapon::kMachineGun;
    case UnitType::kArtillery:
      return Weapon::kRifledFieldArtillery;
    case UnitType::kHorseDrawnTransport:
    case UnitType::kGeneral:
      return Weapon::kNone;
  }
  return Weapon::kNone;
}

ScenarioBuilder::ScenarioBuilder(int width, int height) {
  s_.name = "test";
  s_.description = "a test position";
  s_.size = GridSize{width, height};
  s_.sides[0].name = "Itchy";
  s_.sides[1].name = "Scratchy";
  s_.turn_limit = 12;
  s_.victory.description = "Destroy the enemy or hold the objectives.";
}

ScenarioBuilder& ScenarioBuilder::terrain(GridPos p, Terrain t) {
  s_.terrain.push_back(TerrainArea{p, t});
  return *this;
}

ScenarioBuilder& ScenarioBuilder::unit(int side, std::string id, UnitType type, GridPos pos,
                                       Facing facing, int sp) {
  return unit(side, std::move(id), type, default_weapon(type), pos, facing, sp);
}

ScenarioBuilder& ScenarioBuilder::unit(int side, std::string id, UnitType type, Weapon weapon,
                                       GridPos pos, Facing facing, int sp) {
  ScenarioUnit u;
  u.id = UnitId{id};
  u.name = id;
  u.type = type;
  u.weapon = weapon;
  u.native = weapon == Weapon::kHandHeld;  // I24: only native troops carry them
  u.sp = sp;
  u.pos = pos;
  u.facing = facing;
  s_.sides[static_cast<std::size_t>(side)].units.push_back(std::move(u));
  return *this;
}

ScenarioBuilder& ScenarioBuilder::native(std::string_view id, bool native) {
  for (ScenarioSide& side : s_.sides) {
    for (ScenarioUnit& u : side.units) {
      if (u.id.get() == id) u.native = native;
    }
  }
  return *this;
}

ScenarioBuilder& ScenarioBuilder::condition(VictoryTest test, std::vector<std::string> objectives,
                                            int side, int at_least) {
  s_.victory.conditions.push_back(VictoryCondition{test, std::move(objectives), side, at_least});
  return *this;
}

ScenarioBuilder& ScenarioBuilder::turns(int limit) {
  s_.turn_limit = limit;
  return *this;
}

ScenarioBuilder& ScenarioBuilder::objective(std::string name, GridPos pos, int points) {
  s_.victory.objectives.push_back(Objective{std::move(name), pos, points});
  return *this;
}

ScenarioBuilder& ScenarioBuilder::victory(std::string description) {
  s_.victory.description = std::move(description);
  return *this;
}

State fresh_state(const Scenario& s) {
  auto r = new_game(s);
  INFO("new_game: " << (r.ok() ? std::string() : describe(r.error())));
  REQUIRE(r.ok());
  return std::move(r).value();
}

TestGame::TestGame(const Scenario& s, NotBegun) : state(fresh_state(s)) {}

TestGame::TestGame(const Scenario& s, int first) : state(fresh_state(s)) {
  begin(first == 0 ? std::vector<int>{6, 1} : std::vector<int>{1, 6});
  REQUIRE(state.phase == Phase::kChooseOrder);
  REQUIRE(state.initiative_winner == first);
  accept(first, ChooseOrder{true});
  REQUIRE(state.phase == Phase::kActivation);
  REQUIRE(state.acting_side == first);
}

std::vector<Event> TestGame::begin(std::vector<int> faces) {
  ScriptedDice dice(std::move(faces));
  auto r = grognard::itchy::begin(state, dice);
  INFO("begin: " << (r.ok() ? std::string() : describe(r.error())));
  REQUIRE(r.ok());
  CHECK(dice.remaining() == 0);
  for (const Event& e : r.value()) apply(state, e);
  return r.value();
}

Outcome TestGame::run(int side, const Command& command, std::vector<int> faces) {
  ScriptedDice dice(std::move(faces));
  Outcome out;
  auto r = decide(state, side, command, dice);
  out.dice_left = dice.remaining();
  if (!r.ok()) {
    out.error = r.error();
    return out;
  }
  out.events = std::move(r).value();
  for (const Event& e : out.events) apply(state, e);
  return out;
}

std::vector<Event> TestGame::accept(int side, const Command& command, std::vector<int> faces) {
  Outcome o = run(side, command, std::move(faces));
  INFO("rejected: " << (o.error ? describe(*o.error) : std::string()));
  REQUIRE(o.ok());
  CHECK(o.dice_left == 0);
  return o.events;
}

Error TestGame::reject(int side, const Command& command, std::vector<int> faces) {
  const auto before = hash(state);
  Outcome o = run(side, command, std::move(faces));
  INFO("accepted a command that should be rejected (" << o.events.size() << " events)");
  REQUIRE_FALSE(o.ok());
  CHECK(hash(state) == before);
  return *o.error;
}

std::vector<Event> TestGame::end_turn(int next_first) {
  REQUIRE(state.phase == Phase::kActivation);
  REQUIRE(state.half == 0);
  accept(state.acting_side, EndSideTurn{});
  REQUIRE(state.half == 1);
  Outcome o = run(state.acting_side, EndSideTurn{},
                  next_first == 0 ? std::vector<int>{6, 1} : std::vector<int>{1, 6});
  INFO("rejected: " << (o.error ? describe(*o.error) : std::string()));
  REQUIRE(o.ok());
  if (state.phase == Phase::kChooseOrder) {
    REQUIRE(state.initiative_winner == next_first);
    accept(next_first, ChooseOrder{true});
  }
  return o.events;
}

const Unit& TestGame::unit(std::string_view id) const {
  const Unit* u = state.find(UnitId{std::string(id)});
  INFO("no unit " << id);
  REQUIRE(u != nullptr);
  return *u;
}

const Casualty& casualty(const AttackResolved& a, std::string_view id) {
  for (const Casualty& c : a.casualties) {
    if (c.unit.get() == id) return c;
  }
  static const Casualty none{};
  FAIL("no casualty entry for " << id);
  return none;
}

std::vector<int> faces(const std::vector<Roll>& rolls) {
  std::vector<int> out;
  for (const Roll& r : rolls) out.push_back(r.face);
  return out;
}

}  // namespace itchy_test
