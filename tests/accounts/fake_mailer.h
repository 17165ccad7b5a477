#pragma once
// A Mailer that keeps what it is given (accounts and mail tests).

#include <mutex>
#include <string>
#include <vector>

#include "mail/mail.h"

namespace grognard::accounts::test {

struct FakeMailer final : mail::Mailer {
  engine::Status send(const mail::Mail& m) override {
    std::lock_guard lock(mu);
    sent.push_back(m);
    return engine::ok_status();
  }
  std::mutex mu;
  std::vector<mail::Mail> sent;
};

// The token of the link in a mail's body ("token=" up to the end of the line).
inline std::string token_in(const mail::Mail& m) {
  const auto at = m.body.find("token=");
  if (at == std::string::npos) return {};
  const auto end = m.body.find('\n', at);
  return m.body.substr(at + 6, end - at - 6);
}

}  // namespace grognard::accounts::test
