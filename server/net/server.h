#pragma once
// The network front door: one TCP listener serving, on the same port,
//   - WebSocket upgrades on any path: a session per connection (net/session.h),
//   - GET /healthz: 200 "ok\n", or 503 once shutdown has begun,
//   - GET /metrics: Prometheus text format,
//   - anything else: 404.
// Beast stays inside server.cpp and session.cpp; this header is Beast-free.
//
// Thread-safety: start() once, from one thread; the rest may be called from any thread.

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "net/account_desk.h"
#include "net/options.h"
#include "record/registry.h"
#include "room/lobby.h"
#include "site/prometheus.h"

namespace boost::asio {
class io_context;
}

namespace grognard::net {

class Server {
 public:
  // `ioc`, `lobby`, `registry` and `metrics` outlive the Server.
  // `accounts` outlives every session: the server's connections log in through it.
  Server(boost::asio::io_context& ioc, Options options, room::Lobby& lobby,
         const record::Registry& registry, site::ServerMetrics& metrics, AccountDesk& accounts);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds options.listen and starts accepting (on the io_context's threads).
  // Throws std::runtime_error naming the address when it cannot be resolved or bound.
  void start();

  // The bound address, e.g. "127.0.0.1" or "[::1]", and port (the real one for port 0).
  // REQUIRES: start() succeeded.
  std::string host() const;
  std::uint16_t port() const;

  // Graceful shutdown, step by step (main.cpp runs them in order):
  // stop accepting; /healthz answers 503 and new upgrades are refused.
  void stop_accepting();
  // Pushes Closing{reason} to every session and closes each with going_away and `reason`.
  void close_sessions(const std::string& reason);
  // Waits until every session has ended or `timeout` passed; true if all ended.
  bool wait_sessions(std::chrono::milliseconds timeout);
  std::size_t sessions() const;
  // The operator's bans, which the admin API changes (restored from the database at start).
  site::Bans& bans();

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace grognard::net
