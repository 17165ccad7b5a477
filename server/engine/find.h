#pragma once
// Lookups by id in a rule set's lists (units, figures, groups, guns: anything with a member
// `id`): the first item whose id is `id`, or none.

#include <cstddef>
#include <optional>

namespace grognard::engine {

template <class Items, class Id>
auto find_by_id(Items& items, const Id& id) -> decltype(&*items.begin()) {
  for (auto& item : items) {
    if (item.id == id) return &item;
  }
  return nullptr;
}

template <class Items, class Id>
std::optional<std::size_t> index_by_id(const Items& items, const Id& id) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i].id == id) return i;
  }
  return std::nullopt;
}

}  // namespace grognard::engine
