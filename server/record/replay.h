#pragma once
// Folding stored events, and showing them as one viewer may see them. Rooms use it to catch
// a reconnecting seat up; the archive uses it to replay any game event by event.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "engine/ruleset.h"
#include "record/hashes.h"
#include "record/proto.h"
#include "record/store.h"

namespace grognard::record {

// Folds a stored log event by event as the game went: a rules event is applied; a TakenBack
// event puts the state back as it was before the first event it takes back (docs/protocol.md,
// "Taking back"). Every fold of a log goes through it.
class Fold {
 public:
  // `log`: the whole log to be folded (only its TakenBack events are read here).
  Fold(const engine::Ruleset& rs, const engine::GameState& initial,
       const std::vector<EventRecord>& log);
  Fold(const Fold& other);
  Fold(Fold&&) = default;
  // Takes up the take-backs of `log`, a later version of the log this fold began on (the same
  // events, maybe more), to go on folding it.
  void rebase(const std::vector<EventRecord>& log);
  // Folds `r`, the next event of the log; an error names the event that does not fold.
  engine::Status step(const EventRecord& r);
  const engine::GameState& state() const { return *state_; }
  std::unique_ptr<engine::GameState> take() { return std::move(state_); }

 private:
  const engine::Ruleset& rs_;
  std::unique_ptr<engine::GameState> state_;
  std::set<std::uint64_t> marks_;  // the first event of each take-back in the log
  std::map<std::uint64_t, std::unique_ptr<engine::GameState>> before_;  // the state before each
  static constexpr std::size_t kMaxWaitingTakeBacks = 64;
};

// Folds of one log kept every `every` events, so that a page far into a long log is not folded
// from the start (docs/protocol.md, "Pages"). The log only grows; a take-back added to it drops
// the folds kept at or after the first event it takes back (note()).
class FoldCache {
 public:
  explicit FoldCache(std::uint64_t every = 256) : every_(every) {}
  // A fold of `log` that has stepped every event before `from`.
  engine::Result<Fold> before(const engine::Ruleset& rs, const engine::GameState& initial,
                              const std::vector<EventRecord>& log, std::uint64_t from);
  // `r` was added to the log.
  void note(const EventRecord& r);

 private:
  std::uint64_t every_;
  std::map<std::uint64_t, Fold> after_;  // the fold after each kept event
};

// Where one answer of events stops (docs/protocol.md, "Pages"): after `events` stored events
// looked at (0: no bound), and before `bytes` of events (0: no bound; one event always goes).
struct PageBounds {
  std::size_t events = 0;
  std::size_t bytes = 0;
};
// The bytes bound of every page: with JSON's overhead a page stays well within a connection's
// send queue (4 MiB).
inline constexpr std::size_t kPageBytes = 512 * 1024;
struct EventPage {
  std::vector<v1::GameEvent> events;
  std::uint64_t next_seq = 0;  // 0: whole; else the answer stopped at a bound, the rest from here
};

// Fills one page within its bounds, event by event in order (page_as_seen, and the pages of
// stored games: room/stored_pages.h).
class PageFiller {
 public:
  explicit PageFiller(PageBounds bounds) : bounds_(bounds) {}
  // Whether event `seq` still belongs to the page; false (next_seq set) once it has looked at
  // bounds.events events.
  bool open(std::uint64_t seq);
  // Whether what the viewer sees of event `seq` (nullopt: nothing) fits the bytes bound; false
  // (next_seq set) when it does not. One event always fits.
  bool fits(std::uint64_t seq, const std::optional<v1::GameEvent>& seen);
  // Event `seq` looked at, and `seen` added when there is something to see.
  void add(std::optional<v1::GameEvent> seen);
  // The page stopped at a bound.
  bool stopped() const { return page_.next_seq != 0; }
  EventPage take() { return std::move(page_); }

 private:
  PageBounds bounds_;
  EventPage page_;
  std::size_t looked_ = 0, bytes_ = 0;
};

// Who sees everything the rules reveal once a game is over (chat to one seat excepted).
engine::Viewer everything_revealed();

// What `viewer` may see of one stored event, given the rules state before it; nullopt when
// the viewer may see nothing of it. The record's digest and commitment must be filled
// (record/seal.h); `chain_version` is the game's.
std::optional<v1::GameEvent> event_as_seen(const engine::Ruleset& rs,
                                           const engine::GameState& before,
                                           const EventRecord& record, const engine::Viewer& viewer,
                                           int chain_version);

// Events with from <= seq <= to (to == 0: all) of `log`, folded from `initial`, as `viewer`
// sees them.
engine::Result<std::vector<v1::GameEvent>> events_as_seen(const engine::Ruleset& rs,
                                                          const engine::GameState& initial,
                                                          const std::vector<EventRecord>& log,
                                                          const engine::Viewer& viewer,
                                                          int chain_version, std::uint64_t from,
                                                          std::uint64_t to);

// One page of the events with from <= seq <= to (to == 0: to the end) as `viewer` sees them,
// folded with `cache` when given: the cost is the page's, not the log's.
engine::Result<EventPage> page_as_seen(const engine::Ruleset& rs, const engine::GameState& initial,
                                       const std::vector<EventRecord>& log,
                                       const engine::Viewer& viewer, int chain_version,
                                       std::uint64_t from, std::uint64_t to, PageBounds bounds,
                                       FoldCache* cache = nullptr);

// The rules state after event `seq` (0: the initial state).
engine::Result<std::unique_ptr<engine::GameState>> state_after(const engine::Ruleset& rs,
                                                               const engine::GameState& initial,
                                                               const std::vector<EventRecord>& log,
                                                               std::uint64_t seq);

// Checks a stored log: every event folds, every stored state hash and chain link (in the game's
// chain version) matches; fills each record's digest and commitment (record/seal.h) on the way.
// Returns the folded state, or an error naming the first bad sequence number, which goes to
// `bad_seq` too when given. State hashes of events before `accepted_through`, the operator's
// note letting the game go on under rules that fold them differently (record/resim.h), are not
// compared; the note's own and every later one are.
engine::Result<std::unique_ptr<engine::GameState>> verify_log(const engine::Ruleset& rs,
                                                              const GameRecord& game,
                                                              const engine::GameState& initial,
                                                              std::vector<EventRecord>& log,
                                                              std::uint64_t* bad_seq = nullptr,
                                                              std::uint64_t accepted_through = 0);

}  // namespace grognard::record
