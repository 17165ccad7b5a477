// The Sharpe's Mess wire codec: every command and event alternative survives the round trip
// native -> grognard.v1.sharpe -> native exactly (compared through its serialized form, which
// carries every field), and bad bytes are refused with a message.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "rules/sharpe/wire/codec.h"

namespace {

using namespace grognard::sharpe;  // NOLINT: test code reads like the rules
namespace wire = grognard::sharpe::wire;
using grognard::engine::Roll;

const FigureId kS{"sharpe"};
const FigureId kD{"ducos"};

EventCard trip() {
  return EventCard{"Loose cobble", CardEffect::kTrip, 0};
}

ScenarioFigure added() {
  return ScenarioFigure{FigureId("new"),
                        "Recruit",
                        {3.5, 4.25},
                        {Weapon{WeaponKind::kMusket, false, true, 2}, Weapon{WeaponKind::kSword}},
                        Qualities{true, false, true}};
}

std::vector<Command> every_command() {
  return {
      ThrowFunctions{},
      Move{kS, {{1, 2}, {3.5, 4}}, true},
      StandUp{kS},
      Aim{kS},
      Load{kS, 1, std::nullopt},
      Fire{kS, 2, kD},
      Fight{kS, kD},
      NameHero{"sharpe", FigureId("harper")},
      EndActivation{},
      AddEventCard{Card{CardKind::kEvent, "", EventCard{"Rain", CardEffect::kGainFunctions, 2}}},
      BuildBadDeck{{trip(), EventCard{"Mule", CardEffect::kReinforcements, 0}}},
      SetBriefing{"player:a", "secret"},
      Ruling{RulingKind::kAdd, kS, {7, 8}, added(), "sharpe", "", "he came back"},
      LoadGun{kS, "gun1"},
      FireCanister{kS, "gun1", grognard::engine::Degrees{92.5}},
      FireBall{kS, "gun1", kD},
      SetScatter{"sharpe", true}};
}

std::vector<Event> every_event() {
  const Roll d6{3, 6, 4}, d20{4, 20, 17};
  Ruling end{RulingKind::kEndGame, FigureId(""), {}, {}, "", "British win", "time"};
  return {DeckShuffled{2,
                       {Roll{0, 2, 1}, Roll{1, 1000, 999}},
                       {Card{CardKind::kHero, "sharpe", {}}, Card{CardKind::kDrawBad, "", {}}}},
          CardDrawn{Card{CardKind::kEvent, "", trip()}},
          BadCardDrawn{trip()},
          FunctionsThrown{"sharpe", d6, 3, 7, trip()},
          FunctionsThrown{"sharpe", d6, 3, 7, std::nullopt},
          FigureMoved{kS, {{1, 1}, {2, 2.5}}, 3, true, kD},
          FigureMoved{kS, {{1, 1}}, 1, false, std::nullopt},
          FunctionsSpent{kS, Action::kLoadRifle, 6, 1, true},
          FunctionsSpent{kS, Action::kAim, 3, std::nullopt, false},
          Fired{kS,
                1,
                kD,
                12.5,
                d20,
                -2,
                32,
                true,
                false,
                1,
                {{"aimed shot", 2}, {"target moved", -2}, {"target in building or cover", -2}}},
          FigureHurt{kD, d6, HitResult::kDying, Roll{9, 6, 2}, FigureState::kDying},
          FigureHurt{kD, std::nullopt, HitResult::kKilled, std::nullopt, FigureState::kKilled},
          MeleeFought{kS,
                      kD,
                      d6,
                      Roll{5, 6, 1},
                      8,
                      2,
                      kD,
                      {{"charging", 2}, {"hero (player)", 2}},
                      {{"wounded", -3}, {"sword armed", 1}}},
          MeleeFought{kS, kD, d6, d6, 4, 4, std::nullopt, {}, {}},
          MoraleTested{"ducos", d6, false, "two lost rounds"},
          FigureRan{kD, {d6, Roll{7, 6, 6}}, {40, 1.5}},
          Scattered{"ducos", "morale", true},
          FiguresLost{{kD, FigureId("x")}},
          HeroNamed{"sharpe", FigureId("harper")},
          ActivationEnded{"sharpe"},
          TurnEnded{3, {kD}},
          CardAdded{Card{CardKind::kDrawBad, "", {}}},
          BadDeckBuilt{{d6}, {trip(), EventCard{"Gold", CardEffect::kGainFunctions, 3}}},
          BriefingSet{"player:a", "secret"},
          Ruled{Ruling{RulingKind::kWound, kD, {}, {}, "", "", "a stray shot"}, d6},
          Ruled{end, std::nullopt},
          GameEnded{"British win", "time"},
          GunLoading{kS, "gun1", 8, 4, true},
          CanisterFired{kS, "gun1", grognard::engine::Degrees{45}, 1, {{kD, 2, 4, d6, true}}},
          BallFired{kS, "gun1", kD, grognard::engine::Degrees{180}, 63.25, d6, false, 2},
          ScatterOrderSet{"ducos", "player:b", true}};
}

}  // namespace

