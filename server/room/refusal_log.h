#pragma once
// Refusals an operator may chase (docs/operations.md, "Refusals"): a request refused for what it
// guessed at or for a limit (an unknown invite code or seat token, an address locked out for
// guessing, a room refused by a quota or the operator's pause, a connection over a cap), logged
// with the client's address, at most one line per kind every `interval`: the lines held back
// meanwhile are counted in the next ("… (and 14 more since the last line)"), so that a flood
// cannot flood the log. Never logs a token.
//
// Thread-safe.

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

namespace grognard::room {

class RefusalLog {
 public:
  using Now = std::function<std::int64_t()>;  // milliseconds
  explicit RefusalLog(Now now, std::int64_t interval_ms = 10'000)
      : now_(std::move(now)), interval_ms_(interval_ms) {}

  // `kind` names the refusal ("unknown invite code"); `what` says the rest.
  void note(std::string_view kind, std::string_view address, const std::string& what);

 private:
  struct Kind {
    std::int64_t last_ms = 0;
    std::uint64_t held = 0;  // lines not written since the last one
  };
  const Now now_;
  const std::int64_t interval_ms_;
  std::mutex mu_;
  std::map<std::string, Kind, std::less<>> kinds_;
};

}  // namespace grognard::room
