#pragma once
// What the load generator reads (docs/performance.md): a latency histogram with HDR-style
// buckets, a process's CPU time and resident memory from /proc, and the result lines the
// report is built from.

#include <sys/types.h>

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>

namespace grognard::bench {

// Latencies in microseconds, from 1 µs to about 18 minutes, each bucket within 1/64 (1.6%) of
// its value (log-linear buckets, as HdrHistogram with two significant digits). Max is exact.
class Histogram {
 public:
  void record(double us);
  std::uint64_t count() const { return count_; }
  double max() const { return max_; }
  // The value at quantile `q` (0..1), the upper bound of its bucket; 0 if empty.
  double quantile(double q) const;
  void merge(const Histogram& other);

 private:
  static constexpr int kSub = 64;     // buckets per power of two
  static constexpr int kPowers = 31;  // 2^0 .. 2^30 µs
  std::array<std::uint64_t, kSub * kPowers> buckets_{};
  std::uint64_t count_ = 0;
  double max_ = 0;
};

// User + system CPU time of process `pid` (every thread), in seconds, from /proc/PID/stat.
double process_cpu_seconds(pid_t pid);
// This process's own CPU time, in seconds.
double own_cpu_seconds();
// Resident memory of process `pid`, in KiB (VmRSS); 0 if unknown.
double rss_kib(pid_t pid);

// One line of results: "RESULT workload=W target=T key=value ...", read by bench/report.py.
struct Result {
  Result(std::string w, std::string t) : workload(std::move(w)), target(std::move(t)) {}
  std::string workload, target;
  std::map<std::string, double> figures;
  void latency(const Histogram& h);  // adds p50_ms, p99_ms, p999_ms, max_ms, samples
  void print() const;
};

}  // namespace grognard::bench
