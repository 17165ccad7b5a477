#include "record/replay.h"

#include "record/seal.h"

namespace grognard::record {

namespace {

// Chat to one seat stays with its sender, its addressee and the referee, also once the game
// has ended: no replay and no archive file shows it to anyone else (docs/protocol.md, "Chat").
bool chat_visible(const EventRecord& r, const engine::Viewer& viewer) {
  if (r.audience.empty() || viewer.role == engine::Role::kReferee) return true;
  return !viewer.seat.empty() && (viewer.seat == r.seat || viewer.seat == r.audience);
}

engine::Error corrupt(const EventRecord& r, std::string what) {
  return engine::Error{engine::ErrorCode::kFailedPrecondition, "",
                       "game " + r.game_id + " event " + std::to_string(r.seq) + ": " + what};
}

}  // namespace

Fold::Fold(const engine::Ruleset& rs, const engine::GameState& initial,
           const std::vector<EventRecord>& log)
    : rs_(rs), state_(initial.clone()) {
  rebase(log);
}

Fold::Fold(const Fold& other)
    : rs_(other.rs_), state_(other.state_->clone()), marks_(other.marks_) {
  for (const auto& [seq, state] : other.before_) before_[seq] = state->clone();
}

void Fold::rebase(const std::vector<EventRecord>& log) {
  v1::TakenBack t;
  for (const EventRecord& r : log) {
    if (r.kind == EventKind::kTakenBack && t.ParseFromString(r.payload))
      marks_.insert(t.first_seq());
  }
}

engine::Status Fold::step(const EventRecord& r) {
  if (marks_.count(r.seq) != 0) {
    // A take-back follows the command it takes back within a few events; a log holding many
    // states for take-backs still to come is not one a room wrote (and would fill memory).
    if (before_.size() >= kMaxWaitingTakeBacks) {
      return corrupt(r, "more than " + std::to_string(kMaxWaitingTakeBacks) +
                            " earlier events wait for a take-back still to come");
    }
    before_[r.seq] = state_->clone();
  }
  if (r.kind == EventKind::kRules) {
    auto st = rs_.apply(*state_, r.payload);
    if (!st.ok()) return corrupt(r, st.error().message);
  } else if (r.kind == EventKind::kTakenBack) {
    v1::TakenBack t;
    if (!t.ParseFromString(r.payload)) return corrupt(r, "an unreadable take-back");
    const auto it = before_.find(t.first_seq());
    if (it == before_.end() || t.last_seq() < t.first_seq() || t.last_seq() >= r.seq) {
      return corrupt(r, "takes back events " + std::to_string(t.first_seq()) + " to " +
                            std::to_string(t.last_seq()) + ", which came not before it");
    }
    state_ = std::move(it->second);  // each event is taken back at most once
    before_.erase(it);
  }
  return engine::ok_status();
}

engine::Viewer everything_revealed() {
  engine::Viewer v;
  v.game_over = true;
  return v;
}

std::optional<v1::GameEvent> event_as_seen(const engine::Ruleset& rs,
                                           const engine::GameState& before, const EventRecord& r,
                                           const engine::Viewer& viewer, int chain_version) {
  v1::GameEvent ev;
  ev.set_seq(r.seq);
  ev.set_time_ms(r.created_ms);
  ev.set_seat(r.seat);
  ev.set_state_hash(hex(r.state_hash));
  // A version 1 chain covers each payload itself, hidden ones too: while the game runs, a link
  // would let anyone test guesses about what it hides (docs/protocol.md, "Event chain and
  // commitments"). Such games publish their links once the game is over.
  if (chain_version >= 2 || viewer.game_over) ev.set_chain(hex(r.chain));
  ev.set_digest(hex(r.digest));
  ev.set_commitment(hex(r.commitment));
  ev.set_chain_version(static_cast<std::uint32_t>(chain_version));
  switch (r.kind) {
    case EventKind::kRules: {
      auto seen = rs.view_event(before, r.payload, viewer);
      if (!seen) return std::nullopt;
      pack_any(ev.mutable_rules(), rs.wire_types().event, *seen);
      break;
    }
    case EventKind::kChat:
      if (!chat_visible(r, viewer) || !ev.mutable_chat()->ParseFromString(r.payload)) {
        return std::nullopt;
      }
      break;
    case EventKind::kSystem:
      if (!ev.mutable_system()->ParseFromString(r.payload)) return std::nullopt;
      break;
    case EventKind::kTakenBack:  // every seat and observer sees what no longer counts
      if (!ev.mutable_taken_back()->ParseFromString(r.payload)) return std::nullopt;
      break;
  }
  return ev;
}

engine::Result<std::vector<v1::GameEvent>> events_as_seen(const engine::Ruleset& rs,
                                                          const engine::GameState& initial,
                                                          const std::vector<EventRecord>& log,
                                                          const engine::Viewer& viewer,
                                                          int chain_version, std::uint64_t from,
                                                          std::uint64_t to) {
  std::vector<v1::GameEvent> out;
  Fold fold(rs, initial, log);
  for (const EventRecord& r : log) {
    if (to != 0 && r.seq > to) break;
    if (r.seq >= from) {
      if (auto seen = event_as_seen(rs, fold.state(), r, viewer, chain_version)) {
        out.push_back(std::move(*seen));
      }
    }
    if (auto st = fold.step(r); !st.ok()) return st.error();
  }
  return out;
}

engine::Result<Fold> FoldCache::before(const engine::Ruleset& rs, const engine::GameState& initial,
                                       const std::vector<EventRecord>& log, std::uint64_t from) {
  // The log's seqs run 1, 2, 3, …: event `seq` is log[seq - 1].
  auto kept = after_.lower_bound(from);  // the first kept fold at or after `from`: not usable
  std::optional<Fold> fold;
  if (kept != after_.begin()) {
    fold.emplace(std::prev(kept)->second);
    fold->rebase(log);
  } else {
    fold.emplace(rs, initial, log);
  }
  std::uint64_t next = kept != after_.begin() ? std::prev(kept)->first + 1 : 1;
  for (; next < from && next <= log.size(); ++next) {
    const EventRecord& r = log[next - 1];
    if (auto st = fold->step(r); !st.ok()) return st.error();
    if (every_ != 0 && r.seq % every_ == 0) after_.emplace(r.seq, *fold);
  }
  return std::move(*fold);
}

void FoldCache::note(const EventRecord& r) {
  v1::TakenBack t;
  if (r.kind == EventKind::kTakenBack && t.ParseFromString(r.payload)) {
    after_.erase(after_.lower_bound(t.first_seq()), after_.end());  // they stepped it
  }
}

bool PageFiller::open(std::uint64_t seq) {
  if (bounds_.events == 0 || looked_ < bounds_.events) return true;
  page_.next_seq = seq;
  return false;
}

bool PageFiller::fits(std::uint64_t seq, const std::optional<v1::GameEvent>& seen) {
  if (!seen || bounds_.bytes == 0 || page_.events.empty() ||
      bytes_ + seen->ByteSizeLong() <= bounds_.bytes) {
    return true;
  }
  page_.next_seq = seq;
  return false;
}

void PageFiller::add(std::optional<v1::GameEvent> seen) {
  ++looked_;
  if (!seen) return;
  bytes_ += seen->ByteSizeLong();
  page_.events.push_back(std::move(*seen));
}

engine::Result<EventPage> page_as_seen(const engine::Ruleset& rs, const engine::GameState& initial,
                                       const std::vector<EventRecord>& log,
                                       const engine::Viewer& viewer, int chain_version,
                                       std::uint64_t from, std::uint64_t to, PageBounds bounds,
                                       FoldCache* cache) {
  from = std::max<std::uint64_t>(from, 1);
  auto fold = cache != nullptr ? cache->before(rs, initial, log, from)
                               : FoldCache(0).before(rs, initial, log, from);
  if (!fold.ok()) return fold.error();
  PageFiller page(bounds);
  for (std::uint64_t seq = from; seq <= log.size() && (to == 0 || seq <= to); ++seq) {
    const EventRecord& r = log[seq - 1];
    if (r.seq != seq) return corrupt(r, "sequence number out of order");
    if (!page.open(seq)) break;
    auto seen = event_as_seen(rs, fold->state(), r, viewer, chain_version);
    if (!page.fits(seq, seen)) break;
    page.add(std::move(seen));
    if (auto st = fold->step(r); !st.ok()) return st.error();
  }
  return page.take();
}

engine::Result<std::unique_ptr<engine::GameState>> state_after(const engine::Ruleset& rs,
                                                               const engine::GameState& initial,
                                                               const std::vector<EventRecord>& log,
                                                               std::uint64_t seq) {
  Fold fold(rs, initial, log);
  for (const EventRecord& r : log) {
    if (r.seq > seq) break;
    if (auto st = fold.step(r); !st.ok()) return st.error();
  }
  return fold.take();
}

engine::Result<std::unique_ptr<engine::GameState>> verify_log(
    const engine::Ruleset& rs, const GameRecord& game, const engine::GameState& initial,
    std::vector<EventRecord>& log, std::uint64_t* bad_seq, std::uint64_t accepted_through) {
  Fold fold(rs, initial, log);
  Hash32 chain{};
  std::uint64_t expect = 1;
  auto fault = [bad_seq](const EventRecord& r, engine::Error e) {
    if (bad_seq != nullptr) *bad_seq = r.seq;
    return e;
  };
  for (EventRecord& r : log) {
    if (r.seq != expect++) return fault(r, corrupt(r, "sequence number out of order"));
    r.digest = event_digest(rs, game.seed, fold.state(), r, game.chain_version);
    if (auto st = fold.step(r); !st.ok()) return fault(r, st.error());
    const engine::Ruleset::Hashes hashes = rs.hashes(fold.state());
    if (hashes.published.bytes != r.state_hash && r.seq >= accepted_through) {
      return fault(r, corrupt(r, "state hash mismatch: stored " + hex(r.state_hash) + ", folded " +
                                     hashes.published.hex()));
    }
    r.commitment = state_commitment(game.seed, hashes.full);
    chain = chain_hash(chain, r, game.chain_version);
    if (chain != r.chain) return fault(r, corrupt(r, "chain hash mismatch"));
  }
  return fold.take();
}

}  // namespace grognard::record
