#pragma once
// A small pool of read-only connections to one database. In WAL mode readers see the last
// committed snapshot and never block the writer, nor does the writer block them.
//
// Thread-safe. Connections are opened on demand up to `size`; a caller that finds all of them
// leased waits for one to come back.

#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/result.h"
#include "store/sqlite_util.h"

namespace grognard::store {

class ReaderPool {
 public:
  class Lease {
   public:
    Lease(ReaderPool* pool, std::unique_ptr<Connection> c) : pool_(pool), c_(std::move(c)) {}
    Lease(Lease&& other) noexcept = default;
    Lease& operator=(Lease&&) = delete;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() {
      if (c_) pool_->give_back(std::move(c_));
    }
    Connection& operator*() { return *c_; }
    Connection* operator->() { return c_.get(); }

   private:
    ReaderPool* pool_;
    std::unique_ptr<Connection> c_;
  };

  // REQUIRES: size >= 1.
  ReaderPool(std::string path, std::size_t size, int busy_timeout_ms);

  // A connection for the caller's exclusive use until the lease ends.
  engine::Result<Lease> acquire();

 private:
  void give_back(std::unique_ptr<Connection> c);

  const std::string path_;
  const std::size_t size_;
  const int busy_timeout_ms_;
  std::mutex mu_;
  std::condition_variable returned_;
  std::vector<std::unique_ptr<Connection>> idle_;
  std::size_t opened_ = 0;  // idle + leased + being opened
};

}  // namespace grognard::store
