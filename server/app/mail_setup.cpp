#include "app/mail_setup.h"

#include <spdlog/spdlog.h>

namespace grognard::app {

MailSetup start_mail(const Config& config, accounts::AccountStore& store,
                     site::ServerMetrics& metrics) {
  MailSetup out;
  if (config.smtp.url.empty()) {
    spdlog::info(
        "e-mail off (no --smtp-url): addresses are not confirmed and passwords not reset by "
        "mail");
  } else {
    out.smtp = std::make_unique<mail::SmtpMailer>(config.smtp);
    out.queue = std::make_unique<mail::MailQueue>(
        *out.smtp, mail::MailQueue::kDefaultCapacity,
        [&metrics](std::string_view result) { metrics.mail_sent(result); });
    spdlog::info("e-mail through {} from {}{}; links to {}", config.smtp.url, config.smtp.from,
                 config.smtp.user.empty() ? "" : " (as " + config.smtp.user + ")",
                 config.public_url);
  }
  accounts::Mailroom::Options options;
  options.public_url = config.public_url;
  out.mailroom = std::make_unique<accounts::Mailroom>(store, out.queue.get(), options);
  return out;
}

}  // namespace grognard::app
