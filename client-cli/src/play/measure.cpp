#include "play/measure.h"

#include <algorithm>

#include "render/words.h"

namespace grognard::cli {

std::vector<std::string> measure_ids(const RulesetUi* ui, const GameState& state) {
  std::vector<std::string> out;
  if (!ui) return out;
  for (const char* verb : {"legal", "assault"}) {
    for (auto& id : ui->complete({verb}, state.view)) {
      if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(std::move(id));
    }
  }
  return out;
}

std::string measure_name(const std::string& word, const RulesetUi* ui, const GameState& state) {
  for (const auto& id : measure_ids(ui, state)) {
    if (words::same_id(id, word)) return id;
  }
  return word;
}

std::string measure_line(const std::string& from, const std::string& to, const v1::Measurement& m,
                         bool los) {
  const std::string sight =
      m.line_of_sight() == "clear" ? "clear line of sight" : "line of sight " + m.line_of_sight();
  const std::string cover = m.cover().empty() ? "no cover" : "cover: " + m.cover();
  std::string out = from + " \u2192 " + to + ": ";
  if (los) return out + sight + ", " + cover + "; " + m.distance();
  out += m.distance() + ", " + sight + ", " + cover;
  for (int i = 0; i < m.ranges_size(); ++i) out += (i == 0 ? "; " : ", ") + m.ranges(i);
  return out;
}

}  // namespace grognard::cli
