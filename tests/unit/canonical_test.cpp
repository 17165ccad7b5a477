// The canonical encoding behind state hashes, and SHA-256 over it.

#include <catch2/catch.hpp>
#include <cctype>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "engine/canonical.h"
#include "engine/dice.h"

using grognard::engine::CanonicalWriter;
using grognard::engine::sha256;
using grognard::engine::StateHash;

using Bytes = std::vector<std::uint8_t>;

TEST_CASE("CanonicalWriter writes integers big-endian in fixed width", "[hash]") {
  CHECK(CanonicalWriter().u8(0xab).bytes() == Bytes{0xab});
  CHECK(CanonicalWriter().boolean(true).boolean(false).bytes() == Bytes{0x01, 0x00});
  CHECK(CanonicalWriter().u32(0x01020304).bytes() == Bytes{0x01, 0x02, 0x03, 0x04});
  CHECK(CanonicalWriter().u32(7).bytes() == Bytes{0x00, 0x00, 0x00, 0x07});
  CHECK(CanonicalWriter().i32(-1).bytes() == Bytes{0xff, 0xff, 0xff, 0xff});
  CHECK(CanonicalWriter().i32(-3).bytes() == Bytes{0xff, 0xff, 0xff, 0xfd});
  CHECK(CanonicalWriter().i32(std::numeric_limits<std::int32_t>::min()).bytes() ==
        Bytes{0x80, 0x00, 0x00, 0x00});
  CHECK(CanonicalWriter().u64(0x0102030405060708ULL).bytes() ==
        Bytes{0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08});
  CHECK(CanonicalWriter().u64(1).bytes() == Bytes{0, 0, 0, 0, 0, 0, 0, 1});
  CHECK(CanonicalWriter().u64(~std::uint64_t{0}).bytes() == Bytes(8, 0xff));
}

TEST_CASE("CanonicalWriter prefixes strings with their length", "[hash]") {
  CHECK(CanonicalWriter().str("").bytes() == Bytes{0, 0, 0, 0});
  CHECK(CanonicalWriter().str("B1").bytes() == Bytes{0, 0, 0, 2, 'B', '1'});
  CHECK(CanonicalWriter().tag("unit").bytes() == Bytes{0, 0, 0, 4, 'u', 'n', 'i', 't'});
  const std::string with_nul("a\0b", 3);
  CHECK(CanonicalWriter().str(with_nul).bytes() == Bytes{0, 0, 0, 3, 'a', 0, 'b'});
  const std::string long_text(300, 'x');
  const Bytes long_bytes = CanonicalWriter().str(long_text).bytes();
  REQUIRE(long_bytes.size() == 304);
  CHECK(Bytes(long_bytes.begin(), long_bytes.begin() + 4) == Bytes{0, 0, 0x01, 0x2c});
}

TEST_CASE("CanonicalWriter appends fields in the order written", "[hash]") {
  CanonicalWriter w;
  w.tag("unit").str("B1").i32(-3).u64(1).boolean(true);
  const std::vector<std::uint8_t>& b = w.bytes();
  CHECK(grognard::engine::to_hex(b.data(), b.size()) ==
        "00000004"          // tag length
        "756e6974"          // "unit"
        "00000002"          // string length
        "4231"              // "B1"
        "fffffffd"          // -3
        "0000000000000001"  // 1
        "01");              // true
  // Pinned: SHA-256 of those 27 bytes, computed outside the engine.
  CHECK(sha256(w.bytes()).hex() ==
        "01222c603cd7a7cb61fde977c0e764a3621327e29144c16487c80737f7bea1de");
}

TEST_CASE("sha256 matches the FIPS 180-2 test vectors", "[hash]") {
  CHECK(sha256(std::string_view("abc")).hex() ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256(std::string_view("")).hex() ==
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(
      sha256(std::string_view("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).hex() ==
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha256(Bytes{}).hex() ==
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256(Bytes{'a', 'b', 'c'}) == sha256(std::string_view("abc")));
  const StateHash h = sha256(std::string_view("abc"));
  CHECK(h.bytes[0] == 0xba);
  CHECK(h.bytes[31] == 0xad);
}

TEST_CASE("StateHash::hex is 64 lowercase hex digits", "[hash]") {
  for (const char* text : {"", "abc", "grognard", "\xff\xfe"}) {
    const std::string hex = sha256(std::string_view(text)).hex();
    CHECK(hex.size() == 64);
    for (char c : hex) {
      INFO("digit '" << c << "'");
      CHECK(std::isxdigit(static_cast<unsigned char>(c)) != 0);
      CHECK(std::isupper(static_cast<unsigned char>(c)) == 0);
    }
  }
  CHECK(StateHash{}.hex() == std::string(64, '0'));
}

TEST_CASE("different encodings give different hashes", "[hash]") {
  // Length prefixes keep ("ab", "c") apart from ("a", "bc").
  const CanonicalWriter split_late = CanonicalWriter().str("ab").str("c");
  const CanonicalWriter split_early = CanonicalWriter().str("a").str("bc");
  CHECK(split_late.bytes() != split_early.bytes());
  CHECK(sha256(split_late.bytes()) != sha256(split_early.bytes()));

  // Fixed widths keep u32(1) apart from u64(1) and from u8(1).
  CHECK(sha256(CanonicalWriter().u32(1).bytes()) != sha256(CanonicalWriter().u64(1).bytes()));
  CHECK(sha256(CanonicalWriter().u8(1).bytes()) != sha256(CanonicalWriter().u32(1).bytes()));

  // Field order matters.
  CHECK(sha256(CanonicalWriter().u32(1).u32(2).bytes()) !=
        sha256(CanonicalWriter().u32(2).u32(1).bytes()));

  // The same fields in the same order hash the same.
  CHECK(sha256(CanonicalWriter().tag("hp").i32(3).bytes()) ==
        sha256(CanonicalWriter().tag("hp").i32(3).bytes()));
}
