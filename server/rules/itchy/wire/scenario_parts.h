#pragma once
// Pieces the scenario loader (scenario_pb.cpp, victory_pb.cpp) shares. Not part of its API.

#include <google/protobuf/text_format.h>

#include <string>

#include "engine/result.h"
#include "rules/itchy/state.h"
#include "rules/itchy/wire/enums.h"

namespace grognard::itchy::wire::detail {

namespace gp = ::google::protobuf;

// kInvalidArgument with clause itchy.scenario.
engine::Error scenario_error(std::string message);

// "line L:C: " for element `index` of `field_name` of the message `tree` describes, or "".
std::string where(const gp::TextFormat::ParseInfoTree* tree, const char* field_name,
                  const gp::Descriptor* type, int index);

// The tree of element `index` (-1: a singular field) of `field_name`, or nullptr.
const gp::TextFormat::ParseInfoTree* nested(const gp::TextFormat::ParseInfoTree* tree,
                                            const char* field_name, const gp::Descriptor* type,
                                            int index);

// The objectives and victory conditions (I16, I23); sides are named by their index in `s`.
engine::Result<Victory> convert_victory(const pb::Scenario& s,
                                        const gp::TextFormat::ParseInfoTree* tree);

}  // namespace grognard::itchy::wire::detail
