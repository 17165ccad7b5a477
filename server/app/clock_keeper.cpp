#include "app/clock_keeper.h"

#include <chrono>

#include <spdlog/spdlog.h>

#include "room/time_control.h"

namespace grognard::app {

engine::Result<std::unique_ptr<ClockKeeper>> ClockKeeper::start(const std::string& path,
                                                                room::Clock clock,
                                                                room::ClockCalendar& calendar) {
  auto records = store::ClockRecords::open(path);
  if (!records.ok()) return records.error();
  auto down = (*records)->begin_run(clock());
  if (!down.ok()) return down.error();
  for (const store::StoredSpan& s : *down)
    calendar.add_downtime(room::TimeSpan{s.from_ms, s.to_ms});
  if (!down->empty()) {
    const store::StoredSpan& last = down->back();
    spdlog::info("clocks: the server was down {} before this start; no clock is charged for it",
                 room::describe_span(last.to_ms - last.from_ms));
  }
  auto vacations = (*records)->vacations();
  if (!vacations.ok()) return vacations.error();
  for (const store::StoredVacation& v : *vacations)
    calendar.set_vacation(v.account_id, room::TimeSpan{v.span.from_ms, v.span.to_ms});
  return std::unique_ptr<ClockKeeper>(new ClockKeeper(std::move(*records), std::move(clock)));
}

ClockKeeper::ClockKeeper(std::unique_ptr<store::ClockRecords> records, room::Clock clock)
    : records_(std::move(records)), clock_(std::move(clock)), thread_([this] { beat(); }) {}

ClockKeeper::~ClockKeeper() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void ClockKeeper::beat() {
  std::unique_lock lock(mu_);
  for (;;) {
    const bool stopping =
        wake_.wait_for(lock, std::chrono::minutes(1), [this] { return stopping_; });
    if (auto st = records_->alive(clock_()); !st) {
      spdlog::warn("clocks: could not record that the server is alive: {}", st.error().message);
    }
    if (stopping) return;
  }
}

}  // namespace grognard::app
