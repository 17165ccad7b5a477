#pragma once
// A room: one game, its seats and the connections watching it. Every member runs on the
// room's strand; public members post there, so they may be called from any thread.
//
// Write path (docs/design.md): decide -> append to the store -> (committed) apply in memory ->
// acknowledge -> broadcast. While a commit is in flight later requests wait their turn. A
// failed append stops the room: it says so and takes no more commands (fail-stop) until it
// stores again: it retries by itself, or the operator resumes it (room_storage.cpp).

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "engine/ruleset.h"
#include "record/replay.h"
#include "record/store.h"
#include "room/lobby.h"
#include "room/messages.h"
#include "room/metrics.h"
#include "room/peer.h"
#include "room/shares.h"

namespace grognard::room {

struct RoomDeps {
  record::Store& store;
  Metrics& metrics;
  Clock clock;
  // The bounds a room enforces itself: chat_per_seat, chat_per_room, max_game_events and
  // events_per_page (room/lobby_options.h; zero: no bound).
  LobbyOptions limits = {};
  // Called on the room's strand with its id and the token's hash when it hands out a seat
  // token, so that the lobby finds it by that token (lobby_rooms.cpp), and when a token no
  // longer opens anything (an observer's seat given up). Never under a lock.
  std::function<void(const std::string& room_id, const record::Hash32& token)> token_added = {};
  std::function<void(const std::string& room_id, const record::Hash32& token)> token_dropped = {};
  // What addresses hold in all rooms (room/shares.h): bytes of chat and observer seats, taken
  // when stored and given back when given up or when the room leaves memory. Null: not counted.
  std::shared_ptr<Shares> chat_bytes = {};
  std::shared_ptr<Shares> observer_seats = {};
};

class Room : public std::enable_shared_from_this<Room> {
 public:
  // Events a command that ends the game may add past max_game_events (room_limits.cpp).
  static constexpr std::uint64_t kEventsReserve = 64;
  // What a chat message costs an address besides its stored payload (its record: hashes, ids,
  // times), in LobbyOptions::chat_bytes_per_address and max_chat_bytes.
  static constexpr std::uint64_t kChatRecordBytes = 256;

  // A new game, not yet stored: `record` and `seats` are what create() will commit.
  Room(boost::asio::any_io_executor executor, const engine::Ruleset& ruleset,
       record::GameRecord record, std::unique_ptr<engine::GameState> initial,
       std::vector<record::SeatRecord> seats, RoomDeps deps);
  // Gives back what its seats and chat held of the shares (RoomDeps).
  ~Room();
  Room(const Room&) = delete;
  Room& operator=(const Room&) = delete;

  // A stored game: folds and checks its log (record/resim.h). When the current rules fold it
  // otherwise, the room is loaded held (its drift line set: it takes no command until the
  // operator decides) as the current rules fold it, or stopped when an event no longer applies
  // at all; `problem` says which. A stale drift line of a game that verifies is dropped.
  static std::shared_ptr<Room> restore(boost::asio::any_io_executor executor,
                                       const engine::Ruleset& ruleset, record::GameRecord record,
                                       std::unique_ptr<engine::GameState> initial,
                                       std::vector<record::SeatRecord> seats,
                                       std::vector<record::EventRecord> log, RoomDeps deps,
                                       std::string* problem);

  // Stores the new game, then calls `done` (on the strand) with the outcome.
  void create(std::function<void(engine::Status)> done);

