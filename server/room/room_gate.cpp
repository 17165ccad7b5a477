// A room's gate: the refusals every request passes before the room acts on it, and the bounds
// of a game's log. Counts come from the log and the seats (the chat book and the seat book), so
// they hold across a restart.
#include "room/room_gate.h"

#include <algorithm>

#include "record/resim.h"

namespace grognard::room {

std::string expiry_message(const record::GameRecord& g) {
  return "room " + g.invite_code + " " + g.result;
}

std::string abort_message(const record::GameRecord& g) {
  return "room " + g.invite_code + " was " + g.result;
}

std::optional<Refusal> RoomGate::refuse_seat(const std::optional<std::string>& seat_id,
                                             std::string_view observers_cannot) const {
  if (!seat_id) return Refusal{v1::UNAUTHENTICATED, "", "take a seat in this room first"};
  const record::SeatRecord* s = seats_.find(*seat_id);
  if (s == nullptr || s->role == "observer") {
    return Refusal{v1::PERMISSION_DENIED, "", "observers cannot " + std::string(observers_cannot)};
  }
  return std::nullopt;
}

std::optional<Refusal> RoomGate::refuse_status() const {
  if (line_.halted()) {
    return Refusal{v1::UNAVAILABLE, "",
                   line_.stopped() ? "the server is shutting down"
                                   : "this game has stopped: " + line_.failure()};
  }
  if (!record_.drift.empty()) {
    return Refusal{v1::FAILED_PRECONDITION, "", record::drift_refusal(record_.drift)};
  }
  const record::GameStatus status = record_.status;
  if (status == record::GameStatus::kExpired) {
    return Refusal{v1::FAILED_PRECONDITION, "", expiry_message(record_)};
  }
  if (status == record::GameStatus::kAborted) {
    return Refusal{v1::FAILED_PRECONDITION, "", abort_message(record_)};
  }
  if (status == record::GameStatus::kWaiting) {
    return Refusal{v1::FAILED_PRECONDITION, "", "the game starts when every seat is taken"};
  }
  if (record::revealed(status)) return Refusal{v1::FAILED_PRECONDITION, "", "the game is over"};
  return std::nullopt;
}

std::optional<Refusal> RoomGate::refuse_turn(const std::string& seat_id) const {
  if (std::find(act_.seats.begin(), act_.seats.end(), seat_id) == act_.seats.end() &&
      std::find(act_.out_of_turn.begin(), act_.out_of_turn.end(), seat_id) ==
          act_.out_of_turn.end()) {
    return Refusal{v1::NOT_YOUR_TURN, "", "not your turn: " + act_.summary};
  }
  return std::nullopt;
}

std::optional<Refusal> RoomGate::refuse_unseated(const std::optional<std::string>& seat_id) const {
  if (!seat_id) return Refusal{v1::UNAUTHENTICATED, "", "take a seat first"};
  if (line_.halted()) return Refusal{v1::UNAVAILABLE, "", "this room has stopped"};
  return std::nullopt;
}

std::optional<Refusal> RoomGate::refuse_chat(const std::string& seat_id) const {
  if (auto r = chat_.refuse(seat_id)) return r;
  return refuse_size(record_.last_seq + 1, false);
}

std::optional<Refusal> RoomGate::refuse_size(std::uint64_t last_seq_after, bool ends_game) const {
  const std::uint64_t bound = limits_.max_game_events;
  if (bound == 0 || last_seq_after <= bound) return std::nullopt;
  if (ends_game && last_seq_after <= bound + kEventsReserve) return std::nullopt;
  return Refusal{v1::RESOURCE_EXHAUSTED, "",
                 "this game holds " + std::to_string(record_.last_seq) +
                     " events and may hold at most " + std::to_string(bound) +
                     " (max_game_events, --max-game-events " + std::to_string(bound) +
                     "): no more commands or chat are taken, but a command that ends the game "
                     "is, and the server's operator may close it; nothing was stored"};
}

std::optional<Refusal> RoomGate::refuse_observer() const {
  const std::size_t bound = limits_.observers_per_room;
  if (bound == 0 || seats_.observer_seats() < bound) return std::nullopt;
  return Refusal{v1::RESOURCE_EXHAUSTED, "",
                 "this room has " + std::to_string(seats_.observer_seats()) +
                     " observer seats, the most one room may have (--observers-per-room " +
                     std::to_string(bound) + "); wait for one to leave"};
}

}  // namespace grognard::room
