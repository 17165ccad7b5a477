#include "engine/canonical.h"

#include <openssl/evp.h>

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <stdexcept>

#include "engine/dice.h"

namespace grognard::engine {

CanonicalWriter::CanonicalWriter() {
  bytes_.reserve(4096);  // a whole state, for most scenarios
}

CanonicalWriter& CanonicalWriter::u8(std::uint8_t v) {
  bytes_.push_back(v);
  return *this;
}

CanonicalWriter& CanonicalWriter::u32(std::uint32_t v) {
  const std::uint8_t b[4] = {static_cast<std::uint8_t>(v >> 24), static_cast<std::uint8_t>(v >> 16),
                             static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v)};
  bytes_.insert(bytes_.end(), b, b + 4);
  return *this;
}

CanonicalWriter& CanonicalWriter::u64(std::uint64_t v) {
  u32(static_cast<std::uint32_t>(v >> 32));
  return u32(static_cast<std::uint32_t>(v));
}

CanonicalWriter& CanonicalWriter::str(std::string_view s) {
  u32(static_cast<std::uint32_t>(s.size()));
  bytes_.insert(bytes_.end(), s.begin(), s.end());
  return *this;
}

std::string StateHash::hex() const {
  return to_hex(bytes.data(), bytes.size());
}

namespace {

// SHA-256 fetched once: OpenSSL's one-shot calls look the algorithm up on every call.
const EVP_MD* sha256_md() {
  static EVP_MD* const md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  return md;
}

// A digest context per thread, reused.
EVP_MD_CTX* context() {
  thread_local const std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX*)> ctx(EVP_MD_CTX_new(),
                                                                            EVP_MD_CTX_free);
  return ctx.get();
}

// SHA-256 of the concatenation of `parts`.
StateHash digest(std::initializer_list<std::string_view> parts) {
  EVP_MD_CTX* ctx = context();
  StateHash h;
  unsigned int len = 0;
  bool ok =
      ctx != nullptr && sha256_md() != nullptr && EVP_DigestInit_ex(ctx, sha256_md(), nullptr);
  for (std::string_view p : parts) ok = ok && EVP_DigestUpdate(ctx, p.data(), p.size());
  ok = ok && EVP_DigestFinal_ex(ctx, h.bytes.data(), &len);
  if (!ok || len != h.bytes.size()) throw std::runtime_error("SHA-256 failed in OpenSSL");
  return h;
}

std::string_view as_chars(const std::uint8_t* p, std::size_t n) {
  return {reinterpret_cast<const char*>(p), n};
}

}  // namespace

StateHash sha256(const std::vector<std::uint8_t>& bytes) {
  return digest({as_chars(bytes.data(), bytes.size())});
}

StateHash sha256(std::string_view bytes) {
  return digest({bytes});
}

// RFC 2104 with SHA-256 (block of 64 bytes): H((K ^ opad) || H((K ^ ipad) || message)).
StateHash hmac_sha256(std::string_view key, std::string_view bytes) {
  constexpr std::size_t kBlock = 64;
  std::array<std::uint8_t, kBlock> k{};
  if (key.size() > kBlock) {
    const StateHash short_key = sha256(key);
    std::copy(short_key.bytes.begin(), short_key.bytes.end(), k.begin());
  } else {
    std::copy(key.begin(), key.end(), k.begin());
  }
  std::array<std::uint8_t, kBlock> ipad{}, opad{};
  for (std::size_t i = 0; i < kBlock; ++i) {
    ipad[i] = static_cast<std::uint8_t>(k[i] ^ 0x36);
    opad[i] = static_cast<std::uint8_t>(k[i] ^ 0x5c);
  }
  const StateHash inner = digest({as_chars(ipad.data(), kBlock), bytes});
  return digest({as_chars(opad.data(), kBlock), as_chars(inner.bytes.data(), inner.bytes.size())});
}

}  // namespace grognard::engine
