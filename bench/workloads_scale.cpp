// The workloads at scale: (c) idle connections (P4, P6) and the restart (P5).

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <cstdio>
#include <fstream>
#include <map>

#include "driver_check.h"
#include "driver_seat.h"
#include "echo_load.h"
#include "table.h"
#include "workloads.h"

namespace grognard::bench {

namespace {

using Answer = std::optional<v1::ServerMessage>;

double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

double unix_now() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// Runs `io` until `done()` or `limit_s`, then 1 s more for the memory to settle.
void run_until(asio::io_context& io, const std::function<bool()>& done, double limit_s) {
  auto watch = [&]() -> asio::awaitable<void> {
    asio::steady_timer t(io);
    const auto t0 = Clock::now();
    while (!done() && since(t0) < limit_s) {
      t.expires_after(Millis(5));
      co_await t.async_wait(asio::use_awaitable);
    }
    t.expires_after(Millis(1000));
    co_await t.async_wait(asio::use_awaitable);
    io.stop();
  };
  asio::co_spawn(io, watch(), asio::detached);
  io.run();
  io.restart();
}

// Connections opened at once, each counted as it is through (or failed): P6 and P4.
struct Crowd {
  explicit Crowd(int count, pid_t process) : n(count), pid(process), rss0(rss_kib(process)) {}
  int n;
  pid_t pid;
  double rss0;
  int done = 0, failed = 0;
  double all_s = 0;
  Clock::time_point t0 = Clock::now();

