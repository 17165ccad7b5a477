#include "net/admission.h"

#include <algorithm>
#include <deque>
#include <map>
#include <mutex>
#include <optional>

namespace grognard::net {

struct Admission::State {
  State(Limits l, site::ServerMetrics& m) : limits(l), metrics(m) {}
  struct Handshake {
    std::string address;
    Post post;
    std::weak_ptr<Closer> closer;
  };

  // REQUIRES: mu held. Takes handshake `id` out of the tables, if it is there.
  std::optional<Handshake> remove(std::uint64_t id) {
    const auto it = handshakes.find(id);
    if (it == handshakes.end()) return std::nullopt;
    Handshake h = std::move(it->second);
    handshakes.erase(it);
    auto& ids = handshakes_of[h.address];
    ids.erase(std::find(ids.begin(), ids.end(), id));
    if (ids.empty()) handshakes_of.erase(h.address);
    return h;
  }

  // REQUIRES: mu held. The handshake whose place one more from `address` takes, if none is to
  // spare: the address's oldest past its share, else, with the pool full, the oldest of the
  // address holding the most.
  std::optional<std::uint64_t> victim(const std::string& address) const {
    if (const auto mine = handshakes_of.find(address);
        !address.empty() && limits.handshakes_per_address != 0 && mine != handshakes_of.end() &&
        mine->second.size() >= limits.handshakes_per_address) {
      return mine->second.front();
    }
    if (limits.max_handshakes == 0 || handshakes.size() < limits.max_handshakes) {
      return std::nullopt;
    }
    const std::deque<std::uint64_t>* most = nullptr;
    for (const auto& [holder, ids] : handshakes_of) {
      if (most == nullptr || ids.size() > most->size() ||
          (ids.size() == most->size() && ids.front() < most->front())) {
        most = &ids;
      }
    }
    return most == nullptr ? std::nullopt : std::optional(most->front());
  }

  const Limits limits;
  site::ServerMetrics& metrics;
  mutable std::mutex mu;
  std::size_t connections = 0;
  std::map<std::string, std::size_t> connections_of, connections_in;  // by address, by range
  std::map<std::uint64_t, Handshake> handshakes;  // by id: the lowest is the oldest
  std::map<std::string, std::deque<std::uint64_t>> handshakes_of;  // ids by address, oldest first
  std::uint64_t next_id = 1;
};

namespace {

void lower(std::map<std::string, std::size_t>& counts, const std::string& key) {
  const auto it = counts.find(key);
  if (it != counts.end() && --it->second == 0) counts.erase(it);
}

}  // namespace

Admission::Admission(Limits limits, site::ServerMetrics& metrics)
    : state_(std::make_shared<State>(limits, metrics)) {}

Admission::Ticket& Admission::Ticket::operator=(Ticket&& other) noexcept {
  if (this != &other) {
    reset();
    state_ = std::move(other.state_);
    id_ = other.id_;
    address_ = std::move(other.address_);
    range_ = std::move(other.range_);
    closer_ = std::move(other.closer_);
  }
  return *this;
}

void Admission::Ticket::reset() {
  if (!state_) return;
  {
    std::lock_guard lock(state_->mu);
    if (id_ != 0) {
      state_->remove(id_);  // not there when its place was taken for a newer one
      state_->metrics.handshakes(state_->handshakes.size());
    } else {
      --state_->connections;
      lower(state_->connections_of, address_);
      lower(state_->connections_in, range_);
    }
  }
  if (closer_) closer_->close = nullptr;
  state_.reset();
  closer_.reset();
  id_ = 0;
  address_.clear();
  range_.clear();
}

void Admission::Ticket::on_evicted(std::function<void()> close) {
  if (closer_) closer_->close = std::move(close);
}

Admission::Ticket Admission::handshake(const std::string& address, Post post) {
  auto closer = std::make_shared<Closer>();
  std::optional<State::Handshake> evicted;
  std::uint64_t id = 0;
  {
    std::lock_guard lock(state_->mu);
    if (const auto victim = state_->victim(address)) evicted = state_->remove(*victim);
    id = state_->next_id++;
    state_->handshakes.emplace(id, State::Handshake{address, std::move(post), closer});
    state_->handshakes_of[address].push_back(id);
    state_->metrics.handshakes(state_->handshakes.size());
  }
  if (evicted) {
    state_->metrics.disconnect("handshake_evicted");
    if (auto c = evicted->closer.lock()) {
      evicted->post([c] {
        if (c->close) c->close();
      });
    }
  }
  return Ticket(state_, id, address, "", std::move(closer));
}

Admission::Ticket Admission::connection(const std::string& address, const std::string& range,
                                        const char** refusal) {
  // A connection's ticket has id 0: it gives back a connection's place, never a handshake's.
  const std::string key = address.empty() ? "?" : address;
  const Limits& l = state_->limits;
  const char* why = nullptr;
  {
    std::lock_guard lock(state_->mu);
    auto& mine = state_->connections_of[key];
    auto& ours = state_->connections_in[range];
    if (l.max_connections != 0 && state_->connections >= l.max_connections) {
      why = kTotal;
    } else if (l.per_address != 0 && mine >= l.per_address) {
      why = kPerAddress;
    } else if (l.per_range != 0 && ours >= l.per_range) {
      why = kPerRange;
    } else {
      ++mine;
      ++ours;
      ++state_->connections;
    }
    if (mine == 0) state_->connections_of.erase(key);
    if (ours == 0) state_->connections_in.erase(range);
  }
  if (refusal) *refusal = why;
  if (why) {
    state_->metrics.connection_refused(why);
    return {};
  }
  return Ticket(state_, 0, key, range, nullptr);
}

std::size_t Admission::connections() const {
  std::lock_guard lock(state_->mu);
  return state_->connections;
}

std::size_t Admission::handshakes() const {
  std::lock_guard lock(state_->mu);
  return state_->handshakes.size();
}

}  // namespace grognard::net
