// Who may act, through the rule set's byte interface: the side on turn acts; the other may
// still concede (R14), in deployment too; nothing else out of turn.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "../../support/source_file.h"
#include "engine/dice.h"
#include "rules/rcw/clauses.h"
#include "rules/rcw/wire/codec.h"
#include "rules/rcw/wire/ruleset.h"

namespace {

using namespace grognard::rcw;  // NOLINT: test code reads like the rules
namespace wire = grognard::rcw::wire;
namespace engine = grognard::engine;

bool has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

}  // namespace

TEST_CASE("the side not on turn may concede at any time and do nothing else",
          "[R14][rcw.turn.not-your-turn]") {
  const auto rs = wire::make_rcw_ruleset();
  auto gs = rs->load_scenario(grognard::test_support::source_file("scenarios/rcw/intro.textproto"));
  REQUIRE(gs.ok());
  engine::ScriptedDice none(std::vector<int>{});
  auto begun = rs->begin(**gs, none);
  REQUIRE(begun.ok());
  for (const auto& e : *begun) REQUIRE(rs->apply(**gs, e).ok());

  // Deployment: both place at once; nobody is out of turn.
  engine::ToAct act = rs->to_act(**gs);
  CHECK(has(act.seats, "side:0"));
  CHECK(has(act.seats, "side:1"));
  CHECK(act.out_of_turn.empty());

  // Every unit of side 0 placed where legal() offers, and confirmed: side 0 may now only
  // concede.
  for (int guard = 0; guard < 50; ++guard) {
    const auto offered = rs->legal(**gs, "side:0");
    REQUIRE_FALSE(offered.empty());
    const auto c = wire::Codec::parse_command(offered.front());
    REQUIRE(c.ok());
    auto events = rs->decide(**gs, "side:0", offered.front(), none);
    REQUIRE(events.ok());
    for (const auto& e : *events) REQUIRE(rs->apply(**gs, e).ok());
    if (std::holds_alternative<ConfirmDeployment>(*c)) break;
  }
  act = rs->to_act(**gs);
  CHECK_FALSE(has(act.seats, "side:0"));
  CHECK(has(act.out_of_turn, "side:0"));
  CHECK(act.summary.find("place their units") != std::string::npos);
  auto refused = rs->decide(**gs, "side:0", wire::Codec::serialize(Command{EndTurn{}}), none);
  REQUIRE_FALSE(refused.ok());
  auto conceded = rs->decide(**gs, "side:0", wire::Codec::serialize(Command{Concede{}}), none);
  REQUIRE(conceded.ok());
  for (const auto& e : *conceded) REQUIRE(rs->apply(**gs, e).ok());
  act = rs->to_act(**gs);
  CHECK(act.game_over);
  CHECK(act.out_of_turn.empty());
}
