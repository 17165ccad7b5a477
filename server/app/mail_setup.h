#pragma once
// The server's e-mail (docs/operations.md, "E-mail"), made from its flags: an SMTP mailer behind
// a queue with a thread of its own, each result counted in /metrics, and the accounts' mailroom
// on them. Without --smtp-url the mailroom sends nothing, which start_mail() says once.

#include <memory>

#include "accounts/mailroom.h"
#include "app/config.h"
#include "mail/mail_queue.h"
#include "mail/smtp_mailer.h"
#include "site/prometheus.h"

namespace grognard::app {

struct MailSetup {
  std::unique_ptr<mail::SmtpMailer> smtp;
  std::unique_ptr<mail::MailQueue> queue;
  std::unique_ptr<accounts::Mailroom> mailroom;
};

// REQUIRES: `store` and `metrics` outlive the result.
MailSetup start_mail(const Config& config, accounts::AccountStore& store,
                     site::ServerMetrics& metrics);

}  // namespace grognard::app
