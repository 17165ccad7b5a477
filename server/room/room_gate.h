#pragma once
// A room's gate (not net::Gate, a connection's): why a request of a seat or an observer is refused
// before the room acts on it (commands and previews, take-backs, chat, measuring, an observer
// joining), and the bounds of a game's log (room/lobby_options.h; docs/operations.md, "Limits"). It
// reads the room's parts and changes none: it holds const references to the game's record, the
// commit line (room/commit_line.h), the seats (room/seat_book.h), the chat book (room/chat_book.h),
// who acts now and the room's bounds. Used by the room (room/room.h), on its strand only.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/ruleset.h"
#include "record/store.h"
#include "room/chat_book.h"
#include "room/commit_line.h"
#include "room/lobby_options.h"
#include "room/messages.h"
#include "room/seat_book.h"

namespace grognard::room {

// What an expired room says: "room K7QX2M expired after 168 hours waiting for players".
std::string expiry_message(const record::GameRecord& g);
// What a room closed by the operator says: "room K7QX2M was closed by the server's operator:
// <reason>".
std::string abort_message(const record::GameRecord& g);

class RoomGate {
 public:
  // Events a command that ends the game may add past max_game_events.
  static constexpr std::uint64_t kEventsReserve = 64;

  // `act`: who acts in the room's rules state now (the turn gate: the rule set says who may
  // act; the room knows nothing else). `limits`: observers_per_room and max_game_events.
  RoomGate(const record::GameRecord& record, const CommitLine& line, const SeatBook& seats,
           const ChatBook& chat, const engine::ToAct& act, const LobbyOptions& limits)
      : record_(record), line_(line), seats_(seats), chat_(chat), act_(act), limits_(limits) {}

  // Why a command (or its preview) from the seat is refused before it is decided, in the order
  // Room::command checks: a seat that is not an observer's; a game that runs and has not
  // stopped; the turn gate. nullopt: it goes on. `observers_cannot` ends the refusal an
  // observer hears: "observers cannot <it>".
  std::optional<Refusal> refuse_seat(const std::optional<std::string>& seat_id,
                                     std::string_view observers_cannot = "give commands") const;
  std::optional<Refusal> refuse_status() const;
  std::optional<Refusal> refuse_turn(const std::string& seat_id) const;
  // What any request of a seat or an observer needs (chat, measuring): a place in the room, and
  // a room that has not stopped.
  std::optional<Refusal> refuse_unseated(const std::optional<std::string>& seat_id) const;
  // Bounds of the game's log: a chat message past the seat's or the room's bound, or past
  // max_game_events; a log that would end at `last_seq_after` past max_game_events (a command
  // that ends the game may use kEventsReserve more: a game at the bound can still be conceded
  // or closed).
  std::optional<Refusal> refuse_chat(const std::string& seat_id) const;
  std::optional<Refusal> refuse_size(std::uint64_t last_seq_after, bool ends_game) const;
  // One more observer seat past observers_per_room.
  std::optional<Refusal> refuse_observer() const;

 private:
  const record::GameRecord& record_;
  const CommitLine& line_;
  const SeatBook& seats_;
  const ChatBook& chat_;
  const engine::ToAct& act_;
  const LobbyOptions& limits_;
};

}  // namespace grognard::room
