#include "app/config_mail.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace grognard::app {

void add_mail_flags(CLI::App& cli, Config& config) {
  cli.add_option("--smtp-url", config.smtp.url,
                 "SMTP relay that sends the accounts' mails: smtp://HOST:PORT (STARTTLS when "
                 "offered, required with --smtp-user) or smtps://HOST:PORT (none: no mail)")
      ->envname("GROGNARD_SMTP_URL");
  cli.add_option("--smtp-from", config.smtp.from,
                 "The mails' sender: name@domain, or \"Name <name@domain>\"")
      ->envname("GROGNARD_SMTP_FROM");
  cli.add_option("--smtp-user", config.smtp.user,
                 "User to log in to the relay as (none: no log-in)")
      ->envname("GROGNARD_SMTP_USER");
  cli.add_option("--smtp-password-file", config.smtp_password_file,
                 "File whose first line is the relay's password (or set GROGNARD_SMTP_PASSWORD; "
                 "never a flag: flags show in the process list)")
      ->envname("GROGNARD_SMTP_PASSWORD_FILE")
      ->check(CLI::ExistingFile);
  cli.add_option("--public-url", config.public_url,
                 "The address players open the server at, e.g. https://games.example.org: the "
                 "links in mails start with it (needed with --smtp-url)")
      ->envname("GROGNARD_PUBLIC_URL");
  cli.add_option("--webhook-allow", config.webhook.allow,
                 "A host name or an address range (127.0.0.1/32, 10.1.0.0/16, ::1/128) that "
                 "accounts' webhooks may reach besides public https:// hosts, over http:// too "
                 "(repeatable; docs/notifications.md)")
      ->envname("GROGNARD_WEBHOOK_ALLOW");
}

std::optional<std::string> finish_mail_flags(Config& config) {
  mail::SmtpOptions& smtp = config.smtp;
  if (!config.smtp_password_file.empty()) {
    std::ifstream in(config.smtp_password_file);
    if (!in || !std::getline(in, smtp.password)) {
      return "cannot read the SMTP password from " + config.smtp_password_file;
    }
  } else if (const char* env = std::getenv("GROGNARD_SMTP_PASSWORD"); env != nullptr) {
    smtp.password = env;
  }
  if (auto st = notify::check_policy(config.webhook); !st) return st.error().message;
  if (smtp.url.empty()) return std::nullopt;
  if (auto st = mail::check_smtp_options(smtp); !st) return st.error().message;
  if (!smtp.user.empty() && smtp.password.empty()) {
    return "--smtp-user needs a password: --smtp-password-file FILE or GROGNARD_SMTP_PASSWORD";
  }
  const std::string& url = config.public_url;
  if (!(url.starts_with("http://") || url.starts_with("https://")) ||
      url.find_first_of(" \t\r\n?#") != std::string::npos) {
    return "--smtp-url needs --public-url, the address players open the server at "
           "(http://… or https://…, no query), for the links in mails; got \"" +
           url + "\"";
  }
  return std::nullopt;
}

}  // namespace grognard::app
