#pragma once
// The lobby's settings (room/lobby.h), from the server's flags (app/config.h).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace grognard::room {

class ClockCalendar;

struct LobbyOptions {
  // Rooms held in memory at most. When full, ended rooms nobody is connected to are dropped
  // (their games stay in the archive); if none can be, CreateRoom gets RESOURCE_EXHAUSTED.
  std::size_t max_rooms = 10'000;
  // A room still waiting for players (not every seat taken) expires when nothing has been
  // stored for it for this long: not its creation, a seat taken, nor a chat message. It is
  // stored as expired, told to whoever is connected to it and dropped from memory and the
  // room list; a later join, resume or command is told it expired. Zero: never. Expiry is
  // looked for every sixtieth of this (at least every minute), on a timer of the executor.
  std::chrono::milliseconds waiting_room_limit = std::chrono::hours(168);
  // An ended room nobody is connected to is dropped from memory this long after its game ended
  // (looked for at least every minute); a seat resuming with its token or a join with its
  // invite code loads it again from the store (room/loader.h). Zero: kept until
  // max_rooms is reached.
  std::chrono::milliseconds ended_room_linger = std::chrono::hours(1);
  // A running game that nobody has played (nothing stored) and nobody has been connected to
  // for this long is abandoned: stored as aborted with a system note saying so, which frees its
  // creator's room quota (docs/operations.md, "Abandoned games"). Looked for with the waiting
  // rooms. Zero: never. Generous by default: games by web go on over days.
  std::chrono::milliseconds abandoned_limit = std::chrono::hours(24 * 30);

  // Abuse bounds (docs/operations.md, "Limits"); zero: no bound.
  // Rooms one connection may create, and one address, while they are open (waiting or running).
  std::size_t rooms_per_connection = 20;
  std::size_t rooms_per_address = 100;
  // The part of each server-wide bound (max_rooms, max_chat_bytes, max_observers) that one range
  // of addresses (room/addresses.h) may hold, in percent; 0 (or 100): no share.
  unsigned range_share = 10;
  // Observer seats a room may have, one address may hold in all rooms, and the server in all.
  std::size_t observers_per_room = 100;
  std::size_t observers_per_address = 100;
  std::size_t max_observers = 100'000;
  // Bytes of chat one address may hold in the rooms in memory, and the server in all (each
  // message counts its stored size and kChatRecordBytes: room/chat_book.h).
  std::uint64_t chat_bytes_per_address = 4 * 1024 * 1024;
  std::uint64_t max_chat_bytes = 256 * 1024 * 1024;
  // Chat messages one seat may send in a game, and all seats together.
  std::size_t chat_per_seat = 2'000;
  std::size_t chat_per_room = 10'000;
  // Events a game may hold; past it, commands and chat are refused (RESOURCE_EXHAUSTED).
  std::size_t max_game_events = 100'000;
  // GetEvents and Resume answer at most this many events at once (EventList/Seated.next_seq).
  std::size_t events_per_page = 500;
  // Unknown invite codes (or seat tokens) one address may try a minute; past it, joins and
  // resumes from that address are refused until the minute is over.
  std::size_t join_failures_per_minute = 20;
  // When the clocks stand still (room/clock_calendar.h: the server down, accounts on vacation)
  // and the vacation budget. Null: never (the clocks run whenever the game waits).
  std::shared_ptr<ClockCalendar> calendar;
  // Notices (docs/notifications.md): how often every running room with a clock is asked for the
  // notices its clocks call for (Room::watch_clock; zero: never), and what a room calls once
  // it stored notices (RoomDeps::notices_written; null: nothing).
  std::chrono::milliseconds clock_watch = std::chrono::seconds(30);
  std::function<void()> notices_written;
};

// The operator's pause on opening rooms (Lobby::pause_creation): while paused, CreateRoom and
// ForkGame are refused with `reason`.
struct CreationPause {
  bool paused = false;
  std::string reason;
};

}  // namespace grognard::room
