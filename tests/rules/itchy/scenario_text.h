#pragma once
// Helpers for the scenario-text tests: a small valid scenario to break one way at a time, the
// shipped scenarios, and what the loader says.

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <string_view>

#include "../../support/source_file.h"
#include "rules/itchy/clauses.h"
#include "rules/itchy/wire/scenario_pb.h"

namespace itchy_scenario_text {

using grognard::engine::Error;
using grognard::engine::ErrorCode;
using grognard::itchy::State;
namespace wire = grognard::itchy::wire;

inline std::string read_scenario(const std::string& name) {
  return grognard::test_support::source_file("scenarios/itchy/" + name);
}

inline State load_ok(const std::string& text) {
  auto st = wire::load_scenario(text);
  INFO((st.ok() ? std::string() : st.error().message));
  REQUIRE(st.ok());
  return std::move(st).value();
}

// A small valid scenario; the tests break it one way at a time.
inline constexpr std::string_view kBase = R"text(name: "Test"
width: 6
height: 4
turn_limit: 5
sides {
  name: "Red"
  units { id: "R1" type: INFANTRY weapon: RIFLES pos { x: 1 y: 3 } facing: NORTH }
  units { id: "RG" type: GENERAL pos { x: 1 y: 3 } facing: NORTH }
}
sides {
  name: "Blue"
  units { id: "B1" type: INFANTRY weapon: MUSKETS pos { x: 1 y: 0 } facing: SOUTH }
}
terrain { terrain: WOODS from { x: 3 y: 1 } to { x: 4 y: 2 } }
victory { description: "Most points wins." }
)text";

// kBase with the first `from` replaced by `to`.
inline std::string with(std::string_view from, std::string_view to) {
  std::string text(kBase);
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  return text;
}

// The 1-based "line L:C: " of the first occurrence of `token` in `text`.
inline std::string position_of(const std::string& text, std::string_view token) {
  const std::size_t at = text.find(token);
  REQUIRE(at != std::string::npos);
  const std::size_t line_start =
      text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
  const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(at), '\n');
  return "line " + std::to_string(line) + ":" + std::to_string(at - line_start + 1) + ": ";
}

inline Error refused(const std::string& text) {
  auto st = wire::load_scenario(text);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().code == ErrorCode::kInvalidArgument);
  CHECK(st.error().clause == grognard::itchy::clause::kScenario);
  return st.error();
}

}  // namespace itchy_scenario_text
