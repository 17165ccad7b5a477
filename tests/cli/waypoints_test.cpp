// Moves aimed as a player aims them (issue of precision: the table rounds to 0.1"): a distance
// on a bearing "N@B" and "toward TARGET [N]", each from the waypoint before, worked out to the
// exact inch from the mover's exact position.
#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>

#include "render/sharpe_ui.h"
#include "render/words.h"
#include "sharpe_village.h"

namespace grognard::clitest {

namespace {

using cli::words::Xy;

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

cli::words::Waypoints path(const std::string& line) {
  const auto place = [](const std::string& id) -> std::optional<Xy> {
    if (id == "church") return Xy{10, 6};
    return std::nullopt;
  };
  return cli::words::waypoints_of(split(line), 0, Xy{10, 10}, place);
}

}  // namespace

TEST_CASE("a waypoint may be a point, a distance on a bearing, or toward something", "[cli]") {
  auto p = path("3@E 2@S");
  REQUIRE(p.error.empty());
  REQUIRE(p.points.size() == 2);
  CHECK(p.points[0].x == Approx(13));
  CHECK(p.points[0].y == Approx(10));
  CHECK(p.points[1].x == Approx(13));
  CHECK(p.points[1].y == Approx(12));  // y grows south
  p = path("1.5@45");
  CHECK(p.points[0].x == Approx(10 + 1.5 * std::sqrt(0.5)));
  CHECK(p.points[0].y == Approx(10 - 1.5 * std::sqrt(0.5)));
  p = path("toward church 1.25");
  CHECK(p.points[0].x == Approx(10));
  CHECK(p.points[0].y == Approx(8.75));
  p = path("toward church");  // all the way
  CHECK(p.points[0].y == Approx(6));
  p = path("toward church 9");  // never beyond it
  CHECK(p.points[0].y == Approx(6));
  p = path("12,14 toward 12,20 2");
  REQUIRE(p.points.size() == 2);
  CHECK(p.points[1].y == Approx(16));
}

TEST_CASE("a waypoint that is none of those says what it is not", "[cli]") {
  CHECK(path("3@up").error == "\"3@up\" is not a distance on a bearing (e.g. 3@NE or 2.5@135)");
  CHECK(path("-2@N").error.starts_with("\"-2@N\" is not a distance"));
  CHECK(path("toward").error == "toward what? e.g. toward voltigeur-2 3");
  CHECK(path("toward mill 2").error == "no \"mill\" to move toward (a figure, or X,Y)");
  CHECK(path("toward church 0").error == "move toward church by more than nothing");
  CHECK(path("home").error ==
        "\"home\" is not a point X,Y in inches, a distance on a bearing N@B, or toward TARGET [N]");
  CHECK(path("3@E home").points.empty());
}

TEST_CASE("a Sharpe move aimed toward a figure lands at the exact inch", "[cli][sharpe][S15]") {
  Village g;
  auto p = cli::SharpeUi().parse(split("move sharpe toward lawford 2 1@N"), g.any());
  REQUIRE(p);
  INFO(p->error);
  REQUIRE(p->command);
  spb::Command c;
  REQUIRE(p->command->UnpackTo(&c));
  REQUIRE(c.move().waypoints_size() == 2);
  // Sharpe stands at 6,42, Lawford at 12,44: 2" along (6,2)/|(6,2)|.
  const double len = std::hypot(6.0, 2.0);
  CHECK(c.move().waypoints(0).x() == Approx(6 + 12 / len));
  CHECK(c.move().waypoints(0).y() == Approx(42 + 4 / len));
  CHECK(c.move().waypoints(1).y() == Approx(42 + 4 / len - 1));
  CHECK_FALSE(c.move().crawl());
  p = cli::SharpeUi().parse(split("move sharpe 2@W crawl"), g.any());
  REQUIRE(p->command);
  REQUIRE(p->command->UnpackTo(&c));
  CHECK(c.move().crawl());
  CHECK(c.move().waypoints(0).x() == Approx(4));
}

}  // namespace grognard::clitest
