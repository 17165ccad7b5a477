#pragma once
// Taking back a command (docs/protocol.md, "Taking back"): the last command that still counts in
// a game's log, what the log says was taken back, whose consent a take-back asks, and the offer
// waiting for that consent. The room commits the TakenBack event itself (room_take_back.cpp).
// Strand-only: the room calls every member on its strand.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/ruleset.h"
#include "record/store.h"
#include "room/messages.h"
#include "room/seat_book.h"

namespace grognard::room {

// A command's run of events in the log, and the seat that gave it.
struct LastCommand {
  std::string seat;
  std::uint64_t first_seq = 0, last_seq = 0;
};

// The last command of `log` that still counts (what a TakenBack took back does not, nor does
// chat), if any.
std::optional<LastCommand> last_command(const std::vector<record::EventRecord>& log);
// The TakenBack event of `log` that took back the event `seq`, if one did.
std::optional<std::uint64_t> taken_back_at(const std::vector<record::EventRecord>& log,
                                           std::uint64_t seq);
// The seats whose consent `asker` needs in `state`: the referees, else every other seat.
std::vector<std::string> consent_seats(const engine::Ruleset& rs, const engine::GameState& state,
                                       const std::string& asker);

// The take-back offer waiting for consent, if any. A command given by anyone cancels it.
class TakeBackOffers {
 public:
  struct Offer {
    LastCommand command;
    std::vector<std::string> asked;  // the seats whose consent is asked: the first answer counts
    MessagePtr message;              // the TakeBackOffer pushed to them
  };

  // The offer waiting (null: none).
  const Offer* waiting() const { return offer_ ? &*offer_ : nullptr; }
  // An offer waits for the answer of `seat_id`.
  bool asks(const std::string& seat_id) const;
  // The offer waits from now on; its message is pushed to the seats asked.
  void open(Offer offer, const SeatBook& seats);
  // Ends the offer waiting, if any, telling the asker and the seats asked (but those already
  // `told`) that it lapsed.
  void lapse(const SeatBook& seats, const std::vector<std::string>& told = {});

 private:
  std::optional<Offer> offer_;
};

}  // namespace grognard::room
