// Time controls on the real server (docs/clocks.md), with a clock the tests move forward
// (grognard-server-testclock): the clocks shown on the room, a seat out of time and the win
// claimed on it, time granted, the time the server was down charged to nobody, a vacation that
// stops an account's clocks, and "your games" naming the claim waiting.
#include <catch2/catch.hpp>

#include "accounts_game.h"

#ifndef GROGNARD_CLOCK_SERVER_BIN
#error "GROGNARD_CLOCK_SERVER_BIN must name grognard-server-testclock"
#endif

namespace grognard::e2e {

namespace {

v1::RoomInfo room_info(Client& c, const std::string& game_id) {
  auto rooms = c.list_rooms();
  REQUIRE(rooms.ok());
  for (const auto& r : rooms->rooms()) {
    if (r.game_id() == game_id) return r;
  }
  FAIL("game " << game_id << " is not listed");
  return {};
}

const v1::SeatClock& clock_of(const v1::RoomInfo& info, const std::string& seat) {
  for (const auto& c : info.clocks()) {
    if (c.seat_id() == seat) return c;
  }
  FAIL("no clock for " << seat);
  return info.clocks(0);
}

// Two generals seated in a game of Itchy & Scratchy with time control `line`, begun.
Game timed_game(const ServerProcess& server, const std::string& line) {
  GameOptions options;
  options.time_control = line;
  return start_game(server, options);
}

std::vector<v1::SystemNote> clock_notes(Player& p) {
  std::vector<v1::SystemNote> out;
  for (const v1::SystemNote& n : system_notes(p.events)) {
    if (n.has_clock()) out.push_back(n);
  }
  return out;
}

// Reads pushes until `p` has seen a system note about the clock `kind`.
void await_clock_note(Player& p, const std::string& kind) {
  for (int i = 0; i < 20; ++i) {
    for (const auto& n : clock_notes(p)) {
      if (n.clock().kind() == kind) return;
    }
    auto push = p.client.next_push(kWait);
    REQUIRE(push.ok());
    absorb(p, *push);
  }
  FAIL("no clock note " << kind);
}

}  // namespace

TEST_CASE("a time control is chosen at creation, shown on the room, and refused when malformed",
          "[e2e][clock][clock.time-control]") {
  TestClock clock;
  ServerProcess server(kPlayFlags, GROGNARD_CLOCK_SERVER_BIN);
  Client c = connect(server);
  auto bad = c.create_room("itchy", "intro", false, false, "days 30");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.failure().code == v1::INVALID_ARGUMENT);
  CHECK(bad.failure().clause == "clock.time-control");
  CHECK(bad.failure().message.find("days per move are 1 to 14") != std::string::npos);

  auto room = c.create_room("itchy", "intro", false, false, "pace normal");
  REQUIRE(room.ok());
  CHECK(room->time_control() == "pace 3d+1d/5d");
  CHECK(room->time_control_text() == "3 days to begin, 1 day more a move, at most 5 days");
  REQUIRE(room->clocks_size() == 2);  // the two generals', not running before the game begins
  for (const auto& sc : room->clocks()) {
    CHECK_FALSE(sc.running());
    CHECK(sc.left_ms() == 3 * kDay);
  }
  auto plain = c.create_room("itchy", "intro");
  REQUIRE(plain.ok());
  CHECK(plain->time_control().empty());
  CHECK(plain->clocks_size() == 0);
}

