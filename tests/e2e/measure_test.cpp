// Measuring on the real server (docs/protocol.md, "Measuring"): any seat and any observer may
// measure; a unit the asker cannot see (RCW: deployed in secret, R19, R20) is answered exactly
// like an unknown id and does not block the line, and its own side measures it.
#include <catch2/catch.hpp>
#include <string>

#include "game.h"
#include "grognard/v1/rcw.pb.h"

namespace grognard::e2e {

namespace {

namespace rcw = ::grognard::v1::rcw;

// R19: `unit` deployed at (x, y) facing `facing` by its general.
void deploy(Client& c, const std::string& unit, double x, double y, double facing) {
  rcw::Command cmd;
  cmd.mutable_deploy()->set_unit(unit);
  cmd.mutable_deploy()->mutable_pos()->set_x(x);
  cmd.mutable_deploy()->mutable_pos()->set_y(y);
  cmd.mutable_deploy()->set_facing(facing);
  google::protobuf::Any any;
  any.PackFrom(cmd);
  auto r = c.command(any, "deploy-" + unit);
  INFO((r.ok() ? "" : client::describe(r.failure())));
  REQUIRE(r.ok());
}

v1::Measurement measured(Client& c, const std::string& from, const std::string& to) {
  auto m = c.measure(from, to);
  INFO(from << " -> " << to << ": " << (m.ok() ? "" : client::describe(m.failure())));
  REQUIRE(m.ok());
  return *m;
}

client::Failure refused(Client& c, const std::string& from, const std::string& to) {
  auto m = c.measure(from, to);
  INFO(from << " -> " << to);
  REQUIRE_FALSE(m.ok());
  return m.failure();
}

}  // namespace

TEST_CASE(
    "measuring on the server: concealed units are unknown names to the enemy and "
    "observers",
    "[e2e][measure][rcw][R19][R20][rcw.measure]") {
  ServerProcess server(kPlayFlags);
  Client reds = connect(server), whites = connect(server), observer = connect(server);
  auto room = reds.create_room("rcw", "intro", /*observers_allowed=*/true, false);
  REQUIRE(room.ok());
  REQUIRE(observer.join(room->invite_code(), "observer", "", "umpire").ok());
  REQUIRE(reds.join(room->invite_code(), "general", "side:0").ok());
  REQUIRE(whites.join(room->invite_code(), "general", "side:1").ok());
  // R19: both deploy in secret (scenarios/rcw/intro.textproto): R1 in the southern fields,
  // W1 in the northern fields, 15" apart on one line west of the copse.
  deploy(reds, "R1", 3, 20, 180);
  deploy(whites, "W1", 3, 5, 0);

  // Each general measures his own unit; the other's is unknown, in the same words as a name
  // that does not exist, and it does not stand in the line he measures.
  const auto own = measured(reds, "R1", "3,1");
  CHECK(own.distance() == "19\"");
  CHECK(own.value() == Approx(19));
  CHECK(own.line_of_sight() == "clear");
  REQUIRE(own.ranges_size() == 1);
  CHECK(own.ranges(0) == "infantry: out of range (reaches 12\", §1)");
  const client::Failure hidden = refused(reds, "R1", "W1");
  const client::Failure nothing = refused(reds, "R1", "W9");
  CHECK(hidden.code == v1::NOT_FOUND);
  CHECK(nothing.code == v1::NOT_FOUND);
  CHECK(hidden.clause == nothing.clause);
  CHECK(hidden.message ==
        "nothing called \"W1\" that you can see on the table: name a unit or figure, or a "
        "point \"x,y\"");
  CHECK(nothing.message ==
        "nothing called \"W9\" that you can see on the table: name a unit or figure, or a "
        "point \"x,y\"");
  const auto whites_line = measured(whites, "W1", "3,20");
  CHECK(whites_line.distance() == "15\"");
  CHECK(whites_line.line_of_sight() == "clear");  // R1 is hidden from the Whites
  CHECK(measured(whites, "3,20", "3,1").line_of_sight() ==
        "blocked by Officers' company (§10, R11)");  // their own W1 stands in it
  CHECK(refused(whites, "W1", "R1").message.find("\"R1\"") != std::string::npos);

  // An observer measures between points; every unit deployed in secret is hidden from him.
  const auto points = measured(observer, "3,20", "3,1");
  CHECK(points.distance() == "19\"");
  CHECK(points.line_of_sight() == "clear");
  CHECK(points.ranges_size() == 0);
  CHECK(refused(observer, "R1", "3,1").code == v1::NOT_FOUND);
  CHECK(refused(observer, "3,1", "W1").message ==
        "nothing called \"W1\" that you can see on the table: name a unit or figure, or a point "
        "\"x,y\"");
  // Bad points and names say what was wrong.
  CHECK(refused(observer, "3,1", "99,99").message ==
        "the point 99,99 is off the table (36\" by 24\")");
  CHECK(refused(observer, "", "3,1").code == v1::INVALID_ARGUMENT);
}

TEST_CASE("measuring on the server: an observer of Itchy & Scratchy measures between units",
          "[e2e][measure][itchy][itchy.measure]") {
  ServerProcess server(kPlayFlags);
  Client observer = connect(server);
  GameOptions options;
  options.observers_allowed = true;
  options.after_create = [&](const std::string& code) {
    REQUIRE(observer.join(code, "observer").ok());
  };
  Game g = start_game(server, options);
  // scenarios/itchy/intro.textproto: B1 (rifles) at 3,5 facing north, R2 at 2,0, the wood at
  // 1..2,2..3 between them.
  const auto m = measured(observer, "B1", "R2");
  CHECK(m.distance() == "6 squares");
  CHECK(m.line_of_sight() == "blocked by woods at (2,2) (I12)");
  CHECK(m.cover().empty());
  REQUIRE(m.ranges_size() == 1);
  CHECK(m.ranges(0) == "rifles & carbines: out of range (reaches 3 squares, §Combat)");
  CHECK(measured(g.players[1].client, "R1", "B1").value() == 6);
}

}  // namespace grognard::e2e
