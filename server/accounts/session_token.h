#pragma once
// Session tokens (docs/accounts.md): 32 random bytes, handed to the client once as base64url
// without padding (43 characters). The server keeps only the SHA-256 of the 32 bytes, and finds
// a session by looking that hash up: the token itself is never stored, logged or compared.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/result.h"

namespace grognard::accounts {

using TokenHash = std::array<std::uint8_t, 32>;

inline constexpr std::size_t kTokenBytes = 32;
inline constexpr std::size_t kTokenTextLength = 43;  // base64url of 32 bytes, no padding

struct SessionToken {
  std::string text;  // for the client alone
  TokenHash hash;    // what the store keeps
};

// A new token from libsodium's random source (randombytes_buf).
engine::Result<SessionToken> new_session_token();

// The hash of a token a client presents; nothing when `text` is not 43 characters of base64url
// that decode to 32 bytes (no token of ours: the caller answers as for an unknown one).
std::optional<TokenHash> token_hash(std::string_view text);

}  // namespace grognard::accounts
