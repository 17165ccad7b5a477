#include "record/registry.h"

namespace grognard::record {

void Registry::add_ruleset(std::unique_ptr<engine::Ruleset> ruleset) {
  std::string name(ruleset->name());
  rulesets_[name] = std::move(ruleset);
}

engine::Status Registry::add_scenario(std::string ruleset_name, std::string name,
                                      std::string text) {
  const engine::Ruleset* rs = ruleset(ruleset_name);
  if (rs == nullptr) {
    return engine::Error{engine::ErrorCode::kNotFound, "", "no rule set \"" + ruleset_name + "\""};
  }
  auto state = rs->load_scenario(text);
  if (!state.ok()) return state.error();
  scenarios_.push_back(ScenarioEntry{std::move(ruleset_name), std::move(name), rs->title(**state),
                                     std::move(text), rs->scenario_warnings(**state)});
  return engine::ok_status();
}

const engine::Ruleset* Registry::ruleset(std::string_view name) const {
  auto it = rulesets_.find(name);
  return it == rulesets_.end() ? nullptr : it->second.get();
}

const ScenarioEntry* Registry::scenario(std::string_view ruleset_name,
                                        std::string_view name) const {
  for (const ScenarioEntry& s : scenarios_) {
    if (s.ruleset == ruleset_name && s.name == name) return &s;
  }
  return nullptr;
}

std::vector<std::string> Registry::rulesets() const {
  std::vector<std::string> out;
  for (const auto& [name, rs] : rulesets_) out.push_back(name);
  return out;
}

std::vector<const ScenarioEntry*> Registry::scenarios(std::string_view ruleset_name) const {
  std::vector<const ScenarioEntry*> out;
  for (const ScenarioEntry& s : scenarios_) {
    if (ruleset_name.empty() || s.ruleset == ruleset_name) out.push_back(&s);
  }
  return out;
}

}  // namespace grognard::record
