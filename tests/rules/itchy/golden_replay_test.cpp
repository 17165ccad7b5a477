// Golden replay: a whole game of the colonial battle, played from the scripted commands and
// dice in tests/golden/itchy_colonial_battle.golden, must produce exactly the events and the
// final state hash recorded there. Any change in behaviour shows up as a diff of that file.
//
// File format, one item a line ('#' starts a comment line):
//   dice: 4 1 6 ...      every die face the game throws, in order
//   > begin              the opening of the game (the first initiative throw)
//   > side:0 <Command>   a command (protobuf text format, one line) from that seat
//   = <Event>            each event the line above produced (protobuf text format)
//   hash: <hex>          the state hash after the last event
//
// GROGNARD_UPDATE_GOLDEN=1 regenerates the file from a fixed-seed random game; review the
// diff like code.
#include <google/protobuf/text_format.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "../../support/source_file.h"
#include "random_play.h"
#include "rules/itchy/wire/codec.h"
#include "rules/itchy/wire/ruleset.h"
#include "rules/itchy/wire/scenario_pb.h"

using namespace grognard;
using namespace grognard::itchy;

namespace {

const std::string kSource = GROGNARD_SOURCE_DIR;
const std::string kScenario = kSource + "/scenarios/itchy/colonial_battle.textproto";
const std::string kGolden = kSource + "/tests/golden/itchy_colonial_battle.golden";
constexpr std::uint64_t kGoldenSeed = 1879;

using grognard::test_support::read_file;

std::string command_text(const Command& c) {
  google::protobuf::TextFormat::Printer printer;
  printer.SetSingleLineMode(true);
  std::string out;
  printer.PrintToString(wire::to_pb(c), &out);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

void append_faces(std::ostream& out, const Event& e) {
  if (const auto* it = std::get_if<InitiativeThrown>(&e)) {
    for (const auto& pair : it->throws) out << ' ' << pair[0].face << ' ' << pair[1].face;
  } else if (const auto* at = std::get_if<AttackResolved>(&e)) {
    for (const Roll& r : at->rolls) out << ' ' << r.face;
  }
}

void regenerate(const Scenario& sc) {
  testing::Game game = testing::play_random_game(
      sc, kGoldenSeed, [](const State&) {}, [](const State&, const Event&) {},
      testing::Policy::kAggressive);
  std::ofstream out(kGolden);
  out << "# Golden replay of scenarios/itchy/colonial_battle.textproto: see\n"
      << "# tests/rules/itchy/golden_replay_test.cpp for the format.\n";
  out << "dice:";
  for (const Event& e : game.events) append_faces(out, e);
  out << "\n";
  for (const testing::Step& step : game.steps) {
    if (step.command) {
      out << "> " << wire::seat_of_side(step.side) << ' ' << command_text(*step.command) << "\n";
    } else {
      out << "> begin\n";
    }
    for (std::size_t i = 0; i < step.event_count; ++i) {
      out << "= " << wire::to_text(game.events[step.first_event + i]) << "\n";
    }
  }
  out << "hash: " << hash(game.live).hex() << "\n";
}

}  // namespace

TEST_CASE("golden replay of the colonial battle", "[golden][itchy.golden][I16]") {
  auto sc = wire::parse_scenario(read_file(kScenario));
  REQUIRE(sc.ok());
  if (std::getenv("GROGNARD_UPDATE_GOLDEN") != nullptr) regenerate(*sc);

  std::istringstream golden(read_file(kGolden));
  std::string line;
  std::vector<int> faces;
  std::vector<std::string> expected_events, actual_events;
  std::string expected_hash;
  std::vector<std::string> command_lines;
  while (std::getline(golden, line)) {
    if (line.rfind("dice:", 0) == 0) {
      std::istringstream in(line.substr(5));
      for (int f; in >> f;) faces.push_back(f);
    } else if (line.rfind("> ", 0) == 0) {
      command_lines.push_back(line.substr(2));
    } else if (line.rfind("= ", 0) == 0) {
      expected_events.push_back(line.substr(2));
    } else if (line.rfind("hash: ", 0) == 0) {
      expected_hash = line.substr(6);
    }
  }
  REQUIRE(command_lines.size() > 100);

  engine::ScriptedDice dice(faces);
  auto state = new_game(*sc);
  REQUIRE(state.ok());
  std::vector<std::string> stored;  // the events as bytes, as a store would keep them
  for (const std::string& cl : command_lines) {
    INFO("command: " << cl);
    Result<std::vector<Event>> events = std::vector<Event>{};
    if (cl == "begin") {
      events = begin(*state, dice);
    } else {
      const auto space = cl.find(' ');
      const auto side = wire::side_of_seat(cl.substr(0, space));
      REQUIRE(side.has_value());
      wire::pb::Command pb;
      REQUIRE(google::protobuf::TextFormat::ParseFromString(cl.substr(space + 1), &pb));
      auto cmd = wire::from_pb(pb);
      REQUIRE(cmd.ok());
      events = decide(*state, *side, *cmd, dice);
    }
    REQUIRE(events.ok());
    for (const Event& e : *events) {
      itchy::apply(*state, e);
      actual_events.push_back(wire::to_text(e));
      stored.push_back(wire::Codec::serialize(e));
    }
  }
  CHECK(dice.remaining() == 0);
  REQUIRE(actual_events.size() == expected_events.size());
  for (std::size_t i = 0; i < actual_events.size(); ++i) {
    INFO("event " << i);
    CHECK(actual_events[i] == expected_events[i]);
  }
  CHECK(state->phase == Phase::kOver);
  CHECK(hash(*state).hex() == expected_hash);

  // Folding the stored bytes again reproduces the game without a single die.
  auto folded = new_game(*sc);
  REQUIRE(folded.ok());
  for (const std::string& bytes : stored) {
    auto e = wire::Codec::parse_event(bytes);
    REQUIRE(e.ok());
    itchy::apply(*folded, *e);
  }
  CHECK(hash(*folded).hex() == expected_hash);
}
