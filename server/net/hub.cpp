#include "net/hub.h"

namespace grognard::net {

bool Hub::add(std::uint64_t id, std::weak_ptr<Closable> session) {
  std::lock_guard lock(mu_);
  if (shutting_down_) return false;
  sessions_.emplace(id, std::move(session));
  return true;
}

void Hub::remove(std::uint64_t id) {
  std::lock_guard lock(mu_);
  sessions_.erase(id);
  if (sessions_.empty()) empty_.notify_all();
}

std::size_t Hub::size() const {
  std::lock_guard lock(mu_);
  return sessions_.size();
}

void Hub::shut_down_all(const std::string& reason) {
  std::vector<std::shared_ptr<Closable>> live;
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, weak] : sessions_) {
      if (auto session = weak.lock()) live.push_back(std::move(session));
    }
  }
  for (const auto& session : live) session->shut_down(reason);
}

bool Hub::wait_empty(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mu_);
  return empty_.wait_for(lock, timeout, [this] { return sessions_.empty(); });
}

}  // namespace grognard::net
