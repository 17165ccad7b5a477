#include "site/prometheus.h"

#include <prometheus/counter.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>
#include <sys/resource.h>
#include <unistd.h>

#include <ctime>
#include <filesystem>
#include <fstream>
#include <span>
#include <string_view>

namespace grognard::site {

namespace pm = prometheus;

namespace {

// The labels each labelled counter has from the start, at 0, so that an alert on "any
// increase" sees the first one (an unknown label still counts, from its first event).
constexpr std::string_view kDisconnectReasons[] = {
    "rate_limit",        "queue_full",        "idle",     "too_big", "protocol",  "hello_timeout",
    "handshake_timeout", "handshake_evicted", "shutdown", "admin",   "logged_out"};
constexpr std::string_view kRefusalReasons[] = {"max_connections", "max_connections_per_address",
                                                "connections_per_range", "descriptors",
                                                "cross_origin"};
constexpr std::string_view kAdminActions[] = {
    "close_room",     "resume_room",     "kick",        "ban",          "unban",
    "pause_creation", "resume_creation", "import_game", "resume_drift", "disable_account",
    "enable_account"};

constexpr std::string_view kMailResults[] = {"sent", "failed", "dropped"};
constexpr std::string_view kNoticeOutcomes[] = {"sent", "retry", "failed"};

pm::Family<pm::Counter>& with_labels(pm::Family<pm::Counter>& family, const std::string& label,
                                     std::span<const std::string_view> values) {
  for (std::string_view v : values) family.Add({{label, std::string(v)}});
  return family;
}

pm::Gauge& gauge(pm::Registry& registry, const char* name, const char* help) {
  return pm::BuildGauge().Name(name).Help(help).Register(registry).Add({});
}

// This process as the Prometheus convention names it (process_*), read at each scrape.
struct ProcessGauges {
  explicit ProcessGauges(pm::Registry& r)
      : open_fds(gauge(r, "process_open_fds", "Open file descriptors")),
        max_fds(gauge(r, "process_max_fds", "The limit of open file descriptors (LimitNOFILE)")),
        resident(gauge(r, "process_resident_memory_bytes", "Resident memory in bytes")),
        cpu(gauge(r, "process_cpu_seconds_total", "User and system CPU time in seconds")),
        start(gauge(r, "process_start_time_seconds", "Start time since the Unix epoch")) {
    start.Set(static_cast<double>(std::time(nullptr)));
  }

  void read() const {
    std::error_code ec;
    double fds = 0;
    for (auto it = std::filesystem::directory_iterator("/proc/self/fd", ec);
         !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
      ++fds;
    }
    open_fds.Set(fds);
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0) max_fds.Set(static_cast<double>(limit.rlim_cur));
    long pages = 0;
    std::ifstream statm("/proc/self/statm");
    if (statm >> pages >> pages) {
      resident.Set(static_cast<double>(pages) * static_cast<double>(::sysconf(_SC_PAGESIZE)));
    }
    rusage use{};
    if (::getrusage(RUSAGE_SELF, &use) == 0) {
      const auto seconds = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
      };
      cpu.Set(seconds(use.ru_utime) + seconds(use.ru_stime));
    }
  }

  pm::Gauge& open_fds;
  pm::Gauge& max_fds;
  pm::Gauge& resident;
  pm::Gauge& cpu;
  pm::Gauge& start;
};

}  // namespace

struct ServerMetrics::Impl {
  std::shared_ptr<pm::Registry> registry = std::make_shared<pm::Registry>();

