// Clocks in the terminal client (docs/client.md, "Clocks"): time left in words, each seat's
// clock on a room's line counted down from its reading, `claim` and `grant` read from a line,
// your games' time left and a claim waiting, and the vacation's line on `account`.
#include <catch2/catch.hpp>

#include "commands/clock_text.h"
#include "commands/vacation_cmd.h"
#include "play/clock_line.h"
#include "play/layout.h"
#include "play/play_line.h"

namespace grognard::cli {

namespace {

constexpr std::int64_t kMinute = 60'000;
constexpr std::int64_t kHour = 60 * kMinute;
constexpr std::int64_t kDay = 24 * kHour;

v1::SeatClock seat_clock(const std::string& seat, std::int64_t left, bool running,
                         bool paused = false, bool out = false) {
  v1::SeatClock c;
  c.set_seat_id(seat);
  c.set_left_ms(left);
  c.set_running(running);
  c.set_paused(paused);
  c.set_out_of_time(out);
  return c;
}

// An Itchy & Scratchy room of British (side:0) and Boers (side:1) on "days 3".
GameState days_room() {
  GameState st;
  st.seat_id = "side:0";
  st.role = "general";
  st.status = "running";
  v1::RoomInfo& r = st.room;
  r.set_status("running");
  r.set_time_control("days 3");
  r.set_time_control_text("3 days per move");
  for (const auto& [id, label] : {std::pair{"side:0", "British"}, {"side:1", "Boers"}}) {
    auto* s = r.add_seats();
    s->set_seat_id(id);
    s->set_label(label);
    s->set_role("general");
  }
  *r.add_clocks() = seat_clock("side:0", 3 * kDay, false);
  *r.add_clocks() = seat_clock("side:1", kDay + 4 * kHour + 59 * kMinute, true);
  return st;
}

}  // namespace

TEST_CASE("time left reads in days and hours, hours and minutes, or minutes and seconds",
          "[cli][clock]") {
  CHECK(duration_text(3 * kDay) == "3 days");
  CHECK(duration_text(kDay + 4 * kHour + 30 * kMinute) == "1 day 4 hours");
  CHECK(duration_text(kHour) == "1 hour");
  CHECK(duration_text(5 * kHour + 12 * kMinute + 999) == "5 hours 12 minutes");
  CHECK(duration_text(12 * kMinute + 34'000) == "12:34");
  CHECK(duration_text(12 * kMinute + 33'001) == "12:34");  // a second begun still shows
  CHECK(duration_text(0) == "0:00");
  CHECK(duration_text(-5) == "0:00");
}

TEST_CASE("a seat's clock: running counts down from its reading, paused and out of time do not",
          "[cli][clock]") {
  const auto running = seat_clock("side:1", 2 * kHour, true);
  CHECK(clock_left(running, 30 * kMinute) == 90 * kMinute);
  CHECK(seat_clock_text(running, 30 * kMinute) == "1 hour 30 minutes, running");
  CHECK(seat_clock_text(running, 2 * kHour - 61'000) == "1:01, running");
  CHECK(seat_clock_text(running, 3 * kHour) == "OUT OF TIME");  // ran out since it was read
  const auto stopped = seat_clock("side:0", 2 * kDay, false);
  CHECK(seat_clock_text(stopped, 5 * kHour) == "2 days");
  const auto paused = seat_clock("side:0", 2 * kDay, true, true);
  CHECK(seat_clock_text(paused, 5 * kHour) == "2 days, paused");
  const auto out = seat_clock("side:0", 0, true, false, true);
  CHECK(seat_clock_text(out, 0) == "OUT OF TIME");
}

TEST_CASE("a room's clocks on one line, each seat by its label", "[cli][clock]") {
  const GameState st = days_room();
  CHECK(clocks_text(st.room, 0) == "3 days per move: British 3 days; Boers 1 day 4 hours, running");
  CHECK(clocks_text(st.room, 5 * kHour) ==
        "3 days per move: British 3 days; Boers 23 hours 59 "
        "minutes, running");
  v1::RoomInfo plain;
  CHECK(clocks_text(plain, 0).empty());
  GameState none;
  CHECK(clock_line(none).empty());  // the play screen has no clocks' line without a control
}

TEST_CASE("the play screen has the clocks' line under whose turn it is, counted down to now",
          "[cli][clock][layout]") {
  GameState st = days_room();
  st.to_act = "Turn 1 — Boers: choose to go first or second";
  st.room.set_clocks_at_ms(now_ms() - 5 * kHour);  // read five hours ago
  const auto screen = fit_screen(st, nullptr, Style(false), {}, ScreenSize{24, 80}, std::nullopt);
  std::size_t turn = 0;
  while (turn < screen.lines.size() && screen.lines[turn] != st.to_act) ++turn;
  REQUIRE(turn + 1 < screen.lines.size());
  CHECK(screen.lines[turn + 1] ==
        "Clocks, 3 days per move: British 3 days; Boers 23 hours 59 minutes, running");
  CHECK(screen.lines.size() <= 23);  // still one line shorter than the terminal
}

TEST_CASE("claim and grant read from a line, and bad ones refused saying what was wrong",
          "[cli][clock]") {
  const GameState st = days_room();
  Action a = interpret("claim", nullptr, st);
  CHECK(a.kind == Action::kClaim);
  CHECK(a.seat.empty());
  a = interpret("CLAIM boers", nullptr, st);
  CHECK(a.kind == Action::kClaim);
  CHECK(a.seat == "side:1");
  a = interpret("grant Boers 12", nullptr, st);
  REQUIRE(a.kind == Action::kGrant);
  CHECK(a.seat == "side:1");
  CHECK(a.hours == 12);
  CHECK(a.minutes == 0);
  a = interpret("grant side:1 30m", nullptr, st);
  CHECK(a.minutes == 30);
  CHECK(a.hours == 0);
  CHECK(interpret("grant boers 2d", nullptr, st).hours == 48);
  CHECK(interpret("grant boers 5h", nullptr, st).hours == 5);

  a = interpret("grant Zulus 12", nullptr, st);
  CHECK(a.kind == Action::kError);
  CHECK(a.text.find("no seat \"Zulus\"") != std::string::npos);
  a = interpret("grant Boers soon", nullptr, st);
  CHECK(a.kind == Action::kError);
  CHECK(a.text.find("\"soon\" is not a time to grant") != std::string::npos);
  CHECK(interpret("grant Boers", nullptr, st).text.find("usage: grant SEAT HOURS") == 0);
  CHECK(interpret("claim Boers now", nullptr, st).text.find("usage: claim [SEAT]") == 0);
  GameState watching = st;
  watching.seat_id = "observer:1";
  watching.role = "observer";
  CHECK(interpret("claim", nullptr, watching).text == "observers cannot claim nor grant time");

  CHECK(help_for(nullptr, "claim").front() == "claim [SEAT]");
  CHECK(help_for(nullptr, "grant").back() == "  example: grant Boers 12");

  CHECK_FALSE(parse_grant(""));
  CHECK_FALSE(parse_grant("h"));
  CHECK_FALSE(parse_grant("12x"));
  CHECK_FALSE(parse_grant("1234567"));
}

TEST_CASE("the answers to claim and grant in words", "[cli][clock]") {
  const GameState st = days_room();
  v1::RoomInfo after = st.room;
  after.set_status("finished");
  Action claim;
  claim.kind = Action::kClaim;
  CHECK(clock_answer(after, claim, st) == "done: the win on time is claimed; the game is finished");
  Action grant;
  grant.kind = Action::kGrant;
  grant.seat = "side:1";
  after.mutable_clocks(1)->set_left_ms(12 * kHour);
  CHECK(clock_answer(after, grant, st) == "done: Boers now has 12 hours, running");
}

TEST_CASE("your games: the time left on your clock, or a win on time to claim",
          "[cli][clock][accounts.your-games]") {
  v1::MyGame g;
  g.mutable_game()->set_status("running");
  CHECK(my_game_clock_text(g).empty());  // no time control
  g.mutable_game()->set_time_control("days 2");
  g.set_time_left_ms(kDay + 3 * kHour);
  CHECK(my_game_clock_text(g) == "  1 day 3 hours left");
  g.set_time_left_ms(0);
  CHECK(my_game_clock_text(g) == "  OUT OF TIME");
  g.set_may_claim(true);  // both ran out together
  CHECK(my_game_clock_text(g) == "  OUT OF TIME; you may claim a win on time");
  g.set_time_left_ms(kDay);
  CHECK(my_game_clock_text(g) == "  you may claim a win on time");
  g.set_may_claim(false);
  g.mutable_game()->set_status("finished");
  CHECK(my_game_clock_text(g).empty());
}

TEST_CASE("the account's vacation in words", "[cli][clock][clock.vacation]") {
  v1::AccountState s;
  s.set_vacation_days_left(14);
  CHECK(vacation_text(s) == "not on vacation; 14 days of vacation left this year");
  s.set_vacation_until_ms(1'796'000'400'000);  // 2026-11-30 01:00 UTC
  s.set_vacation_days_left(1);
  CHECK(vacation_text(s) ==
        "on vacation until 2026-11-30 01:00 UTC (your clocks stand still); "
        "1 day of vacation left this year");
}

}  // namespace grognard::cli
