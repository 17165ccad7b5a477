// Session tokens: 32 random bytes as 43 characters of base64url; only their SHA-256 is kept.

#include <sodium.h>

#include <catch2/catch.hpp>
#include <set>

#include "accounts/session_token.h"
#include "engine/canonical.h"

using namespace grognard;
using namespace grognard::accounts;

TEST_CASE("a token is 43 characters of base64url and its hash is the SHA-256 of its bytes",
          "[token]") {
  const auto token = new_session_token();
  REQUIRE(token.ok());
  REQUIRE(token->text.size() == 43);
  for (char c : token->text) {
    INFO(c);
    CHECK(((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_'));
  }
  unsigned char bytes[32];
  std::size_t length = 0;
  REQUIRE(sodium_base642bin(bytes, sizeof bytes, token->text.data(), token->text.size(), nullptr,
                            &length, nullptr, sodium_base64_VARIANT_URLSAFE_NO_PADDING) == 0);
  REQUIRE(length == 32);
  const auto expected = engine::sha256(std::string_view(reinterpret_cast<char*>(bytes), 32));
  CHECK(token->hash == expected.bytes);
  CHECK(token_hash(token->text) == std::optional<TokenHash>(expected.bytes));
}

TEST_CASE("tokens differ, and none is its own hash", "[token]") {
  std::set<std::string> texts;
  std::set<TokenHash> hashes;
  for (int i = 0; i < 200; ++i) {
    const auto token = new_session_token();
    REQUIRE(token.ok());
    texts.insert(token->text);
    hashes.insert(token->hash);
    const std::string hash_bytes(token->hash.begin(), token->hash.end());
    CHECK(hash_bytes.find(token->text) == std::string::npos);
  }
  CHECK(texts.size() == 200);
  CHECK(hashes.size() == 200);
}

TEST_CASE("text that is no token of ours has no hash", "[token]") {
  const std::string good = new_session_token().value().text;
  CHECK_FALSE(token_hash("").has_value());
  CHECK_FALSE(token_hash(good.substr(0, 42)).has_value());
  CHECK_FALSE(token_hash(good + "A").has_value());
  CHECK_FALSE(token_hash(good + "=").has_value());
  std::string plus = good;
  plus[5] = '+';  // standard base64, not base64url
  CHECK_FALSE(token_hash(plus).has_value());
  std::string space = good;
  space[10] = ' ';
  CHECK_FALSE(token_hash(space).has_value());
  // The last character carries 2 bits of nothing: they must be 0, or two texts would open the
  // same session. 'A' (000000) has them clear, 'B' (000001) does not.
  std::string last_a = good;
  last_a.back() = 'A';
  std::string last_b = good;
  last_b.back() = 'B';
  CHECK(token_hash(last_a).has_value());
  CHECK_FALSE(token_hash(last_b).has_value());
}
