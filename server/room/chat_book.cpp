// A room's chat book: counts of chat against their bounds, and bytes of chat in the shares.
#include "room/chat_book.h"

namespace grognard::room {

ChatBook::ChatBook(std::shared_ptr<Shares> chat_bytes, std::size_t per_seat, std::size_t per_room)
    : chat_bytes_(std::move(chat_bytes)), per_seat_(per_seat), per_room_(per_room) {}

ChatBook::~ChatBook() {
  if (!chat_bytes_) return;
  for (const auto& [holder, bytes] : held_) chat_bytes_->give_back(holder, bytes);
}

void ChatBook::count(const record::EventRecord& r) {
  if (r.kind != record::EventKind::kChat) return;
  ++chats_;
  ++chats_by_seat_[r.seat];
}

std::optional<Refusal> ChatBook::refuse(const std::string& seat_id) const {
  const auto it = chats_by_seat_.find(seat_id);
  const std::size_t mine = it == chats_by_seat_.end() ? 0 : it->second;
  if (per_seat_ != 0 && mine >= per_seat_) {
    return Refusal{v1::RESOURCE_EXHAUSTED, "",
                   "this seat has sent " + std::to_string(mine) +
                       " chat messages in this game, the most one seat may send "
                       "(chat_per_seat, --chat-per-seat " +
                       std::to_string(per_seat_) + "); nothing was stored"};
  }
  if (per_room_ != 0 && chats_ >= per_room_) {
    return Refusal{v1::RESOURCE_EXHAUSTED, "",
                   "this game holds " + std::to_string(chats_) +
                       " chat messages, the most one game may hold (chat_per_room, "
                       "--chat-per-room " +
                       std::to_string(per_room_) + "); nothing was stored"};
  }
  return std::nullopt;
}

std::optional<std::string> ChatBook::take(const Holder& holder, std::uint64_t cost) {
  if (!chat_bytes_) return std::nullopt;
  return chat_bytes_->take(holder, cost);
}

void ChatBook::give_back(const Holder& holder, std::uint64_t cost) {
  if (chat_bytes_) chat_bytes_->give_back(holder, cost);
}

void ChatBook::held(const Holder& holder, std::uint64_t cost) {
  held_[holder] += cost;
}

void ChatBook::hold_loaded(const std::vector<record::EventRecord>& log) {
  std::uint64_t chat = 0;
  for (const record::EventRecord& r : log) {
    if (r.kind == record::EventKind::kChat) chat += r.payload.size() + kRecordBytes;
  }
  if (chat == 0) return;
  held_[Holder{}] += chat;
  if (chat_bytes_) chat_bytes_->take(Holder{}, chat);
}

}  // namespace grognard::room
