#pragma once
// One server-wide resource shared out between clients (docs/operations.md, "Limits"): what one
// address may hold of it, one range of addresses (room/addresses.h: a share of the whole, so that
// no range holds it all), and the whole server. What is taken is given back when it is no longer
// held: a seat given up, a room gone from memory. Thread-safe.

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace grognard::room {

// Who holds a part: its address key and range (Peer::address_key(), Peer::address_range()).
// Empty: nobody's (what a restart loads: the store keeps no client addresses).
struct Holder {
  std::string address;
  std::string range;
  bool operator<(const Holder& o) const {
    return address != o.address ? address < o.address : range < o.range;
  }
};

class Shares {
 public:
  struct Bounds {
    std::uint64_t per_address = 0;  // 0: none
    std::uint64_t total = 0;        // 0: none
    unsigned range_share = 0;       // percent of `total` one range may hold (0 or 100: none)
  };
  // How a refusal names what is shared and its flags: "bytes of chat",
  // "--chat-bytes-per-address", "--max-chat-bytes".
  struct Names {
    std::string what;
    std::string per_address_flag;
    std::string total_flag;
  };

  Shares(Bounds bounds, Names names) : bounds_(bounds), names_(std::move(names)) {}

  // Takes `n` for `holder`, or says which bound it would pass (then nothing is taken). A holder
  // with no address takes from the total only and is never refused: what the store holds is
  // loaded whatever the bounds.
  std::optional<std::string> take(const Holder& holder, std::uint64_t n);
  void give_back(const Holder& holder, std::uint64_t n);

  // What `address` (a key) holds, what the server holds, and the entries kept (tests: an
  // address or range that holds nothing has none).
  std::uint64_t held(const std::string& address) const;
  std::uint64_t total() const;
  std::size_t tracked() const;

 private:
  const Bounds bounds_;
  const Names names_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, std::uint64_t> by_address_, by_range_;
  std::uint64_t total_ = 0;
};

}  // namespace grognard::room
