#pragma once
// Small helpers for building protocol messages in rooms and the lobby.

#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/result.h"
#include "engine/ruleset.h"
#include "grognard/v1/protocol.pb.h"
#include "room/store.h"

namespace grognard::room {

namespace v1 = ::grognard::v1;
using MessagePtr = std::shared_ptr<const v1::ServerMessage>;

v1::Code to_code(engine::ErrorCode code);
MessagePtr error_message(std::uint64_t request_id, v1::Code code, std::string clause,
                         std::string message);
MessagePtr error_message(std::uint64_t request_id, const engine::Error& e);

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

std::string hex(const Hash32& h);
// 64 hex digits (either case) as 32 bytes; nullopt for anything else.
std::optional<Hash32> parse_hash(std::string_view hex);
// Whether `id` may name a game in a path (the admin API, the web client's pages and reports):
// 1 to 64 letters, digits, '-' or '_'.
bool plain_id(std::string_view id);
Hash32 sha256_of(std::string_view text);
// Hash maps keyed by a SHA-256 (seat tokens, which the server draws at random): its first
// bytes, already uniform.
struct Hash32Hasher {
  std::size_t operator()(const Hash32& h) const noexcept {
    std::size_t v = 0;
    std::memcpy(&v, h.data(), sizeof v);
    return v;
  }
};

// The first `max_bytes` bytes of UTF-8 `text` at most, cut between two characters (half a
// character would make the rest unreadable).
std::string utf8_prefix(std::string_view text, std::size_t max_bytes);
// What a client sent (an invite code, a seat, a rule set's name...) as an error message may
// quote it: at most kShownBytes bytes of it, with "…" when it was cut, so that no answer or log
// line grows with the client's input.
inline constexpr std::size_t kShownBytes = 64;
std::string shown(std::string_view client_text);
// 32 random bytes from the OS as 64 hex digits.
std::string random_hex(std::size_t bytes);

engine::Role role_from_string(std::string_view role);

}  // namespace grognard::room