  pm::Gauge& connections = pm::BuildGauge()
                               .Name("grognard_connections")
                               .Help("Open WebSocket connections")
                               .Register(*registry)
                               .Add({});
  pm::Gauge& rooms_open = pm::BuildGauge()
                              .Name("grognard_rooms_open")
                              .Help("Rooms held in memory")
                              .Register(*registry)
                              .Add({});
  pm::Counter& rooms_expired = pm::BuildCounter()
                                   .Name("grognard_rooms_expired_total")
                                   .Help("Rooms that expired waiting for players")
                                   .Register(*registry)
                                   .Add({});
  pm::Counter& rooms_abandoned = pm::BuildCounter()
                                     .Name("grognard_rooms_abandoned_total")
                                     .Help("Running games ended as abandoned (--abandoned-days)")
                                     .Register(*registry)
                                     .Add({});
  pm::Family<pm::Counter>& commands = pm::BuildCounter()
                                          .Name("grognard_commands_total")
                                          .Help("Commands handled, by outcome")
                                          .Register(*registry);
  // One counter per outcome, made at start: each shows (as 0) before its first command.
  std::array<pm::Counter*, room::kCommandOutcomes.size()> by_outcome = [this] {
    std::array<pm::Counter*, room::kCommandOutcomes.size()> out{};
    for (room::CommandOutcome o : room::kCommandOutcomes) {
      out.at(static_cast<std::size_t>(o)) =
          &commands.Add({{"outcome", std::string(room::to_string(o))}});
    }
    return out;
  }();
  pm::Histogram& commit_seconds =
      pm::BuildHistogram()
          .Name("grognard_commit_seconds")
          .Help("Time to write and commit one group commit")
          .Register(*registry)
          .Add({}, pm::Histogram::BucketBoundaries{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                                   0.1, 0.25, 0.5, 1.0, 2.5});
  pm::Histogram& commit_batch_size =
      pm::BuildHistogram()
          .Name("grognard_commit_batch_size")
          .Help("Room batches carried by one group commit")
          .Register(*registry)
          .Add({}, pm::Histogram::BucketBoundaries{1, 2, 4, 8, 16, 32, 64, 128, 256});
  pm::Family<pm::Counter>& frames = pm::BuildCounter()
                                        .Name("grognard_frames_total")
                                        .Help("WebSocket messages received (in) and sent (out)")
                                        .Register(*registry);
  pm::Counter& frames_in = frames.Add({{"direction", "in"}});
  pm::Counter& frames_out = frames.Add({{"direction", "out"}});
  pm::Family<pm::Counter>& disconnects =
      with_labels(pm::BuildCounter()
                      .Name("grognard_disconnects_total")
                      .Help("Connections closed by the server, by reason")
                      .Register(*registry),
                  "reason", kDisconnectReasons);
  pm::Family<pm::Counter>& admin_actions =
      with_labels(pm::BuildCounter()
                      .Name("grognard_admin_actions_total")
                      .Help("What the server's operator did, by action")
                      .Register(*registry),
                  "action", kAdminActions);
  pm::Family<pm::Counter>& mail_sent =
      with_labels(pm::BuildCounter()
                      .Name("grognard_mail_sent_total")
                      .Help("Mails handed to the SMTP relay, by result (sent, failed, dropped)")
                      .Register(*registry),
                  "result", kMailResults);
  // Both labels are known in advance: every pair is there from the start, at 0.
  pm::Family<pm::Counter>& notices = [this]() -> pm::Family<pm::Counter>& {
    auto& f = pm::BuildCounter()
                  .Name("grognard_notices_total")
                  .Help(
                      "Notices delivered, by channel (webhook, mail) and outcome (sent, retry, "
                      "failed)")
                  .Register(*registry);
    for (std::string_view channel : {"webhook", "mail"}) {
      for (std::string_view outcome : kNoticeOutcomes) {
        f.Add({{"channel", std::string(channel)}, {"outcome", std::string(outcome)}});
      }
    }
    return f;
  }();
  pm::Counter& admin_denied = pm::BuildCounter()
                                  .Name("grognard_admin_denied_total")
                                  .Help("Admin requests refused for a missing or wrong token")
                                  .Register(*registry)
                                  .Add({});
  pm::Counter& banned_requests = pm::BuildCounter()
                                     .Name("grognard_banned_requests_total")
                                     .Help("HTTP requests refused because the address is banned")
                                     .Register(*registry)
                                     .Add({});
  pm::Gauge& handshakes = pm::BuildGauge()
                              .Name("grognard_handshakes")
                              .Help("Connections in their HTTP/WebSocket handshake")
                              .Register(*registry)
                              .Add({});
  pm::Family<pm::Counter>& refused =
      with_labels(pm::BuildCounter()
                      .Name("grognard_connections_refused_total")
                      .Help("Connections refused at a limit, by limit")
                      .Register(*registry),
                  "reason", kRefusalReasons);
  pm::Counter& accept_errors = pm::BuildCounter()
                                   .Name("grognard_accept_errors_total")
                                   .Help("Connections the listener failed to accept")
                                   .Register(*registry)
                                   .Add({});
  pm::Family<pm::Gauge>& stopped_family =
      pm::BuildGauge()
          .Name("grognard_rooms_stopped")
          .Help("Rooms in memory that take no command, by cause")
          .Register(*registry);
  pm::Gauge& stopped_by_storage = stopped_family.Add({{"cause", "storage"}});
  pm::Gauge& stopped_otherwise = stopped_family.Add({{"cause", "other"}});
  pm::Gauge& held = gauge(*registry, "grognard_rooms_held",
                          "Rooms held until the operator decides (their game drifted)");
  pm::Gauge& creation_paused = gauge(*registry, "grognard_room_creation_paused",
                                     "1 while the operator pauses the opening of new rooms");
  pm::Gauge& last_backup = gauge(*registry, "grognard_last_backup_timestamp_seconds",
                                 "When the last good backup was taken (Unix time; 0: none)");
  ProcessGauges process{*registry};
};

