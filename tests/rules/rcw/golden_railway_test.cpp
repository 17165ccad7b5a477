// Golden replay: a whole game of "The railway at Kamenka" (scenarios/rcw/railway.textproto),
// played through the wire rule set (command bytes in, event bytes out) from the start of
// deployment to the end of turn 8. Replaying the commands and dice of
// tests/golden/rcw_railway.golden must produce exactly the events and the final hashes recorded
// there; any change in behaviour shows up as a diff of that file.
//
// File format, one item a line ('#' starts a comment line):
//   dice: 6 2 2 ...          every die face the game throws, in order
//   > begin                  the start of the game (R19: deployment begins)
//   > <seat> <Command>       a command (grognard.v1.rcw.Command, text format, one line) from
//                            that seat ("side:0", "side:1")
//   = <Event>                each event the line above produced (grognard.v1.rcw.Event)
//   hash: <hex>              the published hash after the last event (what both sides see)
//   full hash: <hex>         the full hash after the last event (secrets included)
//
// The game is scripted command by command with every face (golden_railway_script.cpp says what
// happens in it). The test asserts that the file holds what it is there to show
// (golden_railway_facts.cpp), and that every event the enemy and observers may not read reaches
// them as the placeholder (R20).
//
// GROGNARD_UPDATE_GOLDEN=1 regenerates the file from the script; review the diff like code.
#include <google/protobuf/text_format.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../../support/source_file.h"
#include "engine/dice.h"
#include "golden_railway.h"
#include "grognard/v1/rcw.pb.h"
#include "rules/rcw/wire/codec.h"
#include "rules/rcw/wire/ruleset.h"

using namespace rcw_golden;  // NOLINT: test code reads like the rules

namespace {

namespace pb = ::grognard::v1::rcw;

const std::string kSource = GROGNARD_SOURCE_DIR;
const std::string kScenario = kSource + "/scenarios/rcw/railway.textproto";
const std::string kGoldenName = "tests/golden/rcw_railway.golden";
const std::string kGolden = kSource + "/" + kGoldenName;

using grognard::test_support::read_file;

std::string event_text(const engine::Bytes& bytes) {
  pb::Event e;
  REQUIRE(e.ParseFromString(bytes));
  return one_line(e);
}

engine::Result<std::vector<engine::Bytes>> run(const engine::Ruleset& rs, engine::GameState& gs,
                                               const std::string& seat, const std::string& text,
                                               engine::Dice& dice) {
  if (text == "begin") return rs.begin(gs, dice);
  pb::Command pbc;
  INFO(text);
  REQUIRE(google::protobuf::TextFormat::ParseFromString(text, &pbc));
  return rs.decide(gs, seat, pbc.SerializeAsString(), dice);
}

// --- Regeneration -----------------------------------------------------------------------------

void regenerate(const std::string& scenario_text) {
  const auto rs = rcw::wire::make_rcw_ruleset();
  auto loaded = rs->load_scenario(scenario_text);
  REQUIRE(loaded.ok());
  engine::GameState& gs = **loaded;
  const State initial = native(gs);
  engine::ScriptedDice dice({});
  std::vector<int> faces;
  std::ostringstream body;
  std::vector<Event> events;
  for (const Step& step : script()) {
    for (int f : step.faces) dice.push(f);
    faces.insert(faces.end(), step.faces.begin(), step.faces.end());
    pb::Command pbc;
    std::string line = "begin";
    if (step.command != "begin") {
      REQUIRE(google::protobuf::TextFormat::ParseFromString(step.command, &pbc));
      line = step.seat + ' ' + one_line(pbc);
    }
    INFO("step " << line);
    auto out = run(*rs, gs, step.seat, step.command, dice);
    if (!out.ok()) FAIL(engine::describe(out.error()));
    CHECK(dice.remaining() == 0);  // the step threw exactly the faces scripted for it
    body << "> " << line << "\n";
    for (const engine::Bytes& b : *out) {
      body << "= " << event_text(b) << "\n";
      auto e = rcw::wire::Codec::parse_event(b);
      REQUIRE(e.ok());
      events.push_back(*e);
      REQUIRE(rs->apply(gs, b).ok());
    }
  }
  const auto missing = missing_facts(initial, events);
  for (const std::string& m : missing) UNSCOPED_INFO("missing: " << m);
  REQUIRE(missing.empty());
  REQUIRE(native(gs).phase == Phase::kOver);

  std::ofstream out(kGolden);
  out << "# Golden replay of scenarios/rcw/railway.textproto: see\n"
      << "# tests/rules/rcw/golden_railway_test.cpp for the format and\n"
      << "# golden_railway_script.cpp for the game. Regenerate with\n"
      << "# GROGNARD_UPDATE_GOLDEN=1 rcw_tests \"[rcw.golden]\".\n";
  out << "dice:";
  for (int f : faces) out << ' ' << f;
  out << "\n" << body.str();
  out << "hash: " << rs->hash(gs).hex() << "\n";
  out << "full hash: " << rs->full_hash(gs).hex() << "\n";
}

struct Entry {
  std::size_t line = 0;
  std::string text;
};

std::string where(std::size_t line) {
  return kGoldenName + ":" + std::to_string(line);
}

std::string diff_message(const Entry& expected, const std::string& actual) {
  std::size_t col = 0;
  while (col < expected.text.size() && col < actual.size() && expected.text[col] == actual[col]) {
    ++col;
  }
  return where(expected.line) + ": the event differs from column " + std::to_string(col + 3) +
         "\n  expected: " + expected.text + "\n  actual:   " + actual;
}

// R20: what each viewer reads of `bytes`: the event itself, or the placeholder when the rules
// leave it out for him. Returns whether the enemy of a side or an observer got a placeholder.
bool check_views(const engine::Ruleset& rs, const engine::GameState& before,
                 const engine::Bytes& bytes, const Event& e) {
  bool placeholder = false;
  const State& s = native(before);
  for (const auto& [role, seat, sight] :
       {std::tuple{engine::Role::kGeneral, std::string("side:0"), Sight{0, false}},
        std::tuple{engine::Role::kGeneral, std::string("side:1"), Sight{1, false}},
        std::tuple{engine::Role::kObserver, std::string(), Sight{std::nullopt, false}}}) {
    INFO("viewer " << (seat.empty() ? "observer" : seat));
    const auto seen = rs.view_event(before, bytes, engine::Viewer{role, seat, false});
    REQUIRE(seen.has_value());
    pb::Event pe;
    REQUIRE(pe.ParseFromString(*seen));
    const auto redacted = redact(s, e, sight);
    CHECK(pe.has_hidden() == !redacted.has_value());
    if (redacted) CHECK(one_line(pe) == one_line(rcw::wire::to_pb(*redacted)));
    placeholder = placeholder || pe.has_hidden();
  }
  return placeholder;
}

}  // namespace

