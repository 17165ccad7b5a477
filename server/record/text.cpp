#include "record/text.h"

#include <algorithm>
#include <cctype>

namespace grognard::record {

bool plain_id(std::string_view id) {
  return !id.empty() && id.size() <= 64 && std::ranges::all_of(id, [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_';
  });
}

}  // namespace grognard::record
