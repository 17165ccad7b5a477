#pragma once
// Shared by the random-play tests: a small generator for choosing commands (dice come from
// engine::SeededDice, never from this) and the per-game seed.

#include <cstddef>
#include <cstdint>

#include "engine/dice.h"

namespace grognard::test_support {

// splitmix64: the choice of command only.
struct Chooser {
  std::uint64_t x;
  std::uint64_t next() {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
};

// The dice seed of random game `game`; `salt` keeps rule sets' games apart.
inline engine::Seed seed_for(std::uint64_t game, std::uint8_t salt) {
  engine::Seed seed{};
  for (std::size_t i = 0; i < 8; ++i) seed[i] = static_cast<std::uint8_t>(game >> (8 * i));
  seed[31] = salt;
  return seed;
}

}  // namespace grognard::test_support
