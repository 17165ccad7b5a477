#include "engine/result.h"

namespace grognard::engine {

const char* to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::kInvalidArgument:
      return "INVALID_ARGUMENT";
    case ErrorCode::kPermissionDenied:
      return "PERMISSION_DENIED";
    case ErrorCode::kNotYourTurn:
      return "NOT_YOUR_TURN";
    case ErrorCode::kIllegal:
      return "ILLEGAL";
    case ErrorCode::kNotFound:
      return "NOT_FOUND";
    case ErrorCode::kFailedPrecondition:
      return "FAILED_PRECONDITION";
  }
  return "UNKNOWN";
}

}  // namespace grognard::engine
