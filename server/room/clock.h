#pragma once
// The time the lobby and the rooms read: milliseconds since the Unix epoch, from a function that
// tests replace with a clock of their own (room/lobby.h, RoomDeps in room/room.h).

#include <cstdint>
#include <functional>

namespace grognard::room {

using Clock = std::function<std::int64_t()>;  // milliseconds since the Unix epoch
std::int64_t system_clock_ms();

}  // namespace grognard::room
