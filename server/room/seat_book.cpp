// A room's seat book: seats, observer seats and their shares, tokens, connections.
#include "room/seat_book.h"

#include <algorithm>
#include <charconv>

namespace grognard::room {

SeatBook::SeatBook(std::shared_ptr<Shares> observer_seats,
                   std::function<void(const record::Hash32&)> token_dropped)
    : observer_shares_(std::move(observer_seats)), token_dropped_(std::move(token_dropped)) {}

SeatBook::~SeatBook() {
  if (!observer_shares_) return;
  for (const auto& [seat_id, holder] : observer_holders_) observer_shares_->give_back(holder, 1);
}

const record::SeatRecord* SeatBook::find(const std::string& seat_id) const {
  for (const record::SeatRecord& s : seats_) {
    if (s.seat_id == seat_id) return &s;
  }
  const auto it = observers_.find(seat_id);
  return it == observers_.end() ? nullptr : &it->second;
}

std::vector<record::SeatRecord> SeatBook::all() const {
  std::vector<record::SeatRecord> out = seats_;
  for (const auto& [id, s] : observers_) out.push_back(s);
  return out;
}

void SeatBook::keep(const record::SeatRecord& s) {
  record::SeatRecord* kept = nullptr;
  if (s.role == "observer") {
    note_observer(s.seat_id);
    kept = &observers_[s.seat_id];
  } else {
    for (record::SeatRecord& t : seats_) {
      if (t.seat_id == s.seat_id) kept = &t;
    }
    if (kept == nullptr) kept = &seats_.emplace_back();
  }
  std::lock_guard lock(tokens_mu_);
  if (kept->claimed_ms != 0) tokens_.erase(kept->token_sha256);
  *kept = s;
  if (s.claimed_ms != 0) tokens_[s.token_sha256] = s.seat_id;
}

void SeatBook::drop(const std::string& seat_id) {
  const auto it = observers_.find(seat_id);
  if (it == observers_.end()) return;
  const record::Hash32 token = it->second.token_sha256;
  const bool handed_out = it->second.claimed_ms != 0;
  {
    std::lock_guard lock(tokens_mu_);
    if (handed_out) tokens_.erase(token);
  }
  observers_.erase(it);
  if (handed_out && token_dropped_) token_dropped_(token);
  if (const auto h = observer_holders_.find(seat_id); h != observer_holders_.end()) {
    if (observer_shares_) observer_shares_->give_back(h->second, 1);
    observer_holders_.erase(h);
  }
  // A connection still seated there (the token resumed on another) is seated no more.
  for (auto p = peers_.begin(); p != peers_.end();) {
    if (!p->second.observer || p->second.seat_id != seat_id) {
      ++p;
      continue;
    }
    if (auto peer = p->second.peer.lock()) peer->unbind();
    p = peers_.erase(p);
  }
}

void SeatBook::note_observer(const std::string& seat_id) {
  constexpr std::string_view kPrefix = "observer:";
  if (!seat_id.starts_with(kPrefix)) return;
  std::uint64_t n = 0;
  const char* end = seat_id.data() + seat_id.size();
  const auto [at, ec] = std::from_chars(seat_id.data() + kPrefix.size(), end, n);
  if (ec == std::errc{} && at == end) observers_made_ = std::max(observers_made_, n);
}

std::string SeatBook::next_observer_id() {
  return "observer:" + std::to_string(++observers_made_);
}

void SeatBook::hold_observer(const std::string& seat_id, const Holder& holder) {
  observer_holders_[seat_id] = holder;
}

void SeatBook::hold_loaded() {
  for (const auto& [seat_id, s] : observers_) {
    observer_holders_[seat_id] = Holder{};
    if (observer_shares_) observer_shares_->take(Holder{}, 1);
  }
}

std::optional<std::string> SeatBook::seat_of_token(const record::Hash32& token_hash) const {
  std::lock_guard lock(tokens_mu_);
  const auto it = tokens_.find(token_hash);
  if (it == tokens_.end()) return std::nullopt;
  return it->second;
}

bool SeatBook::owns_token(const record::Hash32& token_hash) const {
  std::lock_guard lock(tokens_mu_);
  return tokens_.count(token_hash) != 0;
}

std::vector<record::Hash32> SeatBook::token_hashes() const {
  std::lock_guard lock(tokens_mu_);
  std::vector<record::Hash32> out;
  for (const auto& [hash, seat_id] : tokens_) out.push_back(hash);
  return out;
}

void SeatBook::attach(const std::shared_ptr<Peer>& peer, const record::SeatRecord& s) {
  detach(peer.get());
  const bool observer = s.role == "observer";
  peers_[peer.get()] = PeerEntry{peer, s.seat_id, observer};
  if (!observer) ++seat_peers_[s.seat_id];
}

void SeatBook::detach(const Peer* peer) {
  const auto it = peers_.find(peer);
  if (it == peers_.end()) return;
  if (!it->second.observer) {
    if (auto n = seat_peers_.find(it->second.seat_id); n != seat_peers_.end() && --n->second == 0)
      seat_peers_.erase(n);
  }
  peers_.erase(it);
}

bool SeatBook::anyone_connected() const {
  return std::any_of(peers_.begin(), peers_.end(),
                     [](const auto& e) { return !e.second.peer.expired(); });
}

void SeatBook::send_to_seat(const std::string& seat_id, const MessagePtr& message) const {
  for (const auto& [key, entry] : peers_) {
    if (entry.seat_id != seat_id) continue;
    if (auto peer = entry.peer.lock()) peer->send(message);
  }
}

void SeatBook::send_to_all(const MessagePtr& message) const {
  for (const auto& [key, entry] : peers_) {
    if (auto peer = entry.peer.lock()) peer->send(message);
  }
}

void SeatBook::each_peer(
    const std::function<void(const std::shared_ptr<Peer>& peer, const std::string& seat_id,
                             bool observer)>& f) const {
  for (const auto& [key, entry] : peers_) {
    if (auto peer = entry.peer.lock()) f(peer, entry.seat_id, entry.observer);
  }
}

}  // namespace grognard::room
