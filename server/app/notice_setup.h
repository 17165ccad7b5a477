#pragma once
// The server's notices (docs/notifications.md), made from its flags: the outbox's records, the
// webhook sender with the operator's allow-list, and the dispatcher's thread that delivers what
// the rooms wrote, by webhook and through the server's mail queue, each result counted in
// /metrics. A database in memory keeps no accounts, and so sends no notices.

#include <chrono>
#include <memory>

#include "app/config.h"
#include "engine/result.h"
#include "mail/mail.h"
#include "notify/dispatcher.h"
#include "notify/webhook.h"
#include "room/clock.h"
#include "site/prometheus.h"
#include "store/notice_records.h"

namespace grognard::app {

struct NoticeSetup {
  std::unique_ptr<store::NoticeRecords> records;
  std::unique_ptr<notify::WebhookSender> sender;
  std::unique_ptr<notify::Dispatcher> dispatcher;  // last: stopped first
};

// REQUIRES: `mailer` (null: no mail) and `metrics` outlive the result.
engine::Result<NoticeSetup> start_notices(const Config& config, mail::Mailer* mailer,
                                          room::Clock clock, site::ServerMetrics& metrics);

}  // namespace grognard::app
