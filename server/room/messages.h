#pragma once
// Small helpers for building protocol messages in rooms and the lobby. Hashes, quoting a
// client's text and google.protobuf.Any are the record's (record/hashes.h, record/text.h,
// record/proto.h).

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/result.h"
#include "engine/ruleset.h"
#include "grognard/v1/protocol.pb.h"
#include "record/hashes.h"
#include "record/proto.h"
#include "record/store.h"
#include "record/text.h"

namespace grognard::room {

namespace v1 = ::grognard::v1;
using MessagePtr = std::shared_ptr<const v1::ServerMessage>;

v1::Code to_code(engine::ErrorCode code);
MessagePtr error_message(std::uint64_t request_id, v1::Code code, std::string clause,
                         std::string message);
MessagePtr error_message(std::uint64_t request_id, const engine::Error& e);

engine::Role role_from_string(std::string_view role);

}  // namespace grognard::room
