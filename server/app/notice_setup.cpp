#include "app/notice_setup.h"

#include <spdlog/spdlog.h>

namespace grognard::app {

engine::Result<NoticeSetup> start_notices(const Config& config, mail::Mailer* mailer,
                                          room::Clock clock, site::ServerMetrics& metrics) {
  NoticeSetup out;
  auto records = store::NoticeRecords::open(config.db);
  if (!records.ok()) return records.error();
  out.records = std::move(records).value();
  out.sender = std::make_unique<notify::WebhookSender>(config.webhook);
  notify::Dispatcher::Options options;
  options.public_url = config.public_url;
  out.dispatcher = std::make_unique<notify::Dispatcher>(
      *out.records, out.sender.get(), mailer, std::move(clock), options,
      [&metrics](std::string_view channel, std::string_view outcome) {
        metrics.notice(channel, outcome);
      });
  if (config.public_url.empty()) {
    spdlog::warn("notices: no --public-url, so their links are paths alone (/rooms/CODE?seat=…)");
  }
  spdlog::info("notices: by webhook (https to public hosts{}){}",
               config.webhook.allow.empty()
                   ? ""
                   : ", and " + std::to_string(config.webhook.allow.size()) + " allowed entries",
               mailer != nullptr ? " and by e-mail" : "; no e-mail (no --smtp-url)");
  return out;
}

}  // namespace grognard::app
