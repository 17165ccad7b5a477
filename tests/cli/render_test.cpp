// The Itchy & Scratchy map, roster and event texts drawn from a fixed view; the play syntax.
#include <catch2/catch.hpp>
#include <set>

#include "client/codec.h"
#include "render/itchy_ui.h"

namespace grognard::cli {

namespace {

void add_unit(itchy::View& v, const std::string& id, int side, itchy::UnitType type, int x, int y,
              itchy::Facing f, int sp, int start_sp) {
  auto* u = v.add_units();
  u->set_id(id);
  u->set_side(side);
  u->set_type(type);
  u->mutable_pos()->set_x(x);
  u->mutable_pos()->set_y(y);
  u->set_facing(f);
  u->set_sp(sp);
  u->set_start_sp(start_sp);
}

// 4 x 3: a fortification at (3,0), woods at (1,1), built-up at (2,1), an objective at (0,2).
itchy::View fixed_view() {
  itchy::View v;
  v.set_scenario_name("Test Ridge");
  v.set_width(4);
  v.set_height(3);
  for (int i = 0; i < 12; ++i) v.add_terrain(itchy::OPEN);
  v.set_terrain(3, itchy::FORTIFICATION);
  v.set_terrain(5, itchy::WOODS);
  v.set_terrain(6, itchy::BUILT_UP);
  auto* s0 = v.add_sides();
  s0->set_name("British");
  s0->set_exhaustion_point(5);
  s0->set_losses(1);
  auto* s1 = v.add_sides();
  s1->set_name("Boers");
  s1->set_exhaustion_point(3);
  add_unit(v, "B1", 0, itchy::INFANTRY, 0, 0, itchy::EAST, 3, 4);
  add_unit(v, "B-GEN", 0, itchy::GENERAL, 0, 0, itchy::EAST, 1, 1);
  add_unit(v, "R1", 1, itchy::DISMOUNTED_CAVALRY, 3, 2, itchy::WEST, 3, 3);
  auto* o = v.mutable_victory()->add_objectives();
  o->set_name("Drift");
  o->mutable_pos()->set_x(0);
  o->mutable_pos()->set_y(2);
  o->set_points(2);
  v.set_turn(2);
  v.set_turn_limit(8);
  v.set_phase(itchy::PHASE_ACTIVATION);
  v.set_acting_side(0);
  v.set_active_unit("B1");
  return v;
}

bool has(const std::vector<std::string>& lines, const std::string& text) {
  for (const auto& l : lines) {
    if (l.find(text) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("the map shows terrain, units by side, facing and Generals in plain text",
          "[cli][render]") {
  const ItchyUi ui;
  const auto lines = ui.render(client::pack(fixed_view()), Viewer{0, "side:0"}, Style(false));
  REQUIRE(lines.size() >= 4);
  CHECK(lines[1].substr(0, 23) == " 0  B1>*  .    .    F  ");
  CHECK(lines[2].substr(0, 23) == " 1   .    W    B    .");  // nothing beside: trimmed
  CHECK(lines[3].substr(0, 23) == " 2   .@   .    .   R1< ");
  CHECK(has(lines, "Turn 2 of 8 - British to act, active unit B1"));
  CHECK(has(lines, "British (you)  losses 1 of EP 5"));
  CHECK(has(lines, "B1     INF  3/4SP  (0,0)>   ACTIVE"));
  CHECK(has(lines, "R1     DCAV 3/3SP  (3,2)<"));
  CHECK(has(lines, "@ Drift (0,2) 2 pts"));
  for (const auto& l : lines) CHECK(l.find('\033') == std::string::npos);
}

TEST_CASE("the roster lists the victory conditions in order", "[cli][render][I23]") {
  const ItchyUi ui;
  itchy::View v = fixed_view();
  auto* c = v.mutable_victory()->add_conditions();
  c->set_test(itchy::OBJECTIVES_HELD);
  c->add_objectives("Drift");
  c = v.mutable_victory()->add_conditions();
  c->set_test(itchy::ENEMY_SP_DESTROYED);
  c->set_side("Boers");
  c->set_at_least(4);
  v.mutable_victory()->add_conditions()->set_test(itchy::SCORE);
  const auto lines = ui.render(client::pack(v), Viewer{0, "side:0"}, Style(false));
  CHECK(has(lines, "Victory, the first that names a winner:"));
  CHECK(has(lines, "  1 holding Drift"));
  CHECK(has(lines, "  2 Boers only: more enemy SP destroyed, at least 4"));
  CHECK(has(lines, "  3 higher score (enemy SP destroyed + objectives)"));
  CHECK_FALSE(
      has(ui.render(client::pack(fixed_view()), Viewer{0, "side:0"}, Style(false)), "Victory"));
}

TEST_CASE("with colour, terrain and sides are painted", "[cli][render]") {
  const ItchyUi ui;
  const auto lines = ui.render(client::pack(fixed_view()), Viewer{0, "side:0"}, Style(true));
  CHECK(lines[1].find("\033[") != std::string::npos);
  CHECK(display_width(lines[1]) >= 23);
}

TEST_CASE("events read with every die thrown", "[cli][render]") {
  const ItchyUi ui;
  itchy::Event e;
  auto* a = e.mutable_attack_resolved();
  a->set_unit("B1");
  a->mutable_target()->set_x(3);
  a->mutable_target()->set_y(2);
  a->set_range(3);
  a->set_dice(3);
  a->set_general_bonus(true);
  for (const unsigned face : {6u, 6u, 2u}) a->add_rolls()->set_face(face);
  auto* c = a->add_casualties();
  c->set_unit("R1");
  c->set_sp_lost(1);
  const auto view = client::pack(fixed_view());
  CHECK(ui.describe_event(client::pack(e), view) ==
        "B1 fires at (3,2), range 3, 3 dice (+1 General): [6 6 2] R1 loses 1 SP");
  itchy::Event i;
  auto* t = i.mutable_initiative_thrown();
  t->set_turn(2);
  auto* th = t->add_throws();
  th->mutable_side0()->set_face(5);
  th->mutable_side1()->set_face(2);
  CHECK(ui.describe_event(client::pack(i), view) ==
        "Turn 2 initiative: British 5 v Boers 2 - British choose the order");
  CHECK(ui.turn_opened(client::pack(i)) == 2);
}

TEST_CASE("typed lines become commands", "[cli][syntax]") {
  const ItchyUi ui;
  const auto view = client::pack(fixed_view());
  auto parse = [&](std::vector<std::string> w) { return ui.parse(w, view); };

  auto m = parse({"move", "b1", "N", "N", "face", "E"});
  REQUIRE(m);
  REQUIRE(m->command);
  CHECK(ui.describe_command(*m->command) == "move B1 N N face E");
  auto compact = parse({"move", "B1", "nne"});
  REQUIRE(compact->command);
  CHECK(ui.describe_command(*compact->command) == "move B1 N N E");
  auto at = parse({"attack", "B1", "R1"});
  REQUIRE(at->command);
  CHECK(ui.describe_command(*at->command) == "attack B1 3,2");
  CHECK(ui.describe_command(*parse({"attack", "B1", "3,2"})->command) == "attack B1 3,2");
  CHECK(ui.describe_command(*parse({"first"})->command) == "first");
  CHECK(ui.describe_command(*parse({"end"})->command) == "end");
  CHECK(!parse({"move"})->command);
  CHECK(parse({"move", "B1", "X"})->error.find("not a step") != std::string::npos);
  CHECK(!parse({"dance"}));
  CHECK(ui.complete({"move"}, view) == std::vector<std::string>{"B1", "B-GEN"});  // British to act
  CHECK(ui.complete({"attack", "B1"}, view) == std::vector<std::string>{"R1"});
}

}  // namespace grognard::cli

namespace grognard::cli {

TEST_CASE("every unit of the colonial battle has its own mark, explained by the roster",
          "[cli][render][marks]") {
  itchy::View v = fixed_view();
  v.clear_units();
  const std::vector<std::string> ids = {
      "GEN-S",   "SUSSEX",     "GCR",        "HCR",       "HUSSARS",  "GARDNER",
      "RA-9PDR", "RA-SCREW",   "RN-40PDR",   "EGY-24PDR", "EGY-INF",  "WAGONS",
      "EMIR",    "BLACK-FLAG", "GREEN-FLAG", "HADENDOWA", "JIHADIYA", "MUSKETS",
      "BAGGARA", "CAMELMEN",   "NORDENFELT", "GUN-6PDR",  "GUN-MTN"};
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const bool general = ids[i] == "GEN-S" || ids[i] == "EMIR";
    add_unit(v, ids[i], i < 12 ? 0 : 1, general ? itchy::GENERAL : itchy::INFANTRY, 0, 0,
             itchy::NORTH, 1, 1);
  }
  const auto marks = itchy_marks(v);
  REQUIRE(marks.size() == ids.size());
  std::set<std::string> distinct;
  for (const auto& [id, mark] : marks) {
    CHECK(mark.size() == 2);
    distinct.insert(mark);
  }
  CHECK(distinct.size() == ids.size());
  // The collisions players met: GARDNER, GCR, GUN-6PDR; RA-9PDR, RN-40PDR; GEN-S, GREEN-FLAG.
  CHECK(marks.at("GCR") == "GR");
  CHECK(marks.at("GARDNER") == "GA");
  CHECK(marks.at("GUN-6PDR") == "GU");
  CHECK(marks.at("RA-9PDR") == "RR");
  CHECK(marks.at("RN-40PDR") == "RN");
  CHECK(marks.at("GEN-S") == "GG");
  CHECK(marks.at("GREEN-FLAG") == "GE");
  // The same marks whatever is left of the army: destroyed units keep theirs.
  v.mutable_units(2)->set_removed(true);
  CHECK(itchy_marks(v) == marks);

  const ItchyUi ui;
  const auto lines = ui.render(client::pack(v), Viewer{0, "side:0"}, Style(false));
  CHECK(has(lines, "  GA GARDNER INF  1/1SP  (0,0)^"));
  CHECK(has(lines, "  RN RN-40PDR INF"));
  CHECK(has(lines, "(a unit's mark begins its roster line)"));
}

}  // namespace grognard::cli

namespace grognard::cli {

TEST_CASE("Tab offers the acting side's units to order, every unit to ask about",
          "[cli][complete]") {
  const ItchyUi ui;
  const auto any = client::pack(fixed_view());  // British (side 0) to act
  using V = std::vector<std::string>;
  CHECK(ui.complete({"move"}, any) == V{"B1", "B-GEN"});
  CHECK(ui.complete({"attack"}, any) == V{"B1", "B-GEN"});
  CHECK(ui.complete({"attack", "B1"}, any) == V{"R1"});
  CHECK(ui.complete({"legal"}, any) == V{"B1", "B-GEN", "R1"});
}

}  // namespace grognard::cli