TEST_CASE("a general out of time loses when the other claims the win, said in the game's log",
          "[e2e][clock][clock.claim][clock.days]") {
  TestClock clock;
  ServerProcess server(kPlayFlags, GROGNARD_CLOCK_SERVER_BIN);
  Game g = timed_game(server, "days 2");
  Player& slow = to_act(g);
  Player& waiting = other(g, slow);

  const v1::RoomInfo before = room_info(waiting.client, g.game_id);
  CHECK(clock_of(before, slow.seat).running());
  CHECK(clock_of(before, slow.seat).left_ms() > 2 * kDay - kHour);
  CHECK_FALSE(clock_of(before, waiting.seat).running());
  auto early = waiting.client.claim_timeout(slow.seat);
  REQUIRE_FALSE(early.ok());
  CHECK(early.failure().code == v1::FAILED_PRECONDITION);
  CHECK(early.failure().clause == "clock.claim");
  CHECK(early.failure().message.find("is not out of time: 1 day 23 hours left") !=
        std::string::npos);

  clock.forward(2 * kDay + kHour);
  const v1::RoomInfo late = room_info(waiting.client, g.game_id);
  CHECK(clock_of(late, slow.seat).out_of_time());
  CHECK(clock_of(late, slow.seat).left_ms() == 0);
  // Nobody ended it behind the players' backs; the one out of time may not claim for itself.
  CHECK(late.status() == "running");
  auto self = slow.client.claim_timeout();
  REQUIRE_FALSE(self.ok());
  CHECK(self.failure().message == "a seat may not claim a win on time for itself");

  auto won = waiting.client.claim_timeout();
  INFO((won.ok() ? "" : won.failure().message));
  REQUIRE(won.ok());
  CHECK(won->status() == "finished");
  await_clock_note(slow, "claim");
  const auto notes = clock_notes(slow);
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].clock().seat_id() == slow.seat);
  CHECK(notes[0].clock().by_seat() == waiting.seat);
  CHECK(notes[0].result().find("win on time") != std::string::npos);
  CHECK(notes[0].result().find("ran out of time") != std::string::npos);
  CHECK_FALSE(notes[0].seed().empty());  // the game is over: its dice may be checked
  auto ended = games_with_status(waiting.client, "finished");
  REQUIRE(ended.size() == 1);
  CHECK(ended[0].result() == notes[0].result());
  CHECK(ended[0].time_control() == "days 2");
}

TEST_CASE("time granted to a general out of time lets the game go on, and is in its log",
          "[e2e][clock][clock.grant]") {
  TestClock clock;
  ServerProcess server(kPlayFlags, GROGNARD_CLOCK_SERVER_BIN);
  Game g = timed_game(server, "days 1");
  Player& slow = to_act(g);
  Player& waiting = other(g, slow);
  clock.forward(3 * kDay);
  auto bad = waiting.client.grant_time(slow.seat, 0, 0);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.failure().clause == "clock.grant");
  auto granted = waiting.client.grant_time(slow.seat, 5);
  REQUIRE(granted.ok());
  CHECK_FALSE(clock_of(*granted, slow.seat).out_of_time());
  CHECK(clock_of(*granted, slow.seat).left_ms() > 5 * kHour - 60'000);
  CHECK(clock_of(*granted, slow.seat).left_ms() <= 5 * kHour);
  await_clock_note(slow, "grant");
  CHECK(clock_notes(slow)[0].clock().granted_ms() == 5 * kHour);
  auto claim = waiting.client.claim_timeout(slow.seat);
  REQUIRE_FALSE(claim.ok());
  CHECK(claim.failure().clause == "clock.claim");
}