  // An observer gets a seat of his own, "observer:N" (N above every observer seat the game holds
  // or its log names: no stored seat is written over), within observers_per_room and the
  // shares of observer seats.
  void join(std::shared_ptr<Peer> peer, v1::JoinRoom req, std::uint64_t request_id);
  void resume(std::shared_ptr<Peer> peer, record::Hash32 token_hash, std::uint64_t last_seq,
              std::uint64_t request_id);
  // A player's seat stays the player's; an observer's is given up, in memory and in the store.
  void leave(std::shared_ptr<Peer> peer, std::uint64_t request_id);
  void command(std::shared_ptr<Peer> peer, v1::SendCommand req, std::uint64_t request_id);
  void legal(std::shared_ptr<Peer> peer, std::uint64_t request_id);
  // What `req.command` would do, decided on the current state with dice that are not the
  // game's; stores, broadcasts and throws nothing (docs/protocol.md, "Previews"). Refused as
  // command() refuses, with the same errors.
  void preview(std::shared_ptr<Peer> peer, v1::Preview req, std::uint64_t request_id);
  // Distance, range, sight and cover between two things the peer's seat (or observer) can see
  // (docs/protocol.md, "Measuring"); nothing is stored.
  void measure(std::shared_ptr<Peer> peer, v1::Measure req, std::uint64_t request_id);
  void chat(std::shared_ptr<Peer> peer, v1::SendChat req, std::uint64_t request_id);
  // Takes back the seat's last command (docs/protocol.md, "Taking back"): at once when it threw
  // no dice, revealed nothing and nothing came after it; else asks the opponent's (or the
  // referee's) consent with TakeBackOffer, which answer_take_back() gives or refuses.
  void take_back(std::shared_ptr<Peer> peer, std::uint64_t request_id);
  void answer_take_back(std::shared_ptr<Peer> peer, bool accept, std::uint64_t request_id);
  // Archive requests served from the room's own log, seen as seat `req.as_seat` (empty: an
  // observer). The lobby has checked the peer may.
  void events(std::shared_ptr<Peer> peer, v1::GetEvents req, std::uint64_t request_id);
  void state(std::shared_ptr<Peer> peer, v1::GetState req, std::uint64_t request_id);
  void detach(std::shared_ptr<Peer> peer);
  // Takes no command from now on (shutdown). `stopped`, if given, is called on the strand once
  // every message queued before has been handled and its commit answered.
  void stop(std::function<void()> stopped = {});
  // Expires the game if it still waits for players and nothing has been stored for it for
  // `limit` (GameRecord::updated_ms: its creation, a seat taken, a chat message): stores it as
  // expired with `reason` ("expired after 168 hours waiting for players") and a system note
  // that reaches every connection in the room. Calls `done` on the strand: true once that is
  // stored, false when the room did not expire.
  void expire(std::chrono::milliseconds limit, std::string reason,
              std::function<void(bool expired)> done);
  // The server's operator closes the game (admin API), waiting or running: stores it as aborted
  // with the result "closed by the server's operator: <reason>" and a system note that reaches
  // every connection in the room and reveals the dice seed (nothing is left to play, so the
  // archive may be checked). Calls `done` on the strand with the outcome: refused when the game
  // has already ended or stopped.
  void abort(std::string reason, std::function<void(engine::Status)> done);
  // Re-simulation (record/resim.h, room_drift.cpp). Stores `drift` as the game's drift line (""
  // clears it); while it is set the game takes no command nor take-back. `done` on the strand.
  void flag_drift(std::string drift, std::function<void(engine::Status)> done);
  // The operator lets a drifting game go on under the current rules: clears the line, records
  // the current rule-set version and appends a system note saying so (with `reason`). `done`
  // gets what was done, or why not (not held, stopped).
  void resume_drift(std::string reason, std::function<void(engine::Status, std::string)> done);
  // A room stopped by a storage error (a failed commit: I/O error, full disk) tries again by
  // itself (after 0.5 s, doubling up to 30 s), and the operator may ask at once (admin API):
  // it stores a system note saying the game goes on, and plays on once that is stored
  // (room_storage.cpp). `done` gets what was done, or why not (not stopped by storage, the
  // store still failing, or holding other than the room: then only a restart loads it back).
  void resume_storage(std::string reason, std::function<void(engine::Status, std::string)> done);
  // Stopped by a storage error and not going on yet (a snapshot, for /healthz).
  bool stopped_by_storage() const;

  // Thread-safe snapshots for the lobby.
  const std::string& id() const { return id_; }
  const std::string& invite_code() const { return invite_; }
  v1::RoomInfo info() const;
  bool owns_token(const record::Hash32& token_hash) const;
  bool listed_and_open() const;
  // Ended (or stopped) with nobody connected: the lobby may drop it from memory; its game
  // stays in the store for the archive.
  bool evictable() const;
  // Evictable, and its game ended at or before `ms` (ms since the epoch).
  bool ended_idle_since(std::int64_t ms) const;
  // While the game waits for players: when something was last stored for it (ms).
  std::optional<std::int64_t> waiting_since() const;
  // The hashes of the seat tokens handed out.
  std::vector<record::Hash32> token_hashes() const;
  // The game's drift line ("": it is not held).
  std::string drift() const;

 private:
  // One decision on its way to the store: what will be committed, and what the room becomes.
  struct Pending {
    record::WriteBatch batch;                     // batch.game starts as a copy of record_
    std::vector<record::CommandRecord> commands;  // the commands the batch's events answer
    std::unique_ptr<engine::GameState> next;      // the rules state after the batch (null: same)
    // `next` is still a copy of the room's state: the batch has applied no rules event yet.
    bool next_unchanged = false;
    // The rules state before each event (null before one that is not a rules event): the room's
    // own state before the first rules event, else a copy kept in `kept` (with the room's state
    // before the commit, once committed() has replaced it, until the batch is broadcast).
    std::vector<const engine::GameState*> befores;
    std::vector<std::unique_ptr<engine::GameState>> kept;
    std::optional<engine::ToAct> act;    // rs_.to_act(*next), computed once
    std::function<void(bool ok)> after;  // acknowledge (on the strand, after the commit)
    // A peer `after` seated with the batch's events in its answer (the join that begins the
    // game): broadcast() does not push them to it again.
    const Peer* seated_with_batch = nullptr;
    // Stored as activity, which keeps a waiting room from expiring (GameRecord::updated_ms); an
    // observer coming or going is not.
    bool activity = true;
  };
  struct PeerEntry {
    std::weak_ptr<Peer> peer;
    std::string seat_id;
    bool observer = false;
  };

