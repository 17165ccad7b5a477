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

std::string describe(const Error& e) {
  return std::string(to_string(e.code)) + " [" + e.clause + "] " + e.message;
}

}  // namespace grognard::engine
