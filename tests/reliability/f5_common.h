#pragma once
// What the two F5 programs share (docs/reliability.md, "F5"): the tally of every attack's
// outcomes, the healthy client that times its Ping round trips, and the figures printed.

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "net_raw.h"

namespace grognard::v1 {
class ClientMessage;
class ServerMessage;
}  // namespace grognard::v1

namespace grognard::f5 {

using Clock = std::chrono::steady_clock;

// Every attack's outcomes, and how many were not the one expected.
struct Tally {
  std::mutex mu;
  std::map<std::string, std::map<std::string, int>> outcomes;  // attack -> outcome -> count
  int wrong = 0;
  void note(const std::string& attack, const std::string& outcome, bool expected);
  // How many times `attack` had `outcome`.
  int count(const std::string& attack, const std::string& outcome);
  // Prints every outcome with its count.
  void print();
};

// A Ping in a binary frame.
std::string ping_frame(std::uint64_t id);

// Round trips of Ping on `s`, one every 10 ms, until `until`; microseconds each. Sets *dropped
// if the connection ended or an answer did not come within 10 s.
void time_pings(e2e::raw::Socket& s, Clock::time_point until, std::vector<double>& out,
                bool* dropped, std::uint64_t& next_id);

double percentile(std::vector<double> v, double p);

// "close 1008", or "dropped" for a connection that ended without a close frame.
std::string code_name(int code);

// One line of round-trip figures: samples, p50, p99, max.
void print_round_trips(const char* label, const std::vector<double>& samples);

// What every F5 program checks at its end, each failure printed: /healthz answers 200, every
// attack had the outcome expected, the server's log holds no unhandled exception. True when all
// held.
bool ends_well(std::uint16_t port, Tally& tally, const std::string& server_log);

// The lines of the server's /metrics that start with one of `prefixes`.
void print_metrics(std::uint16_t port, const std::vector<std::string>& prefixes);

// A connection that has said Hello, from loopback address `source` ("": 127.0.0.1) and, when
// `forwarded` is given, naming that client in X-Forwarded-For (a server that trusts 127.0.0.1 as
// its proxy takes it as the client's address). is_open() false when any step failed.
e2e::raw::Socket greeted(std::uint16_t port, const std::string& source = "",
                         const std::string& forwarded = "");

// Sends `m` in a binary frame and reads until the answer to its request id (pushes are skipped);
// nullopt when the connection ended or no answer came within `timeout`.
std::optional<v1::ServerMessage> ask(e2e::raw::Socket& s, const v1::ClientMessage& m,
                                     e2e::raw::Millis timeout = e2e::raw::Millis(10'000));

}  // namespace grognard::f5
