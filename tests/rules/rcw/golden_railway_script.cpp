// The golden game of the railway at Kamenka, scripted command by command with every die face:
//
// Deployment (R19): each side places its units in secret, the Reds' armoured car twice; the
//   Whites hide a company in Kamenka station and the Cossacks in the pine forest, the Reds two
//   companies in the south wood; the rest stand in the open and are revealed when both confirm.
// Turn 1, Reds: the cavalry rides north and, coming within 3" of the company hidden in the
//   station, stops and reveals it (R10, R17); the field battery unlimbers and shoots at it
//   through its observer, the FAO (R11, R27), and destroys it; the sailors march through the
//   birch wood; a company hidden in the south wood activates and forgoes both actions, which the
//   Whites receive as placeholders only (R20).
// Turn 1, Whites: the armoured train runs 9" west along its line and fires every car at the
//   cavalry (R13, R23), pinning it; the trench mortar shoots at the FAO through the regimental
//   HQ (R27) and pins it; the hidden Cossacks activate unseen.
// Turn 2, Reds: the cavalry rallies (R6); the sailors, beyond 12" of their HQ, pass the command
//   throw (R5), close in and assault the mobilised company: two rounds without result (the
//   second pins the defender), the third destroys it and the sailors take its place (§11, R8).
// Then both sides pass until the turn limit ends the game (R14, R29).
// Every unit but an HQ or FAO that declares a Move throws its command die, which counts only
// beyond 12" of its HQ (R5, R53): the cavalry, the sailors' first march and the train throw dice
// that do not count.
#include <google/protobuf/text_format.h>
#include <catch2/catch.hpp>

#include "golden_railway.h"
#include "grognard/v1/rcw.pb.h"
#include "rules/rcw/wire/codec.h"
#include "rules/rcw/wire/ruleset.h"

