#pragma once
// One measured phase of a workload: the event loop runs the workload's coroutines (already
// spawned on `io`); after the warm-up the window opens, the process's CPU time is read from
// /proc before and after, and at its end `w.stop` is set (docs/performance.md, "Methods").

#include <sys/types.h>

#include <functional>

#include <boost/asio/io_context.hpp>

#include "readings.h"
#include "window.h"
#include "workloads.h"

namespace grognard::bench {

struct Phase {
  pid_t pid = 0;                      // the server measured
  std::function<std::size_t()> ops;   // operations done so far (default: w.ops)
  std::function<void()> open, close;  // called as the window opens and closes
  std::function<bool()> finished;     // every coroutine has ended
};

// Runs `io` through the phase; fills r.figures: ops, ops_per_s, cpu_us_per_op, cpu_util,
// gen_cpu_util, failures, rejected and the latency percentiles of w.latency.
void run_phase(boost::asio::io_context& io, Window& w, const Options& o, Phase phase, Result& r);

}  // namespace grognard::bench
