#pragma once
// SHA-256 hashes as the record keeps them (seeds' and tokens' hashes, digests, state hashes,
// chain links) and as the protocol and archive files write them: 64 lower-case hex digits.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace grognard::record {

using Hash32 = std::array<std::uint8_t, 32>;

std::string hex(const Hash32& h);
// 64 hex digits (either case) as 32 bytes; nullopt for anything else.
std::optional<Hash32> parse_hash(std::string_view hex);
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
// 32 random bytes from the OS as 64 hex digits.
std::string random_hex(std::size_t bytes);

}  // namespace grognard::record