namespace rcw_golden {

namespace {

Step deploy(const std::string& seat, const std::string& unit, double x, double y, double facing) {
  auto num = [](double v) {
    std::string s = std::to_string(v);
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
  };
  return {seat,
          "deploy { unit: \"" + unit + "\" pos { x: " + num(x) + " y: " + num(y) +
              " } facing: " + num(facing) + " }",
          {}};
}

const std::string kReds = "side:0";
const std::string kWhites = "side:1";

}  // namespace

std::vector<Step> script() {
  std::vector<Step> s = {{"", "begin", {}}};
  // R19: the Reds along the southern edge; two companies in the south wood.
  for (const Step& d : {deploy(kReds, "R-HQ", 40, 40, 0), deploy(kReds, "R-FAO", 45, 38.5, 0),
                        deploy(kReds, "R-ART", 38, 44, 180), deploy(kReds, "R-INF1", 60, 40.5, 0),
                        deploy(kReds, "R-INF2", 64, 43, 0), deploy(kReds, "R-SAIL", 30, 39, 0),
                        deploy(kReds, "R-MG", 12, 42, 0), deploy(kReds, "R-CAV", 35, 38.5, 0),
                        deploy(kReds, "R-AC", 48, 41, 0), deploy(kReds, "R-WAG", 5, 46, 0),
                        deploy(kReds, "R-AC", 50, 40, 0)}) {
    s.push_back(d);
  }
  // The Whites: a company hidden in the station, the Cossacks in the pine forest.
  for (const Step& d :
       {deploy(kWhites, "W-HQ", 47.5, 21.5, 180), deploy(kWhites, "W-MOR", 50, 21.5, 0),
        deploy(kWhites, "W-VOL", 36.5, 21, 180), deploy(kWhites, "W-MOB", 28, 21.5, 180),
        deploy(kWhites, "W-COS", 62, 5, 180), deploy(kWhites, "W-TANK", 10, 20, 180)}) {
    s.push_back(d);
  }
  const std::vector<Step> play = {
      {kReds, "confirm_deployment { }", {}},
      {kWhites, "confirm_deployment { }", {}},
      // Turn 1, Reds. The cavalry: within 12" of its HQ, its command die (a 1) does not count
      // (R5, R53).
      {kReds, "activate { unit: \"R-CAV\" first: MOVE second: MOVE }", {1}},
      {kReds, "move { waypoints { x: 35 y: 27 } facing: 0 }", {}},
      {kReds, "move { waypoints { x: 35 y: 20 } facing: 0 }", {}},  // R17: stopped
      // The battery unlimbers, then fires through its FAO: hit on a 6 (entrenched), save 2.
      {kReds, "activate { unit: \"R-ART\" first: LIMBER second: SHOOT }", {}},
      {kReds, "shoot { target: \"W-VOL\" observer: \"R-FAO\" }", {6, 2, 2}},
      {kReds, "activate { unit: \"R-SAIL\" first: MOVE second: MOVE }", {1}},  // R53
      {kReds, "move { waypoints { x: 29.7 y: 33.01 } facing: 0 }", {}},
      {kReds, "move { waypoints { x: 29.3 y: 27.1 } facing: 0 }", {}},
      // R20: a hidden company activates and forgoes its actions.
      // R48: a concealed unit throws the command die at once; it does not count here.
      {kReds, "activate { unit: \"R-INF1\" first: SHOOT second: SHOOT }", {2}},
      {kReds, "skip_action { }", {}},
      {kReds, "skip_action { }", {}},
      {kReds, "end_turn { }", {}},
      // Turn 1, Whites. The train: 9" west, then every car at the cavalry: the gun cars miss,
      // the machine-gun car hits and the elite cavalry saves (4 + 1): pinned.
      {kWhites, "activate { unit: \"W-TRAIN\" first: MOVE second: SHOOT }", {1}},  // R53
      {kWhites, "move { facing: 90 rail_at: 33 }", {}},
      {kWhites,
       "shoot { cars { car: \"W-T1\" target: \"R-CAV\" } cars { car: \"W-T2\" target: \"R-CAV\" "
       "} cars { car: \"W-T3\" target: \"R-CAV\" } }",
       {2, 3, 5, 4, 1, 2}},
      // The mortar through the HQ (R27): one hit on the FAO, saved: pinned.
      {kWhites, "activate { unit: \"W-MOR\" first: SHOOT second: SHOOT }", {}},
      {kWhites, "shoot { target: \"R-FAO\" observer: \"W-HQ\" }", {5, 2, 5}},
      {kWhites, "skip_action { }", {}},
      {kWhites, "activate { unit: \"W-COS\" first: SHOOT second: SHOOT }", {3}},  // R48
      {kWhites, "skip_action { }", {}},
      {kWhites, "skip_action { }", {}},
      {kWhites, "end_turn { }", {}},
      // Turn 2, Reds. The cavalry rallies: 5 + 1 (elite).
      {kReds, "activate { unit: \"R-CAV\" first: RALLY second: SHOOT }", {5}},
      {kReds, "skip_action { }", {}},
      // The sailors: beyond 12" of their HQ, the command throw 4 + 1 (elite) passes.
      {kReds, "activate { unit: \"R-SAIL\" first: MOVE second: ASSAULT }", {4}},
      {kReds, "move { waypoints { x: 28.3 y: 24.2 } facing: 0 }", {}},
      // Round 1: no hits. Round 2: one hit, saved (6 - 1): pinned. Round 3: two hits, the
      // defender (pinned, -1) misses; its first save fails: destroyed.
      {kReds, "assault { target: \"W-MOB\" }", {1, 2, 3, 1, 5, 2, 2, 3, 6, 6, 4, 1, 2, 1, 5}},
      {kReds, "end_turn { }", {}},
      {kWhites, "end_turn { }", {}},
  };
  s.insert(s.end(), play.begin(), play.end());
  // Turns 3 to 8: both sides pass; the turn limit ends the game (R14).
  for (int turn = 3; turn <= 8; ++turn) {
    s.push_back({kReds, "end_turn { }", {}});
    s.push_back({kWhites, "end_turn { }", {}});
  }
  return s;
}

Played play(const std::string& scenario_text) {
  const auto rs = rcw::wire::make_rcw_ruleset();
  auto loaded = rs->load_scenario(scenario_text);
  REQUIRE(loaded.ok());
  engine::GameState& gs = **loaded;
  Played p{native(gs), {}};
  engine::ScriptedDice dice({});
  for (const Step& step : script()) {
    INFO(step.seat << ' ' << step.command);
    for (int f : step.faces) dice.push(f);
    auto out = step.command == "begin" ? rs->begin(gs, dice) : [&] {
      v1::rcw::Command pbc;
      REQUIRE(google::protobuf::TextFormat::ParseFromString(step.command, &pbc));
      return rs->decide(gs, step.seat, pbc.SerializeAsString(), dice);
    }();
    if (!out.ok()) FAIL(engine::describe(out.error()));
    REQUIRE(dice.remaining() == 0);
    for (const engine::Bytes& b : *out) {
      auto e = rcw::wire::Codec::parse_event(b);
      REQUIRE(e.ok());
      p.events.push_back(*e);
      REQUIRE(rs->apply(gs, b).ok());
    }
  }
  return p;
}

std::string one_line(const google::protobuf::Message& m) {
  google::protobuf::TextFormat::Printer printer;
  printer.SetSingleLineMode(true);
  std::string out;
  printer.PrintToString(m, &out);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

const State& native(const engine::GameState& gs) {
  return static_cast<const rcw::wire::RcwGameState&>(gs).state;
}

}  // namespace rcw_golden
