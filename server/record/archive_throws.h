#pragma once
// The throws of an archive file (docs/archives.md, "Verifying a file"): numbered 0, 1, 2, …
// along the log (docs/dice.md), each re-derived from the seed of the game that threw it: the
// game's own, or in a fork the source game's, or an earlier source's.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/dice.h"
#include "record/proto.h"

namespace grognard::record {

// The seed `hex_seed` if it is 64 hex digits whose SHA-256 is `published`; else nullopt and
// `why` ("the seed is not 64 hex digits", "the seed does not hash to …").
std::optional<engine::Seed> opened_seed(const std::string& hex_seed, const std::string& published,
                                        std::string* why);

// The throws numbered from `from` on (up to the next range's) came from `seed`, game
// `game_id`'s (nullopt while that game runs and its seed is secret).
struct ThrowRange {
  std::uint64_t from = 0;
  std::optional<engine::Seed> seed;
  std::string game_id;
  std::uint64_t unopened = 0;  // throws seen in this range while its seed is secret
};

// Which seed threw which numbers in the game of `h`, whose own seed is `seed`: its own from its
// fork's dice_from on (from 0 if it is no fork), each source's from its own source's dice_from
// up to that, the first source's from 0. nullopt and `why` when a source's seed does not open.
std::optional<std::vector<ThrowRange>> throw_ranges(const v1::ArchiveHeader& h,
                                                    const engine::Seed& seed, std::string* why);

class ThrowCheck {
 public:
  ThrowCheck(std::vector<ThrowRange> ranges, std::uint64_t dice_next)
      : ranges_(std::move(ranges)), dice_next_(dice_next) {}

  // The throws of the next event that threw any: why they are wrong, or nullopt. The numbering
  // may jump only to where another seed's throws begin (a fork's own, from dice_from on).
  std::optional<std::string> check(std::vector<engine::Roll> rolls);

  std::uint64_t derived() const { return derived_; }  // throws re-derived from their seed
  // The number of the next throw after the whole log (a fork that threw nothing of its own
  // counts from its first own number).
  std::uint64_t next_throw() const { return std::max(next_throw_, ranges_.back().from); }
  // Throws whose seed is still secret: one line per game, the earliest first.
  std::vector<std::string> unopened() const;

 private:
  ThrowRange& range_of(std::uint64_t n);

  std::vector<ThrowRange> ranges_;  // by `from`, the first from 0
  std::uint64_t dice_next_ = 0;
  std::uint64_t next_throw_ = 0;
  std::uint64_t derived_ = 0;
};

}  // namespace grognard::record
