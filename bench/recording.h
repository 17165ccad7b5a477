#pragma once
// A recorded Itchy & Scratchy game that replays the same whatever the dice (docs/performance.md,
// "The recorded games"): moves and turn ends only, and the initiative choice made so that side
// 0 always moves first. Nothing then depends on a throw: no attack is made, so no unit is hurt,
// and the order within each turn is the same; the game ends at the scenario's turn limit.
//
// The file holds one step a line: "choose" (the initiative winner, whoever it is, chooses that
// side 0 goes first) or "<seat index> <grognard.v1.itchy.Command as JSON>". Lines starting with
// '#' are comments; "# scenario NAME" names the scenario.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <google/protobuf/any.pb.h>

namespace grognard::bench {

struct Step {
  int seat = -1;  // 0 or 1; -1: the initiative choice
  google::protobuf::Any command;
};

struct Recording {
  std::string scenario = "intro";
  std::vector<std::vector<Step>> games;  // the file holds games one after another, "# game"
};

std::optional<Recording> load_recording(const std::filesystem::path& path, std::string* error);
bool save_recording(const std::filesystem::path& path, const Recording& recording);

}  // namespace grognard::bench
