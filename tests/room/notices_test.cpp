// Which notices a room writes (docs/notifications.md, room/notices.h): to players with an
// account and no connection open to the game; turns only when the seats acting change; the
// clock's warnings at 80% and 95% and the win on time to claim; the end of the game.

#include <catch2/catch.hpp>

#include "room/notices.h"

using namespace grognard;
using namespace grognard::room;

namespace {

NoticeGame game() {
  NoticeGame g;
  g.id = "g-1";
  g.title = "itchy: The Wells of Abu Hamra";
  g.invite_code = "K3M9QX";
  g.now_ms = 5000;
  g.seats = {{"side:0", "British", "general", 7, false},
             {"side:1", "Mahdists", "general", 8, false},
             {"observer:1", "observer", "observer", 9, false}};
  return g;
}

std::vector<std::string> keys(const std::vector<record::NoticeRecord>& ns) {
  std::vector<std::string> out;
  for (const auto& n : ns) out.push_back(n.key);
  return out;
}

}  // namespace

TEST_CASE("a turn notice goes to a seat that comes to act, with an account and not connected",
          "[room][notify]") {
  NoticeGame g = game();
  auto start = turn_notices(g, {}, {"side:0"}, 3);
  REQUIRE(start.size() == 1);
  const record::NoticeRecord& n = start[0];
  CHECK(n.key == "g-1/3/turn/side:0");
  CHECK(n.account_id == 7);
  CHECK(n.kind == "turn");
  CHECK(n.link == "/rooms/K3M9QX?seat=side:0");
  CHECK(n.created_ms == 5000);
  CHECK(n.text ==
        "Your move in itchy: The Wells of Abu Hamra (game g-1): the game waits for British.");

  CHECK(turn_notices(g, {"side:0"}, {"side:0"}, 4).empty());  // it goes on acting
  CHECK(keys(turn_notices(g, {"side:0"}, {"side:1"}, 5)) ==
        std::vector<std::string>{"g-1/5/turn/side:1"});
  g.seats[1].connected = true;  // a connection is open to the game on it
  CHECK(turn_notices(g, {"side:0"}, {"side:1"}, 5).empty());
  g.seats[1].connected = false;
  g.seats[1].account_id = 0;  // taken without an account
  CHECK(turn_notices(g, {"side:0"}, {"side:1"}, 5).empty());
}

TEST_CASE("a take-back offer is noticed to the seats asked, the end to every player",
          "[room][notify]") {
  NoticeGame g = game();
  auto offer = offer_notices(g, {"side:1"}, "side:0", 12);
  REQUIRE(offer.size() == 1);
  CHECK(offer[0].key == "g-1/12/take-back-5000/side:1");
  CHECK(offer[0].text.starts_with("British asks to take back their last command"));
  auto ended = ended_notices(g, "British win: the wells are held");
  CHECK(keys(ended) == std::vector<std::string>{"g-1/ended/side:0", "g-1/ended/side:1"});
  CHECK(ended[0].text.ends_with(": British win: the wells are held."));
}

TEST_CASE("a clock warns its seat at 80% and 95% used, and tells the others they may claim",
          "[room][notify][clock]") {
  NoticeGame g = game();
  const std::int64_t day = 86'400'000;
  CHECK(clock_notices(g, "side:0", 1000, day, day / 2).empty());
  auto at80 = clock_notices(g, "side:0", 1000, day, day / 5);
  REQUIRE(at80.size() == 1);
  CHECK(at80[0].key == "g-1/1000/time-80/side:0");
  CHECK(at80[0].kind == "time-short");
  auto at95 = clock_notices(g, "side:0", 1000, day, day / 20);
  REQUIRE(at95.size() == 1);  // past both: the later alone
  CHECK(at95[0].key == "g-1/1000/time-95/side:0");

  auto out = clock_notices(g, "side:0", 1000, day, 0);
  REQUIRE(out.size() == 1);
  CHECK(out[0].key == "g-1/1000/timeout/side:0/side:1");
  CHECK(out[0].account_id == 8);
  CHECK(out[0].kind == "timeout");

  // With a referee, only the referee may claim.
  g.seats.push_back({"referee", "Referee", "referee", 10, false});
  auto refereed = clock_notices(g, "side:0", 1000, day, 0);
  REQUIRE(refereed.size() == 1);
  CHECK(refereed[0].seat_id == "referee");
}
