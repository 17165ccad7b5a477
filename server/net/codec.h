#pragma once
// Framing of protocol messages: binary WebSocket frames carry protobuf, text frames carry the
// same messages in protobuf's JSON mapping (DESIGN.md "Protocol"). Beast-free.

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

// Parses one frame into `out`. Returns the sentence a client gets with INVALID_ARGUMENT when the
// frame is malformed (bad protobuf, bad JSON, unknown JSON field) or carries no body.
std::optional<std::string> decode(std::string_view frame, Format format, v1::ClientMessage& out);

// Serializes `message`. JSON omits fields at their default values. A message that cannot be
// printed as JSON (an Any of a type this build does not know) becomes an Error reply.
std::string encode(const v1::ServerMessage& message, Format format);

}  // namespace grognard::net
