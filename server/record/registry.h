#pragma once
// The rule sets and shipped scenarios a server offers. main.cpp fills it; rooms look rule sets
// up by name and never know a concrete one.

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/ruleset.h"

namespace grognard::record {

struct ScenarioEntry {
  std::string ruleset;                // "itchy"
  std::string name;                   // "intro": the file's stem, what CreateRoom.scenario takes
  std::string title;                  // the scenario's own name
  std::string text;                   // protobuf text format
  std::vector<std::string> warnings;  // engine::Ruleset::scenario_warnings of its initial state
};

class Registry {
 public:
  void add_ruleset(std::unique_ptr<engine::Ruleset> ruleset);
  // Checks that the scenario loads; returns the error otherwise. Its warnings are kept in the
  // entry (scenario(...)->warnings).
  engine::Status add_scenario(std::string ruleset, std::string name, std::string text);

  const engine::Ruleset* ruleset(std::string_view name) const;
  const ScenarioEntry* scenario(std::string_view ruleset, std::string_view name) const;
  std::vector<std::string> rulesets() const;
  std::vector<const ScenarioEntry*> scenarios(std::string_view ruleset) const;  // "" = all

 private:
  std::map<std::string, std::unique_ptr<engine::Ruleset>, std::less<>> rulesets_;
  std::vector<ScenarioEntry> scenarios_;
};

}  // namespace grognard::record
