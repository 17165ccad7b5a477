#pragma once
// A room's seat book: the game's seats and its observers' seats, the tokens handed out for them,
// who holds each observer seat in the shares (room/shares.h), and the connections seated in the
// room. Strand-only (the room calls it on its strand), but for the tokens, which other threads
// read under a lock of their own (Room::owns_token, Room::token_hashes).

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "record/store.h"
#include "room/messages.h"
#include "room/peer.h"
#include "room/shares.h"

namespace grognard::room {

class SeatBook {
 public:
  // `observer_seats`: the shares observer seats are held in (null: not counted).
  // `token_dropped`: called with the hash of a token that no longer opens anything.
  SeatBook(std::shared_ptr<Shares> observer_seats,
           std::function<void(const record::Hash32&)> token_dropped);
  // Gives back the observer seats held in the shares.
  ~SeatBook();
  SeatBook(const SeatBook&) = delete;
  SeatBook& operator=(const SeatBook&) = delete;

  // A seat of the game or an observer's, by id (null: none).
  const record::SeatRecord* find(const std::string& seat_id) const;
  // The game's seats, observers apart.
  const std::vector<record::SeatRecord>& game_seats() const { return seats_; }
  // Every seat: the game's, then the observers' by id.
  std::vector<record::SeatRecord> all() const;
  bool is_observer_seat(const std::string& seat_id) const { return observers_.count(seat_id) != 0; }
  std::size_t observer_seats() const { return observers_.size(); }

  // Takes `s` in (a game seat or an observer's), in place of an earlier record, and its token.
  void keep(const record::SeatRecord& s);
  // An observer's seat given up (WriteBatch::dropped_seats): out of the book, the tokens, the
  // shares and every connection seated there.
  void drop(const std::string& seat_id);
  // Numbers of "observer:N" ids seen (seats, the log), so that a new one is above them all.
  void note_observer(const std::string& seat_id);
  // "observer:N", N above every one seen.
  std::string next_observer_id();
  // `holder` holds the observer seat `seat_id` in the shares (taken by the caller).
  void hold_observer(const std::string& seat_id, const Holder& holder);
  // The observer seats a stored game brings back, held by nobody in the shares.
  void hold_loaded();

  // The seat a token opens, if any.
  std::optional<std::string> seat_of_token(const record::Hash32& token_hash) const;
  // Thread-safe.
  bool owns_token(const record::Hash32& token_hash) const;
  std::vector<record::Hash32> token_hashes() const;

  // The connection is seated at `s`, in place of any earlier registration.
  void attach(const std::shared_ptr<Peer>& peer, const record::SeatRecord& s);
  // The connection's registration is dropped, if any.
  void detach(const Peer* peer);
  // Some connection is seated at the game seat `seat_id`.
  bool connected(const std::string& seat_id) const { return seat_peers_.count(seat_id) != 0; }
  // Some connection registered is still alive.
  bool anyone_connected() const;
  void send_to_seat(const std::string& seat_id, const MessagePtr& message) const;
  void send_to_all(const MessagePtr& message) const;
  // Calls `f` with each live connection, the seat it holds and whether that is an observer's.
  void each_peer(const std::function<void(const std::shared_ptr<Peer>& peer,
                                          const std::string& seat_id, bool observer)>& f) const;

 private:
  struct PeerEntry {
    std::weak_ptr<Peer> peer;
    std::string seat_id;
    bool observer = false;
  };

  std::shared_ptr<Shares> observer_shares_;
  std::function<void(const record::Hash32&)> token_dropped_;
  std::vector<record::SeatRecord> seats_;                // the game's seats; observers apart:
  std::map<std::string, record::SeatRecord> observers_;  // by seat id
  std::uint64_t observers_made_ = 0;  // the highest N of an "observer:N" seat id seen
  // Who holds each observer seat in the shares: nobody (an empty Holder) for what the room was
  // loaded with.
  std::map<std::string, Holder> observer_holders_;
  std::map<const Peer*, PeerEntry> peers_;
  std::map<std::string, std::size_t> seat_peers_;  // connections bound to each game seat
  mutable std::mutex tokens_mu_;
  std::map<record::Hash32, std::string> tokens_;  // the seat (or observer) of each token handed out
};

}  // namespace grognard::room
