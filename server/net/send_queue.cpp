#include "net/send_queue.h"

namespace grognard::net {

bool SendQueue::push(OutFrame frame) {
  if (frames_.size() + 1 > max_messages_) return false;
  if (bytes_ + frame.size() > max_bytes_) return false;
  bytes_ += frame.size();
  frames_.push_back(std::move(frame));
  return true;
}

void SendQueue::pop() {
  bytes_ -= frames_.front().size();
  frames_.pop_front();
}

void SendQueue::keep_first(std::size_t n) {
  while (frames_.size() > n) {
    bytes_ -= frames_.back().size();
    frames_.pop_back();
  }
}

}  // namespace grognard::net
