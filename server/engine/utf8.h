#pragma once
// UTF-8 as RFC 3629 defines it: no overlong forms, no surrogates, nothing above U+10FFFF.
#include <cstddef>
#include <string_view>

namespace grognard::engine {

// The length of the valid UTF-8 sequence at s[i] (1 for a byte below 0x80), or 0 if none starts
// there.
std::size_t utf8_length(std::string_view s, std::size_t i);

// Whether all of `s` is valid UTF-8.
bool valid_utf8(std::string_view s);

}  // namespace grognard::engine
