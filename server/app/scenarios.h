#pragma once
// The scenarios shipped in scenarios/<ruleset>/<name>.textproto, embedded into the binary at
// build time (server/app/embed_scenarios.cmake), so the server needs no data directory.

#include <string_view>
#include <vector>

namespace grognard::app {

struct EmbeddedScenario {
  std::string_view ruleset;  // the folder: "itchy"
  std::string_view name;     // the file's stem: "intro"
  std::string_view text;     // protobuf text format
};

// Every shipped scenario, ordered by path (generated source).
const std::vector<EmbeddedScenario>& embedded_scenarios();

}  // namespace grognard::app