TEST_CASE("golden replay of the railway at Kamenka", "[golden][rcw.golden][R13][R17][R20][R27]") {
  const std::string scenario_text = read_file(kScenario);
  if (std::getenv("GROGNARD_UPDATE_GOLDEN") != nullptr) regenerate(scenario_text);

  struct Recorded {
    Entry command;
    std::vector<Entry> events;
  };
  std::istringstream golden(read_file(kGolden));
  std::vector<int> faces;
  std::vector<Recorded> steps;
  Entry expected_hash, expected_full;
  std::string line;
  for (std::size_t n = 1; std::getline(golden, line); ++n) {
    if (line.rfind("dice:", 0) == 0) {
      std::istringstream in(line.substr(5));
      for (int f; in >> f;) faces.push_back(f);
    } else if (line.rfind("> ", 0) == 0) {
      steps.push_back(Recorded{Entry{n, line.substr(2)}, {}});
    } else if (line.rfind("= ", 0) == 0) {
      INFO(where(n) << ": an event before any command");
      REQUIRE_FALSE(steps.empty());
      steps.back().events.push_back(Entry{n, line.substr(2)});
    } else if (line.rfind("hash: ", 0) == 0) {
      expected_hash = Entry{n, line.substr(6)};
    } else if (line.rfind("full hash: ", 0) == 0) {
      expected_full = Entry{n, line.substr(11)};
    } else {
      INFO(where(n) << ": not a line of the format");
      REQUIRE((line.empty() || line[0] == '#'));
    }
  }
  REQUIRE(steps.size() > 50);
  REQUIRE(steps.front().command.text == "begin");
  REQUIRE_FALSE(expected_hash.text.empty());
  REQUIRE_FALSE(expected_full.text.empty());

  const auto rs = rcw::wire::make_rcw_ruleset();
  auto loaded = rs->load_scenario(scenario_text);
  REQUIRE(loaded.ok());
  engine::GameState& gs = **loaded;
  const State initial = native(gs);
  engine::ScriptedDice dice(faces);
  std::vector<Event> played;
  std::vector<engine::Bytes> stored;
  int placeholders = 0;
  for (const Recorded& step : steps) {
    INFO(where(step.command.line) << ": " << step.command.text);
    const auto space = step.command.text.find(' ');
    const std::string seat = step.command.text == "begin" ? "" : step.command.text.substr(0, space);
    const std::string text =
        step.command.text == "begin" ? "begin" : step.command.text.substr(space + 1);
    auto events = run(*rs, gs, seat, text, dice);
    if (!events.ok()) FAIL(engine::describe(events.error()));
    for (std::size_t i = 0; i < events->size(); ++i) {
      const engine::Bytes& bytes = (*events)[i];
      const std::string actual = event_text(bytes);
      if (i >= step.events.size()) {
        FAIL(where(step.command.line) << ": the command produced an event the file does not "
                                         "list\n  actual:   "
                                      << actual);
      }
      if (actual != step.events[i].text) FAIL(diff_message(step.events[i], actual));
      auto e = rcw::wire::Codec::parse_event(bytes);
      REQUIRE(e.ok());
      placeholders += check_views(*rs, gs, bytes, *e) ? 1 : 0;
      REQUIRE(rs->apply(gs, bytes).ok());
      stored.push_back(bytes);
      played.push_back(*e);
    }
    if (events->size() < step.events.size()) {
      FAIL(where(step.events[events->size()].line)
           << ": the file lists an event the command did not produce\n  expected: "
           << step.events[events->size()].text);
    }
  }
  CHECK(dice.remaining() == 0);
  CHECK(placeholders > 0);

  const State& end = native(gs);
  CHECK(end.phase == Phase::kOver);
  CHECK_FALSE(end.result.empty());
  CHECK(rs->to_act(gs).game_over);
  CHECK(rs->hash(gs).hex() == expected_hash.text);
  CHECK(rs->full_hash(gs).hex() == expected_full.text);

  // What the game is there to show.
  const auto missing = missing_facts(initial, played);
  for (const std::string& m : missing) UNSCOPED_INFO("the golden game lacks " << m);
  CHECK(missing.empty());

  // Folding the stored bytes again reproduces the game without a single die.
  auto folded = rs->load_scenario(scenario_text);
  REQUIRE(folded.ok());
  for (const engine::Bytes& bytes : stored) REQUIRE(rs->apply(**folded, bytes).ok());
  CHECK(rs->hash(**folded).hex() == expected_hash.text);
  CHECK(rs->full_hash(**folded).hex() == expected_full.text);
}
