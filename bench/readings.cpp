#include "readings.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace grognard::bench {

void Histogram::record(double us) {
  const auto v = static_cast<std::uint64_t>(std::max(1.0, std::ceil(us)));
  const int power = std::min(kPowers - 1, static_cast<int>(std::bit_width(v)) - 1);
  // Within [2^power, 2^(power+1)): kSub equal steps.
  const std::uint64_t base = std::uint64_t{1} << power;
  const auto sub = static_cast<int>(std::min<std::uint64_t>(kSub - 1, (v - base) * kSub / base));
  ++buckets_[static_cast<std::size_t>(power * kSub + sub)];
  ++count_;
  max_ = std::max(max_, us);
}

double Histogram::quantile(double q) const {
  if (count_ == 0) return 0;
  const auto rank = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(count_)));
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < buckets_.size(); ++i) {
    seen += buckets_[i];
    if (seen >= std::max<std::uint64_t>(rank, 1)) {
      const int power = static_cast<int>(i) / kSub, sub = static_cast<int>(i) % kSub;
      const double base = std::ldexp(1.0, power);
      return std::min(max_, base + base * (sub + 1) / kSub);
    }
  }
  return max_;
}

void Histogram::merge(const Histogram& other) {
  for (std::size_t i = 0; i < buckets_.size(); ++i) buckets_[i] += other.buckets_[i];
  count_ += other.count_;
  max_ = std::max(max_, other.max_);
}

double process_cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(in, line)) return 0;
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  std::istringstream rest(line.substr(line.rfind(')') + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i >= 14) ticks += std::stod(field);
  }
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

double own_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  auto s = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return s(u.ru_utime) + s(u.ru_stime);
}

double rss_kib(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6));
  }
  return 0;
}

void Result::latency(const Histogram& h) {
  figures["p50_ms"] = h.quantile(0.5) / 1000;
  figures["p99_ms"] = h.quantile(0.99) / 1000;
  figures["p999_ms"] = h.quantile(0.999) / 1000;
  figures["max_ms"] = h.max() / 1000;
  figures["samples"] = static_cast<double>(h.count());
}

void Result::print() const {
  std::printf("RESULT workload=%s target=%s", workload.c_str(), target.c_str());
  for (const auto& [key, value] : figures) std::printf(" %s=%.15g", key.c_str(), value);
  std::printf("\n");
  std::fflush(stdout);
}

}  // namespace grognard::bench
