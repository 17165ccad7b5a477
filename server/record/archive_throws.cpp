#include "record/archive_throws.h"

#include <algorithm>

#include "engine/canonical.h"
#include "record/hashes.h"

namespace grognard::record {
namespace {

std::string seed_view(const engine::Seed& s) {
  return {reinterpret_cast<const char*>(s.data()), s.size()};
}

}  // namespace

std::optional<engine::Seed> opened_seed(const std::string& hex_seed, const std::string& published,
                                        std::string* why) {
  const auto seed = parse_hash(hex_seed);
  if (!seed) {
    *why = "the seed is not 64 hex digits";
    return std::nullopt;
  }
  const auto hash = parse_hash(published);
  if (!hash || engine::sha256(seed_view(*seed)).bytes != *hash) {
    *why = "the seed does not hash to the seed_sha256 published when the game began";
    return std::nullopt;
  }
  return *seed;
}

std::optional<std::vector<ThrowRange>> throw_ranges(const v1::ArchiveHeader& h,
                                                    const engine::Seed& seed, std::string* why) {
  std::vector<ThrowRange> ranges;  // newest first, then reversed
  std::optional<engine::Seed> next_seed = seed;
  std::string next_game = h.game_id();
  const v1::ForkSource* f = h.has_forked_from() ? &h.forked_from() : nullptr;
  for (; f != nullptr; f = f->has_source() ? &f->source() : nullptr) {
    ranges.push_back({f->dice_from(), next_seed, next_game});
    next_seed.reset();
    if (!f->seed().empty()) {
      next_seed = opened_seed(f->seed(), f->seed_sha256(), why);
      if (!next_seed) {
        *why = "source game " + f->game_id() + "'s " + why->substr(4);
        return std::nullopt;
      }
    }
    next_game = f->game_id();
  }
  ranges.push_back({0, next_seed, next_game});
  std::reverse(ranges.begin(), ranges.end());
  for (std::size_t i = 1; i < ranges.size(); ++i) {
    if (ranges[i].from < ranges[i - 1].from) {
      *why = "the forks' first own throws (dice_from) go backwards";
      return std::nullopt;
    }
  }
  return ranges;
}

ThrowRange& ThrowCheck::range_of(std::uint64_t n) {
  auto it = std::upper_bound(ranges_.begin(), ranges_.end(), n,
                             [](std::uint64_t v, const ThrowRange& r) { return v < r.from; });
  return *std::prev(it);
}

std::optional<std::string> ThrowCheck::check(std::vector<engine::Roll> rolls) {
  std::sort(rolls.begin(), rolls.end(),
            [](const engine::Roll& a, const engine::Roll& b) { return a.n < b.n; });
  for (const engine::Roll& roll : rolls) {
    const std::string name = "throw " + std::to_string(roll.n);
    if (roll.n >= dice_next_) {
      return name + " is numbered beyond the game's " + std::to_string(dice_next_) + " throws";
    }
    if (roll.n > next_throw_ && range_of(roll.n).from == roll.n) next_throw_ = roll.n;
    if (roll.n != next_throw_) {
      return name + " comes where throw " + std::to_string(next_throw_) + " should";
    }
    ++next_throw_;
    ThrowRange& range = range_of(roll.n);
    if (!range.seed) {
      ++range.unopened;
      continue;
    }
    if (roll.sides < 2 || roll.sides > 1000 || roll.face < 1 || roll.face > roll.sides) {
      return name + " has no such face";
    }
    const int face = engine::derive_face(*range.seed, roll.n, roll.sides);
    if (face != roll.face) {
      return name + " (d" + std::to_string(roll.sides) + ") shows " + std::to_string(roll.face) +
             "; the seed gives " + std::to_string(face);
    }
    ++derived_;
  }
  return std::nullopt;
}

std::vector<std::string> ThrowCheck::unopened() const {
  std::vector<std::string> out;
  for (const ThrowRange& r : ranges_) {
    if (r.unopened > 0) {
      out.push_back(std::to_string(r.unopened) + " throws of source game " + r.game_id +
                    ", whose seed is not yet public");
    }
  }
  return out;
}

}  // namespace grognard::record
