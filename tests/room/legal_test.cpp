// get_legal (room/room_play.cpp, Room::legal): the list of a seat is kept until the state
// changes, so asking again costs nothing, and a command's events make it anew.
#include <catch2/catch.hpp>

#include "world.h"

using namespace grognard;
using grognard::testing::FakePeer;
using grognard::testing::Table;

namespace {

std::vector<std::string> legal(Table& t, const std::shared_ptr<FakePeer>& peer) {
  v1::ClientMessage m;
  m.mutable_get_legal();
  auto answer = t.w.ask(peer, m);
  REQUIRE(answer.has_legal());
  std::vector<std::string> out;
  for (const auto& any : answer.legal().commands()) out.push_back(any.value());
  return out;
}

}  // namespace

TEST_CASE("get_legal asked again at the same state answers the same, and anew after a command",
          "[room][legal][perf.legal]") {
  Table t;
  const std::vector<std::string> acting{"add 1", "reveal"};
  CHECK(legal(t, t.north) == acting);
  CHECK(legal(t, t.north) == acting);  // kept
  CHECK(legal(t, t.south).empty());    // each seat its own

  REQUIRE(t.w.command(t.north, "add 1", "c1").has_command_result());
  CHECK(legal(t, t.north).empty());  // its turn is over
  CHECK(legal(t, t.south) == acting);

  REQUIRE(t.w.command(t.south, "reveal", "c2").has_command_result());
  CHECK(legal(t, t.north).empty());  // the game is over
  CHECK(legal(t, t.south).empty());
}
