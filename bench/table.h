#pragma once
// A room of the load generator: two generals and their observers, over the reliability suite's
// connections and seats (tests/reliability/driver*.h), which check that every seat reads every
// event of its game once and in order. Replays recorded games (recording.h) and records them.

#include <cstdint>
#include <memory>
#include <vector>

#include "driver.h"
#include "recording.h"
#include "window.h"

namespace grognard::bench {

namespace asio = boost::asio;
using reliability::Driver;
using reliability::Millis;
using reliability::Player;

// The event loop and the driver of one workload, against the server at `port`; the ledger keeps
// counts only.
struct Loop {
  Loop(std::uint16_t port, int timeout_ms, std::uint32_t seed,
       reliability::DriverOptions options = {})
      : d(io, with_timeout(std::move(options), timeout_ms), seed) {
    d.target.set_up(port);
    d.ledger.keep = false;
  }
  static reliability::DriverOptions with_timeout(reliability::DriverOptions o, int ms) {
    o.timeout = Millis(ms);
    return o;
  }
  asio::io_context io{1};
  Driver d;
};

struct Table {
  Player p[2];
  std::vector<std::unique_ptr<Player>> observers;
  std::string invite;
  std::uint64_t seen = 0;  // the last seq acknowledged to a general or given in a Seated
};

struct TableOptions {
  std::string scenario = "intro";
  int observers = 0;
};

// `p` connected and free to join a room: it leaves its earlier game, or connects anew.
asio::awaitable<bool> ready(Driver& d, Player& p);

// A new room with both generals and `observers` observers seated; connections of an earlier
// game are kept (they leave it first).
asio::awaitable<bool> open_table(Driver& d, Table& t, const TableOptions& options);

// Sends `command` from `p`: the acknowledged last seq, 0 when refused or lost (counted in `w`).
asio::awaitable<std::uint64_t> send(Driver& d, Player& p, google::protobuf::Any command, Window& w,
                                    Clock::time_point intended);

// Both generals have read every event up to t.seen (their pushes may come after the answer).
asio::awaitable<bool> caught_up(Driver& d, Table& t);

// The index of the general to act (from the latest batch), -1 if none.
int acting(const Table& t);

// The initiative choice: side 0 goes first whichever side chooses.
google::protobuf::Any choose_order(int chooser);

// Plays `game` on the open table `t`; false when a step was refused or lost.
asio::awaitable<bool> replay(Driver& d, Table& t, const std::vector<Step>& game, Pacer& pace,
                             Window& w);

// Opens a table and replays the recorded games one after another (starting with game
// `index`), until `w.stop`.
asio::awaitable<void> replay_rooms(Driver& d, const Recording& recording, TableOptions options,
                                   Pacer pace, Window& w, int index);

// Random play without attacks on the open table `t`, asking for legal commands: the steps.
asio::awaitable<bool> record_game(Driver& d, Table& t, std::vector<Step>& steps);

}  // namespace grognard::bench
