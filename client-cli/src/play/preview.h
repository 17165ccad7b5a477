#pragma once
// Previews in play (docs/client.md, "Previews"): `? COMMAND ...` asks the server what a command
// would do without sending it; Sharpe's `end` and the referee's rulings are previewed before
// they are sent, and the server's warnings asked about.

#include <string>
#include <vector>

#include "grognard/v1/protocol.pb.h"
#include "render/ruleset_ui.h"

namespace grognard::cli {

// The question asked when a previewed command comes back with warnings.
inline constexpr const char* kConfirmQuestion = "send it anyway? [y/N]";

// The preview in words: its warnings ("warning: ..."), the events it would produce (the rule
// set's words) or the dice it would throw, then its notes.
std::vector<std::string> preview_lines(const v1::PreviewResult& r, const RulesetUi* ui,
                                       const google::protobuf::Any& view);
// The warnings alone, each as preview_lines() words it.
std::vector<std::string> warning_lines(const v1::PreviewResult& r);
// A typed answer to kConfirmQuestion: "y" or "yes", in any case.
bool confirmed(const std::string& answer);

}  // namespace grognard::cli