  bool all() const { return done + failed == n; }
  void through(bool ok) {
    ++(ok ? done : failed);
    if (all()) all_s = since(t0);
  }
  // Runs `io` until every one is through (or `limit_s`), then prints the figures.
  void finish(asio::io_context& io, Result r, double limit_s) {
    run_until(
        io, [this] { return all(); }, limit_s);
    r.figures["connections"] = done;
    r.figures["failures"] = n - done;
    r.figures["connect_all_s"] = all() ? all_s : limit_s;
    r.figures["rss_kib_per_conn"] = (rss_kib(pid) - rss0) / n;
    r.print();
  }
};

void idle_echo(const Options& o) {
  if (o.echo_port == 0) return;
  asio::io_context io(1);
  std::vector<std::unique_ptr<EchoConn>> conns;
  const std::string frame = command_frame();
  Crowd crowd(o.connections, o.echo_pid);
  for (int i = 0; i < o.connections; ++i) {
    conns.push_back(std::make_unique<EchoConn>(io));
    asio::co_spawn(
        io,
        [&, c = conns.back().get()]() -> asio::awaitable<void> {
          crowd.through(co_await c->open(o.echo_port) && co_await c->roundtrip(frame));
        },
        asio::detached);
  }
  crowd.finish(io, Result("idle", "echo"), 60);
}

}  // namespace

int idle(const Options& o) {
  idle_echo(o);
  Loop loop(o.port, o.timeout_ms, o.seed);
  auto& [io, d] = loop;
  const int rooms = std::max(1, o.connections / 100);
  std::vector<std::string> invites;
  Player creator;
  auto create = [&]() -> asio::awaitable<void> {
    if (!co_await reliability::connect(d, creator)) co_return;
    for (int i = 0; i < rooms; ++i) {
      v1::ClientMessage m;
      m.mutable_create_room()->set_ruleset("itchy");
      m.mutable_create_room()->set_scenario("intro");
      m.mutable_create_room()->set_observers_allowed(true);
      m.mutable_create_room()->set_unlisted(true);
      Answer a = co_await creator.conn->request(std::move(m), d.options.timeout);
      if (!a || !a->has_room()) co_return;
      invites.push_back(a->room().invite_code());
    }
  };
  asio::co_spawn(io, create(), asio::detached);
  run_until(
      io, [&] { return static_cast<int>(invites.size()) == rooms; }, 60);
  if (static_cast<int>(invites.size()) != rooms) {
    std::fprintf(stderr, "idle: could not create %d rooms\n", rooms);
    return 1;
  }
  std::vector<std::unique_ptr<Player>> players;
  Crowd crowd(o.connections, o.pid);
  for (int i = 0; i < o.connections; ++i) {
    players.push_back(std::make_unique<Player>());
    Player* p = players.back().get();
    const std::string invite = invites[static_cast<std::size_t>(i % rooms)];
    asio::co_spawn(
        io,
        [&, p, invite]() -> asio::awaitable<void> {
          crowd.through(co_await reliability::connect(d, *p) &&
                        co_await reliability::join(d, *p, invite, "observer", ""));
        },
        asio::detached);
  }
  crowd.finish(io, Result("idle", "server"), 120);
  return crowd.done == o.connections ? 0 : 1;
}

int fill(const Options& o) {
  reliability::DriverOptions options;
  options.new_games = false;
  options.observers_allowed = false;
  Loop loop(o.port, o.timeout_ms, o.seed, options);
  auto& [io, d] = loop;
  d.ledger.keep = true;  // the acknowledged commands: where each game may be forked
  // Source games: random play with attacks, to the end.
  for (int i = 0; i < o.rooms; ++i) asio::co_spawn(io, d.play_room(i), asio::detached);
  io.run();
  io.restart();
  std::map<std::string, std::vector<std::uint64_t>> bounds;  // game: the last seq of each command
  for (const auto& a : d.ledger.acked) bounds[a.key.game_id].push_back(a.last_seq);
  std::vector<std::pair<std::string, std::uint64_t>> sources;  // fork at the next-to-last command
  for (auto& [game, seqs] : bounds) {
    std::sort(seqs.begin(), seqs.end());
    if (seqs.size() > 2) sources.emplace_back(game, seqs[seqs.size() - 2]);
  }
  if (sources.empty()) {
    std::fprintf(stderr, "fill: no source game was played\n");
    return 1;
  }
  std::ofstream out(o.file);
  std::size_t events = 0, forks = 0, failures = 0;
  auto fork = [&](int k) -> asio::awaitable<void> {
    Player p;
    if (!co_await reliability::connect(d, p)) co_return void(++failures);
    for (std::size_t i = static_cast<std::size_t>(k); events < o.events && failures < 10; i += 8) {
      const auto& [game, at] = sources[i % sources.size()];
      v1::ClientMessage m;
      m.mutable_fork_game()->set_game_id(game);
      m.mutable_fork_game()->set_at_seq(at);
      m.mutable_fork_game()->set_observers_allowed(true);
      m.mutable_fork_game()->set_unlisted(true);
      Answer a = co_await p.conn->request(std::move(m), d.options.timeout);
      if (!a || !a->has_room()) {
        std::fprintf(stderr, "fork: %s\n",
                     a && a->has_error() ? a->error().message().c_str() : "no answer");
        co_return void(++failures);
      }
      out << a->room().invite_code() << '\n';
      events += at + 1;
      ++forks;
    }
  };
  const auto t0 = Clock::now();
  for (int k = 0; k < 8; ++k) asio::co_spawn(io, fork(k), asio::detached);
  io.run();
  Result r("fill", "server");
  r.figures["games"] = static_cast<double>(forks);
  r.figures["events"] = static_cast<double>(events);
  r.figures["seconds"] = since(t0);
  r.figures["failures"] = static_cast<double>(failures);
  r.print();
  return failures == 0 ? 0 : 1;
}

int probe(const Options& o) {
  std::vector<std::string> invites;
  std::ifstream in(o.file);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) invites.push_back(line);
  }
  Loop loop(o.port, o.timeout_ms, o.seed);
  auto& [io, d] = loop;
  std::size_t served = 0, failures = 0;
  auto visit = [&](std::size_t k) -> asio::awaitable<void> {
    Player p;
    for (std::size_t i = k; i < invites.size(); i += 32) {
      const bool ok =
          co_await ready(d, p) && co_await reliability::join(d, p, invites[i], "observer", "");
      ++(ok ? served : failures);
    }
  };
  const auto t0 = Clock::now();
  for (std::size_t k = 0; k < 32; ++k) asio::co_spawn(io, visit(k), asio::detached);
  io.run();
  Result r("probe", "server");
  r.figures["games"] = static_cast<double>(served);
  r.figures["failures"] = static_cast<double>(failures);
  r.figures["seconds"] = since(t0);
  r.figures["end_unix_s"] = unix_now();
  r.print();
  return failures == 0 ? 0 : 1;
}

}  // namespace grognard::bench
