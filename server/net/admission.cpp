#include "net/admission.h"

#include <map>
#include <mutex>

namespace grognard::net {

struct Admission::State {
  State(std::uint32_t total, std::uint32_t address, std::uint32_t handshaking, ServerMetrics& m)
      : max_connections(total), per_address(address), max_handshakes(handshaking), metrics(m) {}
  const std::uint32_t max_connections;
  const std::uint32_t per_address;
  const std::uint32_t max_handshakes;
  ServerMetrics& metrics;
  mutable std::mutex mu;
  std::size_t connections = 0;
  std::size_t handshakes = 0;
  std::map<std::string, std::size_t> by_address;
};

Admission::Admission(std::uint32_t max_connections, std::uint32_t per_address,
                     std::uint32_t max_handshakes, ServerMetrics& metrics)
    : state_(std::make_shared<State>(max_connections, per_address, max_handshakes, metrics)) {}

Admission::Ticket& Admission::Ticket::operator=(Ticket&& other) noexcept {
  if (this != &other) {
    reset();
    state_ = std::move(other.state_);
    address_ = std::move(other.address_);
  }
  return *this;
}

void Admission::Ticket::reset() {
  if (!state_) return;
  {
    std::lock_guard lock(state_->mu);
    if (address_.empty()) {
      state_->metrics.handshakes(--state_->handshakes);
    } else {
      --state_->connections;
      auto it = state_->by_address.find(address_);
      if (it != state_->by_address.end() && --it->second == 0) state_->by_address.erase(it);
    }
  }
  state_.reset();
  address_.clear();
}

Admission::Ticket Admission::handshake() {
  {
    std::lock_guard lock(state_->mu);
    if (state_->max_handshakes == 0 || state_->handshakes < state_->max_handshakes) {
      state_->metrics.handshakes(++state_->handshakes);
      return Ticket(state_, "");
    }
  }
  state_->metrics.connection_refused(kHandshakes);
  return {};
}

Admission::Ticket Admission::connection(const std::string& address, const char** refusal) {
  // A ticket's empty address means a handshake: a connection never has one ("?" at worst).
  const std::string key = address.empty() ? "?" : address;
  const char* why = nullptr;
  {
    std::lock_guard lock(state_->mu);
    auto& mine = state_->by_address[key];
    if (state_->max_connections != 0 && state_->connections >= state_->max_connections) {
      why = kTotal;
    } else if (state_->per_address != 0 && mine >= state_->per_address) {
      why = kPerAddress;
    } else {
      ++mine;
      ++state_->connections;
    }
    if (mine == 0) state_->by_address.erase(key);
  }
  if (refusal) *refusal = why;
  if (why) {
    state_->metrics.connection_refused(why);
    return {};
  }
  return Ticket(state_, key);
}

std::size_t Admission::connections() const {
  std::lock_guard lock(state_->mu);
  return state_->connections;
}

std::size_t Admission::handshakes() const {
  std::lock_guard lock(state_->mu);
  return state_->handshakes;
}

}  // namespace grognard::net
