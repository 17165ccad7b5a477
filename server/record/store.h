#pragma once
// What a room needs from durable storage, and what an archive file is read from and into.
// server/store implements it on SQLite; tests may implement it in memory or with injected faults.
// Rooms never see SQL.
//
// The write path (docs/design.md "Event sourcing and durability"): a room decides, hands the new
// events to append(), and only when `done` reports success does it apply them, acknowledge
// the command and broadcast. A failed append stops the room (fail-stop).

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/dice.h"
#include "engine/result.h"
#include "record/hashes.h"
#include "record/notice.h"

namespace grognard::record {

// kExpired: a room that waited too long for its players (LobbyOptions::waiting_room_limit); it
// never began, and is not loaded back at start.
// kAborted: closed by the server's operator (admin API), waiting or running; its result says why.
enum class GameStatus : std::uint8_t { kWaiting, kRunning, kFinished, kFailed, kExpired, kAborted };
const char* to_string(GameStatus s);
// Finished or aborted: the game has ended and published its seed.
bool revealed(GameStatus s);
std::optional<GameStatus> game_status_from_string(std::string_view s);

// The form of the event chain that new games use (docs/protocol.md): 1, each link covers the
// payload itself; 2, it covers the payload's digest (EventRecord::digest); 3, as 2, and in a game
// whose rule set can hide anything every digest is keyed (record/seal.h, event_digest).
inline constexpr int kChainVersion = 3;

struct GameRecord {
  std::string id;             // public game id ("g-7f3a9c21e04b")
  std::string ruleset;        // "itchy"
  std::string scenario;       // the scenario's name
  std::string scenario_text;  // the whole scenario as loaded (protobuf text format)
  std::string invite_code;    // what players type to join
  bool listed = true;         // public (listed in the lobby) or unlisted
  bool observers_allowed = true;
  GameStatus status = GameStatus::kWaiting;
  engine::Seed seed{};          // secret until the game ends
  Hash32 seed_sha256{};         // published when the game starts
  std::uint64_t dice_next = 0;  // number of the next throw
  std::uint64_t last_seq = 0;   // sequence number of the last stored event (0: none)
  std::int64_t created_ms = 0;
  std::int64_t updated_ms = 0;
  std::int64_t ended_ms = 0;          // 0 while running
  std::string result;                 // one line once ended: "British win: ...", or why it expired
  int chain_version = kChainVersion;  // the form of the event chain (chain_hash)
  int ruleset_version = 0;            // Ruleset::version() it was played under (0: unknown)
  // A fork (docs/archives.md, "Forks"): events 1..source_seq are source_game's, copied, and
  // throws from number dice_from on come from this game's own seed. Empty/0: not a fork.
  std::string source_game;
  std::uint64_t source_seq = 0;
  std::uint64_t dice_from = 0;
  // Set by a re-simulation that found the current rules folding the game differently: one line
  // naming the first differing event. Such a game takes no command until the operator decides.
  std::string drift;
  std::int64_t imported_ms = 0;  // when it was imported from an archive file (0: played here)
  // Its time control, as chosen at creation (room/time_control.h; "": none), and its clocks as
  // of its last batch (room/game_clock.h; "": none has run yet).
  std::string time_control;
  std::string clocks;
};

struct SeatRecord {
  std::string game_id;
  std::string seat_id;  // "side:0", "referee", "observer:3f9a…"
  std::string role;     // "general", "player", "referee", "observer"
  std::string label;
  std::string player_name;
  Hash32 token_sha256{};  // the seat token itself is never stored
  std::int64_t claimed_ms = 0;
  // The account that holds the seat (docs/accounts.md, "Seats"); 0: none. Stored as NULL when
  // no account has this id any more (deleted meanwhile), never failing the write.
  std::int64_t account_id = 0;
};

// kTakenBack: a v1::TakenBack; the events it names no longer count (docs/protocol.md, "Taking
// back").
enum class EventKind : std::uint8_t { kRules = 0, kChat = 1, kSystem = 2, kTakenBack = 3 };

struct EventRecord {
  std::string game_id;
  std::uint64_t seq = 0;  // 1, 2, 3, … within the game
  EventKind kind = EventKind::kRules;
  std::string payload;     // rules: the rule set's serialized Event; else: proto
  Hash32 state_hash{};     // the game state's hash after this event
  Hash32 chain{};          // chain_hash(previous chain, this event, the game's chain version)
  std::string seat;        // who caused it ("" for the server itself)
  std::string command_id;  // the client's command id, on the command's first event
  std::string audience;    // chat: "" for the room, or a seat/side label it was sent to
  std::int64_t created_ms = 0;
  // An event imported without its payload (chat to one seat, which archive files never carry):
  // the digest its chain link covers, stored since it cannot be computed. Else empty.
  std::optional<Hash32> withheld_digest;
  // Computed, not stored (record/seal.h): SHA-256(payload) when every seat may read the event
  // whole, else HMAC-SHA256(seed, payload); and HMAC-SHA256(seed, the rule set's full hash of
  // the state after it), which opens once the seed is revealed. Both are published with it.
  Hash32 digest{};
  Hash32 commitment{};
};

// Remembers a command's id so that a re-sent command is answered, not applied twice. Not a row
// of its own: the command's first event carries its seat and id (EventRecord::command_id), and
// a room finds its commands in its log when it is loaded (room/room.cpp).
struct CommandRecord {
  std::string game_id;
  std::string seat;
  std::string command_id;
  std::uint64_t first_seq = 0;
  std::uint64_t last_seq = 0;
};

// Everything one room commits at once: all or nothing.
struct WriteBatch {
  std::optional<GameRecord> game;  // insert or replace the game row
  std::vector<SeatRecord> seats;   // insert or replace
  std::vector<EventRecord> events;
  std::vector<std::string> dropped_seats;  // seat ids of the game to delete (observers gone)
  // The notices the batch causes (docs/notifications.md), written to the outbox with it.
  std::vector<NoticeRecord> notices;
};

struct GameFilter {
  std::string ruleset;          // empty: any
  std::string player;           // empty: any (matches a seat's player_name)
  std::int64_t account_id = 0;  // non-zero: only games where this account holds a seat
  std::optional<GameStatus> status;
  std::int64_t since_ms = 0;  // created at or after
  std::int64_t until_ms = 0;  // created before (0: no bound)
  bool listed_only = true;
  int limit = 100;
};

class Store {
 public:
  virtual ~Store() = default;

