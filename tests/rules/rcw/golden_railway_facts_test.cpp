// The facts check of the railway golden game (golden_railway_facts.cpp) refuses a game that
// lacks what the file is there to show: the whole scripted game passes, and leaving out the
// events of each fact names that fact.
#include <catch2/catch.hpp>

#include <functional>
#include <variant>

#include "../../support/source_file.h"
#include "golden_railway.h"

using namespace rcw_golden;  // NOLINT: test code reads like the rules

namespace {

bool lacks(const std::vector<std::string>& missing, const std::string& part) {
  for (const std::string& m : missing) {
    if (m.find(part) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("the railway golden game's facts check refuses a game without them",
          "[rcw.golden][R13][R17][R27]") {
  const Played p = play(grognard::test_support::source_file("scenarios/rcw/railway.textproto"));
  CHECK(missing_facts(p.initial, p.events).empty());

  const std::vector<std::pair<std::string, std::function<bool(const Event&)>>> cuts = {
      {"every car",
       [](const Event& e) {
         return std::holds_alternative<Shot>(e) && std::get<Shot>(e).firer.get() == "W-T2";
       }},
      {"through a FAO",
       [](const Event& e) {
         return std::holds_alternative<Shot>(e) && std::get<Shot>(e).firer.get() == "R-ART";
       }},
      {"through an HQ",
       [](const Event& e) {
         return std::holds_alternative<Shot>(e) && std::get<Shot>(e).firer.get() == "W-MOR";
       }},
      {"three rounds",
       [](const Event& e) {
         return std::holds_alternative<AssaultRound>(e) && std::get<AssaultRound>(e).round == 3;
       }},
      {"stopped by a hidden enemy",
       [](const Event& e) {
         return std::holds_alternative<UnitsRevealed>(e) &&
                std::get<UnitsRevealed>(e).cause != "deployed in the open";
       }},
      {"train moving",
       [](const Event& e) {
         return std::holds_alternative<Moved>(e) && std::get<Moved>(e).rail_at.has_value();
       }},
      {"turn limit", [](const Event& e) { return std::holds_alternative<GameEnded>(e); }},
  };
  for (const auto& [fact, cut] : cuts) {
    INFO("without the events of: " << fact);
    std::vector<Event> fewer;
    for (const Event& e : p.events) {
      if (!cut(e)) fewer.push_back(e);
    }
    REQUIRE(fewer.size() < p.events.size());
    CHECK(lacks(missing_facts(p.initial, fewer), fact));
  }
}
