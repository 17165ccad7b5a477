#pragma once
// UTF-8 as RFC 3629 defines it: no overlong forms, no surrogates, nothing above U+10FFFF.
#include <cstddef>
#include <string>
#include <string_view>

namespace grognard::engine {

// The length of the valid UTF-8 sequence at s[i] (1 for a byte below 0x80), or 0 if none starts
// there.
std::size_t utf8_length(std::string_view s, std::size_t i);

// Whether all of `s` is valid UTF-8.
bool valid_utf8(std::string_view s);

// The first `max_bytes` bytes of UTF-8 `text` at most, cut between two characters (half a
// character would make the rest unreadable).
std::string utf8_prefix(std::string_view text, std::size_t max_bytes);
// What a client sent (an invite code, a seat, a rule set's name...) as an error message may
// quote it: at most kShownBytes bytes of it, with "…" when it was cut, so that no answer or log
// line grows with the client's input.
inline constexpr std::size_t kShownBytes = 64;
std::string shown(std::string_view client_text);

}  // namespace grognard::engine
