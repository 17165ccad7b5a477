#include "room/metrics.h"

namespace grognard::room {

std::string_view to_string(CommandOutcome outcome) {
  switch (outcome) {
    case CommandOutcome::kAccepted:
      return "accepted";
    case CommandOutcome::kDuplicate:
      return "duplicate";
    case CommandOutcome::kIllegal:
      return "illegal";
    case CommandOutcome::kNotYourTurn:
      return "not_your_turn";
    case CommandOutcome::kPermissionDenied:
      return "permission_denied";
    case CommandOutcome::kInvalid:
      return "invalid";
    case CommandOutcome::kUnavailable:
      return "unavailable";
    case CommandOutcome::kFailedPrecondition:
      return "failed_precondition";
    case CommandOutcome::kNotFound:
      return "not_found";
    case CommandOutcome::kUnauthenticated:
      return "unauthenticated";
    case CommandOutcome::kResourceExhausted:
      return "resource_exhausted";
    case CommandOutcome::kRejectedJoin:
      return "rejected_join";
  }
  return "failed_precondition";
}

CommandOutcome outcome_of(v1::Code code) {
  switch (code) {
    case v1::ILLEGAL:
      return CommandOutcome::kIllegal;
    case v1::NOT_YOUR_TURN:
      return CommandOutcome::kNotYourTurn;
    case v1::PERMISSION_DENIED:
      return CommandOutcome::kPermissionDenied;
    case v1::INVALID_ARGUMENT:
      return CommandOutcome::kInvalid;
    case v1::UNAVAILABLE:
      return CommandOutcome::kUnavailable;
    case v1::NOT_FOUND:
      return CommandOutcome::kNotFound;
    case v1::UNAUTHENTICATED:
      return CommandOutcome::kUnauthenticated;
    case v1::RESOURCE_EXHAUSTED:
      return CommandOutcome::kResourceExhausted;
    default:
      return CommandOutcome::kFailedPrecondition;
  }
}

}  // namespace grognard::room
