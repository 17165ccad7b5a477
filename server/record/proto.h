#pragma once
// The protocol's messages as the record holds them: events and views in google.protobuf.Any.

#include <string>

#include "engine/result.h"
#include "grognard/v1/protocol.pb.h"

namespace grognard::record {

namespace v1 = ::grognard::v1;

// google.protobuf.Any holding `bytes` of message type `full_name`.
void pack_any(google::protobuf::Any* any, const std::string& full_name, const std::string& bytes);
// Rewrites the value of `any` as its parsed message's own serialization, and its type URL as
// type.googleapis.com/<type>, which protobuf's JSON printer can print: it streams an Any's bytes
// as they are, so a value that sets a oneof twice (the binary form keeps the last) prints both
// members and does not read back, and it refuses any other URL prefix. An error when
// the type is one this build does not know, or the bytes are not one of its messages.
engine::Status canonical_any(google::protobuf::Any& any);
// The serialized message inside `any`, if it is of type `full_name`.
engine::Result<std::string> unpack_any(const google::protobuf::Any& any,
                                       const std::string& full_name);

}  // namespace grognard::record
