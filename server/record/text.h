#pragma once
// Text from outside (a client's request, an archive file) as the record checks and quotes it.

#include <cstddef>
#include <string>
#include <string_view>

namespace grognard::record {

// Whether `id` may name a game in a path (the admin API, the web client's pages and reports):
// 1 to 64 letters, digits, '-' or '_'.
bool plain_id(std::string_view id);

// The first `max_bytes` bytes of UTF-8 `text` at most, cut between two characters (half a
// character would make the rest unreadable).
std::string utf8_prefix(std::string_view text, std::size_t max_bytes);
// What a client sent (an invite code, a seat, a rule set's name...) as an error message may
// quote it: at most kShownBytes bytes of it, with "…" when it was cut, so that no answer or log
// line grows with the client's input.
inline constexpr std::size_t kShownBytes = 64;
std::string shown(std::string_view client_text);

}  // namespace grognard::record
