#pragma once
// Internal to net/ (session.cpp): a look at the WebSocket frame headers as their bytes arrive,
// below Beast. Beast only learns that a message is too big once its payload has been read (we
// keep its own limit off: it closes without a reason, see session.cpp), and takes a 64-bit
// length with its top bit set at face value. FrameScanner reads each header as it comes, so
// that a frame declaring more than the limit is refused from its header alone (1009) and an
// impossible length as a protocol error (1002), before any of its payload is buffered.
//
// FrameWatch is the stream Beast reads from: a beast::tcp_stream that shows every byte read
// to a FrameScanner and reports the first bad header to a callback. Beast itself still checks
// everything else of RFC 6455 (masks, reserved bits, opcodes, control frames, UTF-8).
//
// Thread-safety: none; a FrameWatch belongs to one connection's strand.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>

#include <boost/asio/buffer.hpp>
#include <boost/asio/compose.hpp>
#include <boost/beast/core/buffers_prefix.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/teardown.hpp>

namespace grognard::net {

class FrameScanner {
 public:
  enum class Verdict {
    kOk,
    kTooBig,     // a message declared longer than the limit
    kBadLength,  // a 64-bit length with its top bit set (RFC 6455 5.2: it must be clear)
  };

  // `max_message`: the longest message a client may send (its fragments together).
  explicit FrameScanner(std::uint64_t max_message) : max_(max_message) {}

  // Takes the next `n` bytes of the stream. Returns the first bad verdict, for good: bytes
  // after it are not looked at.
  Verdict feed(const unsigned char* bytes, std::size_t n);

 private:
  // Decides on the header held in head_ (complete).
  void decide();

  std::uint64_t max_;
  unsigned char head_[14] = {};
  std::size_t have_ = 0;       // header bytes held
  std::uint64_t skip_ = 0;     // payload bytes of the current frame still to pass
  std::uint64_t message_ = 0;  // declared bytes of the current (fragmented) message so far
  Verdict verdict_ = Verdict::kOk;
};

class FrameWatch {
 public:
  using executor_type = boost::beast::tcp_stream::executor_type;
  using Callback = std::function<void(FrameScanner::Verdict)>;

  FrameWatch(boost::beast::tcp_stream stream, std::uint64_t max_message)
      : next_(std::move(stream)), scanner_(max_message) {}

  // Called once, on the strand, from within a read: the first bad header.
  void on_bad_header(Callback callback) { callback_ = std::move(callback); }

  executor_type get_executor() noexcept { return next_.get_executor(); }
  boost::beast::tcp_stream& next_layer() noexcept { return next_; }
  const boost::beast::tcp_stream& next_layer() const noexcept { return next_; }

  template <class Buffers, class Handler>
  auto async_write_some(const Buffers& buffers, Handler&& handler) {
    return next_.async_write_some(buffers, std::forward<Handler>(handler));
  }

  template <class Buffers, class Handler>
  auto async_read_some(const Buffers& buffers, Handler&& handler) {
    return boost::asio::async_compose<Handler, void(boost::beast::error_code, std::size_t)>(
        ReadOp<Buffers>{this, buffers}, handler, next_);
  }

 private:
  template <class Buffers>
  struct ReadOp {
    FrameWatch* watch;
    Buffers buffers;
    bool started = false;

    template <class Self>
    void operator()(Self& self, boost::beast::error_code ec = {}, std::size_t n = 0) {
      if (!started) {
        started = true;
        watch->next_.async_read_some(buffers, std::move(self));
        return;
      }
      if (n > 0) watch->scan(boost::beast::buffers_prefix(n, buffers));
      self.complete(ec, n);
    }
  };

  template <class Buffers>
  void scan(const Buffers& buffers) {
    if (reported_) return;
    for (auto it = boost::asio::buffer_sequence_begin(buffers);
         it != boost::asio::buffer_sequence_end(buffers); ++it) {
      const boost::asio::const_buffer b(*it);
      const auto verdict = scanner_.feed(static_cast<const unsigned char*>(b.data()), b.size());
      if (verdict == FrameScanner::Verdict::kOk) continue;
      reported_ = true;
      if (callback_) callback_(verdict);
      return;
    }
  }

  boost::beast::tcp_stream next_;
  FrameScanner scanner_;
  Callback callback_;
  bool reported_ = false;
};

// The close handshake's end, as for the TCP stream underneath (found by Beast through ADL).
inline void teardown(boost::beast::role_type role, FrameWatch& stream,
                     boost::beast::error_code& ec) {
  using boost::beast::websocket::teardown;
  teardown(role, stream.next_layer(), ec);
}

template <class Handler>
void async_teardown(boost::beast::role_type role, FrameWatch& stream, Handler&& handler) {
  using boost::beast::websocket::async_teardown;
  async_teardown(role, stream.next_layer(), std::forward<Handler>(handler));
}

}  // namespace grognard::net
