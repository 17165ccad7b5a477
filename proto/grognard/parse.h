#pragma once
// Parsing a protobuf message from its binary encoding, guarded: protobuf takes sizes as int,
// so bytes longer than INT_MAX are refused rather than truncated.

#include <climits>
#include <cstddef>
#include <string_view>
#include <type_traits>

#include <google/protobuf/message_lite.h>

namespace grognard::proto {

// True when `bytes` is one whole message of M's type, which `msg` then holds. On false `msg`
// holds nothing useful.
template <class M>
bool parse_message(M& msg, std::string_view bytes) {
  static_assert(std::is_base_of_v<google::protobuf::MessageLite, M>);
  if (bytes.size() > static_cast<std::size_t>(INT_MAX)) {
    msg.Clear();
    return false;
  }
  return msg.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
}

}  // namespace grognard::proto
