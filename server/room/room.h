#pragma once
// A room: one game, its seats and the connections watching it. Every member runs on the
// room's strand; public members post there, so they may be called from any thread.
//
// Write path (docs/design.md): decide -> append to the store -> (committed) apply in memory ->
// acknowledge -> broadcast. While a commit is in flight later requests wait their turn. A
// failed append stops the room: it says so and takes no more commands (fail-stop) until it
// stores again: it retries by itself, or the operator resumes it (room_storage.cpp).
//
// The room holds the game (its record, rules state and log) and decides, commits and broadcasts;
// each of its other jobs is a part that owns its own state: the commit line (room/commit_line.h),
// the seat book (room/seat_book.h), the chat book (room/chat_book.h), the command ledger
// (room/command_ledger.h), take-back offers (room/take_backs.h), the legal commands kept
// (room/legal_cache.h) and the snapshot other threads read (room/room_snapshot.h). The gate
// (room/room_gate.h) reads those parts, never changing them, to refuse what may not go on.

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>

#include "engine/ruleset.h"
#include "record/replay.h"
#include "record/store.h"
#include "room/chat_book.h"
#include "room/clock.h"
#include "room/clock_view.h"
#include "room/command_ledger.h"
#include "room/commit_line.h"
#include "room/game_clock.h"
#include "room/legal_cache.h"
#include "room/lobby_options.h"
#include "room/messages.h"
#include "room/metrics.h"
#include "room/notices.h"
#include "room/peer.h"
#include "room/pending.h"
#include "room/room_gate.h"
#include "room/room_snapshot.h"
#include "room/seat_book.h"
#include "room/shares.h"
#include "room/take_backs.h"
#include "room/time_control.h"

namespace grognard::room {

struct RoomDeps {
  record::Store& store;
  Metrics& metrics;
  Clock clock;
  // The bounds a room enforces itself: chat_per_seat, chat_per_room, max_game_events and
  // events_per_page (room/lobby_options.h; zero: no bound).
  LobbyOptions limits = {};
  // Called on the room's strand with its id and the token's hash when it hands out a seat
  // token, so that the lobby finds it by that token (room/room_table.h), and when a token no
  // longer opens anything (an observer's seat given up). Never under a lock.
  std::function<void(const std::string& room_id, const record::Hash32& token)> token_added = {};
  std::function<void(const std::string& room_id, const record::Hash32& token)> token_dropped = {};
  // What addresses hold in all rooms (room/shares.h): bytes of chat and observer seats, taken
  // when stored and given back when given up or when the room leaves memory. Null: not counted.
  std::shared_ptr<Shares> chat_bytes = {};
  std::shared_ptr<Shares> observer_seats = {};
  // Called on the room's strand once a batch carrying notices is stored (docs/notifications.md):
  // the sender looks at the outbox now. Null: nobody is told.
  std::function<void()> notices_written = {};
};

class Room : public std::enable_shared_from_this<Room> {
 public:
  // Events a command that ends the game may add past max_game_events (room/room_gate.h).
  static constexpr std::uint64_t kEventsReserve = RoomGate::kEventsReserve;
  // What a chat message costs an address besides its stored payload (its record: hashes, ids,
  // times), in LobbyOptions::chat_bytes_per_address and max_chat_bytes.
  static constexpr std::uint64_t kChatRecordBytes = ChatBook::kRecordBytes;

  // A new game, not yet stored: `record` and `seats` are what create() will commit.
  Room(boost::asio::any_io_executor executor, const engine::Ruleset& ruleset,
       record::GameRecord record, std::unique_ptr<engine::GameState> initial,
       std::vector<record::SeatRecord> seats, RoomDeps deps);
  // Gives back what its seats and chat held of the shares (RoomDeps): its seat book and chat
  // book do.
  ~Room() = default;
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
  // Accounts (docs/accounts.md, "Seats"; room_accounts.cpp). The peer, logged in to `account`,
  // resumes that account's seat `seat_id`, without its token (another device).
  void resume_account(std::shared_ptr<Peer> peer, std::string seat_id, AccountRef account,
                      std::uint64_t last_seq, std::uint64_t request_id);
  // The seat whose token hashes to `token_hash` becomes `account`'s, once stored; refused when
  // another account holds it. Answered with SeatClaimed.
  void claim(std::shared_ptr<Peer> peer, record::Hash32 token_hash, AccountRef account,
             std::uint64_t request_id);
  // Account `account_id` is gone (deleted): its seats here are nobody's but their tokens'.
  void forget_account(std::int64_t account_id);
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
  // Clocks (docs/clocks.md, room_clock.cpp): the win claimed on time against a seat out of
  // time, and more time granted; each a SystemNote with its ClockNote, answered with RoomInfo.
  // Another general or player may, or in a game with a referee only the referee.
  void claim_timeout(std::shared_ptr<Peer> peer, v1::ClaimTimeout req, std::uint64_t request_id);
  void grant_time(std::shared_ptr<Peer> peer, v1::GrantTime req, std::uint64_t request_id);
  // Writes the notices the clocks call for now (docs/notifications.md: time running short, a
  // win on time to claim), each once; the lobby's clock watch calls it (room/clock_watch.h).
  void watch_clock();
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
  // Ends a running game nobody has played or been connected to for `limit` (checked again on
  // the strand) as abort() does, with the result "abandoned: nobody played it or was connected
  // to it for N days". `done` on the strand: true once stored.
  void abandon(std::chrono::milliseconds limit, std::function<void(bool abandoned)> done);
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
  // Stopped by a storage error and not going on yet (a snapshot, for /healthz); stopped for any
  // cause (a storage error, a game that no longer folds), not for a shutdown.
  bool stopped_by_storage() const;
  bool stopped() const;

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
  // While it runs with nobody connected: when something was last stored for it (ms).
  std::optional<std::int64_t> unattended_since() const;
  // The hashes of the seat tokens handed out.
  std::vector<record::Hash32> token_hashes() const;
  // The game's drift line ("": it is not held).
  std::string drift() const;
  // The address of the connection that created the room (empty: loaded from the store); for
  // the operator (GET /admin/rooms).
  void set_creator(std::string address) { snapshot_.set_creator(std::move(address)); }
  std::string creator() const { return snapshot_.creator(); }

