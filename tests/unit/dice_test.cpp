// Dice: the derivation of docs/dice.md, SeededDice, ScriptedDice and shuffle().
//
// The expected faces below were computed outside the engine, with Python's hmac and hashlib,
// following docs/dice.md (the snippet there reproduces them).

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/dice.h"

using grognard::engine::derive_face;
using grognard::engine::Roll;
using grognard::engine::ScriptedDice;
using grognard::engine::Seed;
using grognard::engine::SeededDice;
using grognard::engine::shuffle;

namespace {

// The worked seed of docs/dice.md: bytes 0x00, 0x01, ..., 0x1f.
Seed counting_seed() {
  Seed s{};
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<std::uint8_t>(i);
  return s;
}

Seed filled_seed(std::uint8_t byte) {
  Seed s{};
  s.fill(byte);
  return s;
}

std::vector<int> faces(const Seed& seed, int sides, int count) {
  std::vector<int> out;
  for (int n = 0; n < count; ++n)
    out.push_back(derive_face(seed, static_cast<std::uint64_t>(n), sides));
  return out;
}

}  // namespace

TEST_CASE("derive_face matches the documented HMAC-SHA256 derivation", "[dice]") {
  const Seed seed = counting_seed();
  SECTION("d6") {
    CHECK(faces(seed, 6, 10) == std::vector<int>{4, 5, 4, 4, 5, 2, 6, 2, 6, 4});
  }
  SECTION("d20") {
    CHECK(faces(seed, 20, 10) == std::vector<int>{4, 1, 20, 10, 5, 2, 10, 16, 10, 8});
  }
  SECTION("d2 (2^64 is a multiple of 2: nothing is rejected)") {
    CHECK(faces(seed, 2, 10) == std::vector<int>{2, 1, 2, 2, 1, 2, 2, 2, 2, 2});
  }
  SECTION("d7") {
    CHECK(faces(seed, 7, 10) == std::vector<int>{3, 6, 2, 5, 2, 6, 7, 6, 5, 6});
  }
  SECTION("d1000") {
    CHECK(faces(seed, 1000, 10) ==
          std::vector<int>{164, 561, 360, 530, 765, 182, 30, 896, 770, 688});
  }
  SECTION("another seed") {
    CHECK(faces(filled_seed(0xff), 6, 10) == std::vector<int>{5, 1, 2, 5, 2, 1, 3, 3, 6, 1});
  }
}

TEST_CASE("derive_face encodes the throw number in all 64 bits", "[dice]") {
  const Seed seed = counting_seed();
  CHECK(derive_face(seed, 1000, 6) == 1);
  CHECK(derive_face(seed, std::uint64_t{1} << 32, 6) == 2);
  CHECK(derive_face(seed, (std::uint64_t{1} << 63) + 5, 6) == 4);
  CHECK(derive_face(seed, ~std::uint64_t{0}, 6) == 6);
}

TEST_CASE("derive_face refuses dice outside 2..1000 sides", "[dice]") {
  const Seed seed = counting_seed();
  CHECK_THROWS_AS(derive_face(seed, 0, 1), std::invalid_argument);
  CHECK_THROWS_AS(derive_face(seed, 0, 0), std::invalid_argument);
  CHECK_THROWS_AS(derive_face(seed, 0, 1001), std::invalid_argument);
  CHECK_NOTHROW(derive_face(seed, 0, 2));
  CHECK_NOTHROW(derive_face(seed, 0, 1000));
}

TEST_CASE("SeededDice numbers its throws from `next`", "[dice]") {
  const Seed seed = counting_seed();
  SECTION("a new game starts at throw 0") {
    SeededDice dice(seed);
    CHECK(dice.next() == 0);
    CHECK(dice.roll(6) == Roll{0, 6, 4});
    CHECK(dice.roll(20) == Roll{1, 20, 1});
    CHECK(dice.roll(2) == Roll{2, 2, 2});
    CHECK(dice.roll(1000) == Roll{3, 1000, 530});
    CHECK(dice.next() == 4);
  }
  SECTION("a resumed game continues its count") {
    SeededDice dice(seed, 5);
    CHECK(dice.d6() == Roll{5, 6, 2});
    CHECK(dice.d6() == Roll{6, 6, 6});
    CHECK(dice.next() == 7);
  }
  SECTION("resuming gives the same throws as never stopping") {
    SeededDice whole(seed);
    for (int i = 0; i < 7; ++i) (void)whole.roll(6 + i);
    SeededDice resumed(seed, whole.next());
    for (int sides : {6, 20, 2, 7, 1000}) CHECK(whole.roll(sides) == resumed.roll(sides));
  }
  SECTION("d6s throws consecutive numbered d6") {
    SeededDice dice(seed);
    const std::vector<Roll> rolls = dice.d6s(4);
    REQUIRE(rolls.size() == 4);
    CHECK(rolls[0] == Roll{0, 6, 4});
    CHECK(rolls[1] == Roll{1, 6, 5});
    CHECK(rolls[2] == Roll{2, 6, 4});
    CHECK(rolls[3] == Roll{3, 6, 4});
    CHECK(dice.next() == 4);
  }
}

