#include "table.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <cstdio>

#include "driver_seat.h"
#include "grognard/v1/itchy.pb.h"

namespace grognard::bench {

namespace {

using Answer = std::optional<v1::ServerMessage>;

void complain(const std::string& what, const Answer& a) {
  static int told = 0;
  if (++told > 10) return;
  std::fprintf(stderr, "%s: %s\n", what.c_str(),
               !a               ? "no answer"
               : a->has_error() ? a->error().message().c_str()
                                : "unexpected");
}

}  // namespace

asio::awaitable<bool> ready(Driver& d, Player& p) {
  if (p.conn && p.conn->is_open() && !p.game_id.empty()) {
    v1::ClientMessage leave;
    leave.mutable_leave();
    Answer a = co_await p.conn->request(std::move(leave), d.options.timeout);
    if (a && !a->has_error()) {
      Player fresh;
      fresh.conn = std::move(p.conn);
      p = std::move(fresh);
      p.watch(d.ledger);
      co_return true;
    }
  }
  if (p.conn && p.conn->is_open() && p.game_id.empty()) co_return true;
  p = Player{};
  co_return co_await reliability::connect(d, p);
}

asio::awaitable<bool> open_table(Driver& d, Table& t, const TableOptions& options) {
  t.observers.resize(static_cast<std::size_t>(options.observers));
  for (auto& o : t.observers) {
    if (!o) o = std::make_unique<Player>();
  }
  for (Player& p : t.p) {
    if (!co_await ready(d, p)) co_return false;
  }
  v1::ClientMessage m;
  m.mutable_create_room()->set_ruleset("itchy");
  m.mutable_create_room()->set_scenario(options.scenario);
  m.mutable_create_room()->set_observers_allowed(true);
  m.mutable_create_room()->set_unlisted(true);
  Answer room = co_await t.p[0].conn->request(std::move(m), d.options.timeout);
  if (!room || !room->has_room()) {
    complain("create_room", room);
    co_return false;
  }
  t.invite = room->room().invite_code();
  for (int i = 0; i < 2; ++i) {
    if (!co_await reliability::join(d, t.p[i], t.invite, "general", "side:" + std::to_string(i))) {
      co_return false;
    }
  }
  for (auto& o : t.observers) {
    if (!co_await ready(d, *o)) co_return false;
    if (!co_await reliability::join(d, *o, t.invite, "observer", "")) co_return false;
  }
  t.seen = std::max(t.p[0].last_seq, t.p[1].last_seq);
  co_return true;
}

asio::awaitable<std::uint64_t> send(Driver& d, Player& p, google::protobuf::Any command, Window& w,
                                    Clock::time_point intended) {
  v1::ClientMessage m;
  m.mutable_command()->set_command_id("c" + std::to_string(++p.sent));
  *m.mutable_command()->mutable_command() = std::move(command);
  Answer a = co_await p.conn->request(std::move(m), d.options.timeout);
  if (a && a->has_command_result()) {
    w.done(intended);
    co_return a->command_result().last_seq();
  }
  ++(a ? w.rejected : w.failures);
  complain("game " + p.game_id + " " + p.seat + " command " + std::to_string(p.sent), a);
  co_return 0;
}

asio::awaitable<bool> caught_up(Driver& d, Table& t) {
  for (int spin = 0; spin < 200'000; ++spin) {
    if (t.p[0].last_seq >= t.seen && t.p[1].last_seq >= t.seen) co_return true;
    if (!t.p[0].conn->is_open() || !t.p[1].conn->is_open()) co_return false;
    if (spin < 100) {
      co_await asio::post(d.io, asio::use_awaitable);
    } else {
      co_await d.sleep(Millis(1));
    }
  }
  co_return false;
}

int acting(const Table& t) {
  for (int i = 0; i < 2; ++i) {
    for (const std::string& s : t.p[i].acting) {
      if (s == t.p[i].seat) return i;
    }
  }
  return -1;
}

google::protobuf::Any choose_order(int chooser) {
  v1::itchy::Command c;
  c.mutable_choose_order()->set_go_first(chooser == 0);
  google::protobuf::Any any;
  any.PackFrom(c);
  return any;
}

asio::awaitable<bool> replay(Driver& d, Table& t, const std::vector<Step>& game, Pacer& pace,
                             Window& w) {
  asio::steady_timer timer(d.io);
  for (const Step& step : game) {
    if (w.stop) co_return true;
    int seat = step.seat;
    if (seat < 0) {
      if (!co_await caught_up(d, t)) co_return false;
      seat = acting(t);
      if (seat < 0) co_return false;
    }
    Clock::time_point intended = Clock::now();
    if (pace.open_loop()) {
      intended = pace.next;
      pace.next += pace.interval;
      timer.expires_at(intended);
      co_await timer.async_wait(asio::as_tuple(asio::use_awaitable));
    }
    // Named, not a temporary inside the co_await: GCC 12 destroys such a temporary twice.
    google::protobuf::Any command = step.seat < 0 ? choose_order(seat) : step.command;
    const std::uint64_t last = co_await send(d, t.p[seat], std::move(command), w, intended);
    if (last == 0) co_return false;
    t.seen = std::max(t.seen, last);
  }
  co_return true;
}

asio::awaitable<void> replay_rooms(Driver& d, const Recording& recording, TableOptions options,
                                   Pacer pace, Window& w, int index) {
  Table t;
  for (std::size_t g = static_cast<std::size_t>(index); !w.stop; ++g) {
    if (!co_await open_table(d, t, options)) {
      ++w.failures;
      co_await d.sleep(Millis(100));
      continue;
    }
    // An open loop's schedule does not count the time a new room takes.
    if (pace.open_loop()) pace.next = std::max(pace.next, Clock::now());
    const auto& game = recording.games[g % recording.games.size()];
    if (!co_await replay(d, t, game, pace, w)) co_await d.sleep(Millis(100));
  }
}

}  // namespace grognard::bench
