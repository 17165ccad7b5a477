#include "grognard/json_depth.h"

#include <algorithm>
#include <charconv>

namespace grognard::proto {

namespace {

// A top-level "requestId" as decode() reads it: digits in a string, or a whole number up to
// 2^53 (a double holds it exactly); 0 for anything else.
std::uint64_t id_of(std::string_view value, bool quoted) {
  std::uint64_t id = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), id);
  if (ec != std::errc{} || end != value.data() + value.size()) return 0;
  constexpr std::uint64_t kExact = std::uint64_t{1} << 53;
  return quoted || id <= kExact ? id : 0;
}

}  // namespace

JsonDepth json_depth(std::string_view text, std::size_t max_depth) {
  JsonDepth out;
  std::size_t depth = 0;
  bool key_next = false;  // at depth 1 of an object, the next string is a key
  bool id_value = false;  // the value coming is the request id's
  std::string_view key;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      const std::size_t start = ++i;
      while (i < text.size() && text[i] != '"') i += text[i] == '\\' ? 2 : 1;
      const std::string_view s = text.substr(start, std::min(i, text.size()) - start);
      if (depth == 1 && key_next) {
        key = s;
        key_next = false;
      } else if (depth == 1 && id_value) {
        out.request_id = id_of(s, true);
        id_value = false;
      }
      continue;
    }
    switch (c) {
      case '{':
      case '[':
        if (++depth > max_depth) {
          out.too_deep = true;
          return out;
        }
        key_next = depth == 1 && c == '{';
        id_value = false;
        break;
      case '}':
      case ']':
        if (depth > 0) --depth;
        break;
      case ',':
        key_next = depth == 1;
        break;
      case ':':
        id_value = depth == 1 && (key == "requestId" || key == "request_id");
        key = {};
        break;
      default:
        if (depth == 1 && id_value && c >= '0' && c <= '9') {
          std::size_t end = i;
          while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
          const bool whole =
              end == text.size() || (text[end] != '.' && text[end] != 'e' && text[end] != 'E');
          out.request_id = whole ? id_of(text.substr(i, end - i), false) : 0;
          id_value = false;
          i = end - 1;
        }
        break;
    }
  }
  return out;
}

}  // namespace grognard::proto
