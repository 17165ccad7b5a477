#include "room/messages.h"

#include <memory>

namespace grognard::room {

v1::Code to_code(engine::ErrorCode code) {
  switch (code) {
    case engine::ErrorCode::kInvalidArgument:
      return v1::INVALID_ARGUMENT;
    case engine::ErrorCode::kPermissionDenied:
      return v1::PERMISSION_DENIED;
    case engine::ErrorCode::kNotYourTurn:
      return v1::NOT_YOUR_TURN;
    case engine::ErrorCode::kIllegal:
      return v1::ILLEGAL;
    case engine::ErrorCode::kNotFound:
      return v1::NOT_FOUND;
    case engine::ErrorCode::kFailedPrecondition:
      return v1::FAILED_PRECONDITION;
  }
  return v1::CODE_UNSPECIFIED;
}

MessagePtr error_message(std::uint64_t request_id, v1::Code code, std::string clause,
                         std::string message) {
  auto m = std::make_shared<v1::ServerMessage>();
  m->set_request_id(request_id);
  auto* e = m->mutable_error();
  e->set_code(code);
  e->set_clause(std::move(clause));
  e->set_message(std::move(message));
  return m;
}

MessagePtr error_message(std::uint64_t request_id, const engine::Error& e) {
  return error_message(request_id, to_code(e.code), e.clause, e.message);
}

engine::Role role_from_string(std::string_view role) {
  if (role == "general") return engine::Role::kGeneral;
  if (role == "player") return engine::Role::kPlayer;
  if (role == "referee") return engine::Role::kReferee;
  return engine::Role::kObserver;
}

std::shared_ptr<v1::ServerMessage> answer_to(std::uint64_t request_id) {
  auto m = std::make_shared<v1::ServerMessage>();
  m->set_request_id(request_id);
  return m;
}

}  // namespace grognard::room
