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
// Closing: once its close frame is on its way a client has nothing more to send but its own
// close frame, yet Beast reads and drops whatever comes until then (a ping flooder would be read
// for the whole close handshake), and after it, until the client closes its side. limit_frames()
// bounds that: past the frames it allows, the connection is reset at once when everything
// written has reached the client (its close frame with it), and otherwise read no more until
// the session closes it. The close handshake's end (async_teardown) reads through the watch, so
// that the bound holds there too.
//
// Thread-safety: none; a FrameWatch belongs to one connection's strand.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>

#include <boost/asio/buffer.hpp>
#include <boost/asio/compose.hpp>
#include <boost/asio/socket_base.hpp>
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
  // Frame headers read whole so far.
  std::uint64_t frames() const { return frames_; }

 private:
  // Decides on the header held in head_ (complete).
  void decide();

  std::uint64_t max_;
  unsigned char head_[14] = {};
  std::size_t have_ = 0;       // header bytes held
  std::uint64_t skip_ = 0;     // payload bytes of the current frame still to pass
  std::uint64_t message_ = 0;  // declared bytes of the current (fragmented) message so far
  std::uint64_t frames_ = 0;
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
  // From now on each frame read asks `more` (on the strand, from within a read); at the first
  // false the connection goes no further: the read ends with connection_aborted, the socket
  // reset when everything written has reached the client, else left unread.
  void limit_frames(std::function<bool()> more) { more_ = std::move(more); }

  executor_type get_executor() noexcept { return next_.get_executor(); }
  boost::beast::tcp_stream& next_layer() noexcept { return next_; }
  const boost::beast::tcp_stream& next_layer() const noexcept { return next_; }

  template <class Buffers, class Handler>
  auto async_write_some(const Buffers& buffers, Handler&& handler) {
    return boost::asio::async_compose<Handler, void(boost::beast::error_code, std::size_t)>(
        Op<Buffers, false>{this, buffers}, handler, next_);
  }

  template <class Buffers, class Handler>
  auto async_read_some(const Buffers& buffers, Handler&& handler) {
    return boost::asio::async_compose<Handler, void(boost::beast::error_code, std::size_t)>(
        Op<Buffers, true>{this, buffers}, handler, next_);
  }

 private:
  // One read (kRead) or write of the stream underneath: what is read is scanned, and writes in
  // flight are counted.
  template <class Buffers, bool kRead>
  struct Op {
    FrameWatch* watch;
    Buffers buffers;
    bool started = false;

    template <class Self>
    void operator()(Self& self, boost::beast::error_code ec = {}, std::size_t n = 0) {
      if (!started) {
        started = true;
        if constexpr (kRead) {
          if (watch->stopped_) return watch->wait_to_close(std::move(self));
          watch->next_.async_read_some(buffers, std::move(self));
        } else {
          ++watch->writing_;
          watch->next_.async_write_some(buffers, std::move(self));
        }
        return;
      }
      if constexpr (kRead) {
        if (n > 0 && !watch->scan(boost::beast::buffers_prefix(n, buffers))) {
          if (!watch->reset_if_delivered()) return watch->wait_to_close(std::move(self));
          ec = boost::asio::error::connection_aborted;
        }
      } else {
        --watch->writing_;
      }
      self.complete(ec, n);
    }
  };

  // The close handshake's end: shuts down the sending side, reads (through the watch) until the
  // client closes its side, then closes the socket.
  struct TeardownOp {
    FrameWatch* watch;
    bool started = false;

    template <class Self>
    void operator()(Self& self, boost::beast::error_code ec = {}, std::size_t = 0) {
      boost::beast::error_code ignored;
      if (!started) {
        started = true;
        watch->next_.socket().shutdown(boost::asio::socket_base::shutdown_send, ignored);
      } else if (ec) {
        if (ec == boost::asio::error::eof) ec = {};
        watch->next_.socket().close(ignored);
        return self.complete(ec);
      }
      watch->async_read_some(boost::asio::buffer(watch->drain_), std::move(self));
    }
  };
  template <class Handler>
  friend void async_teardown(boost::beast::role_type, FrameWatch& stream, Handler&& handler) {
    boost::asio::async_compose<Handler, void(boost::beast::error_code)>(TeardownOp{&stream},
                                                                        handler, stream.next_);
  }

  // Shows the bytes read to the scanner; false once limit_frames() says no more.
  template <class Buffers>
  bool scan(const Buffers& buffers) {
    for (auto it = boost::asio::buffer_sequence_begin(buffers);
         !reported_ && it != boost::asio::buffer_sequence_end(buffers); ++it) {
      const boost::asio::const_buffer b(*it);
      const auto verdict = scanner_.feed(static_cast<const unsigned char*>(b.data()), b.size());
      if (verdict == FrameScanner::Verdict::kOk) continue;
      reported_ = true;
      if (callback_) callback_(verdict);
    }
    for (; counted_ < scanner_.frames(); ++counted_) {
      if (more_ && !more_()) return false;
    }
    return true;
  }

  // Resets the connection if everything written has reached the client; else reads no more
  // (stopped_). True when reset.
  bool reset_if_delivered();

  // Completes `self` with operation_aborted once the socket is closed, reading nothing meanwhile
  // (or with the socket's error, should the client reset it first).
  template <class Self>
  void wait_to_close(Self self) {
    stopped_ = true;
    next_.socket().async_wait(boost::asio::socket_base::wait_error,
                              [self = std::move(self)](boost::beast::error_code ec) mutable {
                                if (!ec) ec = boost::asio::error::connection_aborted;
                                self.complete(ec, 0);
                              });
  }

  boost::beast::tcp_stream next_;
  FrameScanner scanner_;
  Callback callback_;
  bool reported_ = false;
  std::function<bool()> more_;
  std::uint64_t counted_ = 0;  // frames shown to more_ (or read before it was set)
  int writing_ = 0;            // writes in flight
  bool stopped_ = false;       // reads no more
  char drain_[2048] = {};      // what the close handshake's end reads, to drop it
};

// The close handshake's end for Beast's synchronous close (unused by the server): the socket's
// sending side shut down, then the socket closed (async_teardown, a friend of FrameWatch, reads
// until the client closes; both found by Beast through ADL).
void teardown(boost::beast::role_type role, FrameWatch& stream, boost::beast::error_code& ec);

}  // namespace grognard::net
