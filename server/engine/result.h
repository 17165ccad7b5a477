#pragma once
// Errors as values. A rejected command names the broken rule: an error code, a stable clause
// id from docs/rules/<ruleset>.md, and one sentence a player understands.

#include <string>
#include <utility>
#include <variant>

namespace grognard::engine {

enum class ErrorCode {
  kInvalidArgument,     // malformed or missing fields
  kPermissionDenied,    // the actor may not command this unit or figure
  kNotYourTurn,         // another seat is to act now
  kIllegal,             // the rules forbid it; `clause` names which rule
  kNotFound,            // no such unit, figure, seat or card
  kFailedPrecondition,  // the game is not in a state that takes this (e.g. over)
};

const char* to_string(ErrorCode code);

struct Error {
  ErrorCode code = ErrorCode::kIllegal;
  std::string clause;   // e.g. "itchy.move.stop-adjacent-to-enemy"; empty when no rule applies
  std::string message;  // one sentence for a player

  friend bool operator==(const Error&, const Error&) = default;
};

// One line for logs and test reports: "ILLEGAL [itchy.move.allowance] B1 may move 2 …".
std::string describe(const Error& e);

inline Error illegal(std::string clause, std::string message) {
  return Error{ErrorCode::kIllegal, std::move(clause), std::move(message)};
}

// Input that is not well formed (bytes that are no message, a value out of range): no clause.
inline Error invalid(std::string message) {
  return Error{ErrorCode::kInvalidArgument, "", std::move(message)};
}

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : v_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  // REQUIRES: ok()
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  // REQUIRES: !ok()
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

// Result<void>: success or an Error.
struct Ok {};
using Status = Result<Ok>;
inline Status ok_status() {
  return Ok{};
}

}  // namespace grognard::engine
