#pragma once
// Passwords and names (docs/accounts.md): what a valid name and password are, and passwords
// hashed with argon2id through libsodium. A hash is a "$argon2id$v=19$m=...,t=...,p=1$salt$hash"
// string that carries its own salt and cost, so a hash made under an older cost still verifies.
//
// argon2id is slow on purpose (tens of milliseconds and 64 MiB at the default cost): callers
// must not hash or verify on a network thread, but on a thread of their own.
//
// Nothing here logs a password, or keeps one beyond the call.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/result.h"

namespace grognard::accounts {

// argon2id's work factors: passes over memory, and memory in bytes.
struct PasswordCost {
  // libsodium's INTERACTIVE values for argon2id (password.cpp checks them against sodium.h).
  std::uint64_t opslimit = 2;
  std::size_t memlimit = 64 * 1024 * 1024;

  // The least argon2id allows (1 pass, 8 KiB): for tests only, never a server setting.
  static constexpr PasswordCost cheapest_for_tests() { return PasswordCost{1, 8 * 1024}; }

  friend bool operator==(const PasswordCost&, const PasswordCost&) = default;
};

inline constexpr std::size_t kMinNameLength = 3;
inline constexpr std::size_t kMaxNameLength = 32;
inline constexpr std::size_t kMinPasswordBytes = 8;
inline constexpr std::size_t kMaxPasswordBytes = 1024;

// A name: 3 to 32 ASCII letters, digits, '_' or '-'. Unique whatever its case (the store
// compares names with SQLite's NOCASE, which folds ASCII letters).
engine::Status check_name(std::string_view name);
// A password: 8 to 1024 bytes of valid UTF-8.
engine::Status check_password(std::string_view password);

// An e-mail address to write to later, not checked further: one '@' with text either side, no
// spaces or control characters, at most 254 bytes of UTF-8. Confirming it is what proves it.
engine::Status check_email(std::string_view email);

// `name` with ASCII letters in lower case: how the log-in limit counts a name.
std::string folded_name(std::string_view name);

// The argon2id hash of `password` under `cost`, with a fresh random salt. An error only when
// libsodium cannot start or the memory cannot be had.
engine::Result<std::string> hash_password(std::string_view password, const PasswordCost& cost);

// Whether `password` is the one `hash` was made from. False for anything that is not an
// argon2id hash string.
bool verify_password(std::string_view hash, std::string_view password);

// Whether `hash` was made under another cost than `cost` (or is not a hash string at all):
// a successful log-in then hashes the password again under `cost`.
bool needs_rehash(std::string_view hash, const PasswordCost& cost);

// libsodium started (sodium_init, once per process); false if it cannot start.
bool sodium_ready();

}  // namespace grognard::accounts
