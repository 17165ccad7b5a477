// Golden replay: a whole game of "The Village of San Miguel" (scenarios/sharpe/village.textproto)
// for a referee and three players, played through the wire rule set (SharpeRuleset: command
// bytes in, event bytes out) from the first shuffle to the referee's end of the game. Replaying
// the commands and dice of tests/golden/sharpe_village.golden must produce exactly the events
// and the final state hash recorded there; any change in behaviour shows up as a diff of that
// file.
//
// File format, one item a line ('#' starts a comment line):
//   dice: 4 1 6 ...          every die face the game throws, in order
//   > begin                  the first shuffle and draw
//   > <seat> <Command>       a command (grognard.v1.sharpe.Command, text format, one line)
//                            from that seat ("player:british", ..., "referee")
//   = <Event>                each event the line above produced (grognard.v1.sharpe.Event)
//   hash: <hex>              SharpeRuleset::hash after the last event
//
// The game: the players' commands are chosen by a fixed-seed random player among legal()'s
// (moves of its own instead of legal()'s full-reach ones, each checked by decide()); within an
// activation each figure finishes all its actions before the next figure begins (S1). The
// referee's commands are scripted (S12): a new secret briefing, a bad-card deck and an event
// card at the start; the "draw a Bad Card" card once the event card has been played; a wound
// ruling as the third turn begins; a resume whenever a card pauses the game; the end of the game
// once five turns are played, with its result and reason. The test then asserts that the file
// holds what it is there to show (missing_facts in golden_facts.cpp), and that no figure of an
// activation acts again once another has begun.
//
// GROGNARD_UPDATE_GOLDEN=1 regenerates the file from the fixed seed (the dice from
// engine::SeededDice, the choices from test_support::Chooser); review the diff like code.
//
// The parts: golden_play.h; the game (golden_play.cpp, golden_players.cpp); what it must show
// (golden_facts.cpp); here the file, its regeneration and its replay.
#include <google/protobuf/text_format.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "../../support/source_file.h"
#include "golden_play.h"
#include "rules/sharpe/wire/codec.h"
#include "rules/sharpe/wire/ruleset.h"

using namespace sharpe_golden;  // NOLINT: test code reads like the rules

namespace {

namespace pb = ::grognard::v1::sharpe;

const std::string kSource = GROGNARD_SOURCE_DIR;
const std::string kScenario = kSource + "/scenarios/sharpe/village.textproto";
const std::string kGoldenName = "tests/golden/sharpe_village.golden";
const std::string kGolden = kSource + "/" + kGoldenName;

using grognard::test_support::read_file;

std::string event_text(const engine::Bytes& bytes) {
  pb::Event e;
  REQUIRE(e.ParseFromString(bytes));
  return one_line(e);
}

// --- Regeneration -----------------------------------------------------------------------------

void regenerate(const std::string& scenario_text) {
  const Generated g = play_golden(scenario_text);
  const auto missing = missing_facts(g.played);
  for (const std::string& m : missing) UNSCOPED_INFO("missing: " << m);
  REQUIRE(missing.empty());
  REQUIRE_FALSE(interleaved(g.played).has_value());

  std::ofstream out(kGolden);
  out << "# Golden replay of scenarios/sharpe/village.textproto (a referee and three players):\n"
      << "# see tests/rules/sharpe/golden_test.cpp for the format. Regenerate with\n"
      << "# GROGNARD_UPDATE_GOLDEN=1 sharpe_tests \"[sharpe.golden]\".\n";
  out << "dice:";
  for (int f : g.faces) out << ' ' << f;
  out << "\n";
  out << "> begin\n";
  for (const engine::Bytes& b : g.begun) out << "= " << event_text(b) << "\n";
  for (std::size_t i = 0; i < g.played.commands.size(); ++i) {
    const auto& [seat, cmd] = g.played.commands[i];
    out << "> " << seat << ' ' << one_line(wire::to_pb(cmd)) << "\n";
    for (const engine::Bytes& b : g.decided[i]) out << "= " << event_text(b) << "\n";
  }
  out << "hash: " << g.hash << "\n";
}

// One line of the golden file, with its line number.
struct Entry {
  std::size_t line = 0;
  std::string text;
};

std::string where(std::size_t line) {
  return kGoldenName + ":" + std::to_string(line);
}

// Where two lines first differ, for the failure message.
std::string diff_message(const Entry& expected, const std::string& actual) {
  std::size_t col = 0;
  while (col < expected.text.size() && col < actual.size() && expected.text[col] == actual[col]) {
    ++col;
  }
  return where(expected.line) + ": the event differs from column " + std::to_string(col + 3) +
         "\n  expected: " + expected.text + "\n  actual:   " + actual;
}

}  // namespace