  // Why a command (or its preview) from the seat is refused before decide(), in the order
  // command() checks: a seat that is not an observer's; a game that runs and has not stopped;
  // the turn gate. nullopt: it goes on.
  struct Refusal {
    v1::Code code;
    std::string clause, message;
  };
  // `observers_cannot` ends the refusal an observer hears: "observers cannot <it>".
  std::optional<Refusal> refuse_seat(const std::optional<std::string>& seat_id,
                                     std::string_view observers_cannot = "give commands") const;
  // What any request of a seat or an observer needs (chat, measuring): a place in the room, and
  // a room that has not stopped.
  std::optional<Refusal> refuse_unseated(const std::optional<std::string>& seat_id) const;
  std::optional<Refusal> refuse_status() const;
  std::optional<Refusal> refuse_turn(const std::string& seat_id) const;
  // Bounds of the game's log (room/lobby_options.h): a chat message past the seat's or the
  // room's bound; `adding` events past max_game_events (a command that ends the game may use
  // kEventsReserve more: a game at the bound can still be conceded or closed).
  std::optional<Refusal> refuse_chat(const std::string& seat_id) const;
  std::optional<Refusal> refuse_size(std::uint64_t last_seq_after, bool ends_game) const;
  // One more observer seat past observers_per_room (room_limits.cpp).
  std::optional<Refusal> refuse_observer() const;
  // Counts what a stored game brings back as held by nobody in the shares (RoomDeps): its
  // observer seats and chat (the store keeps no client addresses).
  void account_loaded();

  // Taking back (room_take_back.cpp): the last command that still counts, and an offer waiting
  // for consent. A command given by anyone cancels the offer.
  struct LastCommand {
    std::string seat;
    std::uint64_t first_seq = 0, last_seq = 0;
  };
  struct TakeBackOffer {
    LastCommand command;
    std::vector<std::string> asked;  // the seats whose consent is asked: the first answer counts
    std::shared_ptr<const v1::ServerMessage> message;  // the TakeBackOffer pushed to them
  };
  std::optional<LastCommand> last_command() const;
  // Ends the offer waiting for consent, if any, telling the asker and the seats asked (but those
  // already `told`) that it lapsed.
  void lapse_offer(const std::vector<std::string>& told = {});
  // The TakenBack event that took back the event `seq`, if one did.
  std::optional<std::uint64_t> taken_back_at(std::uint64_t seq) const;
  std::vector<std::string> consent_seats(const std::string& asker) const;
  // Commits the TakenBack event of `c` with the state before it (`restored`, or folded from the
  // log when null); `after` as Pending::after.
  engine::Status take_back_now(const LastCommand& c, const std::string& agreed_by,
                               std::function<void(bool ok)> after,
                               std::unique_ptr<engine::GameState> restored = nullptr);
  void send_to_seat(const std::string& seat_id,
                    const std::shared_ptr<const v1::ServerMessage>& message) const;

  std::shared_ptr<Pending> make_pending() const;
  void run(std::function<void()> op);  // on the strand: now, or after the commit in flight
  void drain();
  void commit(std::shared_ptr<Pending> p);
  void committed(std::shared_ptr<Pending> p, engine::Status status);
  void fail_stop(const std::string& why);
  // A commit failed (room_storage.cpp): the room stops the first time (fail_stop), and tries
  // again later either way.
  void storage_stop(const std::string& error);
  void schedule_storage_retry();

  engine::Status add_rules_events(Pending& p, const std::vector<engine::Bytes>& events,
                                  const std::string& seat, const std::string& command_id);
  // `before`: the rules state before a rules event (its digest may depend on it, record/seal.h).
  void add_record(Pending& p, record::EventKind kind, std::string payload, const std::string& seat,
                  const std::string& audience, const engine::GameState* before = nullptr);
  // The rules state after `p` (its own, or the room's when it changes none) and who acts then.
  const engine::GameState& rules_after(const Pending& p) const {
    return p.next ? *p.next : *state_;
  }
  const engine::ToAct& act_after(Pending& p) const;
  void maybe_start(Pending& p);
  void maybe_finish(Pending& p);