 private:
  // Counts what a stored game brings back as held by nobody in the shares (RoomDeps): its
  // observer seats and chat (the store keeps no client addresses).
  void account_loaded();

  // Taking back (room_take_back.cpp, room/take_backs.h): commits the TakenBack event of `c` with
  // the state before it (`restored`, or folded from the log when null); `after` as Pending::after.
  engine::Status take_back_now(const LastCommand& c, const std::string& agreed_by,
                               std::function<void(bool ok)> after,
                               std::unique_ptr<engine::GameState> restored = nullptr);

  // The one way state_ changes once the room is built: to `next`, with who acts then (`act`,
  // else asked of the rule set), and the legal commands kept forgotten. Returns the state
  // before.
  std::unique_ptr<engine::GameState> replace_state(std::unique_ptr<engine::GameState> next,
                                                   std::optional<engine::ToAct> act = {});

  std::shared_ptr<Pending> make_pending() const;
  void run(std::function<void()> op);  // on the strand: now, or after the commit in flight
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
  // Clocks (room_clock.cpp): how long a seat's clock stood still over a span; the batch's
  // clocks settled for who acts after it (GameRecord::clocks); the clocks as other threads read
  // them (RoomSnapshot); why
  // seat `by` may not `what` about seat `target`'s clock; the answer to a claim or a grant.
  PausedMs paused() const;
  void settle_clock(Pending& p);
  ClockView clock_view() const;
  std::optional<std::string> clock_refusal(const std::string& by, const std::string& target,
                                           std::string_view what) const;
  void answer_clock(const std::shared_ptr<Peer>& peer, std::uint64_t request_id, bool ok);
  // Notices (room_notices.cpp, room/notices.h): the game as a notice sees it; those the batch
  // causes (turns, the end), added to it; those of a take-back offer, stored on their own.
  NoticeGame notice_game() const;
  void add_notices(Pending& p);
  void notice_offer(const std::vector<std::string>& asked, const std::string& asker,
                    std::uint64_t first_seq);

  // `r` was added to log_: chat counts, kept folds.
  void count_event(const record::EventRecord& r);
  engine::Viewer viewer_for(const std::string& seat_id) const;
  // Appends the events of `p` that `viewer` may see, as it sees them (room_play.cpp).
  void add_seen(const Pending& p, const engine::Viewer& viewer,
                google::protobuf::RepeatedPtrField<v1::GameEvent>* out) const;
  std::optional<std::string> bound_seat(const std::shared_ptr<Peer>& peer) const;
  void bind(const std::shared_ptr<Peer>& peer, const record::SeatRecord& seat);
  // Binds the peer to seat `s` and answers with Seated (events after `last_seq`), and the
  // take-back it is asked to answer, if any.
  // Stores the game as aborted with `result` and a system note revealing the seed (abort,
  // abandon); on the strand.
  void end_aborted(std::string result, const std::function<void(engine::Status)>& done);
  void resume_at(const std::shared_ptr<Peer>& peer, const record::SeatRecord& s,
                 std::uint64_t last_seq, std::uint64_t request_id);
  std::shared_ptr<v1::ServerMessage> seated(const record::SeatRecord& seat,
                                            std::uint64_t request_id,
                                            std::uint64_t after_seq) const;
  void broadcast(const Pending& p);
  void refresh_info();
  bool game_over() const { return revealed(record_.status); }
  bool expired() const { return record_.status == record::GameStatus::kExpired; }
  bool aborted() const { return record_.status == record::GameStatus::kAborted; }
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
  TimeControl tc_;     // record_.time_control, parsed
  GameClock clock_;    // record_.clocks, parsed
  // How far each seat's clock has been noticed (room_notices.cpp): its move, and its stage.
  std::map<std::string, ClockStage> warned_;
  LegalCache legal_;  // the legal commands of each seat that asked since state_ last changed
  SeatBook seats_;    // the seats, their tokens and the connections seated in the room
  // When someone was last connected (ms): set while anyone is and when the last one leaves;
  // its load at first (time while the server is down counts for nobody). Strand-only.
  std::int64_t attended_ms_ = 0;
  bool attended_ = false;
  std::vector<record::EventRecord> log_;
  mutable record::FoldCache folds_;  // pages far into the log (record/replay.h)
  ChatBook chat_;           // counts of chat against their bounds, bytes of chat in the shares
  CommandLedger commands_;  // the command ids answered, the payloads accepted
  TakeBackOffers offers_;   // the take-back waiting for consent
  // Set for a game forked from another (record/fork_source.h): RoomInfo.forked_from.
  v1::ForkSource fork_source_;
  CommitLine line_;  // what waits for the commit in flight; stopped, failed, retrying storage
  // Why a request is refused before the room acts on it: reads record_, line_, seats_, chat_,
  // act_ and the bounds.
  const RoomGate gate_{record_, line_, seats_, chat_, act_, deps_.limits};
  // What other threads read of the room (info(), evictable(), ...).
  RoomSnapshot snapshot_;
};

}  // namespace grognard::room
