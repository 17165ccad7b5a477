#pragma once
// The state hash is over a canonical encoding written for the purpose: fixed field order,
// integers in fixed-width big-endian, strings length-prefixed. It does not depend on protobuf
// or on the compiler, so the same state hashes the same after an upgrade of either.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace grognard::engine {

class CanonicalWriter {
 public:
  CanonicalWriter();
  CanonicalWriter& u8(std::uint8_t v);
  CanonicalWriter& boolean(bool v) { return u8(v ? 1 : 0); }
  CanonicalWriter& u32(std::uint32_t v);
  CanonicalWriter& i32(std::int32_t v) { return u32(static_cast<std::uint32_t>(v)); }
  CanonicalWriter& u64(std::uint64_t v);
  CanonicalWriter& str(std::string_view s);
  // A field tag before each section keeps encodings of different shapes apart.
  CanonicalWriter& tag(std::string_view name) { return str(name); }

  const std::vector<std::uint8_t>& bytes() const { return bytes_; }

 private:
  std::vector<std::uint8_t> bytes_;
};

struct StateHash {
  std::array<std::uint8_t, 32> bytes{};
  std::string hex() const;
  friend bool operator==(const StateHash&, const StateHash&) = default;
};

StateHash sha256(const std::vector<std::uint8_t>& bytes);
StateHash sha256(std::string_view bytes);
// HMAC-SHA256 (RFC 2104) of `bytes` under `key`: a commitment that only the key's holder can
// open, used with the game's secret seed (docs/protocol.md, "Event chain and commitments").
StateHash hmac_sha256(std::string_view key, std::string_view bytes);

}  // namespace grognard::engine
