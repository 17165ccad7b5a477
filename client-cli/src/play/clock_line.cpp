#include "play/clock_line.h"

#include "commands/clock_text.h"

namespace grognard::cli {

Action clock_action(bool claim, const std::vector<std::string>& w, const GameState& state) {
  const std::string usage = claim ? "usage: claim [SEAT] (the win on time over a seat out of time)"
                                  : "usage: grant SEAT HOURS (or 30m, 2d), e.g. grant Boers 12";
  if (state.observer()) return error_action("observers cannot claim nor grant time");
  if (claim ? w.size() > 2 : w.size() != 3) return error_action(usage);
  Action a;
  a.kind = claim ? Action::kClaim : Action::kGrant;
  if (w.size() > 1) {
    a.seat = seat_named(state, w[1]);
    if (a.seat.empty()) return error_action("no seat \"" + w[1] + "\" in this room; " + usage);
  }
  if (claim) return a;
  const auto amount = parse_grant(w[2]);
  if (!amount) {
    return error_action("\"" + w[2] +
                        "\" is not a time to grant: hours (12 or 12h), days (2d) or " +
                        "minutes (30m); " + usage);
  }
  a.hours = amount->hours;
  a.minutes = amount->minutes;
  return a;
}

client::Result<v1::RoomInfo> clock_request(Link& link, const Action& a) {
  return a.kind == Action::kClaim ? link.claim_timeout(a.seat)
                                  : link.grant_time(a.seat, a.hours, a.minutes);
}

std::string clock_answer(const v1::RoomInfo& room, const Action& a, const GameState& state) {
  if (a.kind == Action::kClaim)
    return "done: the win on time is claimed; the game is " + room.status();
  for (const auto& c : room.clocks()) {
    if (c.seat_id() == a.seat)
      return "done: " + state.label_of(a.seat) + " now has " + seat_clock_text(c, 0);
  }
  return "done: time granted to " + state.label_of(a.seat);
}

std::string clock_line(const GameState& state) {
  const std::string clocks = clocks_text(state.room, now_ms() - state.room.clocks_at_ms());
  return clocks.empty() ? "" : "Clocks, " + clocks;
}

}  // namespace grognard::cli
