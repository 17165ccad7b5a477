#include "net/accept_guard.h"

#include <fcntl.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

namespace grognard::net {

SpareDescriptor::~SpareDescriptor() {
  if (fd_ >= 0) ::close(fd_);
}

bool SpareDescriptor::release() {
  std::lock_guard lock(mu_);
  if (fd_ < 0) return false;
  ::close(fd_);
  fd_ = -1;
  return true;
}

void SpareDescriptor::restore() {
  std::lock_guard lock(mu_);
  if (fd_ < 0) fd_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
}

void AcceptFailures::failed(const std::string& why, Clock::time_point now) {
  if (logged_ && now - last_log_ < std::chrono::seconds(1)) {
    ++unlogged_;
    return;
  }
  if (unlogged_ > 0) {
    spdlog::warn("accept failed: {} ({} more failed accepts since the last such line)", why,
                 unlogged_);
  } else {
    spdlog::warn("accept failed: {}", why);
  }
  logged_ = true;
  last_log_ = now;
  unlogged_ = 0;
}

std::shared_ptr<void> hold_spare(std::shared_ptr<SpareDescriptor> spare) {
  SpareDescriptor* raw = spare.get();
  return std::shared_ptr<void>(raw, [spare = std::move(spare)](void*) { spare->restore(); });
}

}  // namespace grognard::net
