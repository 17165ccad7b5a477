// Load generator: rooms of two generals playing Itchy & Scratchy against a running server as
// fast as the server lets them, with the real client library over real WebSockets.
//
//   build/default/server/grognard-server --listen 127.0.0.1:8090 --db /tmp/load.db --rate 0 &
//   build/default/bench/grognard_load --server ws://127.0.0.1:8090/ --rooms 8 --commands 300
//
// Each room is one thread holding both generals' connections. A step asks both seats for
// their legal commands (the one with any is to act), picks an attack, else a move, else the
// end of its side's turn (or the initiative choice), and sends it; the latency measured is
// from sending the command to its CommandResult, which the server gives only after the events
// are committed (fsync'd). Pushes are drained after every step. A room whose game ends
// starts a new game. Reports commands/s and latency percentiles.

#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

#include "client/client.h"

using namespace grognard;
using client::Client;
using Clock = std::chrono::steady_clock;

namespace {

struct Seat {
  Client client;
};

std::optional<google::protobuf::Any> choose(const v1::LegalCommands& legal) {
  const google::protobuf::Any* best = nullptr;
  int best_rank = 99;
  for (const auto& any : legal.commands()) {
    auto cmd = client::unpack<v1::itchy::Command>(any);
    if (!cmd) continue;
    const int rank = cmd->has_attack() ? 0 : cmd->has_move() ? 1 : 2;
    if (rank < best_rank) best = &any, best_rank = rank;
  }
  if (best == nullptr) return std::nullopt;
  return *best;
}

void drain(Client& c) {
  while (c.next_push(client::Millis(0)).ok()) {
  }
}

struct Totals {
  std::mutex mu;
  std::vector<double> latencies_ms;
  std::size_t games = 0;
  std::size_t failures = 0;
};

void run_room(const std::string& url, int commands, const std::string& scenario, Totals& totals) {
  std::vector<double> local;
  std::size_t games = 0, failures = 0;
  int sent = 0;
  while (sent < commands) {
    auto a = Client::connect(url, client::Format::kBinary);
    auto b = Client::connect(url, client::Format::kBinary);
    if (!a || !b || !a->hello() || !b->hello()) return void(++totals.failures);
    auto room = a->create_room("itchy", scenario);
    if (!room) return void(++totals.failures);
    if (!a->join(room->invite_code(), "general", "side:0") ||
        !b->join(room->invite_code(), "general", "side:1")) {
      return void(++totals.failures);
    }
    ++games;
    Client* seats[2] = {&*a, &*b};
    bool over = false;
    while (!over && sent < commands) {
      over = true;
      for (Client* c : seats) {
        auto legal = c->legal();
        if (!legal || legal->commands_size() == 0) continue;
        over = false;
        auto cmd = choose(*legal);
        if (!cmd) continue;
        const auto start = Clock::now();
        auto done = c->command(*cmd, "c" + std::to_string(sent));
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        if (done) {
          local.push_back(ms);
        } else {
          ++failures;
        }
        ++sent;
        break;
      }
      for (Client* c : seats) drain(*c);
    }
  }
  std::lock_guard lock(totals.mu);
  totals.latencies_ms.insert(totals.latencies_ms.end(), local.begin(), local.end());
  totals.games += games;
  totals.failures += failures;
}

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1));
  return v[i];
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Load generator: rooms of two generals playing Itchy & Scratchy"};
  std::string url = "ws://127.0.0.1:8080/";
  int rooms = 4, commands = 200;
  std::string scenario = "intro";
  app.add_option("--server", url, "Server URL");
  app.add_option("--rooms", rooms, "Rooms played at once (one thread each)");
  app.add_option("--commands", commands, "Commands per room");
  app.add_option("--scenario", scenario, "Itchy & Scratchy scenario");
  CLI11_PARSE(app, argc, argv);

  Totals totals;
  const auto start = Clock::now();
  std::vector<std::thread> threads;
  for (int r = 0; r < rooms; ++r) {
    threads.emplace_back([&] { run_room(url, commands, scenario, totals); });
  }
  for (auto& t : threads) t.join();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  auto& lat = totals.latencies_ms;
  std::printf("rooms %d, games %zu, commands %zu, failures %zu, %.1f s\n", rooms, totals.games,
              lat.size(), totals.failures, seconds);
  std::printf("commands/s %.0f   latency ms: p50 %.2f  p90 %.2f  p99 %.2f  max %.2f\n",
              static_cast<double>(lat.size()) / seconds, percentile(lat, 0.5), percentile(lat, 0.9),
              percentile(lat, 0.99), percentile(lat, 1.0));
  return totals.failures == 0 ? 0 : 1;
}
