#pragma once
// The measured window of a run: the workloads' coroutines count and time what they do only
// while `measuring` is set, and end at `stop` (docs/performance.md, "Methods").

#include <chrono>
#include <cstddef>

#include "readings.h"

namespace grognard::bench {

using Clock = std::chrono::steady_clock;

struct Window {
  bool measuring = false;
  bool stop = false;
  std::size_t limit = 0;  // stop after this many operations (0: no limit), counted from the start
  Histogram latency;      // µs, from the intended send (open loop) or the send to the answer
  std::size_t ops = 0, total_ops = 0, failures = 0, rejected = 0;

  void done(Clock::time_point intended) {
    ++total_ops;
    if (limit != 0 && total_ops >= limit) stop = true;
    if (!measuring) return;
    ++ops;
    latency.record(std::chrono::duration<double, std::micro>(Clock::now() - intended).count());
  }
};

// When each operation of one loop is due: now (closed loop), or every `interval` from a start
// (open loop; a late answer does not move the schedule, so its wait counts in the latency).
struct Pacer {
  Clock::duration interval{0};
  Clock::time_point next = Clock::now();
  bool open_loop() const { return interval.count() > 0; }
};

}  // namespace grognard::bench