TEST_CASE("every command alternative round-trips exactly", "[sharpe.wire.codec]") {
  const auto commands = every_command();
  REQUIRE(commands.size() == std::variant_size_v<Command>);
  for (std::size_t i = 0; i < commands.size(); ++i) {
    INFO("command " << i);
    REQUIRE(commands[i].index() == i);
    const std::string bytes = wire::Codec::serialize(commands[i]);
    auto back = wire::Codec::parse_command(bytes);
    REQUIRE(back.ok());
    CHECK(back->index() == i);
    CHECK(wire::Codec::serialize(*back) == bytes);
  }
}

TEST_CASE("every event alternative round-trips exactly, dice included", "[sharpe.wire.codec]") {
  std::vector<bool> seen(std::variant_size_v<Event>, false);
  for (const Event& e : every_event()) {
    INFO("event " << e.index());
    seen[e.index()] = true;
    const std::string bytes = wire::Codec::serialize(e);
    auto back = wire::Codec::parse_event(bytes);
    REQUIRE(back.ok());
    CHECK(back->index() == e.index());
    CHECK(wire::Codec::serialize(*back) == bytes);
  }
  for (bool s : seen) CHECK(s);
}

TEST_CASE("bad bytes and bad fields are refused with a message", "[sharpe.wire.codec]") {
  CHECK_FALSE(wire::Codec::parse_command("\xff\xff\xff").ok());
  CHECK_FALSE(wire::Codec::parse_event("\xff\xff\xff").ok());
  auto empty = wire::Codec::parse_command("");
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.error().message == "the command has no kind");

  wire::pb::Command move;
  move.mutable_move()->set_figure("sharpe");
  auto no_path = wire::from_pb(move);
  REQUIRE_FALSE(no_path.ok());
  CHECK(no_path.error().message == "move has no waypoints");

  wire::pb::Event hurt;
  hurt.mutable_figure_hurt()->set_figure("d");
  hurt.mutable_figure_hurt()->set_result(static_cast<wire::pb::HitResult>(9));
  auto bad_enum = wire::from_pb(hurt);
  REQUIRE_FALSE(bad_enum.ok());
  CHECK(bad_enum.error().message.find("hit result 9") != std::string::npos);

  wire::pb::Event fired = wire::to_pb(every_event()[9]);
  fired.mutable_fired()->mutable_roll()->set_face(21);
  auto bad_roll = wire::from_pb(fired);
  REQUIRE_FALSE(bad_roll.ok());
  CHECK(bad_roll.error().message.find("face 21") != std::string::npos);

  // A viewer's copy of a shuffle (its order withheld) is not an event that can be folded.
  wire::pb::Event hidden;
  hidden.mutable_deck_shuffled()->set_hidden(true);
  CHECK_FALSE(wire::from_pb(hidden).ok());
}

TEST_CASE("a Load's count of functions is kept, and unset stays unset",
          "[S8][sharpe.fire.load][sharpe.wire.codec]") {
  for (const std::optional<int> n :
       {std::optional<int>{}, std::optional<int>{0}, std::optional<int>{3}}) {
    auto back = wire::Codec::parse_command(wire::Codec::serialize(Command{Load{kS, 1, n}}));
    REQUIRE(back.ok());
    CHECK(std::get<Load>(*back).functions == n);
  }
  wire::pb::Command load;
  load.mutable_load()->set_figure("sharpe");
  CHECK_FALSE(wire::to_pb(*wire::from_pb(load)).load().has_functions());
  load.mutable_load()->set_functions(4000000000U);
  CHECK_FALSE(wire::from_pb(load).ok());
}
