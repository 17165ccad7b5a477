// The RCW play syntax: every line to its exact Command, malformed lines to their error, commands
// back to the line that makes them, and Tab completion from the view.
#include <catch2/catch.hpp>
#include <sstream>

#include "client/codec.h"
#include "grognard/v1/rcw.pb.h"
#include "render/rcw_ui.h"

namespace grognard::clitest {

namespace {

namespace rpb = ::grognard::v1::rcw;
using cli::RcwUi;

// A view of the Reds in turn 1 with R2 (at 18,20 facing north) activated to move and shoot, a
// White company in sight and the armoured train's cars for `shoot CAR=TARGET`.
rpb::View reds_view() {
  rpb::View v;
  v.set_width(36);
  v.set_height(24);
  v.set_phase(rpb::PLAY);
  v.set_viewer_side(0);
  const auto unit = [&](const char* id, int side, rpb::UnitType type, double x, double y) {
    auto* u = v.add_units();
    u->set_id(id);
    u->set_side(side);
    u->set_type(type);
    u->set_placed(true);
    u->mutable_pos()->set_x(x);
    u->mutable_pos()->set_y(y);
    return u;
  };
  unit("R-HQ", 0, rpb::HQ, 12, 17.5);
  unit("R2", 0, rpb::INFANTRY, 18, 20);
  unit("R-FAO", 0, rpb::FAO, 4, 20);
  auto* done = unit("R3", 0, rpb::CAVALRY, 22, 17);
  done->set_activated(true);
  unit("W2", 1, rpb::INFANTRY, 16, 9);
  auto* train = unit("W-TRAIN", 1, rpb::TRAIN, 20, 2);
  train->add_cars()->set_id("W-T1");
  train->add_cars()->set_id("W-T2");
  v.mutable_active()->set_unit("R2");
  v.mutable_active()->set_first(rpb::MOVE);
  v.mutable_active()->set_second(rpb::SHOOT);
  return v;
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

rpb::Command command(const std::string& line, const rpb::View& v = reds_view()) {
  const auto p = RcwUi().parse(split(line), client::pack(v));
  REQUIRE(p);
  INFO(line << ": " << p->error);
  REQUIRE(p->command);
  rpb::Command c;
  REQUIRE(p->command->UnpackTo(&c));
  return c;
}

std::string error(const std::string& line) {
  const auto p = RcwUi().parse(split(line), client::pack(reds_view()));
  REQUIRE(p);
  CHECK_FALSE(p->command);
  return p->error;
}

std::string typed(const rpb::Command& c) {
  return RcwUi().describe_command(client::pack(c));
}

}  // namespace

TEST_CASE("RCW lines become their commands", "[cli][rcw]") {
  auto c = command("deploy r2 10,20.5 NE");
  REQUIRE(c.has_deploy());
  CHECK(c.deploy().unit() == "R2");  // the view's spelling
  CHECK(c.deploy().pos().x() == 10);
  CHECK(c.deploy().pos().y() == 20.5);
  CHECK(c.deploy().facing() == 45);
  CHECK(command("deploy R2 (10,20) 135").deploy().facing() == 135);
  CHECK(command("deploy R2 10,20 -90").deploy().facing() == 270);
  CHECK(command("confirm").has_confirm_deployment());

  c = command("activate R2 move SHOOT");
  REQUIRE(c.has_activate());
  CHECK(c.activate().unit() == "R2");
  CHECK(c.activate().first() == rpb::MOVE);
  CHECK(c.activate().second() == rpb::SHOOT);
  CHECK(command("activate w-hq rally limber").activate().first() == rpb::RALLY);
  CHECK(command("activate R3 move assault").activate().second() == rpb::ASSAULT);

  // Without `face` the unit faces along its last leg: from 18,20 to 18,14 is north; from 18,14
  // to 22,14 east.
  c = command("move 18,14");
  REQUIRE(c.has_move());
  REQUIRE(c.move().waypoints_size() == 1);
  CHECK(c.move().waypoints(0).y() == 14);
  CHECK(c.move().facing() == 0);
  CHECK_FALSE(c.move().has_rail_at());
  CHECK(command("move 18,14 22,14").move().facing() == 90);
  c = command("move 18,14 22,14 face sw");
  CHECK(c.move().waypoints_size() == 2);
  CHECK(c.move().facing() == 225);
  c = command("pivot W");
  CHECK(c.move().waypoints_size() == 0);
  CHECK(c.move().facing() == 270);
  c = command("rail 30.5");
  CHECK(c.move().rail_at() == 30.5);
  CHECK(c.move().waypoints_size() == 0);

  c = command("shoot w2");
  REQUIRE(c.has_shoot());
  CHECK(c.shoot().target() == "W2");
  CHECK(c.shoot().observer().empty());
  c = command("shoot W2 via r-fao");
  CHECK(c.shoot().observer() == "R-FAO");
  c = command("shoot w-t1=R2 W-T2=r-hq");
  REQUIRE(c.shoot().cars_size() == 2);
  CHECK(c.shoot().cars(0).car() == "W-T1");
  CHECK(c.shoot().cars(0).target() == "R2");
  CHECK(c.shoot().cars(1).target() == "R-HQ");
  CHECK(command("assault W2").assault().target() == "W2");
  CHECK(command("skip").has_skip_action());
  CHECK(command("carry").has_carry_out());  // R48
  CHECK(command("end").has_end_turn());
  CHECK(command("concede").has_concede());
  CHECK_FALSE(RcwUi().parse(split("charge W2"), client::pack(reds_view())));
}

TEST_CASE("malformed RCW lines say what is wrong", "[cli][rcw]") {
  CHECK(error("deploy R2 10,20") == "usage: deploy UNIT X,Y BEARING, e.g. deploy R1 10,20 N");
  CHECK(error("deploy R2 10;20 N").rfind("\"10;20\" is not a point X,Y in inches", 0) == 0);
  CHECK(error("deploy R2 10,20 up").rfind("\"up\" is not a bearing: degrees", 0) == 0);
  CHECK(error("activate R2 move").rfind("usage: activate UNIT ACTION ACTION", 0) == 0);
  CHECK(error("activate R2 move dance").rfind("\"dance\" is not an action", 0) == 0);
  CHECK(error("move").rfind("usage: move WAYPOINT...", 0) == 0);
  CHECK(error("move 18,14 face").rfind("\"face\" is not a point", 0) == 0);
  CHECK(error("move 18,14 face left").rfind("\"left\" is not a bearing", 0) == 0);
  CHECK(error("pivot").rfind("usage: pivot BEARING", 0) == 0);
  CHECK(error("rail far").rfind("\"far\" is not a number of inches", 0) == 0);
  CHECK(error("shoot").rfind("usage: shoot TARGET [via OBSERVER]", 0) == 0);
  CHECK(error("shoot W2 with R-FAO").rfind("usage: shoot TARGET", 0) == 0);
  CHECK(error("shoot W-T1= W-T2=R2").rfind("\"W-T1=\" is not CAR=TARGET", 0) == 0);
  CHECK(error("assault") == "usage: assault TARGET, e.g. assault W2");
  CHECK(error("end now") == "usage: end (no arguments)");
  // A move with no unit being activated needs its facing.
  rpb::View idle = reds_view();
  idle.clear_active();
  const auto p = RcwUi().parse(split("move 10,10"), client::pack(idle));
  REQUIRE(p);
  CHECK(p->error.rfind("no unit of yours is being activated", 0) == 0);
  CHECK(command("move 10,10 face N", idle).move().facing() == 0);
  CHECK(command("move 10,10 12,10", idle).move().facing() == 90);
}

TEST_CASE("RCW commands read back as typed", "[cli][rcw]") {
  for (const char* line :
       {"deploy R2 10,20.5 45", "confirm", "activate R2 move shoot", "move 18,14 22,14 face 225",
        "pivot 270", "rail 30.5", "shoot W2", "shoot W2 via R-FAO", "shoot W-T1=R2 W-T2=R-HQ",
        "assault W2", "skip", "carry", "end", "concede"}) {
    CHECK(typed(command(line)) == line);
  }
}

TEST_CASE("RCW Tab completion offers units, actions, targets and bearings", "[cli][rcw]") {
  const RcwUi ui;
  const auto view = client::pack(reds_view());
  using V = std::vector<std::string>;
  CHECK(ui.complete({"deploy"}, view) == V{"R-HQ", "R2", "R-FAO", "R3"});
  CHECK(ui.complete({"deploy", "R2", "10,20"}, view) ==
        V{"N", "NE", "E", "SE", "S", "SW", "W", "NW"});
  CHECK(ui.complete({"activate"}, view) == V{"R-HQ", "R2", "R-FAO"});  // R3 has activated
  CHECK(ui.complete({"activate", "R2"}, view) == V{"move", "shoot", "limber", "rally", "assault"});
  CHECK(ui.complete({"move", "18,14"}, view) == V{"face"});
  CHECK(ui.complete({"move", "18,14", "face"}, view).front() == "N");
  CHECK(ui.complete({"shoot"}, view) == V{"W2", "W-T1", "W-T2"});
  CHECK(ui.complete({"shoot", "W2"}, view) == V{"via"});
  CHECK(ui.complete({"shoot", "W2", "via"}, view) == V{"R-HQ", "R-FAO"});
  CHECK(ui.complete({"assault"}, view) == V{"W2", "W-T1", "W-T2"});
  const auto words = ui.command_words();
  for (const char* w : {"deploy", "confirm", "activate", "move", "pivot", "rail", "shoot",
                        "assault", "skip", "carry", "end", "concede"}) {
    CHECK(std::find(words.begin(), words.end(), w) != words.end());
  }
}

}  // namespace grognard::clitest
