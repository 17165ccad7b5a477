#pragma once
// Framing of protocol messages, for the server and the clients alike: binary WebSocket frames
// carry protobuf, text frames carry the same messages in protobuf's JSON mapping (docs/design.md
// "Protocol", docs/protocol.md). The server decodes ClientMessage and encodes ServerMessage; a
// client the other way round. Beast-free, and free of the server's network layer.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace grognard::v1 {
class ClientMessage;
class ServerMessage;
}  // namespace grognard::v1

namespace grognard::proto {

enum class Format : std::uint8_t { kBinary, kJson };

// The format a WebSocket frame's type says.
constexpr Format format_of(bool binary_frame) {
  return binary_frame ? Format::kBinary : Format::kJson;
}

// Why a frame was refused: the sentence a client gets with INVALID_ARGUMENT, and the request id
// the answer carries (0 when none could be read).
struct DecodeError {
  std::uint64_t request_id = 0;
  std::string message;
};

// --- The server's side ------------------------------------------------------------------------

// Parses one frame from a client into `out`. Fails when the frame is malformed (bad protobuf,
// bad JSON, unknown JSON field, JSON nested past kMaxJsonDepth, refused before any parser:
// grognard/json_depth.h) or carries no body; the error then carries the frame's request id
// whenever it can be read: a JSON object's "requestId" (or "request_id"), or a binary frame's
// field 1 read up to the first malformed field.
std::optional<DecodeError> decode(std::string_view frame, Format format, v1::ClientMessage& out);

// Serializes `message`. JSON omits fields at their default values. A message that cannot be
// printed as JSON (an Any of a type this build does not know) becomes an Error reply.
std::string encode(const v1::ServerMessage& message, Format format);

// --- A client's side --------------------------------------------------------------------------

// Serializes `message` as encode() above does; empty only if it cannot be printed as JSON, which
// every ClientMessage can (a failure is a bug in the message).
std::string encode(const v1::ClientMessage& message, Format format);

// Parses one frame from the server into `out`. JSON fields this build does not know are skipped
// (a newer server may send them). The error's request id is always 0.
std::optional<DecodeError> decode(std::string_view frame, Format format, v1::ServerMessage& out);

}  // namespace grognard::proto
