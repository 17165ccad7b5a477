// GET /metrics as the operator's alerts read it (docs/operations.md, "Metrics"): every labelled
// counter the guide names is there from the start at 0, so that an alert on "any increase"
// sees the first event; the process's descriptors and their limit are exported beside them.
#include <string>

#include <catch2/catch.hpp>

#include "game.h"

namespace grognard::e2e {

TEST_CASE("every labelled counter is at 0 from the start, beside the process's descriptors",
          "[e2e][metrics]") {
  ServerProcess server;
  for (const char* name :
       {"grognard_disconnects_total{reason=\"rate_limit\"}",
        "grognard_disconnects_total{reason=\"handshake_evicted\"}",
        "grognard_disconnects_total{reason=\"admin\"}",
        "grognard_connections_refused_total{reason=\"max_connections_per_address\"}",
        "grognard_connections_refused_total{reason=\"descriptors\"}",
        "grognard_admin_actions_total{action=\"kick\"}",
        "grognard_admin_actions_total{action=\"import_game\"}",
        "grognard_commands_total{outcome=\"unavailable\"}",
        "grognard_rooms_stopped{cause=\"storage\"}", "grognard_rooms_stopped{cause=\"other\"}",
        "grognard_rooms_held", "grognard_room_creation_paused",
        "grognard_mail_sent_total{result=\"failed\"}",
        "grognard_mail_sent_total{result=\"dropped\"}"}) {
    INFO(name);
    CHECK(metric_now(server, name) == 0);
  }
  const double open = metric_now(server, "process_open_fds");
  const double limit = metric_now(server, "process_max_fds");
  CHECK(open >= 3);
  CHECK(limit > open);
  Client a = connect(server);
  Client b = connect(server);
  CHECK(metric_now(server, "process_open_fds") >= open + 2);  // a socket each
  CHECK(metric_now(server, "process_resident_memory_bytes") > 1e6);
  CHECK(metric_now(server, "process_start_time_seconds") > 1.7e9);
}

}  // namespace grognard::e2e
