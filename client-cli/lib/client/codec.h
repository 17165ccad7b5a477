#pragma once
// The client's side of the wire format (docs/protocol.md): ClientMessage out and
// ServerMessage in, as protobuf (binary frames) or protobuf's JSON mapping (text frames), in
// the codec the server also uses (grognard/codec.h), and google.protobuf.Any for rule-set
// payloads. Beast-free.

#include <optional>
#include <string>
#include <string_view>

#include <google/protobuf/any.pb.h>

#include "client/result.h"
#include "grognard/codec.h"
#include "grognard/v1/protocol.pb.h"

namespace grognard::client {

using proto::encode;
using proto::Format;

// Decodes a frame in the format its WebSocket frame type says (binary: protobuf).
Result<v1::ServerMessage> decode(std::string_view bytes, bool binary);

// Any holding `message` with the type URL "type.googleapis.com/<full name>".
google::protobuf::Any pack(const google::protobuf::Message& message);

// The message inside `any`, if it holds a T.
template <class T>
std::optional<T> unpack(const google::protobuf::Any& any) {
  T out;
  if (!any.Is<T>() || !any.UnpackTo(&out)) return std::nullopt;
  return out;
}

// One line for logs: the body's field name and request id ("events #0", "error #7").
std::string summary(const v1::ServerMessage& message);

}  // namespace grognard::client
