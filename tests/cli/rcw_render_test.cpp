// The RCW table-top view drawn from views of the real introductory scenario made by the rule
// set's own wire adapter: terrain, roads, zones, the objective and units at their inches with
// their facings; the table of units with exact positions and state marks; concealed units absent
// from the enemy's and the observer's screens (R20); the open activation; legal lists; and
// events in words with every die.
#include <catch2/catch.hpp>
#include <regex>
#include <sstream>

#include "rcw_pokrovka.h"
#include "render/rcw_ui.h"

namespace grognard::clitest {

namespace {

using cli::RcwUi;
using cli::Style;
using cli::Viewer;

std::string all(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

bool has(const std::vector<std::string>& lines, const std::string& text) {
  return all(lines).find(text) != std::string::npos;
}

// The character the map shows for (x, y): the intro table is 36" x 24", half an inch a column
// and an inch a row, north (y = 0) up.
char at(const std::vector<std::string>& lines, double x, double y) {
  std::size_t top = 0;
  while (top < lines.size() && lines[top].rfind("    +", 0) != 0) ++top;
  REQUIRE(top < lines.size());
  const std::string& row = lines.at(top + 1 + static_cast<std::size_t>(y));
  return row.at(5 + static_cast<std::size_t>(x * 2));
}

// The table row of unit `id` ("  A R-HQ   Commissar Petrov …").
std::string row_of(const std::vector<std::string>& lines, const std::string& id) {
  for (const auto& l : lines) {
    if (l.size() > 4 && l.compare(4, id.size() + 1, id + " ") == 0) return l;
  }
  return "";
}

std::vector<std::string> render(const Pokrovka& g, const std::string& seat) {
  const int side = seat.empty() ? -1 : seat.back() - '0';
  return RcwUi().render(g.any(seat), Viewer{side, seat}, Style(false));
}

google::protobuf::Any parsed(const Pokrovka& g, const std::string& line, const std::string& seat) {
  std::vector<std::string> words;
  std::istringstream in(line);
  for (std::string w; in >> w;) words.push_back(w);
  auto p = RcwUi().parse(words, g.any(seat));
  REQUIRE(p);
  INFO(line << ": " << p->error);
  REQUIRE(p->command);
  return *p->command;
}

void play(Pokrovka& g, const std::string& seat, const std::string& line) {
  INFO(seat << ": " << line);
  REQUIRE(g.play(seat, parsed(g, line, seat)) == "");
}

// Every unit placed as kDeployment says and both deployments confirmed: turn 1, Reds to act.
void deploy_all(Pokrovka& g) {
  for (const auto& p : kDeployment) play(g, p.seat, p.line);
  play(g, "side:0", "confirm");
  play(g, "side:1", "confirm");
}

}  // namespace

TEST_CASE("the RCW map in deployment shows terrain, the road, the zones and the objective",
          "[cli][rcw]") {
  Pokrovka g;
  const auto lines = render(g, "side:0");
  INFO(all(lines));
  CHECK(lines.at(0) ==
        "Table 36\" x 24\": 1 column = 0.5\", 1 row = 1\"; north is up (x grows east, y grows "
        "south)");
  CHECK(lines.at(1).rfind("     0                   10                  20", 0) == 0);
  CHECK(at(lines, 7, 16) == '*');      // the birch copse
  CHECK(at(lines, 26, 8) == '#');      // Pokrovka
  CHECK(at(lines, 24.5, 6.5) == '@');  // the objective
  CHECK(at(lines, 2, 12) == '0');      // the Reds' zone's northern edge
  CHECK(at(lines, 2, 10) == '1');      // the Whites' zone's southern edge
  CHECK(at(lines, 33, 20) == ' ');     // open fields
  CHECK(has(lines, "Deployment (R19): Reds placing, Whites placing"));
  CHECK(has(lines, "0 1 edges of the deployment zones"));
  CHECK(row_of(lines, "R1").find("not placed") != std::string::npos);
  CHECK(row_of(lines, "W1").empty());  // the enemy's units are out of sight
  CHECK(has(lines, "Your briefing: Take Pokrovka."));

  play(g, "side:0", "deploy R1 8,14 N");
  const auto placed = render(g, "side:0");
  INFO(all(placed));
  CHECK(at(placed, 8, 14) == 'B');  // the Reds' second unit
  CHECK(at(placed, 8, 13) == '|');  // facing north
  CHECK(row_of(placed, "R1").find("8.0,14.0") != std::string::npos);
  CHECK(row_of(placed, "R1").find("hidden from the enemy") != std::string::npos);
  // The Whites see nothing of it.
  const auto whites = render(g, "side:1");
  CHECK(row_of(whites, "R1").empty());
  CHECK(at(whites, 8, 14) == '*');
}

TEST_CASE("the RCW table shows each side what it sees, with positions, facings and marks",
          "[cli][rcw]") {
  Pokrovka g;
  deploy_all(g);
  const auto reds = render(g, "side:0");
  INFO(all(reds));
  CHECK(has(reds, "The road to Pokrovka  turn 1 of 6: Reds to act   you: Reds"));
  CHECK_FALSE(has(reds, "0 1 edges of the deployment zones"));
  CHECK(at(reds, 12, 17.5) == 'A');  // R-HQ in the copse
  CHECK(at(reds, 18, 20) == 'C');    // R2
  CHECK(at(reds, 18, 19) == '|');    // facing north
  CHECK(at(reds, 22, 17) == 'D');    // R3
  // Letters follow the scenario's order whatever a side sees: W-HQ (a) is hidden, W1 is b.
  CHECK(at(reds, 30, 9.5) == 'b');   // W1
  CHECK(at(reds, 30, 10.5) == '|');  // facing south
  CHECK(at(reds, 16, 9) == 'c');     // W2
  CHECK(at(reds, 24, 5) == '#');     // W-HQ hides in the village
  const std::string hq = row_of(reds, "R-HQ");
  CHECK(std::regex_search(hq, std::regex("^  A R-HQ +Commissar Petrov +HQ +average +12\\.0,17\\.5 "
                                         "+0 \\(N\\) +obscured +hidden from the enemy$")));
  CHECK(std::regex_search(
      row_of(reds, "R2"),
      std::regex("C R2 +2nd Red Guards company +infantry +conscript +18\\.0,20\\.0 "
                 "+0 \\(N\\) +open *$")));
  CHECK(
      std::regex_search(row_of(reds, "W1"), std::regex("b W1 .*elite +30\\.0,9\\.5 +180 \\(S\\)")));
  CHECK(row_of(reds, "W-HQ").empty());
  CHECK(row_of(reds, "W3").empty());

  const auto whites = render(g, "side:1");
  INFO(all(whites));
  CHECK(at(whites, 24, 5) == 'a');  // W-HQ, the Whites' own
  CHECK(row_of(whites, "W3").find("hidden from the enemy") != std::string::npos);
  CHECK(row_of(whites, "R1").empty());
  CHECK(row_of(whites, "R-HQ").empty());
  CHECK(row_of(whites, "R2").find("18.0,20.0") != std::string::npos);

  const auto observer = render(g, "");
  INFO(all(observer));
  CHECK(has(observer, "you: observer"));
  for (const char* id : {"R-HQ", "R1", "W-HQ", "W3"}) CHECK(row_of(observer, id).empty());
  for (const char* id : {"R2", "R3", "W1", "W2"}) CHECK_FALSE(row_of(observer, id).empty());
  CHECK_FALSE(has(observer, "Commissar Petrov"));
  CHECK_FALSE(has(observer, "Maxim"));
  CHECK_FALSE(has(observer, "briefing"));
}

TEST_CASE("the RCW screen follows an activation and lists what may be done", "[cli][rcw]") {
  Pokrovka g;
  deploy_all(g);
  const RcwUi ui;
  const auto before = ui.describe_legal(g.legal_commands("side:0"), g.any("side:0"), "");
  INFO(all(before));
  CHECK(has(before, "C 2nd Red Guards company (R2): activate with move move, move shoot"));
  CHECK(has(before, "You may also: end"));
  const auto r2 = ui.describe_legal(g.legal_commands("side:0"), g.any("side:0"), "r2");
  CHECK(r2.size() == 1);

  std::vector<std::vector<google::protobuf::Any>> seen;
  REQUIRE(g.play("side:0", parsed(g, "activate R2 move shoot", "side:0"), {"side:1"}, &seen) == "");
  // The activation, then the command throw, which the enemy reads as its outcome alone (R53).
  REQUIRE(seen.at(0).size() == 2);
  CHECK(ui.describe_event(seen[0][0], g.any("side:1")) ==
        "2nd Red Guards company (R2) is activated: move, then shoot");
  CHECK(ui.describe_event(seen[0][1], g.any("side:1")) ==
        "2nd Red Guards company (R2) is under command (R5)");
  const auto active = render(g, "side:0");
  INFO(all(active));
  CHECK(has(active, "Active: C 2nd Red Guards company (R2): move (next), then shoot"));
  CHECK(row_of(active, "R2").rfind(" >C R2", 0) != std::string::npos);
  const auto orders = ui.describe_legal(g.legal_commands("side:0"), g.any("side:0"), "");
  INFO(all(orders));
  CHECK(has(orders, "Now, 2nd Red Guards company (R2): move to "));
  CHECK(has(orders, "; skip"));

  play(g, "side:0", "skip");
  const auto shooting = render(g, "side:0");
  CHECK(has(shooting, "Active: C 2nd Red Guards company (R2): move (done), then shoot (next)"));
  REQUIRE(g.play("side:0", parsed(g, "shoot w2", "side:0"), {"side:1", ""}, &seen) == "");
  const std::string shot = ui.describe_event(seen[0][0], g.any("side:1"));
  INFO(shot);
  CHECK(std::regex_search(
      shot, std::regex("^2nd Red Guards company \\(R2\\) shoots at Volunteer company \\(W2\\): "
                       "range 11\\.2\", target open, needs 4\\+: d6 [1-6]: [01] hits?"
                       "(; saves \\(4\\+ each\\):[^>]*)? -> ")));
  CHECK(ui.describe_event(seen[1][0], g.any("")) == shot);  // the observer reads the same
  const auto after = render(g, "side:0");
  CHECK(row_of(after, "R2").find("activated") != std::string::npos);
  CHECK_FALSE(has(after, "Active: "));
}

TEST_CASE("the RCW map of the railway draws the line, the train's cars, hills and marsh",
          "[cli][rcw]") {
  Pokrovka g("scenarios/rcw/railway.textproto");
  const auto lines = render(g, "side:1");
  INFO(all(lines));
  CHECK(lines.at(0).rfind("Table 72\" x 48\": 1 column = 1\", 1 row = 2\"", 0) == 0);
  const std::string map = all(std::vector<std::string>(lines.begin(), lines.begin() + 28));
  for (const char c : {'=', '^', '~', ';', '*', '#'}) {
    INFO(c);
    CHECK(map.find(c) != std::string::npos);
  }
  const std::string train = row_of(lines, "W-TRAIN");
  CHECK(train.find("train") != std::string::npos);
  CHECK(train.find("on Kharkov line at ") != std::string::npos);
  for (const char* car : {"W-T1", "W-T2", "W-T3"}) {
    INFO(car);
    CHECK(std::regex_search(all(lines), std::regex(std::string("\n    ") + car +
                                                   " +[A-Za-z -]+ +(artillery|armoured) car +"
                                                   "[0-9.]+,[0-9.]+")));
  }
  // The Reds see the fixed (public) train too.
  CHECK_FALSE(row_of(render(g, "side:0"), "W-TRAIN").empty());
}

TEST_CASE("the RCW table marks Kamenka's fixed garrison unspotted on every screen",
          "[cli][rcw][sec.9][R49]") {
  Pokrovka g("scenarios/rcw/railway.textproto");
  for (const std::string seat : {"side:0", "side:1", ""}) {
    const auto lines = render(g, seat);
    INFO(seat << "\n" << all(lines));
    for (const char* id : {"W-MG", "W-MARK"}) {
      CHECK(std::regex_search(row_of(lines, id), std::regex("dug in, unspotted")));
    }
    CHECK(row_of(lines, "W-TRAIN").find("unspotted") == std::string::npos);
  }
}

TEST_CASE("RCW events out of sight read as such, the enemy's deployment is hidden", "[cli][rcw]") {
  Pokrovka g;
  const RcwUi ui;
  std::vector<std::vector<google::protobuf::Any>> seen;
  REQUIRE(g.play("side:1", parsed(g, "deploy W3 27,6 S", "side:1"), {"side:1", "side:0", ""},
                 &seen) == "");
  CHECK(ui.describe_event(seen[0][0], g.any("side:1")) ==
        "Maxim gun team (W3) is placed at 27,6 facing 180 (S)");
  CHECK(ui.describe_event(seen[1][0], g.any("side:0")) == "The enemy did something out of sight.");
  CHECK(ui.describe_event(seen[2][0], g.any("")) == "The enemy did something out of sight.");
  CHECK(ui.seat_label("side:1", g.any("")) == "Whites");
}

TEST_CASE("RCW throws, moves, assaults and the end read with every die and modifier",
          "[cli][rcw]") {
  Pokrovka g;
  deploy_all(g);
  const auto view = g.any("side:0");
  const RcwUi ui;
  const auto text = [&](const rpb::Event& e) { return ui.describe_event(client::pack(e), view); };
  const auto roll = [](v1::Roll* r, int face) {
    r->set_sides(6);
    r->set_face(static_cast<unsigned>(face));
  };
  rpb::Event e;
  auto* c = e.mutable_command_thrown();
  c->set_unit("R3");
  c->set_hq("R-HQ");
  c->set_hq_distance(14.5);
  roll(c->mutable_roll(), 3);
  auto* elite = c->add_parts();
  elite->set_name("elite");
  elite->set_value(1);
  c->set_total(4);
  c->set_passed(true);
  CHECK(text(e) ==
        "Command throw (R5) for Red cavalry troop (R3), 14.5\" from Commissar Petrov (R-HQ): d6 3 "
        "+1 elite = 4, needs 4+: passed");

  e.Clear();
  auto* r = e.mutable_rallied();
  r->set_unit("R2");
  roll(r->mutable_roll(), 2);
  r->set_total(2);
  CHECK(text(e) ==
        "2nd Red Guards company (R2) tries to rally (R6): d6 2 = 2, needs 4+: failed, "
        "still pinned");

  e.Clear();
  auto* m = e.mutable_moved();
  m->set_unit("R3");
  m->add_path()->set_x(22);
  m->mutable_path(0)->set_y(13);
  m->set_facing(45);
  m->set_cost(4);
  m->set_stopped_by("W1");
  CHECK(text(e) ==
        "Red cavalry troop (R3) moves to 22,13 (4\" of its move), facing 45 (NE); "
        "STOPPED by a hidden enemy within 3\": Officers' company (W1) (R17)");
  m->clear_path();
  m->clear_stopped_by();
  CHECK(text(e) == "Red cavalry troop (R3) turns to face 45 (NE)");

  e.Clear();
  auto* a = e.mutable_assault_round();
  a->set_attacker("R3");
  a->set_defender("W1");
  a->set_round(1);
  auto* by = a->mutable_by_attacker();
  roll(by->add_dice(), 6);
  roll(by->add_dice(), 3);
  by->set_needed(4);
  auto* flank = by->add_parts();
  flank->set_name("pinned");
  flank->set_value(-1);
  by->set_hits(1);
  auto* save = by->add_saves();
  roll(save->mutable_roll(), 4);
  auto* plus = save->add_parts();
  plus->set_name("elite");
  plus->set_value(1);
  save->set_total(5);
  save->set_saved(true);
  by->set_full_effect(true);
  by->set_outcome(rpb::PINNED);
  auto* back = a->mutable_by_defender();
  roll(back->add_dice(), 2);
  roll(back->add_dice(), 1);
  back->set_needed(4);
  back->set_full_effect(true);
  back->set_outcome(rpb::NO_EFFECT);
  CHECK(text(e) ==
        "Close assault, round 1: Red cavalry troop (R3) throws d6 6, d6 3, needs 4+ (-1 pinned on "
        "each die; a 6 always hits): 1 hit; W1 saves (4+ each): d6 4 +1 elite = 5 saved -> "
        "PINNED. Officers' company (W1) throws d6 2, d6 1, needs 4+: 0 hits -> no effect");

  e.Clear();
  auto* end = e.mutable_assault_ended();
  end->set_attacker("R3");
  end->set_defender("W1");
  end->set_end(rpb::FELL_BACK);
  end->mutable_attacker_to()->set_x(30);
  end->mutable_attacker_to()->set_y(15);
  CHECK(text(e) ==
        "The close assault of Red cavalry troop (R3) on Officers' company (W1) ends: "
        "Red cavalry troop (R3) is pinned and falls back 3\" to 30,15 (R8)");

  e.Clear();
  auto* over = e.mutable_game_ended();
  over->set_winner(0);
  over->set_result("Reds win");
  over->set_reason("turn 6 is over");
  over->add_points(5);
  over->add_points(1);
  CHECK(text(e) == "Game over: Reds win - turn 6 is over. Points: Reds 5, Whites 1");

  e.Clear();
  e.mutable_units_revealed()->set_cause("an enemy came within 3in");
  auto* u = e.mutable_units_revealed()->add_units();
  u->set_id("W3");
  u->set_name("Maxim gun team");
  u->set_type(rpb::MG);
  u->set_placed(true);
  u->mutable_pos()->set_x(27);
  u->mutable_pos()->set_y(6);
  u->set_facing(180);
  CHECK(text(e) ==
        "Revealed (an enemy came within 3in): Maxim gun team (W3, MG) at 27,6 facing "
        "180 (S)");

  e.Clear();
  e.mutable_turn_began()->set_turn(2);
  e.mutable_turn_began()->set_side(1);
  CHECK(text(e) == "Turn 2 begins: Whites to act");
  CHECK(ui.turn_opened(client::pack(e)) == 2);
}

}  // namespace grognard::clitest
