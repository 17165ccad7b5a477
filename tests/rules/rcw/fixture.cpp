#include "fixture.h"

#include <cmath>
#include <utility>

namespace rcw_test {

Polygon rect(double x0, double y0, double x1, double y1) {
  return Polygon{{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
}

ScenarioCar car(std::string id, CarArmament armament) {
  ScenarioCar c;
  c.id = UnitId{id};
  c.name = std::move(id);
  c.armament = armament;
  return c;
}

ScenarioBuilder::ScenarioBuilder() {
  s_.name = "test";
  s_.description = "a test action";
  s_.width = 72;
  s_.height = 48;
  s_.sides[0] = SideInfo{"Reds", ""};
  s_.sides[1] = SideInfo{"Whites", ""};
  s_.first_side = 0;
  s_.turns = 8;
  s_.victory = "Points for enemy units destroyed and objectives held at the end.";
}

ScenarioUnit& ScenarioBuilder::last() {
  REQUIRE_FALSE(s_.units.empty());
  return s_.units.back();
}

ScenarioBuilder& ScenarioBuilder::unit(std::string id, int side, UnitType type, Point pos,
                                       double facing) {
  ScenarioUnit u;
  u.id = UnitId{id};
  u.name = std::move(id);
  u.side = side;
  u.type = type;
  u.pos = pos;
  u.facing = Degrees{facing};
  s_.units.push_back(std::move(u));
  return *this;
}

ScenarioBuilder& ScenarioBuilder::unplaced(std::string id, int side, UnitType type) {
  ScenarioUnit u;
  u.id = UnitId{id};
  u.name = std::move(id);
  u.side = side;
  u.type = type;
  s_.units.push_back(std::move(u));
  return *this;
}

ScenarioBuilder& ScenarioBuilder::train(std::string id, int side, std::string rail, double at,
                                        std::vector<ScenarioCar> cars, bool reversed) {
  ScenarioUnit u;
  u.id = UnitId{id};
  u.name = std::move(id);
  u.side = side;
  u.type = UnitType::kTrain;
  u.cars = std::move(cars);
  u.rail = std::move(rail);
  u.rail_at = at;
  u.reversed = reversed;
  s_.units.push_back(std::move(u));
  return *this;
}

ScenarioBuilder& ScenarioBuilder::training(Training t) {
  last().training = t;
  return *this;
}
ScenarioBuilder& ScenarioBuilder::limbered(bool on) {
  last().limbered = on;
  return *this;
}
ScenarioBuilder& ScenarioBuilder::dug_in(bool on) {
  last().dug_in = on;
  return *this;
}
ScenarioBuilder& ScenarioBuilder::gun(bool on) {
  last().gun = on;
  return *this;
}
ScenarioBuilder& ScenarioBuilder::radius(double r) {
  last().radius = r;
  return *this;
}
ScenarioBuilder& ScenarioBuilder::points(int p) {
  last().points = p;
  return *this;
}
ScenarioBuilder& ScenarioBuilder::named(std::string name) {
  last().name = std::move(name);
  return *this;
}

ScenarioBuilder& ScenarioBuilder::terrain(TerrainKind kind, Polygon area, std::string name) {
  if (name.empty()) name = std::string(to_string(kind)) + " " + std::to_string(s_.terrain.size());
  s_.terrain.push_back(TerrainPiece{std::move(name), kind, std::move(area)});
  return *this;
}
ScenarioBuilder& ScenarioBuilder::woods(double x0, double y0, double x1, double y1) {
  return terrain(TerrainKind::kWoods, rect(x0, y0, x1, y1));
}
ScenarioBuilder& ScenarioBuilder::swamp(double x0, double y0, double x1, double y1) {
  return terrain(TerrainKind::kSwamp, rect(x0, y0, x1, y1));
}
ScenarioBuilder& ScenarioBuilder::rough(double x0, double y0, double x1, double y1) {
  return terrain(TerrainKind::kRough, rect(x0, y0, x1, y1));
}
ScenarioBuilder& ScenarioBuilder::village(double x0, double y0, double x1, double y1) {
  return terrain(TerrainKind::kVillage, rect(x0, y0, x1, y1));
}
ScenarioBuilder& ScenarioBuilder::hill(double x0, double y0, double x1, double y1) {
  return terrain(TerrainKind::kHill, rect(x0, y0, x1, y1));
}
ScenarioBuilder& ScenarioBuilder::rail(std::string name, std::vector<Point> path) {
  s_.rails.push_back(Line{std::move(name), std::move(path)});
  return *this;
}
ScenarioBuilder& ScenarioBuilder::road(std::string name, std::vector<Point> path) {
  s_.roads.push_back(Line{std::move(name), std::move(path)});
  return *this;
}
ScenarioBuilder& ScenarioBuilder::zone(int side, Polygon area, std::string name) {
  if (name.empty()) name = "zone " + std::to_string(s_.zones.size());
  s_.zones.push_back(Zone{side, std::move(name), std::move(area)});
  return *this;
}
ScenarioBuilder& ScenarioBuilder::objective(std::string name, Point pos, double radius,
                                            int points) {
  s_.objectives.push_back(Objective{std::move(name), pos, radius, points});
  return *this;
}
ScenarioBuilder& ScenarioBuilder::table(double width, double height) {
  s_.width = width;
  s_.height = height;
  return *this;
}
ScenarioBuilder& ScenarioBuilder::turns(int n) {
  s_.turns = n;
  return *this;
}
ScenarioBuilder& ScenarioBuilder::first_side(int side) {
  s_.first_side = side;
  return *this;
}
ScenarioBuilder& ScenarioBuilder::victory(std::string text) {
  s_.victory = std::move(text);
  return *this;
}

State fresh_state(const Scenario& s) {
  auto r = new_game(s);
  INFO("new_game: " << (r.ok() ? std::string() : describe(r.error())));
  REQUIRE(r.ok());
  return std::move(r).value();
}

TestGame::TestGame(const Scenario& s, NotBegun) : state(fresh_state(s)) {}

TestGame::TestGame(const Scenario& s, std::vector<int> begin_faces) : state(fresh_state(s)) {
  begin(std::move(begin_faces));
}

std::vector<Event> TestGame::begin(std::vector<int> faces) {
  ScriptedDice dice(std::move(faces));
  auto r = grognard::rcw::begin(state, dice);
  INFO("begin: " << (r.ok() ? std::string() : describe(r.error())));
  REQUIRE(r.ok());
  CHECK(dice.remaining() == 0);
  for (const Event& e : r.value()) grognard::rcw::apply(state, e);
  return r.value();
}

RunOutcome TestGame::run(const std::string& seat, const Command& c, std::vector<int> faces) {
  ScriptedDice dice(std::move(faces));
  RunOutcome out;
  auto r = decide(state, seat, c, dice);
  out.dice_left = dice.remaining();
  if (!r.ok()) {
    out.error = r.error();
    return out;
  }
  out.events = std::move(r).value();
  for (const Event& e : out.events) grognard::rcw::apply(state, e);
  INFO("scripted dice not thrown: " << out.dice_left);
  CHECK(out.dice_left == 0);
  return out;
}

std::vector<Event> TestGame::accept(const std::string& seat, const Command& c,
                                    std::vector<int> faces) {
  RunOutcome o = run(seat, c, std::move(faces));
  INFO("rejected: " << (o.error ? describe(*o.error) : std::string()));
  REQUIRE(o.ok());
  return o.events;
}

Error TestGame::reject(const std::string& seat, const Command& c, std::vector<int> faces) {
  const auto before = full_hash(state);
  RunOutcome o = run(seat, c, std::move(faces));
  INFO("accepted a command that should be rejected (" << o.events.size() << " events)");
  REQUIRE_FALSE(o.ok());
  CHECK(full_hash(state) == before);
  return *o.error;
}

const Unit& TestGame::unit(const std::string& id) const {
  const Unit* u = state.find(UnitId{id});
  INFO("no unit " << id);
  REQUIRE(u != nullptr);
  return *u;
}

Unit& TestGame::edit(const std::string& id) {
  Unit* u = state.find(UnitId{id});
  INFO("no unit " << id);
  REQUIRE(u != nullptr);
  return *u;
}

const Car& TestGame::car(const std::string& id) const {
  auto ref = state.find_car(UnitId{id});
  INFO("no car " << id);
  REQUIRE(ref.has_value());
  return state.units[ref->unit].cars[ref->car];
}

Car& TestGame::edit_car(const std::string& id) {
  auto ref = state.find_car(UnitId{id});
  INFO("no car " << id);
  REQUIRE(ref.has_value());
  return state.units[ref->unit].cars[ref->car];
}

std::vector<std::string> revealed_ids(const std::vector<Event>& events) {
  std::vector<std::string> out;
  for (const auto& r : of<UnitsRevealed>(events)) {
    for (const Unit& u : r.units) out.push_back(u.id.get());
  }
  return out;
}

std::vector<int> faces(const std::vector<engine::Roll>& rolls) {
  std::vector<int> out;
  for (const auto& r : rolls) out.push_back(r.face);
  return out;
}

int sum(const std::vector<Modifier>& parts) {
  int n = 0;
  for (const auto& m : parts) n += m.value;
  return n;
}

bool near(Point a, Point b, double tolerance) {
  return std::hypot(a.x - b.x, a.y - b.y) <= tolerance;
}

TestGame hidden_in_woods(bool hidden) {
  TestGame g(ScenarioBuilder()
                 .unit("H0", 0, UnitType::kHq, {36, 6}, 0)
                 .unit("M", 0, UnitType::kInfantry, {30, 10}, 0)
                 .unit("H1", 1, UnitType::kHq, {36, 28}, 180)
                 .unit("Q", 1, UnitType::kInfantry, {30, 18}, 180)
                 .woods(26, 16, 34, 24));
  if (hidden) g.conceal("Q");
  g.accept(kSide0, activate("M", kMove, kMove), {1});
  return g;
}

}  // namespace rcw_test
