#pragma once
// What the server does at start and while it serves for the clocks (docs/clocks.md): records
// its run (store/clock_records.h), fills the calendar with the times it was down before and
// with the accounts' vacations, and marks the run alive every minute on a thread of its own,
// so that a crash costs no clock more than that minute.

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "engine/result.h"
#include "room/clock.h"
#include "room/clock_calendar.h"
#include "store/clock_records.h"

namespace grognard::app {

class ClockKeeper {
 public:
  // Opens the records in database `path` (already migrated) and fills `calendar`.
  static engine::Result<std::unique_ptr<ClockKeeper>> start(const std::string& path,
                                                            room::Clock clock,
                                                            room::ClockCalendar& calendar);
  ~ClockKeeper();  // marks the run alive a last time
  ClockKeeper(const ClockKeeper&) = delete;
  ClockKeeper& operator=(const ClockKeeper&) = delete;

  store::ClockRecords& records() { return *records_; }

 private:
  ClockKeeper(std::unique_ptr<store::ClockRecords> records, room::Clock clock);
  void beat();

  std::unique_ptr<store::ClockRecords> records_;
  room::Clock clock_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace grognard::app
