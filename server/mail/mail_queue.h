#pragma once
// A Mailer that queues (docs/operations.md, "E-mail"): send() puts the mail in a bounded queue
// and returns at once; a thread of its own hands each to the mailer behind it, one at a time.
// A full queue refuses the mail (and counts it "dropped"); the destructor sends nothing more
// and drops what is still queued.
//
// Each mail's outcome is reported to `on_result` from the queue's thread: "sent", "failed"
// (the mailer's error is logged with the recipient's domain, never the body, which may hold a
// token) or "dropped" (from the caller's thread).
//
// Thread-safety: send() may be called from any thread.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string_view>
#include <thread>

#include "mail/mail.h"

namespace grognard::mail {

class MailQueue final : public Mailer {
 public:
  using OnResult = std::function<void(std::string_view result)>;
  static constexpr std::size_t kDefaultCapacity = 256;

  // REQUIRES: `out` outlives the queue.
  MailQueue(Mailer& out, std::size_t capacity, OnResult on_result);
  ~MailQueue() override;
  MailQueue(const MailQueue&) = delete;
  MailQueue& operator=(const MailQueue&) = delete;

  engine::Status send(const Mail& mail) override;
  // Waits until the queue is empty and no mail is being sent (tests, shutting down).
  void drain();

 private:
  void run();

  Mailer& out_;
  const std::size_t capacity_;
  const OnResult on_result_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<Mail> queue_;
  bool sending_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace grognard::mail
