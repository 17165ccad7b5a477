// Notices (docs/notifications.md): SetWebhook and SetMailNotices, answered on the accounts' desk
// thread (net/account_desk.h), and what AccountState says of an account's notices. A webhook's
// URL is checked before it is stored (notify/webhook.h: https to a public host, or what the
// operator allows); its secret is stored to sign the calls, and never sent back.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "grognard/v1/protocol.pb.h"
#include "net/account_desk.h"
#include "notify/webhook.h"
#include "store/notice_records.h"

namespace grognard::net {

namespace {

constexpr std::size_t kMinSecret = 16;
constexpr std::size_t kMaxSecret = 256;

bool printable(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c > ' ' && c < 0x7f; });
}

}  // namespace

v1::AccountState AccountDesk::with_notices(v1::AccountState state, std::int64_t account_id) const {
  if (notice_records_ == nullptr) return state;
  auto s = notice_records_->settings(account_id);
  if (!s.ok()) return state;
  state.set_webhook_url(s->webhook_url);
  state.set_webhook_failing(s->webhook_failing);
  state.set_mail_notices(s->mail);
  return state;
}

void AccountDesk::notices(const std::shared_ptr<AccountPeer>& peer,
                          const v1::ClientMessage& message, accounts::Accounts& accounts,
                          std::int64_t now) {
  const std::uint64_t rid = message.request_id();
  auto refuse = [&](v1::Code code, std::string clause, std::string text) {
    peer->send(room::error_message(rid, code, std::move(clause), std::move(text)));
  };
  const auto account = peer->account();
  if (!account) {
    return refuse(v1::UNAUTHENTICATED, "accounts",
                  "log in to your account first: notices are an account's");
  }
  if (notice_records_ == nullptr) {
    return refuse(v1::UNAVAILABLE, "notify", "this server sends no notices");
  }
  engine::Status st = engine::ok_status();
  if (message.has_set_webhook()) {
    const v1::SetWebhook& w = message.set_webhook();
    if (w.url().empty()) {
      st = notice_records_->set_webhook(account->id, "", "");
    } else {
      auto url = notify::check_webhook_url(w.url(), webhook_policy_);
      if (!url.ok()) return peer->send(room::error_message(rid, url.error()));
      if (w.secret().size() < kMinSecret || w.secret().size() > kMaxSecret ||
          !printable(w.secret())) {
        return refuse(v1::INVALID_ARGUMENT, "notify.webhook",
                      "a webhook's secret is 16 to 256 printable characters, without spaces: "
                      "your receiver checks each call's signature with it");
      }
      st = notice_records_->set_webhook(account->id, *url, w.secret());
    }
  } else {
    const std::string& mode = message.set_mail_notices().mode();
    if (mode != "each" && mode != "daily" && mode != "off") {
      return refuse(v1::INVALID_ARGUMENT, "notify.mail",
                    "mail notices are \"each\" (a mail per game, at most one every few hours), "
                    "\"daily\" (one digest a day) or \"off\"");
    }
    st = notice_records_->set_mail(account->id, mode);
  }
  if (!st) {
    spdlog::error("{}: notices of {} not stored: {}", peer->name(), account->name,
                  st.error().message);
    return refuse(v1::UNAVAILABLE, "notify", "the setting could not be stored: nothing changed");
  }
  spdlog::info("{}: {} changed its {}", peer->name(), account->name,
               message.has_set_webhook() ? "webhook" : "mail notices");
  auto stored = accounts.store().find_by_id(account->id);
  v1::AccountState state;
  if (stored.ok() && stored->has_value()) state = account_state((*stored)->account);
  peer->send(state_message(
      rid, with_notices(with_vacation(std::move(state), account->id, now), account->id)));
}

}  // namespace grognard::net
