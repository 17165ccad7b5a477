// The workloads that play: (a) commands only, (b) mixed, get_legal, and the recorder.

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <cstdio>

#include "echo_load.h"
#include "grognard/v1/itchy.pb.h"
#include "phase.h"
#include "table.h"
#include "workloads.h"

namespace grognard::bench {

namespace {

TableOptions scenario_table(const std::string& scenario) {
  TableOptions t;
  t.scenario = scenario;
  return t;
}

// The pace of room `index` of `rooms` sharing `rate` operations/s (0: closed loop); the rooms'
// schedules are spread over one interval.
Pacer pacer(const Options& o, int index) {
  Pacer p;
  if (o.rate <= 0) return p;
  p.interval =
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.rooms / o.rate));
  p.next = Clock::now() + p.interval * index / o.rooms;
  return p;
}

// Spawns `task` on `io`, counted in `running` until it ends.
void spawn(asio::io_context& io, asio::awaitable<void> task, int& running) {
  ++running;
  asio::co_spawn(io, std::move(task), [&running](const std::exception_ptr&) { --running; });
}

// The phase of the coroutines counted in `running`, measuring process `pid`; prints `r`.
void run_counted(asio::io_context& io, Window& w, const Options& o, pid_t pid, const int& running,
                 Result& r) {
  Phase phase;
  phase.pid = pid;
  phase.finished = [&running] { return running == 0; };
  run_phase(io, w, o, phase, r);
}

// The echo with o.rooms pairs of connections, paced as the workload is; `durable`: the floor
// (grognard_echo --durable) instead.
void echo_phase(const Options& o, const std::string& workload, bool durable = false) {
  const std::uint16_t port = durable ? o.floor_port : o.echo_port;
  if (port == 0) return;
  asio::io_context io(1);
  Window w;
  w.limit = o.limit;
  int running = 0;
  const std::string frame = command_frame();
  for (int i = 0; i < o.rooms; ++i)
    spawn(io, echo_pair(io, port, frame, pacer(o, i), w, durable, i), running);
  Result r(workload, durable ? "floor" : "echo");
  run_counted(io, w, o, durable ? o.floor_pid : o.echo_pid, running, r);
  r.print();
}

}  // namespace

int commands(const Options& o) {
  std::string error;
  auto recording = load_recording(o.recording, &error);
  if (!recording || recording->games.empty()) {
    std::fprintf(stderr, "%s\n", error.empty() ? "no games recorded" : error.c_str());
    return 1;
  }
  const std::string name = o.rate > 0 ? "open" : "commands";
  echo_phase(o, name);
  echo_phase(o, name, /*durable=*/true);
  Loop loop(o.port, o.timeout_ms, o.seed);
  auto& [io, d] = loop;
  Window w;
  w.limit = o.limit;
  int running = 0;
  for (int i = 0; i < o.rooms; ++i) {
    TableOptions t;
    t.scenario = recording->scenario;
    t.observers = o.observers;
    spawn(io, replay_rooms(d, *recording, t, pacer(o, i), w, i), running);
  }
  Result r(name, "server");
  run_counted(io, w, o, o.pid, running, r);
  r.figures["violations"] = static_cast<double>(d.ledger.violation_count);
  r.print();
  return r.figures["failures"] + r.figures["rejected"] + r.figures["violations"] == 0 ? 0 : 1;
}

int mixed(const Options& o) {
  echo_phase(o, "mixed");
  reliability::DriverOptions options;
  options.chat_chance = 0.05;
  Loop loop(o.port, o.timeout_ms, o.seed, options);
  auto& [io, d] = loop;
  for (int i = 0; i < o.rooms; ++i) asio::co_spawn(io, d.play_room(i), asio::detached);
  for (int i = 0; i < o.rooms * o.observers; ++i) {
    asio::co_spawn(io, d.observe(i), asio::detached);
  }
  Window w;
  Result r("mixed", "server");
  Phase phase;
  phase.pid = o.pid;
  phase.ops = [&] { return d.ledger.commands; };
  phase.open = [&] { d.ledger.latencies_ms.clear(); };
  phase.close = [&] {
    for (double ms : d.ledger.latencies_ms) w.latency.record(ms * 1000);
    d.stop = true;
  };
  phase.finished = [&] { return d.rooms_running + d.observers_running == 0; };
  const std::size_t chats0 = d.ledger.chats;
  run_phase(io, w, o, phase, r);
  r.figures["chats"] = static_cast<double>(d.ledger.chats - chats0);
  r.figures["observers_joined"] = static_cast<double>(d.ledger.observers);
  r.figures["violations"] = static_cast<double>(d.ledger.violation_count);
  r.print();
  return d.ledger.violation_count == 0 ? 0 : 1;
}

int legal(const Options& o) {
  Loop loop(o.port, o.timeout_ms, o.seed);
  auto& [io, d] = loop;
  Window w;
  w.limit = o.limit;
  int running = 0;
  auto ask = [&](int) -> asio::awaitable<void> {
    Table t;
    Window setup;
    if (!co_await open_table(d, t, scenario_table(o.scenario))) co_return void(++w.failures);
    if (!co_await caught_up(d, t)) co_return void(++w.failures);
    int seat = acting(t);
    if (seat < 0) co_return void(++w.failures);
    google::protobuf::Any choice = choose_order(seat);
    t.seen = co_await send(d, t.p[seat], std::move(choice), setup, Clock::now());
    if (t.seen == 0 || !co_await caught_up(d, t) || (seat = acting(t)) < 0) {
      co_return void(++w.failures);
    }
    while (!w.stop) {
      v1::ClientMessage m;
      m.mutable_get_legal();
      const auto start = Clock::now();
      auto a = co_await t.p[seat].conn->request(std::move(m), d.options.timeout);
      if (!a || !a->has_legal() || a->legal().commands().empty()) co_return void(++w.failures);
      w.done(start);
    }
  };
  for (int i = 0; i < o.rooms; ++i) spawn(io, ask(i), running);
  Result r("legal", "server");
  run_counted(io, w, o, o.pid, running, r);
  r.print();
  return w.failures == 0 ? 0 : 1;
}

int record(const Options& o) {
  Loop loop(o.port, o.timeout_ms, o.seed);
  auto& [io, d] = loop;
  Recording recording;
  recording.scenario = o.scenario;
  bool ok = true;
  auto play = [&]() -> asio::awaitable<void> {
    for (int g = 0; g < o.rooms && ok; ++g) {
      Table t;
      std::vector<Step> steps;
      ok = co_await open_table(d, t, scenario_table(o.scenario)) &&
           co_await record_game(d, t, steps);
      recording.games.push_back(std::move(steps));
    }
  };
  asio::co_spawn(io, play(), asio::detached);
  io.run();
  if (!ok || !save_recording(o.file, recording)) {
    std::fprintf(stderr, "recording failed\n");
    return 1;
  }
  std::size_t steps = 0;
  for (const auto& g : recording.games) steps += g.size();
  std::printf("recorded %zu games, %zu commands, into %s\n", recording.games.size(), steps,
              o.file.c_str());
  return 0;
}

}  // namespace grognard::bench
