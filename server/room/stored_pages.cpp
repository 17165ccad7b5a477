#include "room/stored_pages.h"

#include <algorithm>

#include "record/hashes.h"
#include "record/proto.h"
#include "record/seal.h"
#include "room/archive.h"

namespace grognard::room {

namespace {

constexpr std::uint64_t kChunk = 1024;  // events read from the store at once

std::shared_ptr<v1::ServerMessage> reply(std::uint64_t request_id) {
  auto m = std::make_shared<v1::ServerMessage>();
  m->set_request_id(request_id);
  return m;
}

engine::Error missing(const record::GameRecord& g, std::uint64_t seq) {
  return engine::Error{
      engine::ErrorCode::kFailedPrecondition, "",
      "game " + g.id + ": event " + std::to_string(seq) + " is not stored as it should be"};
}

}  // namespace

engine::Result<StoredPages::Game*> StoredPages::game(const std::string& id) {
  auto record = ended_game(store_, id);
  if (!record.ok()) return record.error();
  for (auto it = games_.begin(); it != games_.end(); ++it) {
    if (it->record.id != id) continue;
    if (it->record.last_seq == record->last_seq) {
      games_.splice(games_.begin(), games_, it);
      return &games_.front();
    }
    games_.erase(it);
    break;
  }
  auto started = ended_game_start(registry_, std::move(*record));
  if (!started.ok()) return started.error();
  Game g;
  g.record = std::move(started->game);
  g.rs = started->rs;
  g.initial = std::move(started->initial);
  auto seats = store_.seats(id);
  if (!seats.ok()) return seats.error();
  g.seats = std::move(*seats);
  auto taken_back = store_.taken_back(id);
  if (!taken_back.ok()) return taken_back.error();
  g.taken_back = std::move(*taken_back);
  g.spacing = std::max<std::uint64_t>(256, g.record.last_seq / kSpaced + 1);
  games_.push_front(std::move(g));
  if (games_.size() > kMaxGames) games_.pop_back();
  return &games_.front();
}

engine::Result<record::Fold> StoredPages::fold_before(Game& g, std::uint64_t seq) {
  const auto usable = g.kept.lower_bound(seq);  // the first kept at or after `seq`: too far
  std::optional<record::Fold> fold;
  std::uint64_t next = 1;
  if (usable != g.kept.begin()) {
    fold.emplace(std::prev(usable)->second);
    next = std::prev(usable)->first + 1;
  } else {
    fold.emplace(*g.rs, *g.initial, g.taken_back);
  }
  while (next < seq) {
    auto records = store_.events(g.record.id, next, std::min(seq - 1, next + kChunk - 1));
    if (!records.ok()) return records.error();
    if (records->empty()) return missing(g.record, next);
    for (const record::EventRecord& r : *records) {
      if (r.seq != next) return missing(g.record, next);
      if (auto st = fold->step(r); !st.ok()) return st.error();
      if (r.seq % g.spacing == 0) g.kept.emplace(r.seq, *fold);
      ++next;
    }
  }
  return std::move(*fold);
}

void StoredPages::keep_page_end(Game& g, std::uint64_t seq, record::Fold fold) {
  if (seq == 0 || g.kept.count(seq) != 0) return;
  g.kept.emplace(seq, std::move(fold));
  g.page_ends.push_back(seq);
  if (g.page_ends.size() <= kPageEnds) return;
  const std::uint64_t oldest = g.page_ends.front();
  g.page_ends.pop_front();
  if (oldest % g.spacing != 0) g.kept.erase(oldest);
}

engine::Result<StoredPages::Asked> StoredPages::asked(const std::string& id,
                                                      const std::string& as_seat) {
  auto found = game(id);
  if (!found.ok()) return found.error();
  Game& g = **found;
  auto viewer = replay_viewer(store_, g.record, g.seats, as_seat);
  if (!viewer.ok()) return viewer.error();
  return Asked{&g, *viewer};
}

void StoredPages::events(Peer& peer, const v1::GetEvents& req, std::uint64_t request_id) {
  auto a = asked(req.game_id(), req.as_seat());
  if (!a.ok()) return peer.send(error_message(request_id, a.error()));
  Game& g = *a->game;
  const engine::Viewer& viewer = a->viewer;
  const std::uint64_t from = std::max<std::uint64_t>(req.from_seq(), 1);
  const std::uint64_t last =
      req.to_seq() == 0 ? g.record.last_seq : std::min(req.to_seq(), g.record.last_seq);
  const std::uint64_t page_end =
      events_per_page_ == 0 ? last : std::min(last, from + events_per_page_ - 1);
  auto fold = fold_before(g, from);
  if (!fold.ok()) return peer.send(error_message(request_id, fold.error()));
  record::PageFiller page({events_per_page_, record::kPageBytes});
  std::uint64_t seq = from;
  while (seq <= last && page.open(seq)) {  // open: seq <= page_end
    auto records = store_.events(g.record.id, seq, std::min(page_end, seq + kChunk - 1));
    if (!records.ok()) return peer.send(error_message(request_id, records.error()));
    if (records->empty()) return peer.send(error_message(request_id, missing(g.record, seq)));
    for (record::EventRecord& r : *records) {
      if (r.seq != seq) return peer.send(error_message(request_id, missing(g.record, seq)));
      if (!page.open(seq)) break;
      r.digest =
          record::event_digest(*g.rs, g.record.seed, fold->state(), r, g.record.chain_version);
      // Its commitment is not known before it is folded: what it is seen as has one of zeros,
      // of the same size, which is what the page's bound weighs.
      auto seen = record::event_as_seen(*g.rs, fold->state(), r, viewer, g.record.chain_version);
      if (!page.fits(seq, seen)) break;
      if (auto st = fold->step(r); !st.ok())
        return peer.send(error_message(request_id, st.error()));
      r.commitment = record::state_commitment(*g.rs, g.record.seed, fold->state());
      if (seen) seen->set_commitment(record::hex(r.commitment));
      page.add(std::move(seen));
      if (r.seq % g.spacing == 0) g.kept.emplace(r.seq, *fold);
      ++seq;
    }
    if (page.stopped()) break;
  }
  record::EventPage taken = page.take();
  keep_page_end(g, seq - 1, std::move(*fold));
  auto m = reply(request_id);
  auto* out = m->mutable_event_list();
  out->set_game_id(req.game_id());
  out->set_last_seq(g.record.last_seq);
  out->set_next_seq(taken.next_seq);
  for (auto& e : taken.events) *out->add_events() = std::move(e);
  peer.send(m);
}

void StoredPages::state(Peer& peer, const v1::GetState& req, std::uint64_t request_id) {
  auto a = asked(req.game_id(), req.as_seat());
  if (!a.ok()) return peer.send(error_message(request_id, a.error()));
  Game& g = *a->game;
  const engine::Viewer& viewer = a->viewer;
  const std::uint64_t seq = req.at_seq() == 0 ? g.record.last_seq : req.at_seq();
  if (seq > g.record.last_seq) {
    return peer.send(
        error_message(request_id, v1::NOT_FOUND, "",
                      "the game has only " + std::to_string(g.record.last_seq) + " events"));
  }
  auto fold = fold_before(g, seq + 1);
  if (!fold.ok()) return peer.send(error_message(request_id, fold.error()));
  auto m = reply(request_id);
  auto* out = m->mutable_state();
  out->set_game_id(req.game_id());
  out->set_seq(seq);
  record::pack_any(out->mutable_view(), g.rs->wire_types().view, g.rs->view(fold->state(), viewer));
  out->set_state_hash(g.rs->hash(fold->state()).hex());
  out->set_commitment(record::hex(record::state_commitment(*g.rs, g.record.seed, fold->state())));
  keep_page_end(g, seq, std::move(*fold));
  peer.send(m);
}

}  // namespace grognard::room
