#include "net_raw.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>

#include "grognard/v1/protocol.pb.h"

namespace grognard::e2e::raw {

namespace {

using Clock = std::chrono::steady_clock;

int left_ms(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<Millis>(deadline - Clock::now()).count();
  return left < 0 ? 0 : static_cast<int>(left);
}

std::string length_bytes(std::uint64_t length, bool masked) {
  std::string out;
  const std::uint8_t mask_bit = masked ? 0x80 : 0;
  if (length < 126) {
    out += static_cast<char>(mask_bit | length);
  } else if (length < 65536) {
    out += static_cast<char>(mask_bit | 126);
    out += static_cast<char>(length >> 8);
    out += static_cast<char>(length & 0xff);
  } else {
    out += static_cast<char>(mask_bit | 127);
    for (int shift = 56; shift >= 0; shift -= 8) out += static_cast<char>(length >> shift);
  }
  return out;
}

const char kKey[4] = {0x12, 0x34, 0x56, 0x78};

}  // namespace

std::string frame(std::uint8_t opcode, std::string_view payload, bool fin, bool masked,
                  std::uint8_t rsv) {
  std::string out;
  out += static_cast<char>((fin ? 0x80 : 0) | ((rsv & 0x7) << 4) | (opcode & 0x0f));
  out += length_bytes(payload.size(), masked);
  if (!masked) return out + std::string(payload);
  out.append(kKey, 4);
  for (std::size_t i = 0; i < payload.size(); ++i)
    out += static_cast<char>(payload[i] ^ kKey[i % 4]);
  return out;
}

std::string header(std::uint8_t opcode, std::uint64_t length) {
  std::string out;
  out += static_cast<char>(0x80 | (opcode & 0x0f));
  out += length_bytes(length, true);
  out.append(kKey, 4);
  return out;
}

Socket::Socket(std::uint16_t port, Millis timeout, int receive_buffer, const std::string& source) {
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd_ < 0) return;
  if (receive_buffer > 0) {
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &receive_buffer, sizeof receive_buffer);
  }
  if (!source.empty()) {
    sockaddr_in from{};
    from.sin_family = AF_INET;
    if (::inet_pton(AF_INET, source.c_str(), &from.sin_addr) != 1 ||
        ::bind(fd_, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0) {
      ::close(fd_);
      fd_ = -1;
      return;
    }
  }
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) return;
  if (errno == EINPROGRESS) {
    pollfd p{fd_, POLLOUT, 0};
    int err = 0;
    socklen_t len = sizeof err;
    if (::poll(&p, 1, static_cast<int>(timeout.count())) == 1 &&
        ::getsockopt(fd_, SOL_SOCKET, SO_ERROR, &err, &len) == 0 && err == 0) {
      int one = 1;
      ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      return;
    }
  }
  ::close(fd_);
  fd_ = -1;
}

Socket::~Socket() {
  close();
}

Socket::Socket(Socket&& other) noexcept
    : fd_(other.fd_),
      in_(std::move(other.in_)),
      partial_(std::move(other.partial_)),
      ended_(other.ended_),
      reset_(other.reset_) {
  other.fd_ = -1;
}

Socket& Socket::operator=(Socket&& other) noexcept {
  if (this != &other) {
    close();
    fd_ = other.fd_;
    in_ = std::move(other.in_);
    partial_ = std::move(other.partial_);
    ended_ = other.ended_;
    reset_ = other.reset_;
    other.fd_ = -1;
  }
  return *this;
}

void Socket::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

std::string Socket::upgrade_request(const std::string& extra) {
  return "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" +
         extra + "\r\n";
}

int Socket::upgrade(Millis timeout, std::string* response, const std::string& extra) {
  const auto deadline = Clock::now() + timeout;
  if (!send(upgrade_request(extra), timeout)) return 0;
  std::size_t end;
  while ((end = in_.find("\r\n\r\n")) == std::string::npos) {
    if (!fill(Millis(left_ms(deadline)))) {
      if (response) *response = in_;
      return 0;
    }
  }
  const std::string head = in_.substr(0, end + 4);
  in_.erase(0, end + 4);
  if (response) *response = head + in_;
  if (head.size() < 12 || head.compare(0, 5, "HTTP/") != 0) return 0;
  return std::atoi(head.c_str() + 9);
}

bool Socket::upgrade_and_hello(Millis timeout, const std::string& extra) {
  const auto deadline = Clock::now() + timeout;
  if (upgrade(timeout, nullptr, extra) != 101) return false;
  v1::ClientMessage hello;
  hello.set_request_id(1);
  hello.mutable_hello()->set_protocol_version(1);
  hello.mutable_hello()->set_client("raw");
  if (!send(frame(kBinary, hello.SerializeAsString()), Millis(left_ms(deadline)))) return false;
  auto welcome = read_frame(Millis(left_ms(deadline)));
  v1::ServerMessage m;
  return welcome && m.ParseFromString(welcome->payload) && m.has_welcome();
}

