#pragma once
// How Catch2 prints engine values in failure messages.

#include <catch2/catch.hpp>
#include <string>
#include <utility>

#include "engine/grid.h"

namespace Catch {

template <>
struct StringMaker<grognard::engine::GridPos> {
  static std::string convert(const grognard::engine::GridPos& p) {
    return grognard::engine::to_string(p);
  }
};

template <>
struct StringMaker<grognard::engine::Facing> {
  static std::string convert(grognard::engine::Facing f) { return grognard::engine::to_string(f); }
};

template <>
struct StringMaker<grognard::engine::Side> {
  static std::string convert(grognard::engine::Side s) {
    switch (s) {
      case grognard::engine::Side::kFront:
        return "front";
      case grognard::engine::Side::kFlank:
        return "flank";
      case grognard::engine::Side::kRear:
        return "rear";
      case grognard::engine::Side::kNotAdjacent:
        return "not-adjacent";
    }
    return "?";
  }
};

template <>
struct StringMaker<std::pair<grognard::engine::GridPos, grognard::engine::GridPos>> {
  static std::string convert(
      const std::pair<grognard::engine::GridPos, grognard::engine::GridPos>& c) {
    return "{" + grognard::engine::to_string(c.first) + " " +
           grognard::engine::to_string(c.second) + "}";
  }
};

}  // namespace Catch
