#include "record/text.h"

#include <algorithm>
#include <cctype>

namespace grognard::record {

bool plain_id(std::string_view id) {
  return !id.empty() && id.size() <= 64 && std::ranges::all_of(id, [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_';
  });
}

std::string utf8_prefix(std::string_view text, std::size_t max_bytes) {
  std::size_t n = std::min(text.size(), max_bytes);
  while (n < text.size() && n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  return std::string(text.substr(0, n));
}

std::string shown(std::string_view client_text) {
  if (client_text.size() <= kShownBytes) return std::string(client_text);
  return utf8_prefix(client_text, kShownBytes) + "\u2026";
}

}  // namespace grognard::record
