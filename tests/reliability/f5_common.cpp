#include "f5_common.h"

#include <algorithm>
#include <cstdio>
#include <thread>

#include "grognard/v1/protocol.pb.h"

namespace grognard::f5 {

using e2e::raw::Millis;
using namespace std::chrono_literals;

void Tally::note(const std::string& attack, const std::string& outcome, bool expected) {
  std::lock_guard lock(mu);
  ++outcomes[attack][outcome];
  if (!expected) ++wrong;
}

int Tally::count(const std::string& attack, const std::string& outcome) {
  std::lock_guard lock(mu);
  const auto a = outcomes.find(attack);
  if (a == outcomes.end()) return 0;
  const auto o = a->second.find(outcome);
  return o == a->second.end() ? 0 : o->second;
}

void Tally::print() {
  std::lock_guard lock(mu);
  std::printf("\nattacks (outcome: count)\n");
  for (const auto& [attack, by_outcome] : outcomes) {
    for (const auto& [outcome, count] : by_outcome) {
      std::printf("  %-34s %-60s %6d\n", attack.c_str(), outcome.c_str(), count);
    }
  }
}

std::string ping_frame(std::uint64_t id) {
  v1::ClientMessage m;
  m.set_request_id(id);
  m.mutable_ping();
  return e2e::raw::frame(e2e::raw::kBinary, m.SerializeAsString());
}

void time_pings(e2e::raw::Socket& s, Clock::time_point until, std::vector<double>& out,
                bool* dropped, std::uint64_t& next_id) {
  auto tick = Clock::now();
  while (Clock::now() < until) {
    const std::uint64_t id = next_id++;
    const auto sent = Clock::now();
    if (!s.send(ping_frame(id))) {
      *dropped = true;
      return;
    }
    for (;;) {
      auto f = s.read_frame(Millis(10'000));
      if (!f) {
        *dropped = true;
        return;
      }
      v1::ServerMessage m;
      if (f->opcode == e2e::raw::kBinary && m.ParseFromString(f->payload) && m.request_id() == id) {
        break;
      }
    }
    out.push_back(std::chrono::duration<double, std::micro>(Clock::now() - sent).count());
    tick += 10ms;
    std::this_thread::sleep_until(tick);
  }
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto at = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(at, v.size() - 1)];
}

std::string code_name(int code) {
  return code == 0 ? "dropped" : "close " + std::to_string(code);
}

void print_round_trips(const char* label, const std::vector<double>& samples) {
  std::printf("  %-28s %6zu samples  p50 %8.0f  p99 %8.0f  max %8.0f\n", label, samples.size(),
              percentile(samples, 0.5), percentile(samples, 0.99), percentile(samples, 1.0));
}

bool ends_well(std::uint16_t port, Tally& tally, const std::string& server_log) {
  bool well = true;
  if (const int status = e2e::raw::http_get(port, "/healthz").first; status != 200) {
    std::printf("FAIL: /healthz answers %d after the attacks\n", status);
    well = false;
  }
  if (tally.wrong > 0) {
    std::printf("FAIL: %d attacks got another outcome than expected\n", tally.wrong);
    well = false;
  }
  if (server_log.find("unhandled exception") != std::string::npos) {
    std::printf("FAIL: the server log holds an unhandled exception\n");
    well = false;
  }
  return well;
}

void print_metrics(std::uint16_t port, const std::vector<std::string>& prefixes) {
  const auto page = e2e::raw::http_get(port, "/metrics");
  std::printf("\nserver metrics\n");
  const std::string& text = page.second;
  for (std::size_t at = 0; at < text.size();) {
    const auto end = text.find('\n', at);
    const std::string line = text.substr(at, end - at);
    for (const std::string& prefix : prefixes) {
      if (line.rfind(prefix, 0) == 0) {
        std::printf("  %s\n", line.c_str());
        break;
      }
    }
    if (end == std::string::npos) break;
    at = end + 1;
  }
}

}  // namespace grognard::f5

namespace grognard::f5 {

e2e::raw::Socket greeted(std::uint16_t port, const std::string& source,
                         const std::string& forwarded) {
  e2e::raw::Socket s(port, Millis(5000), 0, source);
  const std::string extra = forwarded.empty() ? "" : "X-Forwarded-For: " + forwarded + "\r\n";
  if (s.is_open() && !s.upgrade_and_hello(Millis(5000), extra)) s.close();
  return s;
}

std::optional<v1::ServerMessage> ask(e2e::raw::Socket& s, const v1::ClientMessage& m,
                                     Millis timeout) {
  if (!s.send(e2e::raw::frame(e2e::raw::kBinary, m.SerializeAsString()))) return std::nullopt;
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    const auto left = std::chrono::duration_cast<Millis>(deadline - Clock::now());
    auto f = s.read_frame(left);
    if (!f) return std::nullopt;
    v1::ServerMessage answer;
    if (f->opcode == e2e::raw::kBinary && answer.ParseFromString(f->payload) &&
        answer.request_id() == m.request_id()) {
      return answer;
    }
  }
  return std::nullopt;
}

}  // namespace grognard::f5
