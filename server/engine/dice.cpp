#include "engine/dice.h"

#include "engine/canonical.h"

#include <openssl/rand.h>

#include <stdexcept>

namespace grognard::engine {

std::vector<Roll> Dice::d6s(int count) {
  std::vector<Roll> out;
  out.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) out.push_back(d6());
  return out;
}

namespace {

void put_be(std::uint8_t* out, std::uint64_t v, int bytes) {
  for (int i = bytes - 1; i >= 0; --i) {
    out[i] = static_cast<std::uint8_t>(v & 0xff);
    v >>= 8;
  }
}

std::uint64_t get_be64(const std::uint8_t* in) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | in[i];
  return v;
}

}  // namespace

// Throw n: for attempt = 0, 1, ...: mac = HMAC-SHA256(seed, be64(n) || be32(attempt)); each of
// the mac's four big-endian 64-bit words w is tried in order and the first one below
// limit = 2^64 - (2^64 mod sides) gives face = w mod sides + 1. (docs/dice.md)
int derive_face(const Seed& seed, std::uint64_t n, int sides) {
  if (sides < 2 || sides > 1000) throw std::invalid_argument("derive_face: sides out of range");
  const auto s = static_cast<std::uint64_t>(sides);
  const std::uint64_t rem = (~std::uint64_t{0} % s + 1) % s;  // 2^64 mod s
  const std::uint64_t limit = 0 - rem;                        // 2^64 - rem (0 means all)
  for (std::uint32_t attempt = 0;; ++attempt) {
    std::uint8_t msg[12];
    put_be(msg, n, 8);
    put_be(msg + 8, attempt, 4);
    const StateHash mac = hmac_sha256({reinterpret_cast<const char*>(seed.data()), seed.size()},
                                      {reinterpret_cast<const char*>(msg), sizeof msg});
    for (int w = 0; w < 4; ++w) {
      std::uint64_t v = get_be64(mac.bytes.data() + 8 * w);
      if (rem == 0 || v < limit) return static_cast<int>(v % s) + 1;
    }
  }
}

Roll SeededDice::roll(int sides) {
  Roll r{next_, sides, derive_face(seed_, next_, sides)};
  ++next_;
  return r;
}

Seed SeededDice::seed_from_os() {
  Seed s{};
  if (RAND_bytes(s.data(), static_cast<int>(s.size())) != 1) {
    throw std::runtime_error("cannot read random bytes from the operating system");
  }
  return s;
}

Roll ScriptedDice::roll(int sides) {
  if (faces_.empty()) throw std::logic_error("ScriptedDice: script exhausted");
  int face = faces_.front();
  if (face < 1 || face > sides) {
    throw std::logic_error("ScriptedDice: face " + std::to_string(face) + " on a d" +
                           std::to_string(sides));
  }
  faces_.pop_front();
  return Roll{next_++, sides, face};
}

std::string to_hex(const std::uint8_t* data, std::size_t size) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  out.reserve(size * 2);
  for (std::size_t i = 0; i < size; ++i) {
    out.push_back(digits[data[i] >> 4]);
    out.push_back(digits[data[i] & 0xf]);
  }
  return out;
}

}  // namespace grognard::engine
