// The notices a room writes to the outbox with its batches (docs/notifications.md;
// room/notices.h): turns, take-back offers, the end of the game, and its clocks' warnings.
#include "room/notices.h"

#include <algorithm>
#include <optional>

#include "room/room.h"

namespace grognard::room {

namespace {

void append(std::vector<record::NoticeRecord>& to, std::vector<record::NoticeRecord> more) {
  for (record::NoticeRecord& n : more) to.push_back(std::move(n));
}

// Only players with accounts hear: most games have none, and pay nothing more.
bool any_account(const std::vector<record::SeatRecord>& seats) {
  return std::any_of(seats.begin(), seats.end(), [](const auto& s) { return s.account_id != 0; });
}

}  // namespace

NoticeGame Room::notice_game() const {
  NoticeGame g;
  g.id = id_;
  g.title = std::string(rs_.name()) + ": " + rs_.title(*state_);
  g.invite_code = invite_;
  g.now_ms = deps_.clock();
  for (const record::SeatRecord& s : seats_.game_seats()) {
    g.seats.push_back(
        NoticeSeat{s.seat_id, s.label, s.role, s.account_id, seats_.connected(s.seat_id)});
  }
  return g;
}

void Room::add_notices(Pending& p) {
  if (!any_account(seats_.game_seats())) return;
  const record::GameRecord& g = *p.batch.game;
  const bool was_running = record_.status == record::GameStatus::kRunning;
  if (revealed(g.status) && !revealed(record_.status)) {
    append(p.batch.notices, ended_notices(notice_game(), g.result));
    return;
  }
  if (g.status != record::GameStatus::kRunning || (!p.next && was_running)) return;
  // Only when the seats the game waits for change: a seat that goes on acting hears nothing.
  static const std::vector<std::string> kNobody;
  const auto& before = was_running ? act_.seats : kNobody;
  const auto& after = act_after(p).seats;
  if (std::all_of(after.begin(), after.end(), [&](const std::string& s) {
        return std::find(before.begin(), before.end(), s) != before.end();
      })) {
    return;
  }
  const std::uint64_t seq = p.batch.events.empty() ? g.last_seq : p.batch.events.back().seq;
  append(p.batch.notices, turn_notices(notice_game(), before, after, seq));
}

void Room::notice_offer(const std::vector<std::string>& asked, const std::string& asker,
                        std::uint64_t first_seq) {
  auto notices = offer_notices(notice_game(), asked, asker, first_seq);
  if (notices.empty()) return;
  auto p = make_pending();
  p->activity = false;
  p->batch.notices = std::move(notices);
  commit(p);
}

void Room::watch_clock() {
  run([this] {
    if (tc_.none() || record_.status != record::GameStatus::kRunning || line_.halted() ||
        !any_account(seats_.game_seats())) {
      return;
    }
    const std::int64_t now = deps_.clock();
    std::vector<record::NoticeRecord> due;
    struct Mark {
      std::string seat;
      ClockStage stage;
    };
    std::vector<Mark> marks;  // each seat's clock as far as it is noticed now
    std::optional<NoticeGame> g;
    for (const SeatClock& c : clock_.seats()) {
      if (!c.running()) continue;
      const std::int64_t left = clock_.left(tc_, c.seat, now, paused());
      const ClockStage stage{c.since_ms, clock_stage(c.bank_ms, left)};
      const auto was = warned_.find(c.seat);
      if (stage.level == 0 || (was != warned_.end() && was->second.since_ms == stage.since_ms &&
                               was->second.level >= stage.level)) {
        continue;
      }
      if (!g) g = notice_game();
      append(due, clock_notices(*g, c.seat, c.since_ms, c.bank_ms, left));
      marks.push_back({c.seat, stage});
    }
    if (marks.empty()) return;
    auto mark = [this, marks] {
      for (const Mark& m : marks) warned_[m.seat] = m.stage;
    };
    if (due.empty()) return mark();  // nobody to tell (all connected): the clocks show it
    auto p = make_pending();
    p->activity = false;
    p->batch.notices = std::move(due);
    p->after = [mark](bool ok) {
      if (ok) mark();
    };
    commit(p);
  });
}

}  // namespace grognard::room