TEST_CASE("SeededDice with the same seed agree and different seeds differ", "[dice]") {
  const Seed seed = counting_seed();
  Seed one_byte_off = seed;
  one_byte_off[31] = 0x20;

  SeededDice a(seed), b(seed), c(one_byte_off), d(filled_seed(0xff));
  std::vector<Roll> ra, rb, rc, rd;
  for (int i = 0; i < 50; ++i) {
    ra.push_back(a.roll(20));
    rb.push_back(b.roll(20));
    rc.push_back(c.roll(20));
    rd.push_back(d.roll(20));
  }
  CHECK(ra == rb);
  CHECK(ra != rc);
  CHECK(ra != rd);
  CHECK(rc != rd);
  // Pinned: one changed byte of the seed gives an unrelated sequence.
  CHECK(faces(one_byte_off, 20, 10) == std::vector<int>{15, 13, 9, 4, 4, 5, 2, 2, 4, 1});
}

TEST_CASE("SeededDice faces stay in range and every face of a d6 turns up", "[dice]") {
  SeededDice dice(counting_seed());
  std::array<int, 7> counts{};
  for (int i = 0; i < 6000; ++i) {
    const Roll r = dice.d6();
    REQUIRE(r.face >= 1);
    REQUIRE(r.face <= 6);
    ++counts[static_cast<std::size_t>(r.face)];
  }
  // Pinned from the reference derivation: 999, 1033, 977, 986, 992, 1013.
  CHECK(counts == std::array<int, 7>{0, 999, 1033, 977, 986, 992, 1013});

  for (int sides : {2, 3, 7, 20, 100, 1000}) {
    for (int i = 0; i < 500; ++i) {
      const int face = dice.roll(sides).face;
      REQUIRE(face >= 1);
      REQUIRE(face <= sides);
    }
  }
}

TEST_CASE("seed_from_os gives a fresh seed on every call", "[dice]") {
  const Seed a = SeededDice::seed_from_os();
  const Seed b = SeededDice::seed_from_os();
  CHECK(a != b);
  CHECK(a != Seed{});
  CHECK(b != Seed{});
}

TEST_CASE("ScriptedDice returns its script, numbered", "[dice]") {
  ScriptedDice dice{6, 6, 1, 3};
  CHECK(dice.remaining() == 4);
  CHECK(dice.d6() == Roll{0, 6, 6});
  CHECK(dice.d6() == Roll{1, 6, 6});
  CHECK(dice.roll(2) == Roll{2, 2, 1});
  CHECK(dice.roll(20) == Roll{3, 20, 3});
  CHECK(dice.remaining() == 0);

  ScriptedDice from_vector(std::vector<int>{2, 5});
  from_vector.push(1);
  CHECK(from_vector.remaining() == 3);
  CHECK(from_vector.d6s(3) == std::vector<Roll>{{0, 6, 2}, {1, 6, 5}, {2, 6, 1}});
}

TEST_CASE("ScriptedDice throws when exhausted or when a face does not fit", "[dice]") {
  SECTION("exhausted") {
    ScriptedDice dice{4};
    CHECK(dice.d6().face == 4);
    CHECK_THROWS_AS(dice.d6(), std::logic_error);
  }
  SECTION("empty script") {
    ScriptedDice dice{};
    CHECK_THROWS_AS(dice.roll(2), std::logic_error);
  }
  SECTION("face too high for the die") {
    ScriptedDice dice{7};
    CHECK_THROWS_AS(dice.d6(), std::logic_error);
    CHECK(dice.remaining() == 1);  // the bad face is not consumed
    CHECK(dice.roll(8).face == 7);
  }
  SECTION("face below 1") {
    ScriptedDice dice{0, -1};
    CHECK_THROWS_AS(dice.d6(), std::logic_error);
  }
}

