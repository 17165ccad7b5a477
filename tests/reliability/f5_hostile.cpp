// F5 hostile input, second part (docs/reliability.md, "F5"): the real grognard-server on
// loopback and a healthy client timing its Ping round trips, alone and then beside each attack
// of f5_hostile.h in turn: frames nested deep, one address holding the handshakes, observer seats
// without end, one address's chat, rooms from one IPv6 /64 and one IPv4 range, pages of an
// archived game. Fails on an outcome not expected, on a bound not met after its attack, on the
// healthy client dropped, or on a server that stops answering; the round trips are printed for
// each attack beside those alone (not asserted).
//
//   f5_hostile [--seconds N] [--full] [--only K]   (seconds per phase; CI: 5, --full: 30, with
//                                                   an archived game of 2,000 events, 20,000 in
//                                                   --full; --only K: alone, then attack K only)
#include <sys/resource.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <functional>
#include <thread>

#include "f5_hostile.h"
#include "grognard/v1/protocol.pb.h"
#include "server_process.h"

namespace {

using namespace grognard;
using namespace grognard::f5;
using e2e::raw::Millis;
namespace raw = e2e::raw;
using namespace std::chrono_literals;

constexpr const char* kToken = "f5-hostile-admin-token";

// The healthy client's round trips beside one attack.
struct Figures {
  std::string phase;
  std::vector<double> round_trips;
};

// After an attack: "" when its bound held, else what was wrong.
using Check = std::function<std::string(const Target&, Tally&)>;

struct Phase {
  std::string name;
  std::vector<void (*)(const Target&, Stop&, Tally&)> attacks;
  Check check;
};

v1::ClientMessage create_listed(std::uint64_t rid) {
  v1::ClientMessage m;
  m.set_request_id(rid);
  m.mutable_create_room()->set_ruleset("itchy");
  m.mutable_create_room()->set_scenario("intro");
  m.mutable_create_room()->set_observers_allowed(true);
  return m;
}

// A listed room created from `source`: its RoomInfo (game id empty on failure).
v1::RoomInfo new_room(std::uint16_t port, const std::string& source) {
  raw::Socket s = greeted(port, source);
  auto answer = ask(s, create_listed(2));
  return answer && answer->has_room() ? answer->room() : v1::RoomInfo();
}

// The observers of the listed room with invite code `invite`; -1 when it is not listed.
int observers_in(std::uint16_t port, const std::string& invite) {
  raw::Socket s = greeted(port, "127.0.0.30");
  v1::ClientMessage m;
  m.set_request_id(2);
  m.mutable_list_rooms();
  const auto answer = ask(s, m);
  if (!answer || !answer->has_rooms()) return -1;
  for (const auto& r : answer->rooms().rooms()) {
    if (r.invite_code() == invite) return static_cast<int>(r.observers());
  }
  return -1;
}

// POST /admin/rooms/GAME/close with the admin token: true when answered 200.
bool close_room(std::uint16_t port, const std::string& game_id) {
  raw::Socket s(port);
  const std::string body = R"({"reason":"F5 setup: an archived game"})";
  s.send("POST /admin/rooms/" + game_id +
         "/close HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + kToken +
         "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\nConnection: close\r\n\r\n" + body);
  const std::string answer = s.receive_some(Millis(10'000));
  return answer.rfind("HTTP/1.1 200", 0) == 0;
}

// A game of `events` events (chat, from ten observers of two addresses), closed by the operator:
// once the server restarts, an ended game no room holds. Its id, "" on failure.
std::string archived_game(std::uint16_t port, std::uint64_t events) {
  const v1::RoomInfo room = new_room(port, "127.0.0.20");
  if (room.game_id().empty()) return "";
  std::atomic<bool> ok{true};
  std::vector<std::thread> chatters;
  for (int i = 0; i < 10; ++i) {
    chatters.emplace_back([&, i] {
      raw::Socket s = greeted(port, i < 5 ? "127.0.0.20" : "127.0.0.21");
      v1::ClientMessage m;
      m.set_request_id(2);
      m.mutable_join_room()->set_invite_code(room.invite_code());
      m.mutable_join_room()->set_role("observer");
      auto seated = ask(s, m);
      ok = ok && seated && seated->has_seated();
      auto tick = Clock::now();
      for (std::uint64_t n = 0; ok && n < events / 10; ++n) {
        v1::ClientMessage chat;
        chat.set_request_id(n + 3);
        chat.mutable_chat()->set_text("message " + std::to_string(n) + " of chatter " +
                                      std::to_string(i));
        auto answer = ask(s, chat);
        ok = ok && answer && answer->has_command_result();
        tick += 6ms;  // under --rate 200
        std::this_thread::sleep_until(tick);
      }
    });
  }
  for (auto& t : chatters) t.join();
  return ok && close_room(port, room.game_id()) ? room.game_id() : "";
}

std::string at_most(Tally& tally, const std::string& attack, const std::string& outcome, int most) {
  const int n = tally.count(attack, outcome);
  return n <= most ? ""
                   : attack + ": " + std::to_string(n) + " times \"" + outcome +
                         "\", more than the bound " + std::to_string(most);
}

std::string at_least_once(Tally& tally, const std::string& attack, const std::string& outcome) {
  return tally.count(attack, outcome) > 0 ? "" : attack + ": never \"" + outcome + "\"";
}

std::vector<Phase> phases() {
  return {
      {"alone", {}, nullptr},
      {"1 JSON nested 30,000 deep", {deep_json}, nullptr},
      {"2 one address holding handshakes", {handshake_holder, handshake_probe}, nullptr},
      {"3 observer seats",
       {observer_churn, observer_hoard},
       [](const Target& t, Tally& tally) -> std::string {
         // 40 seated at most at the end of the churn: every seat that left is gone.
         if (const int n = observers_in(t.port, t.watched_room); n < 0 || n > 40) {
           return "the churned room holds " + std::to_string(n) + " observer seats";
         }
         if (const int n = observers_in(t.port, t.hoarded_room); n < 0 || n > 100) {
           return "the hoarded room holds " + std::to_string(n) + " observer seats";
         }
         return at_least_once(tally, "3 observers who never leave", "refused at an observer bound");
       }},
      {"4 one address's chat",
       {chat_hoard},
       [](const Target&, Tally& tally) {
         return at_least_once(tally, "4 one address filling its chat",
                              "refused at the address's total (--chat-bytes-per-address)");
       }},
      {"5 IPv6 /64 and IPv4 range",
       {ipv6_rooms, range_rooms},
       [](const Target&, Tally& tally) {
         std::string why = at_most(tally, "5 rooms from one IPv6 /64", "created a room", 100);
         return why.empty() ? at_most(tally, "5 rooms from one IPv4 /24", "created a room", 200)
                            : why;
       }},
      {"6 pages of an archived game", {archive_pages}, nullptr},
  };
}

}  // namespace

int main(int argc, char** argv) {
  int seconds = 5;
  bool full = false;
  std::string only;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--full") == 0) full = true;
    if (std::strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) seconds = std::atoi(argv[++i]);
    if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc) only = argv[++i];
  }
  if (full && seconds == 5) seconds = 30;
  rlimit files{};  // 512 held handshakes and the rest: as many descriptors as allowed
  if (::getrlimit(RLIMIT_NOFILE, &files) == 0) {
    files.rlim_cur = files.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &files);
  }
  e2e::ServerProcess server({"--rate", "200", "--burst", "200", "--trusted-proxy", "127.0.0.1",
                             "--admin-token", kToken, "--max-rooms", "2000", "--chat-per-room",
                             "0"});
  Target target;
  target.archived_events = full ? 20'000 : 2'000;
  target.archived_game = archived_game(server.port(), target.archived_events);
  if (target.archived_game.empty()) {
    std::printf("FAIL: the archived game could not be made\n");
    return 1;
  }
  server.stop();
  server.restart();  // the game closed is now only in the store
  target.port = server.port();
  target.watched_room = new_room(target.port, "127.0.0.10").invite_code();
  target.hoarded_room = new_room(target.port, "127.0.0.11").invite_code();
  std::printf("F5 hostile input: %d s a phase (server on port %u; archived game %s, %llu events)\n",
              seconds, target.port, target.archived_game.c_str(),
              static_cast<unsigned long long>(target.archived_events));

  bool failed = false;
  Tally tally;
  std::vector<Figures> figures;
  raw::Socket healthy = greeted(target.port);
  std::uint64_t next_id = 2;
  for (const Phase& phase : phases()) {
    if (!only.empty() && phase.name != "alone" && !phase.name.starts_with(only + " ")) continue;
    std::atomic<bool> stop{false};
    std::vector<std::thread> attackers;
    for (auto* attack : phase.attacks) {
      attackers.emplace_back([&, attack] { attack(target, stop, tally); });
    }
    bool dropped = !healthy.is_open();
    figures.push_back({phase.name, {}});
    if (!dropped) {
      time_pings(healthy, Clock::now() + std::chrono::seconds(seconds), figures.back().round_trips,
                 &dropped, next_id);
    }
    stop = true;
    for (auto& t : attackers) t.join();
    if (dropped) {
      std::printf("FAIL: the healthy client was dropped during \"%s\"\n", phase.name.c_str());
      failed = true;
      healthy = greeted(target.port);
    }
    if (phase.check) {
      if (const std::string why = phase.check(target, tally); !why.empty()) {
        std::printf("FAIL: after \"%s\": %s\n", phase.name.c_str(), why.c_str());
        failed = true;
      }
    }
  }

  tally.print();
  std::printf("\nhealthy client round trips (Ping -> Pong), microseconds\n");
  const Figures& alone = figures.front();
  for (const Figures& f : figures) {
    print_round_trips(f.phase.c_str(), f.round_trips);
    if (&f == &alone) continue;
    const double p50 = percentile(alone.round_trips, 0.5),
                 p99 = percentile(alone.round_trips, 0.99);
    std::printf("  %-28s p50 %.2fx, p99 %.2fx alone\n", "",
                p50 > 0 ? percentile(f.round_trips, 0.5) / p50 : 0,
                p99 > 0 ? percentile(f.round_trips, 0.99) / p99 : 0);
  }
  print_metrics(target.port, {"grognard_connections", "grognard_handshakes",
                              "grognard_disconnects_total", "grognard_rooms_open"});
  failed = !ends_well(target.port, tally, server.log()) || failed;
  std::printf("%s\n", failed ? "F5 hostile FAILED" : "F5 hostile passed");
  return failed ? 1 : 0;
}
