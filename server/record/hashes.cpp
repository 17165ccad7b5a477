#include "record/hashes.h"

#include "engine/canonical.h"
#include "engine/dice.h"

namespace grognard::record {

std::string hex(const Hash32& h) {
  return engine::to_hex(h.data(), h.size());
}

std::optional<Hash32> parse_hash(std::string_view hex) {
  if (hex.size() != 64) return std::nullopt;
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  Hash32 out{};
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = nibble(hex[2 * i]);
    const int lo = nibble(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out[i] = static_cast<std::uint8_t>(hi * 16 + lo);
  }
  return out;
}

Hash32 sha256_of(std::string_view text) {
  return engine::sha256(text).bytes;
}

std::string random_hex(std::size_t bytes) {
  std::string out;
  while (out.size() < bytes * 2) {
    const engine::Seed s = engine::SeededDice::seed_from_os();
    out += engine::to_hex(s.data(), s.size());
  }
  out.resize(bytes * 2);
  return out;
}

}  // namespace grognard::record
