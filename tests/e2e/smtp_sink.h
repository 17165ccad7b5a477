#pragma once
// A real SMTP server on loopback for the end-to-end tests of the accounts' mails: smtp_sink.py
// (Python's aiosmtpd, Debian's python3-aiosmtpd) as a child process, which writes each message
// it receives to a file of a temporary folder. Without aiosmtpd the constructor throws, saying
// which package is missing.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "sink_process.h"

namespace grognard::e2e {

class SmtpSink {
 public:
  SmtpSink();
  ~SmtpSink();
  SmtpSink(const SmtpSink&) = delete;
  SmtpSink& operator=(const SmtpSink&) = delete;

  std::string url() const { return "smtp://127.0.0.1:" + std::to_string(process_.port()); }
  // Every message received so far, in order, each as it came ("X-Rcpt: …" first).
  std::vector<std::string> mails() const;
  // The messages once there are `count` at least, or when `timeout` has passed.
  std::vector<std::string> wait_for(std::size_t count,
                                    std::chrono::milliseconds timeout = std::chrono::seconds(15));

 private:
  SinkProcess process_;
};

// The token of the link in a mail, after `path` ("/account/confirm?token="); empty when none.
std::string link_token(const std::string& mail, const std::string& path);

}  // namespace grognard::e2e
