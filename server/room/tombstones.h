#pragma once
// Rooms that wait too long for their players expire (LobbyOptions::waiting_room_limit): the
// words used for an expired room, how often to look for one (room/periodic.h ticks), and what is
// remembered of expired rooms so that a late join or resume is told what became of the room.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "record/store.h"
#include "room/messages.h"

namespace grognard::room {

// "expired after 168 hours waiting for players" (fractions of an hour as such: "0.5 hours").
std::string expiry_reason(std::chrono::milliseconds limit);
// How often to look for waiting rooms past `limit`: a sixtieth of it, between 50 ms and one
// minute, so a room expires at most that late.
std::chrono::milliseconds expiry_interval(std::chrono::milliseconds limit);

// Expired rooms by invite code and by seat token, with the sentence that tells a late comer
// what became of the room. Holds the newest `capacity` rooms. Thread-safe.
class Tombstones {
 public:
  explicit Tombstones(std::size_t capacity) : capacity_(capacity) {}

  void add(const std::string& invite_code, const std::vector<record::Hash32>& tokens,
           std::string message);
  std::optional<std::string> by_invite(const std::string& invite_code) const;
  std::optional<std::string> by_token(const record::Hash32& token_hash) const;

 private:
  struct Entry {
    std::string invite_code;
    std::vector<record::Hash32> tokens;
  };
  std::size_t capacity_;
  mutable std::mutex mu_;
  std::deque<Entry> order_;  // oldest first
  std::unordered_map<std::string, std::string> by_invite_;
  std::unordered_map<record::Hash32, std::string, record::Hash32Hasher> by_token_;
};

}  // namespace grognard::room
