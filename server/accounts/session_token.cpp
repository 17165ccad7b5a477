#include "accounts/session_token.h"

#include <sodium.h>

#include "accounts/password.h"
#include "engine/canonical.h"

namespace grognard::accounts {
namespace {

constexpr int kVariant = sodium_base64_VARIANT_URLSAFE_NO_PADDING;
static_assert(sodium_base64_ENCODED_LEN(kTokenBytes, kVariant) == kTokenTextLength + 1);

TokenHash hash_of(const unsigned char (&bytes)[kTokenBytes]) {
  const engine::StateHash h =
      engine::sha256(std::string_view(reinterpret_cast<const char*>(bytes), kTokenBytes));
  return h.bytes;
}

}  // namespace

engine::Result<SessionToken> new_session_token() {
  if (!sodium_ready()) {
    return engine::Error{engine::ErrorCode::kFailedPrecondition, "accounts.sodium",
                         "the server cannot make a session now (libsodium did not start)"};
  }
  unsigned char bytes[kTokenBytes];
  randombytes_buf(bytes, sizeof bytes);
  char text[kTokenTextLength + 1];
  sodium_bin2base64(text, sizeof text, bytes, sizeof bytes, kVariant);
  SessionToken token{std::string(text, kTokenTextLength), hash_of(bytes)};
  sodium_memzero(bytes, sizeof bytes);
  return token;
}

std::optional<TokenHash> token_hash(std::string_view text) {
  if (text.size() != kTokenTextLength || !sodium_ready()) return std::nullopt;
  unsigned char bytes[kTokenBytes];
  std::size_t length = 0;
  const char* end = nullptr;
  if (sodium_base642bin(bytes, sizeof bytes, text.data(), text.size(), nullptr, &length, &end,
                        kVariant) != 0 ||
      length != kTokenBytes || end != text.data() + text.size()) {
    return std::nullopt;
  }
  // libsodium also refuses a last character whose unused low bits are not 0, so each token has
  // one text only.
  const TokenHash hash = hash_of(bytes);
  sodium_memzero(bytes, sizeof bytes);
  return hash;
}

}  // namespace grognard::accounts
