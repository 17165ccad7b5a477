// The bounds of a game's log (room/lobby_options.h; docs/operations.md, "Limits"): chat per
// seat and per room (counted by the chat book, room/chat_book.h), and the events a game may hold;
// observer seats per room (counted by the seat book, room/seat_book.h). Counts come from the log
// and the seats, so they hold across a restart. What addresses hold in all rooms (chat, observer
// seats) is in the shares (RoomDeps), which those books take from and give back to.

#include "room/room.h"

namespace grognard::room {

void Room::account_loaded() {
  seats_.hold_loaded();
  chat_.hold_loaded(log_);
}

std::optional<Refusal> Room::refuse_observer() const {
  const std::size_t bound = deps_.limits.observers_per_room;
  if (bound == 0 || seats_.observer_seats() < bound) return std::nullopt;
  return Refusal{v1::RESOURCE_EXHAUSTED, "",
                 "this room has " + std::to_string(seats_.observer_seats()) +
                     " observer seats, the most one room may have (--observers-per-room " +
                     std::to_string(bound) + "); wait for one to leave"};
}

void Room::count_event(const record::EventRecord& r) {
  folds_.note(r);
  seats_.note_observer(r.seat);
  chat_.count(r);
}

std::optional<Refusal> Room::refuse_chat(const std::string& seat_id) const {
  if (auto r = chat_.refuse(seat_id)) return r;
  return refuse_size(record_.last_seq + 1, false);
}

std::optional<Refusal> Room::refuse_size(std::uint64_t last_seq_after, bool ends_game) const {
  const std::uint64_t bound = deps_.limits.max_game_events;
  if (bound == 0 || last_seq_after <= bound) return std::nullopt;
  if (ends_game && last_seq_after <= bound + kEventsReserve) return std::nullopt;
  return Refusal{v1::RESOURCE_EXHAUSTED, "",
                 "this game holds " + std::to_string(record_.last_seq) +
                     " events and may hold at most " + std::to_string(bound) +
                     " (max_game_events, --max-game-events " + std::to_string(bound) +
                     "): no more commands or chat are taken, but a command that ends the game "
                     "is, and the server's operator may close it; nothing was stored"};
}

}  // namespace grognard::room
