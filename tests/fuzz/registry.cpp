// The rule sets and scenarios the fuzzing entries play with, and the table of entries.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "rules/itchy/wire/ruleset.h"
#include "rules/rcw/wire/ruleset.h"
#include "rules/sharpe/wire/ruleset.h"
#include "targets.h"

namespace grognard::fuzz {
namespace {

record::Registry make_registry() {
  record::Registry r;
  r.add_ruleset(itchy::wire::make_itchy_ruleset());
  r.add_ruleset(sharpe::wire::make_sharpe_ruleset());
  r.add_ruleset(rcw::wire::make_rcw_ruleset());
  namespace fs = std::filesystem;
  const fs::path root = fs::path(GROGNARD_SOURCE_DIR) / "scenarios";
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (e.path().extension() == ".textproto") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& p : files) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const std::string ruleset = p.parent_path().filename().string();
    if (r.ruleset(ruleset) == nullptr) continue;
    auto st = r.add_scenario(ruleset, p.stem().string(), text.str());
    if (!st.ok()) fail("shipped scenario " + p.string() + " does not load: " + st.error().message);
  }
  if (r.scenarios("").empty()) fail("no scenario found under " + root.string());
  return r;
}

}  // namespace

void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz: invariant broken: %s\n", what.c_str());
  std::abort();
}

const record::Registry& registry() {
  static const record::Registry r = make_registry();
  return r;
}

const std::vector<const record::ScenarioEntry*>& scenarios() {
  static const std::vector<const record::ScenarioEntry*> all = registry().scenarios("");
  return all;
}

const std::vector<Target>& targets() {
  static const std::vector<Target> all = {{"frame", frame},
                                          {"scenario", scenario},
                                          {"command", command},
                                          {"event_log", event_log},
                                          {"archive", archive}};
  return all;
}

}  // namespace grognard::fuzz