bool Socket::send(std::string_view bytes, Millis timeout) {
  const auto deadline = Clock::now() + timeout;
  while (!bytes.empty()) {
    if (fd_ < 0) return false;
    const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n > 0) {
      bytes.remove_prefix(static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return false;
    pollfd p{fd_, POLLOUT, 0};
    if (::poll(&p, 1, left_ms(deadline)) <= 0) return false;
  }
  return true;
}

bool Socket::fill(Millis timeout) {
  if (fd_ < 0 || ended_) return false;
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    char buf[65536];
    const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n > 0) {
      in_.append(buf, static_cast<std::size_t>(n));
      return true;
    }
    if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
      ended_ = true;
      reset_ = n < 0 && errno == ECONNRESET;
      return false;
    }
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, left_ms(deadline)) <= 0) return false;
  }
}

std::string Socket::receive_some(Millis timeout, std::size_t max) {
  if (in_.empty()) fill(timeout);
  std::string out = in_.substr(0, max);
  in_.erase(0, out.size());
  return out;
}

std::optional<Frame> Socket::read_frame(Millis timeout) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    if (in_.size() >= 2) {
      const auto b1 = static_cast<std::uint8_t>(in_[1]);
      std::size_t head = 2;
      std::uint64_t len = b1 & 0x7f;
      if (len == 126) head = 4;
      if (len == 127) head = 10;
      if (in_.size() >= head) {
        if (len == 126)
          len = (std::uint64_t{static_cast<std::uint8_t>(in_[2])} << 8) |
                static_cast<std::uint8_t>(in_[3]);
        if (len == 127) {
          len = 0;
          for (int i = 2; i < 10; ++i) len = (len << 8) | static_cast<std::uint8_t>(in_[i]);
        }
        if (in_.size() >= head + len) {
          const bool fin = (static_cast<std::uint8_t>(in_[0]) & 0x80) != 0;
          Frame f{static_cast<std::uint8_t>(in_[0] & 0x0f), in_.substr(head, len)};
          in_.erase(0, head + len);
          if (f.opcode >= kClose) return f;  // control frames come between fragments
          if (partial_) {
            partial_->payload += f.payload;
          } else {
            partial_ = std::move(f);
          }
          if (!fin) continue;
          Frame whole = std::move(*partial_);
          partial_.reset();
          return whole;
        }
      }
    }
    if (!fill(Millis(left_ms(deadline)))) return std::nullopt;
  }
}

Ending Socket::read_to_the_end(Millis timeout) {
  const auto deadline = Clock::now() + timeout;
  Ending out;
  for (;;) {
    auto f = read_frame(Millis(left_ms(deadline)));
    if (!f) {
      if (ended_) out.code = 0;
      out.reset = reset_;
      return out;
    }
    if (f->opcode == kClose) {
      out.code = f->payload.size() >= 2 ? (static_cast<std::uint8_t>(f->payload[0]) << 8) |
                                              static_cast<std::uint8_t>(f->payload[1])
                                        : 1005;
      if (f->payload.size() > 2) out.reason = f->payload.substr(2);
      send(frame(kClose, f->payload.substr(0, 2)), Millis(200));
      return out;
    }
    if (f->opcode == kText || f->opcode == kBinary) out.before.push_back(std::move(*f));
  }
}

bool Socket::ping(Millis timeout) {
  if (!send(frame(kPing, "p"), timeout)) return false;
  const auto pong = read_frame(timeout);
  return pong && pong->opcode == kPong;
}

bool Socket::ping_message(std::uint64_t id, Millis timeout) {
  v1::ClientMessage ping;
  ping.set_request_id(id);
  ping.mutable_ping();
  if (!send(frame(kBinary, ping.SerializeAsString()), timeout)) return false;
  const auto answer = read_frame(timeout);
  v1::ServerMessage m;
  return answer && m.ParseFromString(answer->payload) && m.request_id() == id && m.has_pong();
}

std::pair<int, std::string> http_get(std::uint16_t port, const std::string& path, Millis timeout,
                                     const std::string& source) {
  const auto deadline = Clock::now() + timeout;
  Socket s(port, timeout, 0, source);
  if (!s.is_open()) return {0, ""};
  if (!s.send("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
              timeout)) {
    return {0, ""};
  }
  std::string all;
  for (;;) {
    std::string more = s.receive_some(Millis(left_ms(deadline)));
    if (more.empty()) break;
    all += more;
  }
  const auto end = all.find("\r\n\r\n");
  if (all.size() < 12 || all.compare(0, 5, "HTTP/") != 0 || end == std::string::npos) {
    return {0, all};
  }
  return {std::atoi(all.c_str() + 9), all.substr(end + 4)};
}

}  // namespace grognard::e2e::raw
