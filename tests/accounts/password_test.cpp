// Passwords and names: argon2id hashes through libsodium, and what a valid name and password are.

#include <sodium.h>

#include <catch2/catch.hpp>

#include "accounts/password.h"

using namespace grognard;
using namespace grognard::accounts;

namespace {

const PasswordCost kCheap = PasswordCost::cheapest_for_tests();

}  // namespace

TEST_CASE("a password verifies against its own hash and no other password does", "[password]") {
  const auto hash = hash_password("correct horse battery", kCheap);
  REQUIRE(hash.ok());
  CHECK(verify_password(*hash, "correct horse battery"));
  CHECK_FALSE(verify_password(*hash, "correct horse batterY"));
  CHECK_FALSE(verify_password(*hash, "correct horse battery "));
  CHECK_FALSE(verify_password(*hash, ""));
  CHECK_FALSE(verify_password("", "correct horse battery"));
  CHECK_FALSE(verify_password("not a hash", "correct horse battery"));
}

TEST_CASE("a hash is an argon2id string with its own salt, holding no password", "[password]") {
  const std::string password = "pässwörd with ünïcode";
  const auto a = hash_password(password, kCheap);
  const auto b = hash_password(password, kCheap);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(a->rfind("$argon2id$v=19$m=8,t=1,p=1$", 0) == 0);  // 8 KiB, 1 pass
  CHECK(*a != *b);                                         // a fresh salt each time
  CHECK(a->find(password) == std::string::npos);
  CHECK(a->find("pässwörd") == std::string::npos);
  CHECK(verify_password(*b, password));
}

TEST_CASE("the default cost is libsodium's interactive argon2id", "[password]") {
  const PasswordCost cost;
  CHECK(cost.opslimit == 2);
  CHECK(cost.memlimit == 64u * 1024 * 1024);
  CHECK(cost != kCheap);
}

TEST_CASE("a hash made under another cost needs hashing again", "[password]") {
  const PasswordCost other{2, 16 * 1024};
  const auto hash = hash_password("a long enough password", kCheap);
  REQUIRE(hash.ok());
  CHECK_FALSE(needs_rehash(*hash, kCheap));
  CHECK(needs_rehash(*hash, other));
  CHECK(needs_rehash("not a hash", kCheap));
  // It still verifies: the hash carries its own cost.
  CHECK(verify_password(*hash, "a long enough password"));
}

TEST_CASE("an argon2i hash is not taken for an argon2id one", "[password]") {
  REQUIRE(sodium_ready());
  char argon2i[crypto_pwhash_STRBYTES];
  const std::string password = "a long enough password";
  REQUIRE(crypto_pwhash_str_alg(
              argon2i, password.data(), password.size(), crypto_pwhash_argon2i_OPSLIMIT_MIN,
              crypto_pwhash_argon2i_MEMLIMIT_MIN, crypto_pwhash_ALG_ARGON2I13) == 0);
  // libsodium's own check takes it; only argon2id is ours.
  REQUIRE(crypto_pwhash_str_verify(argon2i, password.data(), password.size()) == 0);
  CHECK_FALSE(verify_password(argon2i, password));
}

TEST_CASE("names: 3 to 32 letters, digits, _ or -", "[password]") {
  for (const char* good :
       {"abc", "Wellesley", "o_brien", "kurt-95", "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345"}) {
    INFO(good);
    CHECK(check_name(good).ok());
  }
  for (const char* bad : {"", "ab", "o'brien", "two words", "naïve", "dot.ted", "tab\tbed",
                          "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456"}) {
    INFO(bad);
    const auto st = check_name(bad);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().code == engine::ErrorCode::kInvalidArgument);
    CHECK(st.error().message == "a name is 3 to 32 letters, digits, _ or -");
  }
  CHECK_FALSE(check_name(std::string("abc\0d", 5)).ok());
}

TEST_CASE("passwords: 8 to 1024 bytes of UTF-8", "[password]") {
  CHECK(check_password("12345678").ok());
  CHECK(check_password("élan vital").ok());
  CHECK(check_password(std::string(1024, 'x')).ok());
  for (const std::string& bad :
       {std::string("1234567"), std::string(), std::string(1025, 'x'),
        std::string("valid start \xff\xfe then not"), std::string("over\xc0\xaflong")}) {
    INFO(bad.size());
    const auto st = check_password(bad);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().code == engine::ErrorCode::kInvalidArgument);
    CHECK(st.error().message == "a password is 8 to 1024 bytes of UTF-8 text");
  }
}

TEST_CASE("a name folds to lower case for counting", "[password]") {
  CHECK(folded_name("Kurt-95_X") == "kurt-95_x");
}
