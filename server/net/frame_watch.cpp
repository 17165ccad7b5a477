#include "net/frame_watch.h"

#include <linux/sockios.h>
#include <sys/ioctl.h>

#include <algorithm>
#include <limits>

namespace grognard::net {

namespace {

// Bytes of the header that starts with `first_two`: 2, the extended length, the mask key.
std::size_t header_size(const unsigned char* first_two) {
  const unsigned len7 = first_two[1] & 0x7f;
  const std::size_t extended = len7 == 126 ? 2 : len7 == 127 ? 8 : 0;
  const std::size_t mask = (first_two[1] & 0x80) != 0 ? 4 : 0;
  return 2 + extended + mask;
}

}  // namespace

FrameScanner::Verdict FrameScanner::feed(const unsigned char* bytes, std::size_t n) {
  while (n > 0 && verdict_ == Verdict::kOk) {
    if (skip_ > 0) {
      const auto k = static_cast<std::size_t>(std::min<std::uint64_t>(skip_, n));
      skip_ -= k;
      bytes += k;
      n -= k;
      continue;
    }
    head_[have_++] = *bytes++;
    --n;
    if (have_ >= 2 && have_ == header_size(head_)) decide();
  }
  return verdict_;
}

void FrameScanner::decide() {
  std::uint64_t len = head_[1] & 0x7f;
  if (len == 126) {
    len = (std::uint64_t{head_[2]} << 8) | head_[3];
  } else if (len == 127) {
    len = 0;
    for (int i = 2; i < 10; ++i) len = (len << 8) | head_[i];
    if ((len >> 63) != 0) {
      verdict_ = Verdict::kBadLength;
      return;
    }
  }
  const unsigned opcode = head_[0] & 0x0f;
  const bool fin = (head_[0] & 0x80) != 0;
  if (opcode < 8) {  // a data frame or a continuation: part of a message
    if (opcode != 0) message_ = 0;
    message_ = len > std::numeric_limits<std::uint64_t>::max() - message_
                   ? std::numeric_limits<std::uint64_t>::max()
                   : message_ + len;
    if (message_ > max_) {
      verdict_ = Verdict::kTooBig;
      return;
    }
    if (fin) message_ = 0;
  }
  skip_ = len;
  have_ = 0;
  ++frames_;
}

bool FrameWatch::reset_if_delivered() {
  int unacknowledged = 0;
  auto& socket = next_.socket();
  if (writing_ > 0 || ::ioctl(socket.native_handle(), SIOCOUTQ, &unacknowledged) != 0 ||
      unacknowledged > 0) {
    return false;
  }
  boost::beast::error_code ignored;
  socket.close(ignored);  // with what the client sent still unread: a reset
  return true;
}

void teardown(boost::beast::role_type, FrameWatch& stream, boost::beast::error_code& ec) {
  auto& socket = stream.next_layer().socket();
  boost::beast::error_code ignored;
  socket.shutdown(boost::asio::ip::tcp::socket::shutdown_send, ignored);
  socket.close(ec);
}

}  // namespace grognard::net
