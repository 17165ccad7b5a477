#include "notify/dispatcher.h"

#include <google/protobuf/util/json_util.h>
#include <spdlog/spdlog.h>

#include <map>
#include <set>
#include <utility>

#include "grognard/v1/protocol.pb.h"

namespace grognard::notify {

namespace v1 = grognard::v1;

Dispatcher::Dispatcher(store::NoticeRecords& records, WebhookPoster* poster, mail::Mailer* mailer,
                       std::function<std::int64_t()> clock, Options options, OnResult on_result)
    : records_(records),
      poster_(poster),
      mailer_(mailer),
      clock_(std::move(clock)),
      options_(std::move(options)),
      on_result_(std::move(on_result)) {
  if (options_.start_thread) thread_ = std::thread([this] { run(); });
}

Dispatcher::~Dispatcher() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Dispatcher::kick() {
  {
    std::lock_guard lock(mu_);
    kicked_ = true;
  }
  wake_.notify_all();
}

void Dispatcher::run() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    kicked_ = false;
    lock.unlock();
    round();
    lock.lock();
    wake_.wait_for(lock, options_.poll, [this] { return stopping_ || kicked_; });
  }
}

void Dispatcher::round() {
  const std::int64_t now = clock_();
  send_hooks(now);
  send_mails(now);
  if (now - pruned_ms_ >= 3'600'000) {
    pruned_ms_ = now;
    auto gone = records_.prune(now - options_.keep_ms);
    if (!gone) spdlog::error("notices: old notices not deleted: {}", gone.error().message);
  }
}

std::string Dispatcher::link(const record::NoticeRecord& n) const {
  std::string_view base = options_.public_url;
  if (base.ends_with('/')) base.remove_suffix(1);
  return std::string(base) + n.link;
}

std::string Dispatcher::body(const store::DueHook& h) const {
  v1::Notification m;
  m.set_key(h.notice.key);
  m.set_kind(h.notice.kind);
  m.set_game_id(h.notice.game_id);
  m.set_seat_id(h.notice.seat_id);
  m.set_text(h.notice.text);
  m.set_url(link(h.notice));
  m.set_created_ms(h.notice.created_ms);
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(m, &out);
  return out;
}

bool Dispatcher::stopping() {
  std::lock_guard lock(mu_);
  return stopping_;
}

void Dispatcher::send_hooks(std::int64_t now) {
  auto due = records_.due_hooks(now, options_.batch);
  if (!due) return spdlog::error("notices: webhooks due not read: {}", due.error().message);
  std::set<std::int64_t> failed;  // accounts whose call failed this round: no more calls
  for (const store::DueHook& h : *due) {
    if (stopping()) return;
    if (failed.count(h.notice.account_id) != 0) continue;
    engine::Status st = engine::ok_status();
    if (poster_ == nullptr || h.url.empty()) {
      st = records_.hook_none(h.id);
    } else {
      const engine::Status posted =
          poster_->post(WebhookCall{h.url, h.secret, h.notice.key, body(h), now / 1000});
      const int attempts = h.attempts + 1;
      std::string_view outcome = "sent";
      if (posted) {
        st = records_.hook_sent(h.id, h.notice.account_id);
      } else if (static_cast<std::size_t>(attempts) > options_.retry_ms.size()) {
        outcome = "failed";
        spdlog::warn("notices: webhook of account #{} failed {} times, notice {} given up: {}",
                     h.notice.account_id, attempts, h.notice.key, posted.error().message);
        st = records_.hook_failed(h.id, h.notice.account_id, attempts, posted.error().message);
      } else {
        outcome = "retry";
        spdlog::info("notices: webhook of account #{} failed (attempt {}), notice {}: {}",
                     h.notice.account_id, attempts, h.notice.key, posted.error().message);
        st = records_.hook_retry(h.id, attempts, now + options_.retry_ms[attempts - 1]);
      }
      if (!posted) failed.insert(h.notice.account_id);
      if (on_result_) on_result_("webhook", outcome);
    }
    if (!st) spdlog::error("notices: notice {} not marked: {}", h.notice.key, st.error().message);
  }
}

namespace {

std::string mail_text(const std::vector<const store::WaitingMail*>& group, bool digest,
                      const std::function<std::string(const record::NoticeRecord&)>& link) {
  std::string body = digest ? "What happened in your games since the last digest:\n\n"
                            : "A game of yours needs you:\n\n";
  for (const store::WaitingMail* m : group) {
    body += "- " + m->notice.text + "\n  " + link(m->notice) + "\n";
  }
  body +=
      "\nYou receive these mails because your account asked for them. To change how often, or "
      "to stop them, open your account in the lobby (\"mail notices\": each game, daily, "
      "off).\n";
  return body;
}

std::string mail_subject(const std::vector<const store::WaitingMail*>& group, bool digest) {
  if (digest) {
    return "Grognard: your games today (" + std::to_string(group.size()) +
           (group.size() == 1 ? " notice)" : " notices)");
  }
  const record::NoticeRecord& last = group.back()->notice;
  if (last.kind == "ended") return "Grognard: game " + last.game_id + " is over";
  if (last.kind == "turn") return "Grognard: your move in game " + last.game_id;
  return "Grognard: game " + last.game_id + " needs you";
}

}  // namespace

void Dispatcher::send_mails(std::int64_t now) {
  if (now < mail_paused_ms_) return;
  auto waiting =
      records_.waiting_mails(now, options_.mail_pace_ms, options_.digest_ms, options_.batch * 10);
  if (!waiting)
    return spdlog::error("notices: mails waiting not read: {}", waiting.error().message);
  // One mail per account and game ("each"), or per account (the daily digest).
  std::map<std::pair<std::int64_t, std::string>, std::vector<const store::WaitingMail*>> groups;
  for (const store::WaitingMail& m : *waiting) {
    groups[{m.notice.account_id, m.mode == "daily" ? "" : m.notice.game_id}].push_back(&m);
  }
  for (const auto& [who, group] : groups) {
    if (stopping()) return;
    const store::WaitingMail& first = *group.front();
    std::vector<std::int64_t> ids;
    for (const store::WaitingMail* m : group) ids.push_back(m->id);
    engine::Status st = engine::ok_status();
    if (mailer_ == nullptr || first.email.empty() || first.mode == "off") {
      st = records_.mail_none(ids);
    } else {
      const bool digest = first.mode == "daily";
      const engine::Status sent = mailer_->send(
          mail::Mail{first.email, mail_subject(group, digest),
                     mail_text(group, digest, [this](const auto& n) { return link(n); })});
      if (on_result_) on_result_("mail", sent ? "sent" : "retry");
      if (!sent) {
        spdlog::warn("notices: mail to account #{} not sent, tried again in {} s: {}", who.first,
                     options_.mail_retry_ms / 1000, sent.error().message);
        mail_paused_ms_ = now + options_.mail_retry_ms;
        return;
      }
      st = records_.mailed(ids, who.first, who.second, now);
    }
    if (!st)
      spdlog::error("notices: mails of account #{} not marked: {}", who.first, st.error().message);
  }
}

}  // namespace grognard::notify
