#pragma once
// Pages of games no room holds (docs/protocol.md, "Pages"; room/stored_reads.h runs them): a page
// of get_events reads only its own events from the store, folded on from the nearest fold kept
// of that game, and get_state folds from there to its event. Kept per game, for the last
// kMaxGames games asked: folds spaced along the log as it is stepped (at most about kSpaced) and
// where the last kPageEnds pages ended, so that a client paging through a log costs a page a
// page, and a page asked out of order costs at most a spacing of events more. A game whose last
// event changed since (an ended game loaded again takes chat) is read afresh.
//
// Thread-safety: none; one thread (StoredReads') uses it.

#include <cstdint>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "record/registry.h"
#include "record/replay.h"
#include "record/store.h"
#include "room/peer.h"

namespace grognard::room {

class StoredPages {
 public:
  static constexpr std::size_t kMaxGames = 8;
  static constexpr std::uint64_t kSpaced = 48;
  static constexpr std::size_t kPageEnds = 8;

  StoredPages(record::Store& store, const record::Registry& registry, std::size_t events_per_page)
      : store_(store), registry_(registry), events_per_page_(events_per_page) {}

  // Answer GetEvents and GetState of an ended game no room holds, as replay_viewer() sees it.
  void events(Peer& peer, const v1::GetEvents& req, std::uint64_t request_id);
  void state(Peer& peer, const v1::GetState& req, std::uint64_t request_id);

 private:
  struct Game {
    record::GameRecord record;
    const engine::Ruleset* rs = nullptr;
    std::unique_ptr<engine::GameState> initial;
    std::vector<record::SeatRecord> seats;
    std::vector<record::EventRecord>
        taken_back;  // the log's TakenBack events, for every Fold of it
    std::uint64_t spacing = 256;
    std::map<std::uint64_t, record::Fold> kept;  // the fold after each event kept
    std::deque<std::uint64_t> page_ends;
  };
  // Game `id`, from the cache while its last event is the same, else read from the store.
  engine::Result<Game*> game(const std::string& id);
  // Game `id` and how `as_seat` sees it (replay_viewer).
  struct Asked {
    Game* game;
    engine::Viewer viewer;
  };
  engine::Result<Asked> asked(const std::string& id, const std::string& as_seat);
  // A fold of `g` that has stepped every event before `seq`, from the nearest one kept.
  engine::Result<record::Fold> fold_before(Game& g, std::uint64_t seq);
  // Keeps `fold`, which has stepped every event to `seq`, as where a page ended.
  void keep_page_end(Game& g, std::uint64_t seq, record::Fold fold);

  record::Store& store_;
  const record::Registry& registry_;
  const std::size_t events_per_page_;
  std::list<Game> games_;  // the most recently asked first
};

}  // namespace grognard::room
