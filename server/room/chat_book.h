#pragma once
// A room's chat book: the chat messages its game holds, by seat and in all, against the bounds
// chat_per_seat and chat_per_room (room/lobby_options.h), and each address's bytes of chat in the
// shares (room/shares.h), given back when the room leaves memory. Counts come from the log, so
// they hold across a restart. Strand-only: the room calls every member on its strand.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "record/store.h"
#include "room/messages.h"
#include "room/shares.h"

namespace grognard::room {

class ChatBook {
 public:
  // What a chat message costs an address besides its stored payload (its record: hashes, ids,
  // times), in LobbyOptions::chat_bytes_per_address and max_chat_bytes.
  static constexpr std::uint64_t kRecordBytes = 256;

  // `chat_bytes`: the shares chat is held in (null: not counted); `per_seat`, `per_room`: the
  // bounds (zero: none).
  ChatBook(std::shared_ptr<Shares> chat_bytes, std::size_t per_seat, std::size_t per_room);
  // Gives back what addresses hold of the shares.
  ~ChatBook();
  ChatBook(const ChatBook&) = delete;
  ChatBook& operator=(const ChatBook&) = delete;

  // `r` was added to the log: counted if it is chat.
  void count(const record::EventRecord& r);
  // One more message from `seat_id` past its bound or the room's.
  std::optional<Refusal> refuse(const std::string& seat_id) const;
  // Takes `cost` bytes for `holder` from the shares, or says which bound it would pass.
  std::optional<std::string> take(const Holder& holder, std::uint64_t cost);
  // The message was not stored: what take() took goes back.
  void give_back(const Holder& holder, std::uint64_t cost);
  // The message was stored: `holder` holds `cost` until the room leaves memory.
  void held(const Holder& holder, std::uint64_t cost);
  // The chat a stored game brings back, held by nobody in the shares (the store keeps no
  // client addresses).
  void hold_loaded(const std::vector<record::EventRecord>& log);

 private:
  std::shared_ptr<Shares> chat_bytes_;
  std::size_t per_seat_ = 0, per_room_ = 0;
  std::map<std::string, std::size_t> chats_by_seat_;
  std::size_t chats_ = 0;
  // Each address's bytes of chat: nobody (an empty Holder) for what the room was loaded with.
  std::map<Holder, std::uint64_t> held_;
};

}  // namespace grognard::room
