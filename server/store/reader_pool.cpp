#include "store/reader_pool.h"

namespace grognard::store {

ReaderPool::ReaderPool(std::string path, std::size_t size, int busy_timeout_ms)
    : path_(std::move(path)), size_(size == 0 ? 1 : size), busy_timeout_ms_(busy_timeout_ms) {}

engine::Result<ReaderPool::Lease> ReaderPool::acquire() {
  {
    std::unique_lock lock(mu_);
    returned_.wait(lock, [&] { return !idle_.empty() || opened_ < size_; });
    if (!idle_.empty()) {
      auto c = std::move(idle_.back());
      idle_.pop_back();
      return Lease(this, std::move(c));
    }
    ++opened_;  // reserve a slot, then open without holding the lock
  }
  auto db = open_connection(path_, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, busy_timeout_ms_);
  if (!db) {
    std::lock_guard lock(mu_);
    --opened_;
    returned_.notify_one();
    return db.error();
  }
  return Lease(this, std::make_unique<Connection>(std::move(db).value()));
}

void ReaderPool::give_back(std::unique_ptr<Connection> c) {
  {
    std::lock_guard lock(mu_);
    idle_.push_back(std::move(c));
  }
  returned_.notify_one();
}

}  // namespace grognard::store
