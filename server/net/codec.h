#pragma once
// Framing of protocol messages: binary WebSocket frames carry protobuf, text frames carry the
// same messages in protobuf's JSON mapping (docs/design.md "Protocol"). Beast-free.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace grognard::v1 {
class ClientMessage;
class ServerMessage;
}  // namespace grognard::v1

namespace grognard::net {

enum class Format : std::uint8_t { kBinary, kJson };

// Why a frame was refused: the sentence a client gets with INVALID_ARGUMENT, and the request id
// the answer carries (0 when none could be read).
struct DecodeError {
  std::uint64_t request_id = 0;
  std::string message;
};

// Parses one frame into `out`. Fails when the frame is malformed (bad protobuf, bad JSON, unknown
// JSON field, JSON nested past kMaxJsonDepth, refused before any parser: net/json_depth.h) or
// carries no body; the error then carries the frame's request id whenever it can be
// read: a JSON object's "requestId" (or "request_id"), or a binary frame's field 1 read up to the
// first malformed field.
std::optional<DecodeError> decode(std::string_view frame, Format format, v1::ClientMessage& out);

// Serializes `message`. JSON omits fields at their default values. A message that cannot be
// printed as JSON (an Any of a type this build does not know) becomes an Error reply.
std::string encode(const v1::ServerMessage& message, Format format);

}  // namespace grognard::net
