// `measure A B` and `los A B`: ids in any case and completed with Tab, the printed line, and in
// scripted play against the real server the line, the server's refusal of a name, and --json.
#include <catch2/catch.hpp>

#include <algorithm>

#include "client/codec.h"
#include "grognard/v1/itchy.pb.h"
#include "play/measure.h"
#include "play/play_line.h"
#include "run.h"
#include "server_process.h"
#include "tmux.h"

namespace grognard::clitest {

namespace {

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// An Itchy & Scratchy game seen by side 0: its B1 and B-GEN, the enemy R1.
cli::GameState itchy_state() {
  ::grognard::v1::itchy::View v;
  v.set_width(8);
  v.set_height(6);
  for (const auto& [id, side] : {std::pair{"B1", 0}, {"B-GEN", 0}, {"R1", 1}}) {
    auto* u = v.add_units();
    u->set_id(id);
    u->set_side(side);
  }
  cli::GameState st;
  st.ruleset = "itchy";
  st.seat_id = "side:0";
  st.role = "general";
  st.view = client::pack(v);
  return st;
}

}  // namespace

TEST_CASE(
    "measure and los take ids in any case, and Tab completes them there and after show and zoom",
    "[cli][measure]") {
  const cli::GameState st = itchy_state();
  const cli::RulesetUi* ui = cli::ui_for("itchy");
  const cli::Action a = cli::interpret("measure b1 r1", ui, st);
  REQUIRE(a.kind == cli::Action::kMeasure);
  CHECK(a.unit == "B1");
  CHECK(a.target == "R1");
  CHECK_FALSE(a.los);
  const cli::Action p = cli::interpret("los B1 4,3", ui, st);
  REQUIRE(p.kind == cli::Action::kMeasure);
  CHECK(p.los);
  CHECK(p.target == "4,3");
  CHECK(cli::interpret("measure B1", ui, st).text ==
        "usage: measure A B (ids or points x,y), e.g. measure B1 4,3");
  for (const char* before : {"measure ", "measure B1 ", "los R", "los B1 B"}) {
    INFO(before);
    const auto words = cli::completions(before, ui, st);
    for (const char* id : {"B1", "B-GEN", "R1"}) {
      CHECK(std::find(words.begin(), words.end(), id) != words.end());
    }
  }
  CHECK(cli::completions("measure B1 R1 ", ui, st).empty());
  // show and zoom take the same ids; zoom also "off".
  const auto show = cli::completions("show ", ui, st);
  CHECK(std::find(show.begin(), show.end(), "R1") != show.end());
  const auto zoom = cli::completions("zoom ", ui, st);
  CHECK(std::find(zoom.begin(), zoom.end(), "B1") != zoom.end());
  CHECK(std::find(zoom.begin(), zoom.end(), "off") != zoom.end());
}

TEST_CASE("the measure line: distance, sight, cover, then each weapon", "[cli][measure]") {
  ::grognard::v1::Measurement m;
  m.set_distance("17.6\"");
  m.set_line_of_sight("clear");
  m.add_ranges("rifle: in range (reaches 40\"), hits on 9+ before modifiers (S7)");
  m.add_ranges("pistol: out of range (reaches 10\", S7)");
  CHECK(cli::measure_line("perkins", "voltigeur-3", m, false) ==
        "perkins \u2192 voltigeur-3: 17.6\", clear line of sight, no cover; rifle: in range "
        "(reaches 40\"), hits on 9+ before modifiers (S7), pistol: out of range (reaches 10\", "
        "S7)");
  m.set_line_of_sight("blocked by the wall of the inn (S14)");
  m.set_cover("in a cover area (S14)");
  CHECK(cli::measure_line("perkins", "30,12", m, true) ==
        "perkins \u2192 30,12: line of sight blocked by the wall of the inn (S14), cover: in a "
        "cover area (S14); 17.6\"");
}

TEST_CASE("measure and los print one line from the server's answer", "[cli][measure]") {
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000"});
  Pair p = start_pair(server.url());
  // Kopje Farm (scenarios/itchy/intro.textproto): B1 at 3,5 facing north, rifles; the farm's
  // built-up areas at 5,2 and 5,3.
  const Run r = p.run(0, "play " + p.code, "measure b1 3,3\nlos B2 5,3\nmeasure B1 ZZ\n");
  INFO(r.output);
  CHECK(contains(r.output,
                 "B1 \u2192 3,3: 2 squares, clear line of sight, no cover; rifles & carbines: 4 "
                 "dice at range 2 (reaches 3 squares, \u00a7Combat)\n"));
  CHECK(contains(r.output,
                 "B2 \u2192 5,3: clear line of sight, cover: built-up area (I12); 2 squares\n"));
  CHECK(contains(r.output, "nothing called \"ZZ\" that you can see on the table"));
  CHECK(r.status == 1);  // the last line failed

  const Run j = p.run(1, "play " + p.code + " --json", "measure R1 B1\n");
  INFO(j.output);
  CHECK(j.status == 0);
  CHECK(contains(j.output, "{\"result\":{\"distance\":\"6 squares\",\"value\":6,"));
  CHECK(contains(j.output, "rifles & carbines: out of range (reaches 3 squares, \u00a7Combat)"));

  // help has the two entries, with examples.
  const Run h = p.run(0, "play " + p.code, "help measure\nhelp los\n");
  CHECK(contains(h.output, "measure A B\n"));
  CHECK(contains(h.output, "example: measure B1 4,3"));
  CHECK(contains(h.output, "los FIG TARGET\n"));
}

TEST_CASE("an observer measures in tmux, the first id completed with Tab",
          "[cli][tmux][watch][measure]") {
  if (!have_tmux()) return;
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000"});
  Pair p = start_pair(server.url());
  TempDir observer;
  Tmux tmux;
  tmux.start("watcher", grognard_command("watch " + p.code, observer.path(), p.server));
  tmux.wait_for("watcher", "watching>");
  // B-GEN is the only id that starts so: Tab completes it.
  tmux.key("watcher", "-l " + quote("measure B-G"));
  tmux.key("watcher", "Tab");
  tmux.wait_for("watcher", "measure B-GEN");
  tmux.type("watcher", "R3");
  // Colonel Fortescue at 3,5, the Marico Commando at 6,0: a General has no weapon (I7).
  tmux.wait_for("watcher", "B-GEN \u2192 R3: 8 squares");
  tmux.wait_for("watcher", "no weapon: it cannot attack");
  tmux.type("watcher", "quit");
}

}  // namespace grognard::clitest
