#pragma once
// The reliability suite's load driver (docs/reliability.md): rooms of two generals playing
// Itchy & Scratchy from the commands the server lists as legal, all on one thread's event loop.
// It keeps a client-side ledger of every acknowledged command and checks every event stream it
// reads: each seat must see every event of its game exactly once, in order, across drops,
// server crashes and restarts (resume with the seat token and the last seen seq; a resume
// answer cut at a page bound is completed with GetEvents).
//
// A connection lost with a command in flight resumes and sends that command again with the same
// id: the server answers it as a duplicate if it stored it, else applies it now; never twice.

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <google/protobuf/any.pb.h>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "driver_conn.h"

namespace grognard::reliability {

// Where the server is now. Rooms that lose their connections wait until it is up.
class Target {
 public:
  std::uint16_t port() const { return port_; }
  bool up() const { return up_; }
  void set_down() { up_ = false; }
  void set_up(std::uint16_t port) {
    port_ = port;
    up_ = true;
  }
  // Returns once the server is up (looked at every 50 ms), or at `stop`.
  asio::awaitable<void> wait_up(const bool& stop);

 private:
  std::uint16_t port_ = 0;
  bool up_ = false;
};

// One command as the ledger knows it.
struct CommandKey {
  std::string game_id, seat, command_id;
  auto operator<=>(const CommandKey&) const = default;
};
struct Ack {
  CommandKey key;
  std::uint64_t first_seq = 0, last_seq = 0;
  bool duplicate = false;
};

struct Ledger {
  bool keep = true;                     // keep every Ack (F8 only counts them)
  std::vector<Ack> acked;               // every acknowledged command
  std::map<CommandKey, int> in_flight;  // sent, no answer yet (its attempts)
  std::vector<CommandKey> refused;      // refused because the server was shutting down
  std::vector<std::string> violations;  // the first ones, in words
  std::size_t violation_count = 0;
  std::size_t commands = 0, duplicates = 0, resends = 0, chats = 0, events = 0, resumes = 0,
              games_started = 0, games_ended = 0, drops = 0, observers = 0, errors = 0;
  std::size_t stored_unanswered = 0;  // re-sent after a lost answer and found stored
  std::size_t paged_resumes = 0;      // resumes whose answer stopped at a page bound
  std::size_t ended_unseated = 0;     // seats of games ended in a crash, read from the archive
  std::vector<double> latencies_ms;   // command to CommandResult; the sampler takes them out

  void violation(std::string what);
};

struct Player {
  std::unique_ptr<Conn> conn;
  std::string game_id, seat, token, invite_code;
  std::uint64_t last_seq = 0;
  std::string status;                // of the room, from the latest batch
  std::vector<std::string> acting;   // the seats to act, from the latest batch
  bool catching_up = false;          // a resume's events are being fetched page by page
  std::vector<v1::GameEvent> stash;  // events pushed meanwhile
  int sent = 0;                      // command ids "<seat>-<n>"
  std::optional<std::pair<std::string, google::protobuf::Any>> pending;  // sent, unanswered
  bool dropped = false;  // the driver dropped this connection itself

  void take(const v1::GameEvent& e, Ledger& ledger, bool overlap_ok);
  void watch(Ledger& ledger);  // routes this connection's pushes to take()
};

struct DriverOptions {
  std::string scenario = "intro";
  bool observers_allowed = true;
  bool new_games = true;              // start another game when one ends
  double chat_chance = 0;             // per step: a chat instead of a command
  double drop_chance = 0;             // per step: drop a connection and resume
  Millis think{0};                    // pause between a room's steps (0: none)
  Millis timeout{10'000};             // per request
  bool expect_restart_close = false;  // F7: every close by the server says "service restart"
  // F7: a command left unanswered by a graceful shutdown was refused by it, so it must not be
  // stored (found stored when re-sent: answered as a duplicate).
  bool unanswered_not_stored = false;
};

// The shared state of every room of one run.
struct Driver {
  Driver(asio::io_context& context, DriverOptions opts, std::uint32_t seed)
      : io(context), options(std::move(opts)), rng(seed) {}

  asio::io_context& io;
  DriverOptions options;
  Target target;
  Ledger ledger;
  std::mt19937 rng;
  bool stop = false;   // rooms end at their next step
  bool pause = false;  // rooms send nothing (their connections stay)
  int rooms_running = 0, observers_running = 0;
  std::vector<Player*> players;           // every seated player now (for mass drops)
  std::vector<std::string> open_invites;  // rooms running now, for observers

  // Plays one room after another (one game each) until `stop`.
  asio::awaitable<void> play_room(int index);
  // Observers joining random rooms and leaving after a while, until `stop`.
  asio::awaitable<void> observe(int index);
  // Drops every connection of every room at once; the rooms resume.
  void drop_all();
  double chance() { return std::uniform_real_distribution<double>(0, 1)(rng); }
  asio::awaitable<void> sleep(Millis ms);
};

// Runs `run` on `io` until nothing is left to do. An exception in it (a server that does not
// start again, say) ends the run with "FAILED: …" on stdout: false then.
bool run_to_end(asio::io_context& io, asio::awaitable<void> run);

}  // namespace grognard::reliability
