#pragma once
// A real HTTP receiver of webhooks on loopback for the tests of the webhook sender
// (tests/notify/, docs/accounts.md "Webhooks"): webhook_sink.py (Python's http.server, the
// standard library only) as a child process, which appends each POST it gets to a file of a
// temporary folder and answers as its mode says, a mode the test may change at any time.
//
// Thread-safety: one thread uses a sink; the receiver itself answers calls in parallel.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sink_process.h"

namespace grognard::e2e {

// One POST as the receiver got it.
struct WebhookCallSeen {
  std::string path;
  std::vector<std::pair<std::string, std::string>> headers;  // in order, as sent
  std::string body;

  // The value of header `name` (whatever its case); nullopt when it was not sent.
  std::optional<std::string> header(const std::string& name) const;
};

class WebhookSink {
 public:
  WebhookSink();
  ~WebhookSink();
  WebhookSink(const WebhookSink&) = delete;
  WebhookSink& operator=(const WebhookSink&) = delete;

  std::uint16_t port() const { return process_.port(); }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port()) + "/hook"; }
  // How the next calls are answered: "ok" (200), "fail" (500), "redirect" (302 to another path),
  // "slow" (60 s, then 200), "big" (200 with 8 MiB).
  void set_mode(const std::string& mode);
  // Every call received so far, in order.
  std::vector<WebhookCallSeen> calls() const;
  // The calls once there are `count` at least, or when `timeout` has passed.
  std::vector<WebhookCallSeen> wait_for(
      std::size_t count, std::chrono::milliseconds timeout = std::chrono::seconds(15));

 private:
  SinkProcess process_;
};

}  // namespace grognard::e2e
