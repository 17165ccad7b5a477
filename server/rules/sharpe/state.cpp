// Lookups on the state.
#include "rules/sharpe/state.h"

namespace grognard::sharpe {

const Figure* State::find(const FigureId& id) const {
  for (const Figure& f : figures) {
    if (f.id == id) return &f;
  }
  return nullptr;
}

Figure* State::find(const FigureId& id) {
  for (Figure& f : figures) {
    if (f.id == id) return &f;
  }
  return nullptr;
}

std::optional<std::size_t> State::index_of(const FigureId& id) const {
  for (std::size_t i = 0; i < figures.size(); ++i) {
    if (figures[i].id == id) return i;
  }
  return std::nullopt;
}

std::optional<std::size_t> State::group_index(const std::string& id) const {
  for (std::size_t i = 0; i < groups.size(); ++i) {
    if (groups[i].id == id) return i;
  }
  return std::nullopt;
}

const Gun* State::gun(const std::string& id) const {
  for (const Gun& g : guns) {
    if (g.id == id) return &g;
  }
  return nullptr;
}

Gun* State::gun(const std::string& id) {
  for (Gun& g : guns) {
    if (g.id == id) return &g;
  }
  return nullptr;
}

std::vector<engine::Wall> State::all_walls() const {
  std::vector<engine::Wall> out = walls;
  for (const Building& b : buildings) out.insert(out.end(), b.walls.begin(), b.walls.end());
  return out;
}

}  // namespace grognard::sharpe
