#include "app/builtin.h"

#include <string>

#include <spdlog/spdlog.h>

#include "app/scenarios.h"
#include "rules/itchy/wire/ruleset.h"
#include "rules/rcw/wire/ruleset.h"
#include "rules/sharpe/wire/ruleset.h"

namespace grognard::app {

void add_builtin(record::Registry& registry) {
  registry.add_ruleset(itchy::wire::make_itchy_ruleset());
  registry.add_ruleset(sharpe::wire::make_sharpe_ruleset());
  registry.add_ruleset(rcw::wire::make_rcw_ruleset());

  for (const EmbeddedScenario& s : embedded_scenarios()) {
    if (registry.ruleset(s.ruleset) == nullptr) {
      spdlog::warn("scenario {}/{} skipped: this server has no rule set \"{}\"", s.ruleset, s.name,
                   s.ruleset);
      continue;
    }
    auto status =
        registry.add_scenario(std::string(s.ruleset), std::string(s.name), std::string(s.text));
    if (!status.ok()) {
      spdlog::error("scenario {}/{} skipped: {}", s.ruleset, s.name, status.error().message);
      continue;
    }
    for (const std::string& w : registry.scenario(s.ruleset, s.name)->warnings) {
      spdlog::warn("scenario {}/{}: {}", s.ruleset, s.name, w);
    }
    spdlog::debug("scenario {}/{} loaded", s.ruleset, s.name);
  }
}

}  // namespace grognard::app
