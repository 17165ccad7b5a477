#pragma once
// Helpers for the RCW end-to-end test (rcw_test.cpp): a client that watches an RCW game (a
// general or an observer) and keeps every event and its latest view; commands sent and
// acknowledged; the needles a concealed unit would leave in a frame (its id, name, coordinates
// and facing as protobuf and as protobuf's JSON mapping put them on the wire); the event chain
// checked link by link (docs/protocol.md, "Event chain and commitments").

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "client/client.h"
#include "game.h"
#include "grognard/v1/rcw.pb.h"

namespace grognard::e2e {

namespace rcw = ::grognard::v1::rcw;

// One connection to the game: a general ("side:0", "side:1") or an observer (seat empty).
struct Watcher {
  Watcher(std::string label_, Client c) : label(std::move(label_)), client(std::move(c)) {}

  std::string label;  // for messages: "Reds (binary)", "observer (JSON)"
  Client client;
  std::string seat;
  std::uint64_t last_seq = 0;
  std::vector<v1::GameEvent> events;  // every event received, in order
  std::optional<rcw::View> view;      // the view of the latest batch
  std::vector<std::string> acting;
  std::string status;
  int sent = 0;
};

// Takes in a pushed EventBatch (other messages are ignored) or the Seated answer; REQUIREs
// every event to follow the one before.
void take(Watcher& w, const v1::ServerMessage& message);
void take(Watcher& w, const v1::Seated& seated);
// Reads pushes until the watcher has seen event `seq`.
void catch_up(Watcher& w, std::uint64_t seq);

// The rule set's event inside a GameEvent (REQUIREs one).
rcw::Event rules_event(const v1::GameEvent& e);
bool is_hidden(const v1::GameEvent& e);

// The commands the server lists for `w` now.
std::vector<rcw::Command> legal_commands(Watcher& w);

// Sends `command` from `w`, REQUIREs it acknowledged (not a duplicate, its events numbered
// after those `w` has seen) and every watcher to receive its events. Returns the result.
v1::CommandResult send(Watcher& w, const rcw::Command& command, std::vector<Watcher*> all);

// --- Needles ----------------------------------------------------------------------------------

// What would betray a unit in a frame: strings for binary frames and for text (JSON) frames.
struct Needles {
  std::vector<std::string> binary;
  std::vector<std::string> json;
  std::vector<std::string> json_numbers;  // numbers, found only after ':' and not followed by a
                                          // digit
};
Needles needles_of(const std::string& id, const std::string& name, double x, double y,
                   double facing);
// The needles found in `bytes` (a frame, binary or text), described.
std::vector<std::string> hits(const std::string& bytes, bool binary, const Needles& n);

// --- The chain --------------------------------------------------------------------------------

// REQUIREs `events` to be numbered 1, 2, ... without a gap and each chain link to verify from
// the published digest and state hash.
void check_chain(const std::vector<v1::GameEvent>& events, const std::string& who);

std::string raw_of_hex(const std::string& hex);

}  // namespace grognard::e2e
