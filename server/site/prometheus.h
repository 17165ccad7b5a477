#pragma once
// The server's Prometheus metrics (GET /metrics), and room::Metrics on top of them.
// Beast-free; prometheus-cpp stays inside metrics.cpp.
//
//   grognard_connections             gauge      open WebSocket connections
//   grognard_rooms_open              gauge      rooms in memory (room::Metrics::rooms)
//   grognard_rooms_expired_total     counter    rooms that expired waiting for players
//   grognard_commands_total{outcome} counter    commands by outcome (room::Metrics::command)
//   grognard_commit_seconds          histogram  write + commit time of one group commit
//   grognard_commit_batch_size       histogram  room batches in one group commit
//   grognard_frames_total{direction} counter    WebSocket messages "in" and "out"
//   grognard_disconnects_total{reason} counter  connections the server closed, by reason
//   grognard_admin_actions_total{action} counter what the operator did (site/admin.h)
//   grognard_admin_denied_total      counter    admin requests with a missing or wrong token
//   grognard_mail_sent_total{result} counter    mails: "sent" (the relay took it), "failed" (it
//       did not: logged), "dropped" (the queue was full)
//   grognard_notices_total{channel,outcome} counter notices delivered (docs/notifications.md):
//       channel "webhook" or "mail"; "sent", "retry" (failed, tried again later), "failed"
//   grognard_banned_requests_total   counter    HTTP requests refused from a banned address
//   grognard_handshakes              gauge      connections in their HTTP/WebSocket handshake
//   grognard_connections_refused_total{reason} counter connections refused at a limit:
//       "max_connections", "max_connections_per_address", "connections_per_range" (503 before
//       the WebSocket handshake), "descriptors" (503: out of descriptors)
//   grognard_accept_errors_total     counter    failed accepts (out of file descriptors, say)
//   grognard_rooms_stopped{cause}    gauge      rooms in memory that take no command: "storage"
//       (a storage error: resumable), "other" (a game that no longer folds, say: close it)
//   grognard_rooms_held              gauge      rooms held until the operator decides (drift)
//   grognard_room_creation_paused    gauge      1 while the operator pauses opening rooms
//
// Thread-safety: every member may be called from any thread.

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "room/metrics.h"

namespace grognard::site {

class ServerMetrics final : public room::Metrics {
 public:
  ServerMetrics();
  ~ServerMetrics() override;
  ServerMetrics(const ServerMetrics&) = delete;
  ServerMetrics& operator=(const ServerMetrics&) = delete;

  // room::Metrics
  void command(room::CommandOutcome outcome) override;
  void rooms(std::size_t open) override;
  void room_expired() override;
  void room_abandoned() override;

  void connection_opened();
  void connection_closed();
  void frame_in();
  void frame_out();
  // reason: "rate_limit", "queue_full", "idle", "too_big", "protocol", "hello_timeout",
  // "handshake_timeout", "handshake_evicted" (its slot taken for a newer one: net/admission.h),
  // "shutdown", "admin"
  void disconnect(std::string_view reason);
  // Connections in their handshake now; a connection refused at a limit (Admission's reasons).
  void handshakes(std::size_t now);
  void connection_refused(std::string_view reason);
  void accept_failed();

  // action: "close_room", "kick", "ban", "unban", "pause_creation", "resume_creation"
  void admin_action(std::string_view action);
  void admin_denied();
  // One mail's result (mail/mail_queue.h): "sent", "failed" or "dropped".
  void mail_sent(std::string_view result);
  // One delivery of a notice (notify/dispatcher.h).
  void notice(std::string_view channel, std::string_view outcome);
  void banned_request();

  // What the rooms in memory stand at, and the operator's pause: set at each scrape.
  void standing(std::size_t stopped_by_storage, std::size_t stopped_otherwise, std::size_t held,
                bool creation_paused);
  // When the last good backup of the database was taken (`backup`), in Unix milliseconds; 0:
  // none recorded. Set at each scrape.
  void last_backup(std::int64_t ms);

  // One group commit of the store: fits store::SqliteStore::Options::on_commit.
  void commit(std::size_t batch_size, double seconds);

  // Every metric in the Prometheus text exposition format (version 0.0.4).
  std::string render() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace grognard::site
