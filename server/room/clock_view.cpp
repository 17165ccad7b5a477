#include "room/clock_view.h"

namespace grognard::room {

PausedMs paused_by(std::shared_ptr<const ClockCalendar> calendar,
                   std::function<std::int64_t(const std::string& seat)> account_of) {
  if (!calendar) return {};
  return [calendar = std::move(calendar), account_of = std::move(account_of)](
             const std::string& seat, std::int64_t from, std::int64_t to) {
    return calendar->paused_ms(account_of(seat), from, to);
  };
}

void ClockView::fill(v1::RoomInfo& info) const {
  if (tc.none()) return;
  const std::int64_t at = now();
  info.set_time_control(tc.line());
  info.set_time_control_text(tc.describe());
  info.set_clocks_at_ms(at);
  info.clear_clocks();
  const PausedMs stood = paused_by(calendar, [this](const std::string& seat) {
    for (const auto& [id, account] : seats) {
      if (id == seat) return account;
    }
    return std::int64_t{0};
  });
  for (const auto& [seat, account] : seats) {
    v1::SeatClock* out = info.add_clocks();
    out->set_seat_id(seat);
    const std::int64_t left = clock.left(tc, seat, at, stood);
    const bool runs = running && clock.running(seat);
    out->set_left_ms(left);
    out->set_running(runs);
    out->set_paused(runs && calendar && account != 0 &&
                    calendar->on_vacation(account, at).has_value());
    out->set_out_of_time(runs && left == 0);
  }
}

}  // namespace grognard::room
