#pragma once
// Which notices a room writes to the outbox (docs/notifications.md): to the players with an
// account who have no connection open to the game when it comes to need them. A turn notice
// only when the seats the game waits for change (a seat that acts on does not hear again); a
// take-back offer to the seats asked; time running short (at 80% and 95% of what the seat had
// when its move began); a win on time the player may claim; the end of the game.
//
// Pure functions: the room gives what it knows, and puts what they return in its batch.

#include <cstdint>
#include <string>
#include <vector>

#include "record/notice.h"

namespace grognard::room {

struct NoticeSeat {
  std::string seat_id;
  std::string label;
  std::string role;  // "general", "player", "referee" (observers never hear)
  std::int64_t account_id = 0;
  bool connected = false;  // a connection is open to the game on this seat
};

struct NoticeGame {
  std::string id;
  std::string title;        // "Itchy & Scratchy (Mark 2), The square at Abu Klea"
  std::string invite_code;  // the link opens /rooms/CODE
  std::int64_t now_ms = 0;
  std::vector<NoticeSeat> seats;
};

// The seats in `after` that were not in `before` (event `seq` made them act).
std::vector<record::NoticeRecord> turn_notices(const NoticeGame& g,
                                               const std::vector<std::string>& before,
                                               const std::vector<std::string>& after,
                                               std::uint64_t seq);
// The seats `asked` to consent to `asker`'s take-back of the command from event `first_seq`.
std::vector<record::NoticeRecord> offer_notices(const NoticeGame& g,
                                                const std::vector<std::string>& asked,
                                                const std::string& asker, std::uint64_t first_seq);
// Every seat but observers: the game ended with `result`.
std::vector<record::NoticeRecord> ended_notices(const NoticeGame& g, const std::string& result);

// How far a clock that had `bank_ms` when its move began has run with `left_ms` left: 0, less
// than 80% used; 1, 80%; 2, 95%; 3, out of time.
int clock_stage(std::int64_t bank_ms, std::int64_t left_ms);
// A seat's clock as far as it was noticed: the move (when it began to run) and its stage.
struct ClockStage {
  std::int64_t since_ms = 0;
  int level = 0;
};

// Seat `seat`'s clock began to run at `since_ms` with `bank_ms` and has `left_ms` now: the
// warning due (80% or 95% used; the later one alone when both are), or, when it is out of
// time, to the seats that may claim the win (the referee alone in a game with one).
std::vector<record::NoticeRecord> clock_notices(const NoticeGame& g, const std::string& seat,
                                                std::int64_t since_ms, std::int64_t bank_ms,
                                                std::int64_t left_ms);

}  // namespace grognard::room
