#pragma once
// The fuzzing entry points (docs/reliability.md, F4): each takes any bytes, and returns 0 or
// aborts (a broken invariant is a crash, so that libFuzzer reports it). The libFuzzer targets
// (fuzz_main.cpp) and the ordinary regression test (regressions_test.cpp) call the same ones.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "record/registry.h"

namespace grognard::fuzz {

using Entry = int (*)(const std::uint8_t* data, std::size_t size);

// A frame from a client, decoded both as a binary and as a JSON frame (proto/grognard/codec.h);
// what decodes is re-encoded and must decode to the same message.
int frame(const std::uint8_t* data, std::size_t size);
// A scenario text: byte 0 picks the rule set, the rest is the text given to load_scenario;
// what loads is viewed, hashed and listed for each seat.
int scenario(const std::uint8_t* data, std::size_t size);
// Commands against a shipped scenario: byte 0 picks the scenario, a chunk gives the dice faces,
// then each (seat byte, command chunk) is decided; its events must fold, and are viewed by every
// seat and an observer.
int command(const std::uint8_t* data, std::size_t size);
// A stored event log: byte 0 picks the scenario, then each chunk is an event payload folded
// through Ruleset::apply (a refused event changes nothing), viewed by every seat on the way.
int event_log(const std::uint8_t* data, std::size_t size);
// An archive file, either form: read_archive, then verify_archive against the shipped rules.
int archive(const std::uint8_t* data, std::size_t size);

struct Target {
  std::string name;
  Entry run;
};
const std::vector<Target>& targets();

// The rule sets and scenarios of this build (read from the source tree's scenarios/ once).
const record::Registry& registry();
// Every shipped scenario, ordered by rule set and name: what byte 0 of command and event_log
// picks among.
const std::vector<const record::ScenarioEntry*>& scenarios();

// Aborts with `what` on stderr: an invariant the fuzzer broke.
[[noreturn]] void fail(const std::string& what);

}  // namespace grognard::fuzz
