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

void Hub::end_sessions(std::int64_t account_id,
                       const std::function<bool(const std::string&)>& ended) {
  for (const auto& session : live()) session->end_session(account_id, ended);
}

std::vector<std::shared_ptr<Closable>> Hub::live() const {
  std::vector<std::shared_ptr<Closable>> out;
  std::lock_guard lock(mu_);
  for (const auto& [id, weak] : sessions_) {
    if (auto session = weak.lock()) out.push_back(std::move(session));
  }
  return out;
}

void Hub::shut_down_all(const std::string& reason) {
  for (const auto& session : live()) session->shut_down(reason);
}

std::vector<site::ConnectionInfo> Hub::list() const {
  std::vector<site::ConnectionInfo> out;
  for (const auto& session : live()) out.push_back(session->describe());
  return out;
}

std::optional<site::ConnectionInfo> Hub::kick(std::uint64_t id, const std::string& reason) {
  std::shared_ptr<Closable> session;
  {
    std::lock_guard lock(mu_);
    auto it = sessions_.find(id);
    if (it != sessions_.end()) session = it->second.lock();
  }
  if (!session) return std::nullopt;
  session->kick(reason);
  return session->describe();
}

std::size_t Hub::kick_address(const std::string& address, const std::string& reason) {
  std::size_t kicked = 0;
  for (const auto& session : live()) {
    if (!site::covers(address, session->describe().address)) continue;
    session->kick(reason);
    ++kicked;
  }
  return kicked;
}

bool Hub::wait_empty(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mu_);
  return empty_.wait_for(lock, timeout, [this] { return sessions_.empty(); });
}

}  // namespace grognard::net
