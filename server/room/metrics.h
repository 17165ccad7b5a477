#pragma once
// What rooms report for operations (GET /metrics). The server feeds Prometheus from it.

#include <string_view>

namespace grognard::room {

class Metrics {
 public:
  virtual ~Metrics() = default;
  // outcome: "accepted", "duplicate", "illegal", "not_your_turn", "permission_denied",
  // "invalid", "unavailable", "failed_precondition", "not_found", "unauthenticated"
  virtual void command(std::string_view outcome) = 0;
  virtual void rooms(std::size_t open) = 0;
  // A room waited too long for its players and expired.
  virtual void room_expired() = 0;
};

class NullMetrics final : public Metrics {
 public:
  void command(std::string_view) override {}
  void rooms(std::size_t) override {}
  void room_expired() override {}
};

}  // namespace grognard::room
