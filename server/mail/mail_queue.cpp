#include "mail/mail_queue.h"

#include <spdlog/spdlog.h>

namespace grognard::mail {

namespace {

std::string domain_of(const std::string& address) {
  const auto at = address.rfind('@');
  return at == std::string::npos ? std::string("?") : address.substr(at + 1);
}

}  // namespace

MailQueue::MailQueue(Mailer& out, std::size_t capacity, OnResult on_result)
    : out_(out), capacity_(capacity), on_result_(std::move(on_result)) {
  thread_ = std::thread([this] { run(); });
}

MailQueue::~MailQueue() {
  std::size_t dropped = 0;
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
    dropped = queue_.size();
    queue_.clear();
  }
  wake_.notify_all();
  thread_.join();
  if (dropped > 0) spdlog::warn("mail: {} mails still queued at shutdown were not sent", dropped);
}

engine::Status MailQueue::send(const Mail& mail) {
  {
    std::lock_guard lock(mu_);
    if (!stopping_ && queue_.size() < capacity_) {
      queue_.push_back(mail);
      wake_.notify_one();
      return engine::ok_status();
    }
  }
  if (on_result_) on_result_("dropped");
  spdlog::warn("mail: the queue is full ({} mails): a mail to a {} address was dropped", capacity_,
               domain_of(mail.to));
  return engine::Error{engine::ErrorCode::kFailedPrecondition, "mail.queue-full",
                       "too many mails wait to be sent: try again later"};
}

void MailQueue::drain() {
  std::unique_lock lock(mu_);
  idle_.wait(lock, [this] { return (queue_.empty() && !sending_) || stopping_; });
}

void MailQueue::run() {
  for (;;) {
    Mail mail;
    {
      std::unique_lock lock(mu_);
      sending_ = false;
      idle_.notify_all();
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      mail = std::move(queue_.front());
      queue_.pop_front();
      sending_ = true;
    }
    const engine::Status st = out_.send(mail);
    if (st) {
      spdlog::info("mail: sent \"{}\" to a {} address", mail.subject, domain_of(mail.to));
    } else {
      spdlog::warn("mail: \"{}\" to a {} address failed: {}", mail.subject, domain_of(mail.to),
                   st.error().message);
    }
    if (on_result_) on_result_(st ? "sent" : "failed");
  }
}

}  // namespace grognard::mail
