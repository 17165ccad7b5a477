#pragma once
// A notice to a player with an account (docs/notifications.md): what a room writes to the outbox
// in the same batch as the event that causes it (record::WriteBatch::notices), and what the
// sender (notify/dispatcher.h) reads back to deliver by webhook and e-mail.

#include <cstdint>
#include <string>

namespace grognard::record {

struct NoticeRecord {
  // The idempotency key: the same notice has it on every attempt, after any restart. Unique in
  // the outbox: a notice written twice is kept once.
  std::string key;
  std::int64_t account_id = 0;
  std::string game_id;
  std::string seat_id;
  // "turn", "take-back", "time-short", "timeout" (a win the player may claim), "ended".
  std::string kind;
  std::string text;  // one line for the player: "Your move in …"
  std::string link;  // where the game opens, from the server's public address ("/rooms/CODE")
  std::int64_t created_ms = 0;

  friend bool operator==(const NoticeRecord&, const NoticeRecord&) = default;
};

}  // namespace grognard::record
