#pragma once
// A Mailer that hands each mail to an SMTP relay through libcurl (docs/operations.md, "E-mail"):
// smtp://HOST:PORT (STARTTLS when the relay offers it, and always when a user is set: a password
// never crosses in the clear) or smtps://HOST:PORT (TLS from the start). Each send() is one
// connection, bounded by the connect and the total timeout: it blocks for up to that long, so
// it runs on a thread of its own (mail/mail_queue.h), never on a network thread.
//
// Thread-safety: send() may be called from several threads; each call has its own handle.

#include <chrono>
#include <string>

#include "mail/mail.h"

namespace grognard::mail {

struct SmtpOptions {
  std::string url;       // smtp://host:port or smtps://host:port
  std::string from;      // "Name <address>" or an address: the From header and the envelope
  std::string user;      // empty: no log-in to the relay
  std::string password;  // for `user`
  std::chrono::milliseconds connect_timeout{10'000};
  std::chrono::milliseconds timeout{30'000};  // the whole exchange
};

// Why `options` cannot send (a URL of another scheme, no sender), or nothing.
engine::Status check_smtp_options(const SmtpOptions& options);

class SmtpMailer final : public Mailer {
 public:
  // REQUIRES: check_smtp_options(options) is ok.
  explicit SmtpMailer(SmtpOptions options);
  engine::Status send(const Mail& mail) override;

 private:
  const SmtpOptions options_;
};

// The message as SMTP carries it: headers, a blank line, the body, every line ending in CRLF.
// `date` is the Date header's value. An error when a header field holds a line break.
engine::Result<std::string> smtp_message(const Mail& mail, const std::string& from,
                                         const std::string& date);
// The address in "Name <address>", or the whole text when it has no angle brackets.
std::string envelope_address(const std::string& from);

}  // namespace grognard::mail
