// The bounds of a game's log (room/lobby_options.h; docs/operations.md, "Limits"): chat per
// seat and per room, and the events a game may hold; observer seats per room. Counts come from
// the log and the seats, so they hold across a restart. What addresses hold in all rooms (chat,
// observer seats) is in the shares (RoomDeps), which the room takes from and gives back to.
#include <algorithm>
#include <charconv>

#include "room/room.h"

namespace grognard::room {

void Room::note_observer(const std::string& seat_id) {
  constexpr std::string_view kPrefix = "observer:";
  if (!seat_id.starts_with(kPrefix)) return;
  std::uint64_t n = 0;
  const char* end = seat_id.data() + seat_id.size();
  const auto [at, ec] = std::from_chars(seat_id.data() + kPrefix.size(), end, n);
  if (ec == std::errc{} && at == end) observers_made_ = std::max(observers_made_, n);
}

void Room::account_loaded() {
  for (const auto& [seat_id, s] : observers_) {
    observer_holders_[seat_id] = Holder{};
    if (deps_.observer_seats) deps_.observer_seats->take(Holder{}, 1);
  }
  std::uint64_t chat = 0;
  for (const record::EventRecord& r : log_) {
    if (r.kind == record::EventKind::kChat) chat += r.payload.size() + kChatRecordBytes;
  }
  if (chat == 0) return;
  chat_held_[Holder{}] += chat;
  if (deps_.chat_bytes) deps_.chat_bytes->take(Holder{}, chat);
}

std::optional<Room::Refusal> Room::refuse_observer() const {
  const std::size_t bound = deps_.limits.observers_per_room;
  if (bound == 0 || observers_.size() < bound) return std::nullopt;
  return Refusal{v1::RESOURCE_EXHAUSTED, "",
                 "this room has " + std::to_string(observers_.size()) +
                     " observer seats, the most one room may have (--observers-per-room " +
                     std::to_string(bound) + "); wait for one to leave"};
}

void Room::count_event(const record::EventRecord& r) {
  folds_.note(r);
  note_observer(r.seat);
  if (r.kind != record::EventKind::kChat) return;
  ++chats_;
  ++chats_by_seat_[r.seat];
}

std::optional<Room::Refusal> Room::refuse_chat(const std::string& seat_id) const {
  const LobbyOptions& o = deps_.limits;
  const auto it = chats_by_seat_.find(seat_id);
  const std::size_t mine = it == chats_by_seat_.end() ? 0 : it->second;
  if (o.chat_per_seat != 0 && mine >= o.chat_per_seat) {
    return Refusal{v1::RESOURCE_EXHAUSTED, "",
                   "this seat has sent " + std::to_string(mine) +
                       " chat messages in this game, the most one seat may send "
                       "(chat_per_seat, --chat-per-seat " +
                       std::to_string(o.chat_per_seat) + "); nothing was stored"};
  }
  if (o.chat_per_room != 0 && chats_ >= o.chat_per_room) {
    return Refusal{v1::RESOURCE_EXHAUSTED, "",
                   "this game holds " + std::to_string(chats_) +
                       " chat messages, the most one game may hold (chat_per_room, "
                       "--chat-per-room " +
                       std::to_string(o.chat_per_room) + "); nothing was stored"};
  }
  return refuse_size(record_.last_seq + 1, false);
}

std::optional<Room::Refusal> Room::refuse_size(std::uint64_t last_seq_after, bool ends_game) const {
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
