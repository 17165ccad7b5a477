// A room's commit line: what waits for the commit in flight, and the room's stops (fail-stop,
// shutdown, a storage error and its retries).
#include "room/commit_line.h"

#include <algorithm>

namespace grognard::room {

namespace {

constexpr std::chrono::milliseconds kFirstRetry{500};
constexpr std::chrono::milliseconds kLastRetry{30'000};

}  // namespace

void CommitLine::run(std::function<void()> op) {
  if (busy_) {
    waiting_.push_back(std::move(op));
  } else {
    op();
  }
}

void CommitLine::drain() {
  while (!busy_ && !waiting_.empty()) {
    auto op = std::move(waiting_.front());
    waiting_.pop_front();
    op();
  }
}

void CommitLine::fail(std::string why) {
  failed_ = true;
  failure_ = std::move(why);
}

bool CommitLine::fail_storage() {
  if (storage_failed_) return false;
  storage_failed_ = true;
  return true;
}

std::chrono::milliseconds CommitLine::schedule_retry(const Strand& strand,
                                                     std::function<void()> retry) {
  if (stopped_ || !storage_failed_) return std::chrono::milliseconds{0};
  if (!retry_) retry_ = std::make_unique<boost::asio::steady_timer>(strand);
  retry_->expires_after(retry_delay_);
  const std::chrono::milliseconds delay = retry_delay_;
  retry_delay_ = std::min(retry_delay_ * 2, kLastRetry);
  retry_->async_wait([retry = std::move(retry)](const boost::system::error_code& ec) {
    if (!ec) retry();
  });
  return delay;
}

void CommitLine::recovered() {
  failed_ = false;
  storage_failed_ = false;
  failure_.clear();
  retry_delay_ = kFirstRetry;
}

}  // namespace grognard::room
