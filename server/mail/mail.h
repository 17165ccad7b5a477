#pragma once
// One e-mail and what sends it (docs/operations.md, "E-mail"). mail/smtp_mailer.h sends through
// an SMTP relay; mail/mail_queue.h puts a thread between the callers and a slow relay; tests use
// a fake that keeps what it was given.

#include <string>

#include "engine/result.h"

namespace grognard::mail {

// A plain-text mail to one address. No field may hold a line break but `body`.
struct Mail {
  std::string to;       // an address, name@domain
  std::string subject;  // one line
  std::string body;     // UTF-8 text, lines ending in '\n'
};

class Mailer {
 public:
  virtual ~Mailer() = default;
  // Sends `mail`, or says why not (a refused address, a relay that does not answer, a full
  // queue). Thread-safety: each implementation says.
  virtual engine::Status send(const Mail& mail) = 0;
};

}  // namespace grognard::mail
