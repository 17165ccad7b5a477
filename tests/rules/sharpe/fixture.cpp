#include "fixture.h"

#include <utility>

namespace sharpe_test {

ScenarioBuilder::ScenarioBuilder() {
  s_.name = "test";
  s_.description = "a test skirmish";
  s_.width = 72;
  s_.height = 48;
}

ScenarioBuilder& ScenarioBuilder::group(std::string seat, std::string id, int base) {
  bool known = false;
  for (const Seat& x : s_.seats) known = known || x.id == seat;
  if (!known) s_.seats.push_back(Seat{seat, seat, ""});
  ScenarioGroup g;
  g.id = std::move(id);
  g.seat = std::move(seat);
  g.base = base;
  s_.groups.push_back(std::move(g));
  return *this;
}

ScenarioBuilder& ScenarioBuilder::figure(std::string id, Point pos, std::vector<Weapon> weapons,
                                         Qualities q) {
  s_.groups.back().figures.push_back(ScenarioFigure{FigureId{id}, id, pos, std::move(weapons), q});
  return *this;
}

ScenarioBuilder& ScenarioBuilder::wall(std::vector<Point> path,
                                       std::vector<engine::Opening> openings) {
  s_.walls.push_back(engine::Wall{std::move(path), std::move(openings)});
  return *this;
}

ScenarioBuilder& ScenarioBuilder::building(engine::Polygon floor, std::vector<engine::Wall> walls) {
  s_.buildings.push_back(Building{"house", std::move(floor), std::move(walls)});
  return *this;
}

ScenarioBuilder& ScenarioBuilder::cover(engine::Polygon area) {
  s_.cover.push_back(std::move(area));
  return *this;
}

State fresh_state(const Scenario& s) {
  auto r = new_game(s);
  INFO("new_game: " << (r.ok() ? std::string() : describe(r.error())));
  REQUIRE(r.ok());
  return std::move(r).value();
}

std::vector<int> in_order(std::size_t n) {
  std::vector<int> out;
  for (std::size_t i = n; i > 1; --i) out.push_back(static_cast<int>(i));
  return out;
}

TestGame::TestGame(const Scenario& s, NotBegun) : state(fresh_state(s)) {}

TestGame::TestGame(const Scenario& s) : state(fresh_state(s)) {
  begin(in_order(state.groups.size()));
  REQUIRE(state.phase == Phase::kThrow);
}

std::vector<Event> TestGame::begin(std::vector<int> faces) {
  ScriptedDice dice(std::move(faces));
  auto r = grognard::sharpe::begin(state, dice);
  INFO("begin: " << (r.ok() ? std::string() : describe(r.error())));
  REQUIRE(r.ok());
  CHECK(dice.remaining() == 0);
  for (const Event& e : r.value()) grognard::sharpe::apply(state, e);
  return r.value();
}

Outcome TestGame::run(const std::string& seat, const Command& c, std::vector<int> faces) {
  ScriptedDice dice(std::move(faces));
  Outcome out;
  auto r = decide(state, seat, c, dice);
  out.dice_left = dice.remaining();
  if (!r.ok()) {
    out.error = r.error();
    return out;
  }
  out.events = std::move(r).value();
  for (const Event& e : out.events) grognard::sharpe::apply(state, e);
  return out;
}

std::vector<Event> TestGame::accept(const std::string& seat, const Command& c,
                                    std::vector<int> faces) {
  Outcome o = run(seat, c, std::move(faces));
  INFO("rejected: " << (o.error ? describe(*o.error) : std::string()));
  REQUIRE(o.ok());
  CHECK(o.dice_left == 0);
  return o.events;
}

Error TestGame::reject(const std::string& seat, const Command& c, std::vector<int> faces) {
  const auto before = hash(state);
  Outcome o = run(seat, c, std::move(faces));
  INFO("accepted a command that should be rejected (" << o.events.size() << " events)");
  REQUIRE_FALSE(o.ok());
  CHECK(hash(state) == before);
  return *o.error;
}

const Figure& TestGame::fig(const std::string& id) const {
  const Figure* f = state.find(FigureId{id});
  INFO("no figure " << id);
  REQUIRE(f != nullptr);
  return *f;
}

const Group& TestGame::group(const std::string& id) const {
  return state.groups[*state.group_index(id)];
}

ScenarioBuilder band() {
  return ScenarioBuilder()
      .group("p1", "sharpe", 0)
      .figure("S", {10, 10})
      .figure("H", {12, 10})
      .group("p2", "ducos", 0)
      .figure("D", {60, 40});
}

}  // namespace sharpe_test
