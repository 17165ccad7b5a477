#include "engine/canonical.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include "engine/dice.h"

namespace grognard::engine {

CanonicalWriter& CanonicalWriter::u8(std::uint8_t v) {
  bytes_.push_back(v);
  return *this;
}

CanonicalWriter& CanonicalWriter::u32(std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8)
    bytes_.push_back(static_cast<std::uint8_t>(v >> shift));
  return *this;
}

CanonicalWriter& CanonicalWriter::u64(std::uint64_t v) {
  for (int shift = 56; shift >= 0; shift -= 8)
    bytes_.push_back(static_cast<std::uint8_t>(v >> shift));
  return *this;
}

CanonicalWriter& CanonicalWriter::str(std::string_view s) {
  u32(static_cast<std::uint32_t>(s.size()));
  bytes_.insert(bytes_.end(), s.begin(), s.end());
  return *this;
}

std::string StateHash::hex() const {
  return to_hex(bytes.data(), bytes.size());
}

StateHash sha256(const std::vector<std::uint8_t>& bytes) {
  StateHash h;
  SHA256(bytes.data(), bytes.size(), h.bytes.data());
  return h;
}

StateHash sha256(std::string_view bytes) {
  StateHash h;
  SHA256(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), h.bytes.data());
  return h;
}

StateHash hmac_sha256(std::string_view key, std::string_view bytes) {
  StateHash h;
  unsigned int len = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), h.bytes.data(), &len);
  return h;
}

}  // namespace grognard::engine
