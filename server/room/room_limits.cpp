// The counts behind the bounds of a game's log (room/lobby_options.h; docs/operations.md,
// "Limits"): chat per seat and per room (counted by the chat book, room/chat_book.h) and observer
// seats per room (counted by the seat book, room/seat_book.h), from each event added to the log
// and from what a stored game brings back, so they hold across a restart. What addresses hold in
// all rooms (chat, observer seats) is in the shares (RoomDeps), which those books take from and
// give back to. The gate (room/room_gate.h) refuses what would pass a bound.

#include "room/room.h"

namespace grognard::room {

void Room::account_loaded() {
  seats_.hold_loaded();
  chat_.hold_loaded(log_);
}

void Room::count_event(const record::EventRecord& r) {
  folds_.note(r);
  seats_.note_observer(r.seat);
  chat_.count(r);
}

}  // namespace grognard::room