  // Queues the batch for the writer, which commits it (possibly together with other rooms'
  // batches) in one transaction and then calls `done` on the writer's thread. `done` receives
  // an error when nothing of the batch was stored.
  virtual void append(WriteBatch batch, std::function<void(engine::Status)> done) = 0;

  // Reads (any thread; each call uses a reader connection).
  virtual engine::Result<std::optional<GameRecord>> game(const std::string& id) = 0;
  virtual engine::Result<std::optional<GameRecord>> game_by_invite(const std::string& code) = 0;
  // The game holding a seat whose token hashes to `token_sha256` (indexed: a lookup, not a scan).
  virtual engine::Result<std::optional<GameRecord>> game_by_token(const Hash32& token_sha256) = 0;
  virtual engine::Result<std::vector<GameRecord>> games(const GameFilter& filter) = 0;
  virtual engine::Result<std::vector<GameRecord>> unfinished_games() = 0;
  virtual engine::Result<std::vector<SeatRecord>> seats(const std::string& game_id) = 0;
  // Events with from <= seq <= to (to == 0: to the end), in order.
  virtual engine::Result<std::vector<EventRecord>> events(const std::string& game_id,
                                                          std::uint64_t from, std::uint64_t to) = 0;
  // The game's TakenBack events (EventKind::kTakenBack), in order: what a fold of a part of its
  // log needs to know of the whole (record/replay.h, Fold). Indexed: it reads only those.
  virtual engine::Result<std::vector<EventRecord>> taken_back(const std::string& game_id) = 0;

  // Blocks until everything queued so far is committed (or failed). For shutdown and tests.
  virtual void flush() = 0;
};

// Appends `batch` and blocks until it is committed (ok) or failed. For work off the serving path
// (imports, re-simulation); never from a `done` callback of the store's writer.
engine::Status append_and_wait(Store& store, WriteBatch batch);

// The chain hash of an event (see EventRecord::chain, docs/protocol.md): SHA-256 over the
// previous chain, seq (big-endian u64), kind (u8), then in version 1 the payload
// (length-prefixed) and in version 2 its digest (32 bytes), then the state hash.
Hash32 chain_hash(const Hash32& previous, const EventRecord& e, int version = 1);

}  // namespace grognard::record