TEST_CASE("golden replay of the village, a referee and three players",
          "[golden][sharpe.golden][S1][S12]") {
  const std::string scenario_text = read_file(kScenario);
  if (std::getenv("GROGNARD_UPDATE_GOLDEN") != nullptr) regenerate(scenario_text);

  // Read the file: the dice, then each command with the events it must produce.
  struct Step {
    Entry command;
    std::vector<Entry> events;
  };
  std::istringstream golden(read_file(kGolden));
  std::vector<int> faces;
  std::vector<Step> steps;
  Entry expected_hash;
  std::string line;
  for (std::size_t n = 1; std::getline(golden, line); ++n) {
    if (line.rfind("dice:", 0) == 0) {
      std::istringstream in(line.substr(5));
      for (int f; in >> f;) faces.push_back(f);
    } else if (line.rfind("> ", 0) == 0) {
      steps.push_back(Step{Entry{n, line.substr(2)}, {}});
    } else if (line.rfind("= ", 0) == 0) {
      INFO(where(n) << ": an event before any command");
      REQUIRE_FALSE(steps.empty());
      steps.back().events.push_back(Entry{n, line.substr(2)});
    } else if (line.rfind("hash: ", 0) == 0) {
      expected_hash = Entry{n, line.substr(6)};
    } else {
      INFO(where(n) << ": not a line of the format");
      REQUIRE((line.empty() || line[0] == '#'));
    }
  }
  REQUIRE(steps.size() > 100);
  REQUIRE(steps.front().command.text == "begin");
  REQUIRE_FALSE(expected_hash.text.empty());

  // Replay it through the wire rule set: command bytes in, event bytes out.
  const auto rs = wire::make_sharpe_ruleset();
  auto loaded = rs->load_scenario(scenario_text);
  REQUIRE(loaded.ok());
  engine::GameState& gs = **loaded;
  engine::ScriptedDice dice(faces);
  Played played;
  std::vector<engine::Bytes> stored;  // the events as bytes, as a store would keep them
  bool briefing_checked = false, paused_checked = false;
  for (const Step& step : steps) {
    INFO(where(step.command.line) << ": " << step.command.text);
    engine::Result<std::vector<engine::Bytes>> events = std::vector<engine::Bytes>{};
    if (step.command.text == "begin") {
      events = rs->begin(gs, dice);
    } else {
      const auto space = step.command.text.find(' ');
      REQUIRE(space != std::string::npos);
      const std::string seat = step.command.text.substr(0, space);
      pb::Command pbc;
      REQUIRE(
          google::protobuf::TextFormat::ParseFromString(step.command.text.substr(space + 1), &pbc));
      auto cmd = wire::from_pb(pbc);
      REQUIRE(cmd.ok());
      played.commands.emplace_back(seat, *cmd);
      events = rs->decide(gs, seat, pbc.SerializeAsString(), dice);
    }
    REQUIRE(events.ok());
    for (std::size_t i = 0; i < events->size(); ++i) {
      const engine::Bytes& bytes = (*events)[i];
      const std::string actual = event_text(bytes);
      if (i >= step.events.size()) {
        FAIL(where(step.command.line) << ": the command produced an event the file does not "
                                         "list\n  actual:   "
                                      << actual);
      }
      if (actual != step.events[i].text) FAIL(diff_message(step.events[i], actual));
      auto e = wire::Codec::parse_event(bytes);
      REQUIRE(e.ok());
      const auto before = gs.clone();
      REQUIRE(rs->apply(gs, bytes).ok());
      stored.push_back(bytes);
      played.events.push_back(*e);

      // S12, S23: a card that pauses the game leaves only the referee to act.
      if (const auto* t = std::get_if<FunctionsThrown>(&*e);
          t && t->card && t->card->effect == CardEffect::kRefereeDecides) {
        CHECK(rs->to_act(gs).seats == std::vector<std::string>{kRefereeSeat});
        paused_checked = true;
      }
      // S12: a briefing set in play reaches its player and the referee, no one else.
      if (const auto* b = std::get_if<BriefingSet>(&*e); b && b->seat == kBriefingSeat) {
        for (const auto& [role, seat, sees] :
             {std::tuple{engine::Role::kPlayer, kBriefingSeat, true},
              std::tuple{engine::Role::kReferee, std::string(kRefereeSeat), true},
              std::tuple{engine::Role::kPlayer, std::string("player:british"), false},
              std::tuple{engine::Role::kObserver, std::string(), false}}) {
          INFO("viewer " << seat);
          const engine::Viewer viewer{role, seat, false};
          pb::View view;
          REQUIRE(view.ParseFromString(rs->view(gs, viewer)));
          bool read = false;
          for (const pb::Seat& vs : view.seats()) {
            if (vs.id() == kBriefingSeat) read = has_golden_briefing(vs.briefing());
          }
          CHECK(read == sees);
          pb::Event seen;
          const auto ve = rs->view_event(*before, bytes, viewer);
          REQUIRE(ve.has_value());
          REQUIRE(seen.ParseFromString(*ve));
          CHECK(has_golden_briefing(seen.briefing_set().text()) == sees);
          CHECK(seen.briefing_set().hidden() == !sees);
        }
        briefing_checked = true;
      }
    }
    if (events->size() < step.events.size()) {
      FAIL(where(step.events[events->size()].line)
           << ": the file lists an event the command did not produce\n  expected: "
           << step.events[events->size()].text);
    }
  }
  CHECK(dice.remaining() == 0);
  CHECK(briefing_checked);
  CHECK(paused_checked);

  // The end, by the referee's ruling, with its result and reason.
  const State& end = native(gs);
  CHECK(end.phase == Phase::kOver);
  CHECK_FALSE(end.result.empty());
  CHECK_FALSE(end.end_reason.empty());
  CHECK(rs->to_act(gs).game_over);
  CHECK(rs->hash(gs).hex() == expected_hash.text);

  // What the game is there to show.
  const auto missing = missing_facts(played);
  for (const std::string& m : missing) UNSCOPED_INFO("the golden game lacks " << m);
  CHECK(missing.empty());
  const auto broken = interleaved(played);
  if (broken) {
    FAIL("S1: figure commands interleave at command "
         << *broken << ": " << one_line(wire::to_pb(played.commands[*broken].second)));
  }

  // Folding the stored bytes again reproduces the game without a single die.
  auto folded = rs->load_scenario(scenario_text);
  REQUIRE(folded.ok());
  for (const engine::Bytes& bytes : stored) REQUIRE(rs->apply(**folded, bytes).ok());
  CHECK(rs->hash(**folded).hex() == expected_hash.text);
}
