#pragma once
// Errors as values for the client library: every operation returns a Result<T> holding either
// its value or a Failure that says what went wrong (a timeout, a closed connection, an I/O
// error, a TLS failure, an undecodable frame, or an Error the server answered with).

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

#include "grognard/v1/protocol.pb.h"

namespace grognard::client {

enum class FailureKind {
  kTimeout,     // nothing arrived (or could be sent) before the deadline
  kClosed,      // the connection is closed; Failure::close_code/message say how
  kIo,          // a socket error (refused, reset, broken pipe, ...)
  kDecode,      // a frame that is not a ServerMessage in the frame's format
  kServer,      // the server answered with an Error: code, clause, message
  kUnexpected,  // the server answered with a different message than the request expects
  kRefused,     // the server declined the WebSocket upgrade: http_status and message say why
  kTls,         // TLS refused: a certificate that failed verification, an unreadable CA file
};

struct Failure {
  FailureKind kind = FailureKind::kIo;
  std::string message;
  v1::Code code = v1::CODE_UNSPECIFIED;  // kServer: the Error's code
  std::string clause;                    // kServer: the rule's clause id, if any
  std::uint16_t close_code = 0;          // kClosed: the WebSocket close code, if one came
  std::uint16_t http_status = 0;         // kRefused: 403 banned, 503 full or shutting down
};

inline Failure failure(FailureKind kind, std::string message) {
  Failure f;
  f.kind = kind;
  f.message = std::move(message);
  return f;
}

// One line for logs and test reports: "server error PERMISSION_DENIED [itchy.unit.not-yours]: …".
std::string describe(const Failure& failure);

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}            // NOLINT: implicit
  Result(Failure failure) : v_(std::in_place_index<1>, std::move(failure)) {}  // NOLINT

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  // REQUIRES: ok(). A violated contract throws std::logic_error naming the failure, so that a
  // test reports it instead of crashing.
  T& value() & { return check(), std::get<0>(v_); }
  const T& value() const& { return check(), std::get<0>(v_); }
  T&& value() && { return check(), std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  // REQUIRES: !ok().
  const Failure& failure() const {
    if (ok()) throw std::logic_error("Result holds a value, not a failure");
    return std::get<1>(v_);
  }

  // The server error code of a failed result; CODE_UNSPECIFIED for a value or another failure.
  v1::Code code() const { return ok() ? v1::CODE_UNSPECIFIED : std::get<1>(v_).code; }

 private:
  void check() const {
    if (!ok()) throw std::logic_error("Result holds no value: " + describe(std::get<1>(v_)));
  }
  std::variant<T, Failure> v_;
};

using Status = Result<std::monostate>;
inline Status ok_status() {
  return Status(std::monostate{});
}

}  // namespace grognard::client
