#pragma once
// What the listener and every WebSocket session share: settings, the lobby, metrics, the
// Welcome message, and the set of live sessions that graceful shutdown walks. Beast-free.
//
// Lifetime: held by shared_ptr from the Server and from each session, so a session that
// outlives the Server still finds it. The lobby and metrics outlive every session (main).
// Thread-safety: every member may be called from any thread.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/thread_pool.hpp>

#include "net/account_desk.h"
#include "net/admission.h"
#include "net/options.h"
#include "room/lobby.h"
#include "room/refusal_log.h"
#include "site/admin.h"
#include "site/bans.h"
#include "site/pages.h"
#include "site/prometheus.h"

namespace grognard::net {

// A session as shutdown and the operator see it.
class Closable {
 public:
  virtual ~Closable() = default;
  // Sends Closing{reason}, then closes with going_away and `reason`. Never blocks.
  virtual void shut_down(std::string reason) = 0;
  // The operator's kick: Closing{reason}, then a close with policy_error. Never blocks.
  virtual void kick(std::string reason) = 0;
  virtual site::ConnectionInfo describe() const = 0;
  // Logs the connection out if it is logged in to `account_id` by a session `ended` says has
  // ended (net/account_desk.h). Never blocks.
  virtual void end_session(std::int64_t account_id,
                           const std::function<bool(const std::string&)>& ended) = 0;
};

class Hub final : public site::Connections {
 public:
  Hub(Options opts, room::Lobby& lob, site::ServerMetrics& met,
      std::shared_ptr<const v1::ServerMessage> hello_reply, AccountDesk& accounts)
      : options(std::move(opts)),
        lobby(lob),
        metrics(met),
        welcome(std::move(hello_reply)),
        desk(accounts) {}

  const Options options;
  const site::WebSite web{options.web_dir};  // the web client and battle reports (site/pages.h)
  // Battle reports are made here, one at a time, never on the threads that serve games: a
  // report folds a whole game. At most kMaxPendingReports wait; more are told to come back.
  boost::asio::thread_pool report_thread{1};
  std::atomic<int> reports_pending{0};
  static constexpr int kMaxPendingReports = 8;
  room::Lobby& lobby;
  site::ServerMetrics& metrics;
  const std::shared_ptr<const v1::ServerMessage> welcome;
  // Logging in and out, on a thread of its own; outlives every session (main).
  AccountDesk& desk;
  // Handshakes and connections at once (Options::max_handshakes, max_connections, …).
  Admission admission{
      Admission::Limits{
          options.max_connections, options.max_connections_per_address,
          static_cast<std::uint32_t>(room::share_of(options.max_connections, options.range_share)),
          options.max_handshakes, options.handshakes_per_address},
      metrics};

  std::uint64_t next_id() { return ++last_id_; }

  // Registers a session once its WebSocket handshake is done. Returns false once shutdown
  // has begun: the caller then shuts itself down.
  bool add(std::uint64_t id, std::weak_ptr<Closable> session);
  void remove(std::uint64_t id);
  std::size_t size() const;
  // Logs out the sessions of `account_id` whose token `ended` says (Closable::end_session).
  void end_sessions(std::int64_t account_id, const std::function<bool(const std::string&)>& ended);

  // From now on add() refuses and /healthz answers 503.
  void begin_shutdown() { shutting_down_ = true; }
  bool shutting_down() const { return shutting_down_; }

  // Calls shut_down(reason) on every live session.
  void shut_down_all(const std::string& reason);
  // Waits until no session is registered or `timeout` passed; true if none is left.
  bool wait_empty(std::chrono::milliseconds timeout);

  // The operator's tools (site/admin.h).
  std::vector<site::ConnectionInfo> list() const override;
  std::optional<site::ConnectionInfo> kick(std::uint64_t id, const std::string& reason) override;
  std::size_t kick_address(const std::string& address, const std::string& reason) override;
  site::AdminTools admin_tools() {
    return {options.admin_token, *this, bans, lobby, metrics, desk};
  }
  site::Bans bans;
  // Refused upgrades and requests, logged with their address, a line a kind at most every 10 s.
  room::RefusalLog refusals{room::system_clock_ms};

 private:
  std::atomic<std::uint64_t> last_id_{0};
  std::atomic<bool> shutting_down_{false};
  mutable std::mutex mu_;
  std::condition_variable empty_;
  std::map<std::uint64_t, std::weak_ptr<Closable>> sessions_;

  std::vector<std::shared_ptr<Closable>> live() const;
};

}  // namespace grognard::net
