#pragma once
// What rooms report for operations (GET /metrics). The server feeds Prometheus from it.

#include <array>
#include <cstdint>
#include <string_view>

#include "grognard/v1/protocol.pb.h"

namespace grognard::room {

// What became of a command (or a join refused): the label `outcome` of
// grognard_commands_total (docs/operations.md).
enum class CommandOutcome : std::uint8_t {
  kAccepted,
  kDuplicate,
  kIllegal,
  kNotYourTurn,
  kPermissionDenied,
  kInvalid,
  kUnavailable,
  kFailedPrecondition,
  kNotFound,
  kUnauthenticated,
  kResourceExhausted,
  kRejectedJoin,
};
inline constexpr std::array<CommandOutcome, 12> kCommandOutcomes{
    CommandOutcome::kAccepted,          CommandOutcome::kDuplicate,
    CommandOutcome::kIllegal,           CommandOutcome::kNotYourTurn,
    CommandOutcome::kPermissionDenied,  CommandOutcome::kInvalid,
    CommandOutcome::kUnavailable,       CommandOutcome::kFailedPrecondition,
    CommandOutcome::kNotFound,          CommandOutcome::kUnauthenticated,
    CommandOutcome::kResourceExhausted, CommandOutcome::kRejectedJoin};
// "accepted", "duplicate", "illegal", "not_your_turn", "permission_denied", "invalid",
// "unavailable", "failed_precondition", "not_found", "unauthenticated", "resource_exhausted",
// "rejected_join"
std::string_view to_string(CommandOutcome outcome);
// The outcome of a command refused with `code`.
CommandOutcome outcome_of(v1::Code code);

class Metrics {
 public:
  virtual ~Metrics() = default;
  virtual void command(CommandOutcome outcome) = 0;
  virtual void rooms(std::size_t open) = 0;
  // A room waited too long for its players and expired.
  virtual void room_expired() = 0;
  // A running game nobody played or was connected to was ended (LobbyOptions::abandoned_limit).
  virtual void room_abandoned() {}
};

class NullMetrics final : public Metrics {
 public:
  void command(CommandOutcome) override {}
  void rooms(std::size_t) override {}
  void room_expired() override {}
};

}  // namespace grognard::room
