#pragma once
// Strong small types: a value wrapped with a tag so that a UnitId cannot be passed where a
// SeatId is meant.

#include <compare>
#include <functional>
#include <ostream>
#include <string>
#include <utility>

namespace grognard::engine {

template <class Tag, class T>
class Strong {
 public:
  using value_type = T;
  Strong() = default;
  explicit Strong(T v) : v_(std::move(v)) {}
  const T& get() const { return v_; }
  friend auto operator<=>(const Strong&, const Strong&) = default;
  friend bool operator==(const Strong&, const Strong&) = default;
  friend std::ostream& operator<<(std::ostream& os, const Strong& s) { return os << s.v_; }

 private:
  T v_{};
};

struct UnitIdTag {};
// A unit's, General's or figure's id as the scenario names it ("B1", "Zulu-3").
using UnitId = Strong<UnitIdTag, std::string>;

}  // namespace grognard::engine

template <class Tag, class T>
struct std::hash<grognard::engine::Strong<Tag, T>> {
  size_t operator()(const grognard::engine::Strong<Tag, T>& s) const noexcept {
    return std::hash<T>{}(s.get());
  }
};
