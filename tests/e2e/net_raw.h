#pragma once
// A raw TCP client that speaks WebSocket byte by byte, for tests of what the client library
// cannot be made to do: frames unmasked, with reserved bits, bad opcodes, lengths far beyond
// the limit, handshakes a byte at a time, pings by the thousand, never reading. Shared by the
// network-limit tests (net_*_test.cpp) and the F5 reliability program.
//
// Every call returns within its timeout. Thread-safety: none; one thread per RawSocket.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grognard::e2e::raw {

using Millis = std::chrono::milliseconds;

// WebSocket opcodes.
inline constexpr std::uint8_t kText = 0x1, kBinary = 0x2, kClose = 0x8, kPing = 0x9, kPong = 0xa;

// One client frame: FIN unless `fin` is false, `rsv` in bits 4-6 of the first byte, masked
// unless `masked` is false (a client must mask: RFC 6455 5.1).
std::string frame(std::uint8_t opcode, std::string_view payload, bool fin = true,
                  bool masked = true, std::uint8_t rsv = 0);
// Only the header of a masked client frame declaring `length` bytes (the 64-bit form when
// over 65,535), with its mask key: what the server sees first of a huge frame.
std::string header(std::uint8_t opcode, std::uint64_t length);

// A frame as the server sent it.
struct Frame {
  std::uint8_t opcode = 0;
  std::string payload;
};

// How a connection ended, as seen from the client.
struct Ending {
  int code = -1;              // the close frame's code; 0: it ended without one; -1: still open
  std::string reason;         // the close frame's reason
  std::vector<Frame> before;  // data frames received before the end
  bool reset = false;         // ended by a reset (ECONNRESET) rather than a FIN
};

class Socket {
 public:
  // Connects to 127.0.0.1:`port`; fails (is_open() false) if it cannot. `receive_buffer` > 0:
  // SO_RCVBUF set before connecting, so that the window stays that small (a client that never
  // reads then fills it, and the server's buffers, sooner). `source` non-empty: the connection
  // comes from that loopback address ("127.0.0.2"; the whole of 127.0.0.0/8 is the loopback), as
  // another client address would.
  explicit Socket(std::uint16_t port, Millis timeout = Millis(5000), int receive_buffer = 0,
                  const std::string& source = "");
  ~Socket();
  Socket(Socket&& other) noexcept;
  Socket& operator=(Socket&& other) noexcept;
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;

  bool is_open() const { return fd_ >= 0; }

  // The WebSocket upgrade request for "/" (the whole of it), with `extra` header lines
  // ("X-Forwarded-For: 10.0.0.1\r\n").
  static std::string upgrade_request(const std::string& extra = "");
  // Sends upgrade_request(extra) and reads the response header: its status code (101 for a
  // WebSocket), 0 if none came within `timeout`. `*response` gets the whole header and body
  // read so far.
  int upgrade(Millis timeout = Millis(5000), std::string* response = nullptr,
              const std::string& extra = "");
  // upgrade() and a Hello in a binary frame, its Welcome read. False on any failure.
  bool upgrade_and_hello(Millis timeout = Millis(5000), const std::string& extra = "");

  // Sends all of `bytes` (false on error or timeout).
  bool send(std::string_view bytes, Millis timeout = Millis(5000));
  // Whatever arrives within `timeout` (up to `max` bytes); empty on timeout or end.
  std::string receive_some(Millis timeout, std::size_t max = 65536);
  // The next whole server message (a message sent in fragments comes whole, with the opcode of
  // its first), or control frame; nullopt on end of stream, error or timeout (see ended()).
  std::optional<Frame> read_frame(Millis timeout);
  // Reads frames (answering none) until a close frame or the end; the close frame is
  // answered with one of its own, as a client must.
  Ending read_to_the_end(Millis timeout);
  // A WebSocket ping; true when the next frame is its pong, within `timeout`.
  bool ping(Millis timeout = Millis(5000));
  // The protocol's Ping message (binary, request id `id`); true when the next frame is its Pong.
  bool ping_message(std::uint64_t id, Millis timeout = Millis(5000));
  // True once the server closed its side (a read returned end of stream or reset).
  bool ended() const { return ended_; }
  bool was_reset() const { return reset_; }
  void close();
  int fd() const { return fd_; }

 private:
  bool fill(Millis timeout);  // reads more into in_; false on end/timeout
  int fd_ = -1;
  std::string in_;
  std::optional<Frame> partial_;  // a message's fragments so far
  bool ended_ = false;
  bool reset_ = false;
};

// HTTP GET `path` on a fresh connection (from loopback address `source`, if given): the status
// code (0: no answer within `timeout`) and the body.
std::pair<int, std::string> http_get(std::uint16_t port, const std::string& path,
                                     Millis timeout = Millis(5000), const std::string& source = "");

}  // namespace grognard::e2e::raw
