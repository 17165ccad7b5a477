// The accounts' desk (net/account_desk.h): the e-mail messages (SetEmail, ConfirmEmail,
// RequestPasswordReset, ResetPassword), answered on the desk's thread through the mailroom
// (accounts/mailroom.h).
#include <spdlog/spdlog.h>

#include "grognard/v1/protocol.pb.h"
#include "net/account_desk.h"

namespace grognard::net {

namespace {

// The one answer to a reset request, whatever it found.
constexpr const char* kResetAsked =
    "if that account has a confirmed e-mail address, a link to reset its password is on its way "
    "there: it works for an hour";

}  // namespace

bool AccountDesk::mail_message(const v1::ClientMessage& message) {
  switch (message.body_case()) {
    case v1::ClientMessage::kSetEmail:
    case v1::ClientMessage::kConfirmEmail:
    case v1::ClientMessage::kRequestPasswordReset:
    case v1::ClientMessage::kResetPassword:
      return true;
    default:
      return false;
  }
}

v1::AccountState AccountDesk::state_with_note(const accounts::Account& account, std::string token) {
  v1::AccountState state = account_state(account, std::move(token));
  if (account.email && !account.email_confirmed) {
    state.set_email_note(mailroom_ != nullptr && mailroom_->sends_mail()
                             ? "not confirmed yet: open the link in the confirmation mail "
                               "(setting the address again sends another)"
                             : accounts::no_mail().message);
  }
  return state;
}

void AccountDesk::confirm_new_address(const accounts::Account& account, v1::AccountState& state) {
  if (!account.email) return;
  if (mailroom_ == nullptr) return state.set_email_note(accounts::no_mail().message);
  const engine::Status st = mailroom_->send_confirmation(account, now_());
  state.set_email_note(st ? "a confirmation mail is on its way to " + *account.email +
                                ": open its link to confirm the address"
                          : "the address is kept unconfirmed: " + st.error().message);
}

void AccountDesk::answer_mail(const std::shared_ptr<AccountPeer>& peer,
                              const v1::ClientMessage& message, accounts::Accounts& accounts) {
  const std::uint64_t rid = message.request_id();
  const std::int64_t now = now_();
  if (mailroom_ == nullptr) return peer->send(account_refusal(rid, accounts::no_mail()));
  accounts::Mailroom& mailroom = *mailroom_;
  // The answer: a sentence, and who this connection is logged in as after the request.
  const auto notice = [&](std::string text) {
    auto m = std::make_shared<v1::ServerMessage>();
    m->set_request_id(rid);
    m->mutable_account_notice()->set_text(std::move(text));
    if (const std::string token = peer->session_token(); !token.empty()) {
      if (auto account = accounts.whoami(token, now); account.ok()) {
        *m->mutable_account_notice()->mutable_account() = state_with_note(*account);
      }
    }
    peer->send(std::move(m));
  };
  switch (message.body_case()) {
    case v1::ClientMessage::kSetEmail: {
      const v1::SetEmail& s = message.set_email();
      auto account = accounts.reauthenticate(peer->session_token(), s.password(), now);
      if (!account.ok()) return peer->send(account_refusal(rid, account.error()));
      const auto email = s.email().empty() ? std::nullopt : std::optional(s.email());
      auto after = mailroom.set_email(*account, email);
      if (!after.ok()) return peer->send(account_refusal(rid, after.error()));
      spdlog::info("{}: {} the e-mail address of account #{}", peer->name(),
                   email ? "set" : "removed", account->id);
      if (!email) return notice("your e-mail address is removed");
      const engine::Status st = mailroom.send_confirmation(*after, now);
      return notice(st ? "a confirmation mail is on its way to " + *email +
                             ": open its link to confirm the address"
                       : "the address is kept unconfirmed: " + st.error().message);
    }
    case v1::ClientMessage::kConfirmEmail: {
      auto confirmed = mailroom.confirm(message.confirm_email().token(), now);
      if (!confirmed.ok()) return peer->send(account_refusal(rid, confirmed.error()));
      spdlog::info("{}: confirmed the e-mail address of account #{}", peer->name(), confirmed->id);
      return notice("the e-mail address " + confirmed->email.value_or("") + " of " +
                    confirmed->name + " is confirmed");
    }
    case v1::ClientMessage::kRequestPasswordReset: {
      // Saying so tells nothing of any account.
      if (!mailroom.sends_mail()) return peer->send(account_refusal(rid, accounts::no_mail()));
      // Answered before anything is looked up: neither the answer nor its time tells what
      // exists. The log says what was done.
      // The look-up is a job of its own, after this one: an HTTP request is answered as soon
      // as this one ends.
      notice(kResetAsked);
      const bool queued =
          post([this, who = peer->name(),
                asked = message.request_password_reset().name_or_email()](accounts::Accounts&) {
            spdlog::info("{}: asked for a password reset: {}", who,
                         mailroom_->request_reset(asked, now_()));
          });
      if (!queued) spdlog::warn("{}: a password reset was not looked up: busy", peer->name());
      return;
    }
    case v1::ClientMessage::kResetPassword: {
      const v1::ResetPassword& r = message.reset_password();
      auto reset = mailroom.reset_password(r.token(), r.new_password(), now);
      if (!reset.ok()) return peer->send(account_refusal(rid, reset.error()));
      spdlog::info("{}: reset the password of account {} (#{}): its sessions ended", peer->name(),
                   reset->name, reset->id);
      // This connection first, if it was logged in to the account: the others are closed.
      if (const auto mine = peer->account(); mine && mine->id == reset->id) {
        peer->set_account(std::nullopt, "");
      }
      sessions_ended(reset->id, [](const std::string&) { return true; });
      return notice("the password of " + reset->name +
                    " is changed and every session of the account has ended: log in with the "
                    "new password");
    }
    default:
      return peer->send(account_refusal(rid, engine::invalid("not an e-mail message")));
  }
}

}  // namespace grognard::net