  const record::SeatRecord* seat(const std::string& seat_id) const;
  // Takes `s` into seats_ (or observers_) and the token index, in place of an earlier record.
  void keep_seat(const record::SeatRecord& s);
  // An observer's seat given up (WriteBatch::dropped_seats): out of observers_, the token
  // index, the shares and every connection seated there.
  void drop_seat(const std::string& seat_id);
  // Numbers of "observer:N" ids seen (seats, the log), so that a new one is above them all.
  void note_observer(const std::string& seat_id);
  // `r` was added to log_: chat counts, kept folds.
  void count_event(const record::EventRecord& r);
  // The connection's registration in peers_ is dropped, if any.
  void drop_peer(const Peer* peer);
  engine::Viewer viewer_for(const std::string& seat_id) const;
  // Appends the events of `p` that `viewer` may see, as it sees them (room_play.cpp).
  void add_seen(const Pending& p, const engine::Viewer& viewer,
                google::protobuf::RepeatedPtrField<v1::GameEvent>* out) const;
  std::optional<std::string> bound_seat(const std::shared_ptr<Peer>& peer) const;
  void bind(const std::shared_ptr<Peer>& peer, const record::SeatRecord& seat);
  std::shared_ptr<v1::ServerMessage> seated(const record::SeatRecord& seat,
                                            std::uint64_t request_id,
                                            std::uint64_t after_seq) const;
  void broadcast(const Pending& p);
  void refresh_info();
  bool game_over() const { return revealed(record_.status); }
  bool expired() const { return record_.status == record::GameStatus::kExpired; }
  bool aborted() const { return record_.status == record::GameStatus::kAborted; }
  // "room K7QX2M expired after 168 hours waiting for players"
  std::string expiry_message() const { return "room " + invite_ + " " + record_.result; }
  // "room K7QX2M was closed by the server's operator: <reason>"
  std::string abort_message() const { return "room " + invite_ + " was " + record_.result; }
  std::string log_prefix() const { return "[game " + id_ + "] "; }

  boost::asio::strand<boost::asio::any_io_executor> strand_;
  const engine::Ruleset& rs_;
  const std::string id_;
  const std::string invite_;
  RoomDeps deps_;

  // Strand-only state.
  record::GameRecord record_;
  std::unique_ptr<engine::GameState> initial_;
  std::unique_ptr<engine::GameState> state_;
  engine::ToAct act_;  // rs_.to_act(*state_), computed once whenever state_ changes
  // The legal commands of each seat that asked since state_ last changed (Room::legal): a seat's
  // client asks again after every push it gets, and each of its connections asks alike.
  std::map<std::string, v1::LegalCommands> legal_;
  std::vector<record::SeatRecord> seats_;                // the game's seats; observers apart:
  std::map<std::string, record::SeatRecord> observers_;  // by seat id
  std::vector<record::EventRecord> log_;
  mutable record::FoldCache folds_;  // pages far into the log (record/replay.h)
  std::map<std::string, std::size_t> chats_by_seat_;
  std::size_t chats_ = 0;
  std::uint64_t observers_made_ = 0;  // the highest N of an "observer:N" seat id seen
  // Who holds each observer seat, and each address's bytes of chat, in the shares (RoomDeps):
  // nobody (an empty Holder) for what the room was loaded with.
  std::map<std::string, Holder> observer_holders_;
  std::map<Holder, std::uint64_t> chat_held_;
  std::map<std::pair<std::string, std::string>, record::CommandRecord> commands_;
  // SHA-256 of each command's payload (type name and bytes), for the commands accepted since the
  // room was loaded, so that an id re-used with another payload is refused. The store keeps no
  // command payloads, so a command restored from the log has no entry (docs/protocol.md).
  std::map<std::pair<std::string, std::string>, record::Hash32> command_digests_;
  std::map<const Peer*, PeerEntry> peers_;
  std::map<std::string, std::size_t> seat_peers_;  // connections bound to each game seat
  std::optional<TakeBackOffer> offer_;
  // Set for a game forked from another (record/fork_source.h): RoomInfo.forked_from.
  v1::ForkSource fork_source_;
  bool busy_ = false;
  bool failed_ = false;
  bool stopped_ = false;
  std::string failure_;
  bool storage_failed_ = false;  // failed_ by a storage error: retried (room_storage.cpp)
  std::chrono::milliseconds storage_retry_delay_{500};
  std::unique_ptr<boost::asio::steady_timer> storage_retry_;
  std::deque<std::function<void()>> waiting_;

  // Snapshot for other threads.
  mutable std::mutex info_mu_;
  v1::RoomInfo info_;
  std::map<record::Hash32, std::string> tokens_;  // the seat (or observer) of each token handed out
  bool listed_and_open_ = false;
  bool evictable_ = false;
  std::int64_t ended_ms_ = 0;
  bool storage_stopped_ = false;
  std::optional<std::int64_t> waiting_since_;
  std::string drift_;
};

}  // namespace grognard::room
