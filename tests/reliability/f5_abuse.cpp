// F5 WebSocket protocol abuse (docs/reliability.md): the real grognard-server on loopback,
// a healthy client timing its round trips alone, then again while, at the same time,
//   - violators send RFC 6455 breaches (unmasked frames, reserved bits and opcodes, fragmented
//     and oversized control frames, invalid UTF-8 text) and headers declaring huge or
//     impossible lengths, each on a fresh connection, and check the close code;
//   - ping flooders send pings as fast as they can (closed 1008 at the rate limit);
//   - slowloris clients send their handshake a byte at a time (dropped at the timeout);
//   - a holder keeps more half-open connections than --max-handshakes allows;
//   - a client never reads its answers (dropped 1008 "send queue full").
// Prints every figure; fails on a wrong close code, an attacker not dropped, the healthy
// client dropped, or a server that stops answering. The healthy client's p99 under attack is
// compared with twice its unloaded p99 and the verdict printed (timings are not asserted).
//
//   f5_abuse [--seconds N] [--full]   (CI: 20 s; --full: 120 s)
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "f5_common.h"
#include "grognard/v1/protocol.pb.h"
#include "net_raw.h"
#include "server_process.h"

namespace {

using namespace grognard;
using namespace grognard::e2e;
using namespace grognard::f5;
using raw::Millis;
using namespace std::chrono_literals;

std::atomic<bool> g_stop{false};

struct Breach {
  const char* what;
  std::string bytes;
  int code;
};

std::vector<Breach> breaches() {
  return {
      {"unmasked frame", raw::frame(raw::kBinary, "abc", true, false), 1002},
      {"reserved bit", raw::frame(raw::kBinary, "abc", true, true, 4), 1002},
      {"reserved opcode", raw::frame(0x3, "abc"), 1002},
      {"fragmented ping", raw::frame(raw::kPing, "abc", false), 1002},
      {"oversized ping", raw::frame(raw::kPing, std::string(126, 'p')), 1002},
      {"invalid UTF-8 text", raw::frame(raw::kText, "{\"a\": \"\xff\xfe\"}"), 1007},
      {"1 TiB declared", raw::header(raw::kBinary, std::uint64_t{1} << 40), 1009},
      {"length top bit set", raw::header(raw::kBinary, (std::uint64_t{1} << 63) | 70000), 1002},
  };
}

void violator(std::uint16_t port, Tally& tally) {
  const auto cases = breaches();
  for (std::size_t i = 0; !g_stop; ++i) {
    const Breach& b = cases[i % cases.size()];
    raw::Socket s(port);
    if (!s.upgrade_and_hello(Millis(3000))) {
      tally.note("breach: " + std::string(b.what), "refused before the handshake", true);
      std::this_thread::sleep_for(50ms);
      continue;
    }
    s.send(b.bytes);
    const raw::Ending end = s.read_to_the_end(Millis(8000));
    tally.note("breach: " + std::string(b.what), code_name(end.code), end.code == b.code);
    std::this_thread::sleep_for(20ms);
  }
}

void ping_flooder(std::uint16_t port, Tally& tally) {
  std::string burst;
  for (int i = 0; i < 5000; ++i) burst += raw::frame(raw::kPing, "flood");
  while (!g_stop) {
    raw::Socket s(port);
    if (!s.upgrade_and_hello(Millis(3000))) {
      std::this_thread::sleep_for(50ms);
      continue;
    }
    s.send(burst, Millis(3000));
    const raw::Ending end = s.read_to_the_end(Millis(8000));
    const bool right = end.code == 1008 && end.reason == "rate limit exceeded";
    tally.note("ping flood", code_name(end.code) + " " + end.reason, right);
    std::this_thread::sleep_for(100ms);
  }
}

void slowloris(std::uint16_t port, Tally& tally) {
  const std::string request = raw::Socket::upgrade_request();
  while (!g_stop) {
    raw::Socket s(port);
    std::size_t sent = 0;
    const auto start = Clock::now();
    while (sent < request.size() && !s.ended() && Clock::now() - start < 20s) {
      if (!s.send(request.substr(sent, 1))) break;
      ++sent;
      s.receive_some(300ms);
    }
    const bool dropped = sent < request.size();
    tally.note("slowloris", dropped ? "dropped before the end of its handshake" : "finished",
               dropped);
  }
}

// Opens `burst` half-open connections at first (over the cap: some are closed at once), then
// `count` at a time (under it), each dropped at the handshake timeout.
void holder(std::uint16_t port, int burst, int count, Tally& tally) {
  for (int round = 0; !g_stop; ++round) {
    std::vector<raw::Socket> held;
    for (int i = 0; i < (round == 0 ? burst : count); ++i) held.emplace_back(port);
    std::this_thread::sleep_for(300ms);
    for (auto& s : held) {
      s.receive_some(Millis(0));
      if (s.ended()) {
        tally.note("half-open holder", "closed within 0.3 s (over --max-handshakes)", true);
        continue;
      }
      s.read_to_the_end(Millis(6000));
      tally.note("half-open holder",
                 s.ended() ? "dropped at the handshake timeout" : "still open after 6 s",
                 s.ended());
    }
  }
}

// A game to ask for (GetState answers run to kilobytes), created over `s`; "" on failure.
std::string create_game(raw::Socket& s) {
  v1::ClientMessage m;
  m.set_request_id(2);
  m.mutable_create_room()->set_ruleset("itchy");
  m.mutable_create_room()->set_scenario("colonial_battle");
  m.mutable_create_room()->set_observers_allowed(true);
  if (!s.send(raw::frame(raw::kBinary, m.SerializeAsString()))) return "";
  for (;;) {
    auto f = s.read_frame(Millis(5000));
    if (!f) return "";
    v1::ServerMessage answer;
    if (answer.ParseFromString(f->payload) && answer.request_id() == 2) {
      return answer.has_room() ? answer.room().game_id() : "";
    }
  }
}

void never_reader(std::uint16_t port, Tally& tally) {
  raw::Socket s(port, Millis(5000), 4096);
  while (!s.upgrade_and_hello() && !g_stop) {  // the handshake slots may all be taken
    std::this_thread::sleep_for(100ms);
    s = raw::Socket(port, Millis(5000), 4096);
  }
  const std::string game_id = create_game(s);
  if (game_id.empty()) {
    tally.note("never reads", "could not create a game", false);
    return;
  }
  v1::ClientMessage m;
  m.mutable_get_state()->set_game_id(game_id);
  const std::string request = raw::frame(raw::kBinary, m.SerializeAsString());
  // 100 a second, under the rate limit, until the server drops it. The kernel's buffers take
  // megabytes of requests, so its sends do not block: it looks at the server's metrics once a
  // second, as a client that was stuck and wakes up would, and reads at once when dropped. (A
  // client that reads nothing for kCloseTimeout after the drop finds the connection closed
  // without the close frame, which waits behind the frame being written: docs/protocol.md.)
  const auto dropped = [port] {  // the counter is there from the start, at 0
    const std::string page = raw::http_get(port, "/metrics").second;
    const std::string name = "grognard_disconnects_total{reason=\"queue_full\"} ";
    const auto at = page.find(name);
    return at != std::string::npos && std::strtod(page.c_str() + at + name.size(), nullptr) > 0;
  };
  int sent = 0;
  bool blocked = false;
  bool was_dropped = false;
  while (!g_stop && !blocked && !was_dropped) {
    for (int i = 0; i < 100 && !blocked; ++i) {
      blocked = !s.send(request, 300ms);
      sent += blocked ? 0 : 1;
    }
    std::this_thread::sleep_for(1s);
    was_dropped = dropped();
  }
  while (!g_stop && !was_dropped) {
    std::this_thread::sleep_for(200ms);
    was_dropped = dropped();
  }
  if (!was_dropped) {
    tally.note("never reads", "not dropped yet when the run ended", true);
    return;
  }
  const raw::Ending end = s.read_to_the_end(Millis(10'000));
  const bool right = end.code == 1008 && end.reason == "send queue full";
  tally.note("never reads",
             code_name(end.code) + (end.reset ? " (reset)" : "") + " " + end.reason + " after " +
                 std::to_string(sent) + " requests, " + std::to_string(end.before.size()) +
                 " answers read",
             right);
}

}  // namespace

int main(int argc, char** argv) {
  int seconds = 20;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--full") == 0) seconds = 120;
    if (std::strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) seconds = std::atoi(argv[++i]);
  }
  const int unloaded_s = std::max(4, seconds / 5);
  const int loaded_s = seconds - unloaded_s;
  ServerProcess server({"--rate", "200", "--burst", "200", "--handshake-timeout", "2",
                        "--hello-timeout", "2", "--max-handshakes", "64"});
  const std::uint16_t port = server.port();
  std::printf("F5 WebSocket protocol abuse: %d s alone, %d s under attack (server on port %u)\n",
              unloaded_s, loaded_s, port);

  raw::Socket healthy(port);
  if (!healthy.upgrade_and_hello()) {
    std::printf("FAIL: the healthy client cannot connect\n");
    return 1;
  }
  std::uint64_t next_id = 2;
  bool dropped = false;
  std::vector<double> alone, attacked;
  time_pings(healthy, Clock::now() + std::chrono::seconds(unloaded_s), alone, &dropped, next_id);

  Tally tally;
  std::vector<std::thread> attackers;
  attackers.emplace_back(violator, port, std::ref(tally));
  attackers.emplace_back(violator, port, std::ref(tally));
  attackers.emplace_back(ping_flooder, port, std::ref(tally));
  attackers.emplace_back(ping_flooder, port, std::ref(tally));
  attackers.emplace_back(slowloris, port, std::ref(tally));
  attackers.emplace_back(slowloris, port, std::ref(tally));
  attackers.emplace_back(holder, port, 100, 40, std::ref(tally));
  attackers.emplace_back(never_reader, port, std::ref(tally));
  if (!dropped) {
    time_pings(healthy, Clock::now() + std::chrono::seconds(loaded_s), attacked, &dropped, next_id);
  }
  g_stop = true;
  for (auto& t : attackers) t.join();

  bool failed = dropped;
  tally.print();
  const double p99a = percentile(alone, 0.99), p99b = percentile(attacked, 0.99);
  std::printf("\nhealthy client round trips (Ping -> Pong), microseconds\n");
  print_round_trips("alone:", alone);
  print_round_trips("under attack:", attacked);
  std::printf("  p99 under attack / p99 alone = %.2f (%s twice)\n", p99a > 0 ? p99b / p99a : 0,
              p99b <= 2 * p99a ? "within" : "OVER");
  print_metrics(port, {"grognard_disconnects_total", "grognard_connections", "grognard_handshakes",
                       "grognard_frames_total"});
  if (dropped) std::printf("FAIL: the healthy client was dropped\n");
  failed = !ends_well(port, tally, server.log()) || failed;
  std::printf("%s\n", failed ? "F5 FAILED" : "F5 passed");
  return failed ? 1 : 0;
}
