#pragma once
// A connection's outbound queue, bounded in messages and in bytes (docs/design.md "Protocol": a
// client that does not read is dropped, not buffered forever). The front entry is the one
// being written; it stays counted until pop(). Beast-free.
//
// Thread-safety: none; a queue belongs to one connection's strand.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>

namespace grognard::net {

struct OutFrame {
  // Shared: a message broadcast to many connections is encoded once (Session::deliver).
  std::shared_ptr<const std::string> bytes;
  bool binary = true;
  std::size_t size() const { return bytes ? bytes->size() : 0; }
};

class SendQueue {
 public:
  SendQueue(std::size_t max_messages, std::uint64_t max_bytes)
      : max_messages_(max_messages), max_bytes_(max_bytes) {}

  // Appends `frame` unless that would exceed either bound; then returns false, unchanged.
  bool push(OutFrame frame);

  bool empty() const { return frames_.empty(); }
  std::size_t size() const { return frames_.size(); }
  std::uint64_t bytes() const { return bytes_; }

  // REQUIRES: !empty()
  const OutFrame& front() const { return frames_.front(); }
  void pop();

  // Drops every entry after the first `n` (the one being written, say).
  void keep_first(std::size_t n);

 private:
  std::size_t max_messages_;
  std::uint64_t max_bytes_;
  std::deque<OutFrame> frames_;
  std::uint64_t bytes_ = 0;
};

}  // namespace grognard::net