ServerMetrics::ServerMetrics() : impl_(std::make_unique<Impl>()) {}
ServerMetrics::~ServerMetrics() = default;

void ServerMetrics::command(room::CommandOutcome outcome) {
  impl_->by_outcome.at(static_cast<std::size_t>(outcome))->Increment();
}

void ServerMetrics::rooms(std::size_t open) {
  impl_->rooms_open.Set(static_cast<double>(open));
}

void ServerMetrics::standing(std::size_t stopped_by_storage, std::size_t stopped_otherwise,
                             std::size_t held, bool creation_paused) {
  impl_->stopped_by_storage.Set(static_cast<double>(stopped_by_storage));
  impl_->stopped_otherwise.Set(static_cast<double>(stopped_otherwise));
  impl_->held.Set(static_cast<double>(held));
  impl_->creation_paused.Set(creation_paused ? 1.0 : 0.0);
}

void ServerMetrics::last_backup(std::int64_t ms) {
  impl_->last_backup.Set(static_cast<double>(ms) / 1000.0);
}

void ServerMetrics::room_expired() {
  impl_->rooms_expired.Increment();
}

void ServerMetrics::room_abandoned() {
  impl_->rooms_abandoned.Increment();
}

void ServerMetrics::connection_opened() {
  impl_->connections.Increment();
}
void ServerMetrics::connection_closed() {
  impl_->connections.Decrement();
}
void ServerMetrics::frame_in() {
  impl_->frames_in.Increment();
}
void ServerMetrics::frame_out() {
  impl_->frames_out.Increment();
}

void ServerMetrics::disconnect(std::string_view reason) {
  impl_->disconnects.Add({{"reason", std::string(reason)}}).Increment();
}

void ServerMetrics::handshakes(std::size_t now) {
  impl_->handshakes.Set(static_cast<double>(now));
}
void ServerMetrics::connection_refused(std::string_view reason) {
  impl_->refused.Add({{"reason", std::string(reason)}}).Increment();
}
void ServerMetrics::accept_failed() {
  impl_->accept_errors.Increment();
}

void ServerMetrics::admin_action(std::string_view action) {
  impl_->admin_actions.Add({{"action", std::string(action)}}).Increment();
}
void ServerMetrics::mail_sent(std::string_view result) {
  impl_->mail_sent.Add({{"result", std::string(result)}}).Increment();
}
void ServerMetrics::notice(std::string_view channel, std::string_view outcome) {
  impl_->notices.Add({{"channel", std::string(channel)}, {"outcome", std::string(outcome)}})
      .Increment();
}
void ServerMetrics::admin_denied() {
  impl_->admin_denied.Increment();
}
void ServerMetrics::banned_request() {
  impl_->banned_requests.Increment();
}

void ServerMetrics::commit(std::size_t batch_size, double seconds) {
  impl_->commit_seconds.Observe(seconds);
  impl_->commit_batch_size.Observe(static_cast<double>(batch_size));
}

std::string ServerMetrics::render() const {
  impl_->process.read();
  return pm::TextSerializer{}.Serialize(impl_->registry->Collect());
}

}  // namespace grognard::site
