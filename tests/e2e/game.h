#pragma once
// Helpers shared by the end-to-end tests: connected clients, two generals seated in an
// Itchy & Scratchy game, a simple policy that plays it from the legal commands the server
// lists, and the checks the tests repeat. Failures are reported with Catch2's REQUIRE.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "client/client.h"
#include "server_process.h"

namespace grognard::e2e {

namespace v1 = ::grognard::v1;
namespace itchy = ::grognard::v1::itchy;
using client::Client;
using client::Format;
using client::Millis;
using namespace std::chrono_literals;

// Server flags for tests that play whole games: a rate limit far above what they need.
inline const std::vector<std::string> kPlayFlags = {"--rate", "10000", "--burst", "10000"};

// How long a test waits for anything that should come at once.
inline constexpr Millis kWait{10'000};
// How long a test waits to be sure that nothing comes.
inline constexpr Millis kQuiet{300};

// A client connected to `server` that has said Hello. REQUIREs both.
Client connect(const ServerProcess& server, Format format = Format::kBinary);

// One seat as a test drives it.
struct Player {
  explicit Player(Client c) : client(std::move(c)) {}

  Client client;
  std::string seat;   // "side:0"
  std::string token;  // the seat token from Seated
  std::uint64_t last_seq = 0;
  std::vector<v1::GameEvent> events;  // every event pushed, in order
  std::optional<itchy::View> view;    // the view of the latest batch
  std::vector<std::string> acting;    // the seats to act after the latest batch
  std::string status;                 // the room status after the latest batch
  int sent = 0;                       // commands sent (command ids "<seat>-<n>")
  bool connected = true;              // step() and sync_all() skip a disconnected player
};

// Takes in one pushed EventBatch (other messages are ignored): REQUIREs every event to follow
// the ones before it.
void absorb(Player& p, const v1::ServerMessage& message);
void absorb(Player& p, const v1::Seated& seated);
// Reads pushes until the player has seen event `seq`.
void sync(Player& p, std::uint64_t seq);

struct GameOptions {
  std::string scenario = "intro";
  bool observers_allowed = false;
  Format formats[2] = {Format::kBinary, Format::kBinary};
  bool record_frames = false;  // record every frame each general receives, from the Hello on
  std::string time_control;    // CreateRoom.time_control (docs/clocks.md)
  // Called after the room exists and before the generals join.
  std::function<void(const std::string& invite_code)> after_create;
  // Called with each general's client before it joins (to log it in, say).
  std::function<void(int index, Client& client)> before_join;
};

struct Game {
  std::string game_id;
  std::string invite_code;
  std::vector<Player> players;  // [0] holds side:0, [1] side:1
};

// Player 0 creates the room and both take a general's seat; returns once both have seen the
// game begin.
Game start_game(const ServerProcess& server, const GameOptions& options = {});

void sync_all(Game& g, std::uint64_t seq);
// The connected player whose seat is to act now. REQUIREs there is one.
Player& to_act(Game& g);
Player& other(Game& g, const Player& p);
bool finished(const Game& g);

// The policy: the first order choice listed (go first), else the first attack, else the move
// that brings a unit nearest the enemy (only if nearer than before), else EndSideTurn.
itchy::Command choose(const v1::LegalCommands& legal, const itchy::View& view);

std::string next_command_id(Player& p);
// One move of the game: the acting player asks for its legal commands, sends the chosen one,
// and every connected player reads up to its last event. Returns the result.
v1::CommandResult step(Game& g);

// A unit of `side` on the field that is not a General; with `fresh`, one that has not acted
// this turn. nullptr if there is none.
const itchy::UnitView* unit_of(const itchy::View& view, int side, bool fresh);
// 0 for "side:0", 1 for "side:1".
int side_of(const std::string& seat);

// The events' (seq, state_hash) pairs, for comparing streams.
std::vector<std::pair<std::uint64_t, std::string>> seqs_and_hashes(
    const std::vector<v1::GameEvent>& events);

// SystemNotes in `events`.
std::vector<v1::SystemNote> system_notes(const std::vector<v1::GameEvent>& events);

std::string sha256_hex(const std::string& bytes);
std::string from_hex(const std::string& hex);
std::string to_upper(std::string s);

// Reads until the server closes the connection; the reason of the Closing it pushed, if any.
std::optional<std::string> closing_reason(Client& c);

// The stored games with `status` ("finished", "aborted", "expired") as `c` lists them.
std::vector<v1::GameSummary> games_with_status(Client& c, const std::string& status);

// The value of a Prometheus sample line starting with `name` (e.g. name{label="x"}), or -1.
double metric(const std::string& metrics_text, const std::string& name);
// The value of metric `name` on the server's /metrics page now, or -1.
double metric_now(const ServerProcess& server, const std::string& name);

}  // namespace grognard::e2e
