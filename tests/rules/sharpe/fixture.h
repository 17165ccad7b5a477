#pragma once
// Test fixture for the Sharpe's Mess rules: build a Scenario in C++, start a game with scripted
// dice, and run decide + apply of one command at a time.
//
//   Scenario s = ScenarioBuilder()
//                    .group("p1", "sharpe", 2).figure("S", {10, 10}, {musket()})
//                    .group("p2", "ducos", 1).figure("D", {10, 25}, {pistol()});
//   TestGame g(s);                          // the deck is drawn in group order: "sharpe" acts
//   g.accept("p1", ThrowFunctions{}, {4});  // 4 + 2 = 6 functions each
//   auto err = g.reject("p1", fire("S", "D"));  // checks the state hash is unchanged

#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/dice.h"
#include "rules/sharpe/clauses.h"
#include "rules/sharpe/command.h"
#include "rules/sharpe/rules.h"

namespace sharpe_test {

using namespace grognard::sharpe;  // NOLINT: test code reads like the rules
using grognard::engine::Error;
using grognard::engine::ErrorCode;
using grognard::engine::ScriptedDice;
namespace engine = grognard::engine;

inline Weapon musket() {
  return Weapon{WeaponKind::kMusket};
}
inline Weapon rifle() {
  return Weapon{WeaponKind::kRifle};
}
inline Weapon pistol() {
  return Weapon{WeaponKind::kPistol};
}
inline Weapon knife() {
  return Weapon{WeaponKind::kThrown};
}
inline Weapon sword() {
  return Weapon{WeaponKind::kSword};
}
inline Weapon bayonet() {
  return Weapon{WeaponKind::kBayonet};
}

class ScenarioBuilder {
 public:
  ScenarioBuilder();
  // A group of `seat` (the seat is created on first use); its first figure is the hero.
  ScenarioBuilder& group(std::string seat, std::string id, int base = 0);
  ScenarioBuilder& figure(std::string id, Point pos, std::vector<Weapon> weapons = {musket()},
                          Qualities q = {});
  ScenarioBuilder& wall(std::vector<Point> path, std::vector<engine::Opening> openings = {});
  ScenarioBuilder& building(engine::Polygon floor, std::vector<engine::Wall> walls);
  ScenarioBuilder& cover(engine::Polygon area);
  Scenario& get() { return s_; }
  operator const Scenario&() const { return s_; }  // NOLINT: implicit by design

 private:
  Scenario s_;
};

// Two groups of the players p1 and p2: the hero S at (10,10) with H beside him at (12,10), and
// far off the enemy hero D at (60,40).
ScenarioBuilder band();

State fresh_state(const Scenario& s);
using grognard::engine::describe;

// Faces that leave a shuffle of `n` cards in the order given (Fisher–Yates swaps in place).
std::vector<int> in_order(std::size_t n);

struct Outcome {
  std::optional<Error> error;
  std::vector<Event> events;
  std::size_t dice_left = 0;
  bool ok() const { return !error.has_value(); }
};

class TestGame {
 public:
  // new_game + begin with the deck left in group order: the first group's card is drawn.
  explicit TestGame(const Scenario& s);
  struct NotBegun {};
  TestGame(const Scenario& s, NotBegun);
  std::vector<Event> begin(std::vector<int> faces);
  Outcome run(const std::string& seat, const Command& c, std::vector<int> faces = {});
  std::vector<Event> accept(const std::string& seat, const Command& c, std::vector<int> faces = {});
  Error reject(const std::string& seat, const Command& c, std::vector<int> faces = {});
  const Figure& fig(const std::string& id) const;
  const Group& group(const std::string& id) const;
  State state;
};

inline Move move(std::string id, std::vector<Point> to) {
  return Move{FigureId{std::move(id)}, std::move(to), false};
}
inline Move crawl(std::string id, Point to) {
  return Move{FigureId{std::move(id)}, {to}, true};
}
inline Fire fire(std::string id, std::string target, std::size_t weapon = 0) {
  return Fire{FigureId{std::move(id)}, weapon, FigureId{std::move(target)}};
}
inline Fight fight(std::string a, std::string b) {
  return Fight{FigureId{std::move(a)}, FigureId{std::move(b)}};
}
inline Ruling ruling(RulingKind k, std::string figure = {}, std::string reason = "ruled") {
  Ruling r;
  r.kind = k;
  r.figure = FigureId{std::move(figure)};
  r.reason = std::move(reason);
  return r;
}

template <class E>
int count_of(const std::vector<Event>& events) {
  int n = 0;
  for (const Event& e : events) n += std::holds_alternative<E>(e) ? 1 : 0;
  return n;
}
template <class E>
E only(const std::vector<Event>& events) {
  REQUIRE(count_of<E>(events) == 1);
  for (const Event& e : events) {
    if (const E* p = std::get_if<E>(&e)) return *p;
  }
  return E{};
}

}  // namespace sharpe_test