TEST_CASE("the time the server was down is charged to no clock",
          "[e2e][clock][clock.paused][reliability]") {
  TestClock clock;
  ServerProcess server(kPlayFlags, GROGNARD_CLOCK_SERVER_BIN);
  Game g = timed_game(server, "days 1");
  const std::string acting = to_act(g).seat;
  server.kill();  // a crash
  clock.forward(20 * kHour);
  server.restart();
  Client c = connect(server);
  const v1::RoomInfo info = room_info(c, g.game_id);
  CHECK(clock_of(info, acting).running());
  // Only the seconds before the crash were charged, not the 20 hours it was down.
  CHECK(clock_of(info, acting).left_ms() > kDay - 5 * 60'000);
  CHECK(server.log().find("no clock is charged for it") != std::string::npos);
}

TEST_CASE("a vacation stops an account's clocks, and back early the days not begun return",
          "[e2e][clock][clock.vacation][accounts]") {
  TestClock clock;
  ServerProcess server(kPlayFlags, GROGNARD_CLOCK_SERVER_BIN);
  Game g = accounts_game(server, "days 1");
  Player& away = to_act(g);
  Player& home = other(g, away);

  auto none = away.client.end_vacation();
  REQUIRE_FALSE(none.ok());
  CHECK(none.failure().message == "you are not on vacation");
  auto too_long = away.client.take_vacation(15);
  REQUIRE_FALSE(too_long.ok());
  CHECK(too_long.failure().clause == "clock.vacation");
  auto state = away.client.take_vacation(3);
  REQUIRE(state.ok());
  CHECK(state->vacation_until_ms() > 0);
  CHECK(state->vacation_days_left() == 11);
  CHECK(state->logged_in());

  clock.forward(2 * kDay - kHour);
  v1::RoomInfo info = room_info(home.client, g.game_id);
  CHECK(clock_of(info, away.seat).paused());
  CHECK(clock_of(info, away.seat).left_ms() > kDay - 5 * 60'000);
  auto mine = away.client.list_my_games();
  REQUIRE(mine.ok());
  REQUIRE(mine->games_size() == 1);
  CHECK(mine->games(0).your_action());
  CHECK(mine->games(0).time_left_ms() > kDay - 5 * 60'000);

  auto back = away.client.end_vacation();
  REQUIRE(back.ok());
  CHECK(back->vacation_until_ms() == 0);
  CHECK(back->vacation_days_left() == 12);  // two days begun of the three
  auto who = away.client.who_am_i();
  REQUIRE(who.ok());
  CHECK(who->vacation_days_left() == 12);

  // Now the clock runs: a day later the other general may claim, and his list says so.
  clock.forward(kDay + kHour);
  auto theirs = home.client.list_my_games();
  REQUIRE(theirs.ok());
  REQUIRE(theirs->games_size() == 1);
  CHECK(theirs->games(0).may_claim());
  CHECK(theirs->games(0).your_action());
  CHECK(theirs->waiting_for_you() == 1);
  REQUIRE(home.client.claim_timeout().ok());
}

}  // namespace grognard::e2e

namespace grognard::e2e {

TEST_CASE("in a refereed game the referee has no clock and alone decides on time",
          "[e2e][clock][clock.claim][sharpe]") {
  TestClock clock;
  ServerProcess server(kPlayFlags, GROGNARD_CLOCK_SERVER_BIN);
  const std::vector<std::string> seats = {"referee", "player:british", "player:french",
                                          "player:partisans"};
  std::vector<Player> ps;
  for (std::size_t i = 0; i < seats.size(); ++i) ps.emplace_back(connect(server));
  auto room = ps[0].client.create_room("sharpe", "village", false, false, "live 5");
  REQUIRE(room.ok());
  CHECK(room->clocks_size() == 3);  // the players', never the referee's
  for (std::size_t i = 0; i < seats.size(); ++i) {
    auto seated = ps[i].client.join(room->invite_code(), i == 0 ? "referee" : "player", seats[i]);
    REQUIRE(seated.ok());
    ps[i].seat = seats[i];
    absorb(ps[i], *seated);
  }
  // Until a player is to act, the referee acts with the first command the server lists.
  std::string running;
  for (int step = 0; step < 10 && running.empty(); ++step) {
    const v1::RoomInfo info = room_info(ps[1].client, room->game_id());
    for (const auto& c : info.clocks()) {
      CHECK(c.seat_id() != "referee");
      if (c.running()) running = c.seat_id();
    }
    if (!running.empty()) break;
    auto legal = ps[0].client.legal();
    REQUIRE(legal.ok());
    REQUIRE(legal->commands_size() > 0);
    auto done = ps[0].client.command(legal->commands(0), next_command_id(ps[0]));
    REQUIRE(done.ok());
  }
  REQUIRE_FALSE(running.empty());
  clock.forward(6 * 60'000);
  Player& bystander = running == "player:british" ? ps[2] : ps[1];
  auto refused = bystander.client.claim_timeout(running);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().message ==
        "in a game with a referee only the referee may claim a win on time");
  auto ended = ps[0].client.claim_timeout(running);
  INFO((ended.ok() ? "" : ended.failure().message));
  REQUIRE(ended.ok());
  CHECK(ended->status() == "finished");
  auto games = games_with_status(ps[0].client, "finished");
  REQUIRE(games.size() == 1);
  CHECK(games[0].result().rfind("ended by the referee on time: ", 0) == 0);
}

}  // namespace grognard::e2e

namespace grognard::e2e {

TEST_CASE("two generals with accounts play over days from two devices each, on a pace",
          "[e2e][clock][clock.pace][accounts]") {
  TestClock clock;
  ServerProcess server(kPlayFlags, GROGNARD_CLOCK_SERVER_BIN);
  Game g = accounts_game(server, "pace normal");
  // Each general's phone: logged in to the account, the seat resumed without its token.
  std::vector<Client> phones;
  for (int i = 0; i < 2; ++i) {
    phones.push_back(connect(server));
    REQUIRE(phones[i].log_in(i == 0 ? "Anna" : "Boris", kAccountPassword).ok());
    auto seated = phones[i].resume_account_seat(g.game_id, g.players[i].seat, 0);
    REQUIRE(seated.ok());
    CHECK(seated->room().time_control() == "pace 3d+1d/5d");
    CHECK(seated->room().clocks_size() == 2);
  }
  // The general to act takes five hours over his move, then plays it from his desk.
  const std::string first = to_act(g).seat;
  clock.forward(5 * kHour);
  for (int i = 0; i < 200 && to_act(g).seat == first && !finished(g); ++i) step(g);
  REQUIRE(to_act(g).seat != first);
  // His phone was told, with the clocks: 3 days, less the move, plus a day.
  const int mine = side_of(first);
  std::optional<v1::EventBatch> last;
  while (auto push = phones[mine].next_push(kQuiet)) {
    if (push->has_events()) last = push->events();
  }
  REQUIRE(last);
  REQUIRE(last->clocks_size() == 2);
  const v1::RoomInfo info = room_info(phones[1 - mine], g.game_id);
  const std::int64_t left = clock_of(info, first).left_ms();
  CHECK(left <= 4 * kDay - 5 * kHour);
  CHECK(left > 4 * kDay - 5 * kHour - 60'000);
  CHECK_FALSE(clock_of(info, first).running());
  // The other's list, on his phone, has the game waiting for him with his time.
  auto theirs = phones[1 - mine].list_my_games();
  REQUIRE(theirs.ok());
  REQUIRE(theirs->games_size() == 1);
  CHECK(theirs->games(0).your_action());
  CHECK(theirs->games(0).time_left_ms() > 0);
  CHECK(theirs->games(0).game().time_control() == "pace 3d+1d/5d");
}

}  // namespace grognard::e2e

namespace grognard::e2e {

TEST_CASE("grants are events: a game's bound on events holds them, and a claim still ends it",
          "[e2e][clock][clock.grant][limits]") {
  TestClock clock;
  std::vector<std::string> flags = kPlayFlags;
  flags.insert(flags.end(), {"--max-game-events", "30"});
  ServerProcess server(flags, GROGNARD_CLOCK_SERVER_BIN);
  Game g = timed_game(server, "days 1");
  Player& slow = to_act(g);
  Player& waiting = other(g, slow);
  int granted = 0;
  for (; granted < 40; ++granted) {
    auto r = waiting.client.grant_time(waiting.seat == "side:0" ? "side:1" : "side:0", 1);
    if (!r.ok()) {
      CHECK(r.failure().code == v1::RESOURCE_EXHAUSTED);
      CHECK(r.failure().message.find("--max-game-events 30") != std::string::npos);
      break;
    }
  }
  CHECK(granted < 30);
  clock.forward(3 * kDay);
  auto won = waiting.client.claim_timeout(slow.seat);
  INFO((won.ok() ? "" : won.failure().message));
  CHECK(won.ok());
}

}  // namespace grognard::e2e
