// S24: a gun's crew serve it within one base diameter. The village places its crew at the gun;
// a scenario whose crew stand away loads, with a warning for whoever offers it.
#include <catch2/catch.hpp>
#include <string>

#include "../../support/source_file.h"
#include "rules/sharpe/rules.h"
#include "rules/sharpe/wire/ruleset.h"
#include "rules/sharpe/wire/scenario_pb.h"

namespace {

using namespace grognard::sharpe;  // NOLINT: test code reads like the rules
namespace wire = grognard::sharpe::wire;

std::string village() {
  return grognard::test_support::source_file("scenarios/sharpe/village.textproto");
}

void replace(std::string& text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("the village's gun crew all serve the gun at the start",
          "[S24][S9][sharpe.scenario][sharpe.wire.scenario]") {
  auto state = wire::load_scenario(village());
  REQUIRE(state.ok());
  REQUIRE(state->guns.size() == 1);
  const Gun& gun = state->guns[0];
  int crew = 0;
  for (const Figure& f : state->figures) {
    if (state->groups[f.group].id != gun.group) continue;
    ++crew;
    INFO(f.name);
    CHECK(grognard::engine::within_distance(f.pos, gun.pos,
                                            grognard::engine::Inches{state->base_diameter}));
  }
  CHECK(crew == 4);  // the lieutenant and three gunners
  CHECK(scenario_warnings(*state).empty());
}

TEST_CASE("a gun whose crew cannot serve it at the start is warned about, not refused",
          "[S24][S9][sharpe.scenario][sharpe.wire.scenario]") {
  std::string text = village();
  // The crew as the village first placed them: only Blanc within 1" of the gun at (37.5, 22).
  replace(text, "pos { x: 37.5 y: 21.1 }", "pos { x: 36 y: 21 }");
  replace(text, "pos { x: 36.6 y: 22 }", "pos { x: 37 y: 22 }");
  replace(text, "pos { x: 38.4 y: 22 }", "pos { x: 38 y: 21 }");
  replace(text, "pos { x: 37.5 y: 22.9 }", "pos { x: 38 y: 23 }");
  auto state = wire::load_scenario(text);
  REQUIRE(state.ok());
  const auto warnings = scenario_warnings(*state);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0] ==
        "gun \"gun\": only 1 of its crew (group \"marbot\") serve it at the start; Lieutenant "
        "Marbot (1.80\"), Canonnier Moreau (1.12\"), Canonnier Girard (1.12\") stand more than a "
        "base diameter from it (S24), so a reload of 16 functions, at most 4 from each crew "
        "member an activation, takes longer (S9)");
  // The host hears of it through the rule set (the server logs it when it registers the
  // scenario); a scenario with nothing to say has no warning.
  const auto rs = wire::make_sharpe_ruleset();
  auto loaded = rs->load_scenario(text);
  REQUIRE(loaded.ok());
  CHECK(rs->scenario_warnings(**loaded) == warnings);
  auto fine = rs->load_scenario(village());
  REQUIRE(fine.ok());
  CHECK(rs->scenario_warnings(**fine).empty());
}
