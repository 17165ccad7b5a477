#pragma once
// A look at a JSON text frame before any parser reads it (docs/design.md, "Protocol"):
// protobuf's JSON parsers take time that grows with the square of the nesting depth (a 60 KB
// frame 30,000 arrays deep held an I/O thread for 30 s), so a frame nested deeper than
// kMaxJsonDepth is refused after one linear pass over its bytes. The pass also reads the frame's
// request id, when a top-level "requestId" or "request_id" comes before the nesting, so that the
// refusal carries it as other refusals do (grognard/codec.h). Beast-free.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace grognard::proto {

// Objects and arrays within one another, counting the outermost.
inline constexpr std::size_t kMaxJsonDepth = 64;

struct JsonDepth {
  bool too_deep = false;
  std::uint64_t request_id = 0;  // read as decode() reads it: a string of digits, or a number
};

// Reads `text` up to the first point nested past `max_depth`, or to its end. Not a parser:
// it follows strings (so brackets inside them do not count) and nesting, and nothing else.
JsonDepth json_depth(std::string_view text, std::size_t max_depth = kMaxJsonDepth);

}  // namespace grognard::proto
