#pragma once
// Text from outside (a client's request, an archive file) as the record checks and quotes it.

#include <string_view>

namespace grognard::record {

// Whether `id` may name a game in a path (the admin API, the web client's pages and reports):
// 1 to 64 letters, digits, '-' or '_'.
bool plain_id(std::string_view id);

}  // namespace grognard::record