TEST_CASE("shuffle is Fisher-Yates on numbered throws", "[dice]") {
  SECTION("scripted, four cards") {
    // i=4: d4 shows 2, swap [3] and [1] -> A D C B
    // i=3: d3 shows 3, swap [2] and [2] -> A D C B
    // i=2: d2 shows 1, swap [1] and [0] -> D A C B
    std::vector<std::string> deck{"A", "B", "C", "D"};
    ScriptedDice dice{2, 3, 1};
    const std::vector<Roll> used = shuffle(deck, dice);
    CHECK(deck == std::vector<std::string>{"D", "A", "C", "B"});
    CHECK(used == std::vector<Roll>{{0, 4, 2}, {1, 3, 3}, {2, 2, 1}});
    CHECK(dice.remaining() == 0);
  }
  SECTION("scripted, five cards") {
    // i=5: d5 shows 1, swap [4] and [0] -> 5 2 3 4 1
    // i=4: d4 shows 4, swap [3] and [3] -> 5 2 3 4 1
    // i=3: d3 shows 2, swap [2] and [1] -> 5 3 2 4 1
    // i=2: d2 shows 1, swap [1] and [0] -> 3 5 2 4 1
    std::vector<int> deck{1, 2, 3, 4, 5};
    ScriptedDice dice{1, 4, 2, 1};
    const std::vector<Roll> used = shuffle(deck, dice);
    CHECK(deck == std::vector<int>{3, 5, 2, 4, 1});
    REQUIRE(used.size() == 4);
    CHECK(used[0].sides == 5);
    CHECK(used[3].sides == 2);
  }
  SECTION("all faces at their maximum leave the deck in order") {
    std::vector<int> deck{1, 2, 3, 4, 5, 6};
    ScriptedDice dice{6, 5, 4, 3, 2};
    (void)shuffle(deck, dice);
    CHECK(deck == std::vector<int>{1, 2, 3, 4, 5, 6});
  }
  SECTION("a scripted face too high for its die is refused") {
    std::vector<int> deck{1, 2, 3, 4};
    ScriptedDice dice{4, 4, 1};
    CHECK_THROWS_AS(shuffle(deck, dice), std::logic_error);
  }
  SECTION("seeded, as docs/dice.md re-derives it") {
    // Throws 0..3 with 5, 4, 3, 2 sides show 4, 1, 1, 2.
    std::vector<int> deck{0, 1, 2, 3, 4};
    SeededDice dice(counting_seed());
    const std::vector<Roll> used = shuffle(deck, dice);
    CHECK(deck == std::vector<int>{2, 1, 4, 0, 3});
    CHECK(used == std::vector<Roll>{{0, 5, 4}, {1, 4, 1}, {2, 3, 1}, {3, 2, 2}});
    CHECK(dice.next() == 4);
  }
  SECTION("empty and single-card decks throw nothing") {
    ScriptedDice dice{};
    std::vector<int> none;
    std::vector<int> one{7};
    CHECK(shuffle(none, dice).empty());
    CHECK(shuffle(one, dice).empty());
    CHECK(one == std::vector<int>{7});
  }
}

TEST_CASE("shuffle is a permutation using size-1 throws of size, size-1, ..., 2 sides", "[dice]") {
  SeededDice dice(counting_seed());
  for (std::size_t size = 2; size <= 40; ++size) {
    std::vector<int> deck;
    for (std::size_t i = 0; i < size; ++i) deck.push_back(static_cast<int>(i));
    const std::uint64_t first = dice.next();
    const std::vector<Roll> used = shuffle(deck, dice);

    REQUIRE(used.size() == size - 1);
    for (std::size_t k = 0; k < used.size(); ++k) {
      CHECK(used[k].n == first + k);
      CHECK(used[k].sides == static_cast<int>(size - k));
      CHECK(used[k].face >= 1);
      CHECK(used[k].face <= used[k].sides);
    }
    std::vector<int> sorted = deck;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < size; ++i) CHECK(sorted[i] == static_cast<int>(i));
  }
}

TEST_CASE("to_hex writes lowercase pairs", "[dice]") {
  const std::uint8_t bytes[] = {0x00, 0x0f, 0xa0, 0xff, 0x3c};
  CHECK(grognard::engine::to_hex(bytes, sizeof bytes) == "000fa0ff3c");
  CHECK(grognard::engine::to_hex(bytes, 0).empty());
}
