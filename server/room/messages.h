#pragma once
// What rooms and the lobby answer a request they refuse: the protocol's error messages, the code
// an engine error becomes, and a refusal decided before anything is stored; and the engine role a
// seat's role names. Records and hashes are the record's, quoting a client's text the engine's:
// include record/store.h, record/hashes.h, record/proto.h or engine/utf8.h where they are used.

#include <memory>
#include <string>
#include <string_view>

#include "engine/result.h"
#include "engine/ruleset.h"
#include "grognard/v1/protocol.pb.h"

namespace grognard::room {

namespace v1 = ::grognard::v1;
using MessagePtr = std::shared_ptr<const v1::ServerMessage>;

v1::Code to_code(engine::ErrorCode code);
MessagePtr error_message(std::uint64_t request_id, v1::Code code, std::string clause,
                         std::string message);
MessagePtr error_message(std::uint64_t request_id, const engine::Error& e);
// An empty answer to `request_id`, for its body to be set.
std::shared_ptr<v1::ServerMessage> answer_to(std::uint64_t request_id);

engine::Role role_from_string(std::string_view role);

// Why a request is refused, before anything is decided or stored: what error_message() answers.
struct Refusal {
  v1::Code code;
  std::string clause, message;
};

}  // namespace grognard::room
