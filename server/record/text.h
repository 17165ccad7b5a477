#pragma once
// Text from outside (a client's request, an archive file) as the record checks and quotes it.

#include <string_view>

#include "engine/utf8.h"

namespace grognard::record {

// Whether `id` may name a game in a path (the admin API, the web client's pages and reports):
// 1 to 64 letters, digits, '-' or '_'.
bool plain_id(std::string_view id);

// Cutting and quoting what a client sent: engine/utf8.h.
using engine::shown;
using engine::utf8_prefix;

}  // namespace grognard::record
