#pragma once
// The sender of the notices in the outbox (docs/notifications.md): a thread of its own that
// reads what the rooms wrote (store/notice_records.h) and delivers it.
//
// - By webhook, when the account has one: each notice in its own call, with its idempotency key
//   (notify/webhook.h); a failed call is tried again after 1 min, 5 min, 30 min, 2 h and 6 h,
//   then the notice is marked failed and the account's webhook failing, with why, for its owner
//   to see. A notice delivered marks it working again. A round makes no more calls to an
//   account whose call just failed, so that one receiver that does not answer holds up the
//   others for one call (10 s at most) a round.
// - By e-mail, when the account has a confirmed address: "each", one mail per game at most every
//   `mail_pace_ms` (the notices of a game that came meanwhile go together in the next one), or
//   "daily", one digest of every game at most every `digest_ms`. Every mail links the games.
//   Mails go to the mailer itself, on this thread, and are marked sent once it took them; when
//   it refuses, no mail is tried for `mail_retry_ms`.
//
// At least once: a notice is marked sent only after it went, so a crash between the two sends
// it again after the restart, with the same key for the receiver to drop the repeat. Times come
// from `clock` (the server's; the tests' moved clock).
//
// Thread-safety: kick() and drain() from any thread; the destructor stops the thread.

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "mail/mail.h"
#include "notify/webhook.h"
#include "store/notice_records.h"

namespace grognard::notify {

class Dispatcher {
 public:
  struct Options {
    std::string public_url;  // links: public_url + "/rooms/CODE?seat=…"
    // The waits after the 1st, 2nd, … failed call; after one more the notice has failed.
    std::vector<std::int64_t> retry_ms = {60'000, 300'000, 1'800'000, 7'200'000, 21'600'000};
    std::int64_t mail_pace_ms = 3 * 3'600'000;     // "each": at most one mail per game in this
    std::int64_t digest_ms = 24 * 3'600'000;       // "daily"
    std::int64_t mail_retry_ms = 300'000;          // after the mailer refused one
    std::int64_t keep_ms = 30LL * 24 * 3'600'000;  // notices done with are deleted after this
    std::chrono::milliseconds poll{1000};          // looks again this often (and when kicked)
    int batch = 50;                                // notices read at a time
    bool start_thread = true;                      // false: nothing is sent but by round() (tests)
  };
  // What happened to a delivery, for the metrics: channel "webhook" or "mail", outcome "sent",
  // "retry", "failed".
  using OnResult = std::function<void(std::string_view channel, std::string_view outcome)>;

  // `poster` null: no webhooks are called (their notices are marked "none"); `mailer` null: no
  // mail is sent. `mailer` is called on the dispatcher's thread and should send (not queue), so
  // that a notice is marked mailed only once the relay took it. REQUIRES: `records`, `poster`
  // and `mailer` outlive the dispatcher.
  Dispatcher(store::NoticeRecords& records, WebhookPoster* poster, mail::Mailer* mailer,
             std::function<std::int64_t()> clock, Options options, OnResult on_result = {});
  ~Dispatcher();
  Dispatcher(const Dispatcher&) = delete;
  Dispatcher& operator=(const Dispatcher&) = delete;

  // New notices are in the outbox: look now.
  void kick();
  // One round on the caller's thread: what is due is sent.
  void round();

  // The JSON body of the webhook call for `n` (a v1::Notification).
  std::string body(const store::DueHook& h) const;

 private:
  void run();
  void send_hooks(std::int64_t now);
  void send_mails(std::int64_t now);
  std::string link(const record::NoticeRecord& n) const;

  store::NoticeRecords& records_;
  WebhookPoster* const poster_;
  mail::Mailer* const mailer_;
  const std::function<std::int64_t()> clock_;
  const Options options_;
  const OnResult on_result_;
  bool stopping();
  std::int64_t pruned_ms_ = 0;       // the thread's: when it last pruned
  std::int64_t mail_paused_ms_ = 0;  // the thread's: no mail before this (the mailer refused)

  std::mutex mu_;
  std::condition_variable wake_;
  bool kicked_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace grognard::notify
