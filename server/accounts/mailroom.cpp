#include "accounts/mailroom.h"

#include "accounts/session_token.h"

namespace grognard::accounts {
namespace {

using engine::Error;
using engine::ErrorCode;

Error bad_link(std::string_view what) {
  return Error{ErrorCode::kPermissionDenied, "accounts.email-token",
               "this " + std::string(what) +
                   " link is not valid: it was used already, has expired or was replaced by a "
                   "newer one"};
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// The limits count accounts by id and addresses whatever their case.
std::string account_key(std::int64_t id) {
  return "#" + std::to_string(id);
}

std::string hours(std::int64_t ms) {
  const std::int64_t h = ms / 3'600'000;
  if (h >= 1 && ms % 3'600'000 == 0) return std::to_string(h) + (h == 1 ? " hour" : " hours");
  return std::to_string(ms / 60'000) + " minutes";
}

mail::Mail confirmation_mail(const Account& account, const std::string& email,
                             const std::string& link, std::int64_t valid_ms) {
  return mail::Mail{
      email, "Confirm your e-mail address for Grognard",
      "Hello " + account.name + ",\n\nThis address was given for the Grognard account \"" +
          account.name + "\". To confirm it, open this link within " + hours(valid_ms) + ":\n\n" +
          link +
          "\n\nor give the token after \"token=\" to the terminal client:\n"
          "grognard account confirm TOKEN\n\nIf you did not ask for this, ignore this mail: "
          "nothing will be sent to this address.\n"};
}

mail::Mail reset_mail(const Account& account, const std::string& email, const std::string& link,
                      std::int64_t valid_ms) {
  return mail::Mail{email, "Reset your Grognard password",
                    "Hello " + account.name +
                        ",\n\nSomeone asked to reset the password of the Grognard account \"" +
                        account.name + "\". To choose a new one, open this link within " +
                        hours(valid_ms) + ":\n\n" + link +
                        "\n\nor give the token after \"token=\" to the terminal client:\n"
                        "grognard reset-password --token TOKEN\n\nA new password logs the "
                        "account out everywhere. If you did not ask for this, ignore this mail: "
                        "your password stays as it is.\n"};
}

}  // namespace

Error no_mail() {
  return Error{ErrorCode::kFailedPrecondition, "accounts.no-mail",
               "this server sends no e-mail, so addresses cannot be confirmed nor passwords "
               "reset by mail: ask the server's operator"};
}

Mailroom::Mailroom(AccountStore& store, mail::Mailer* mailer, Options options)
    : store_(store),
      mailer_(mailer),
      options_(std::move(options)),
      confirm_limit_(
          {options_.mails_per_address, options_.mails_per_account, options_.window_ms, 100'000}),
      reset_limit_(
          {options_.mails_per_address, options_.mails_per_account, options_.window_ms, 100'000}) {}

engine::Status Mailroom::mail_token(const Account& account, const std::string& email,
                                    TokenKind kind, std::int64_t now_ms) {
  if (mailer_ == nullptr) return no_mail();
  auto token = new_session_token();
  if (!token) return token.error();
  const bool confirm = kind == TokenKind::kConfirm;
  const std::int64_t valid_ms = confirm ? options_.confirm_ms : options_.reset_ms;
  const EmailToken stored{token->hash, account.id, kind, email, now_ms, now_ms + valid_ms};
  if (auto st = store_.create_email_token(stored); !st) return st;
  std::string base = options_.public_url;
  while (base.ends_with('/')) base.pop_back();
  const std::string link =
      base + (confirm ? "/account/confirm?token=" : "/account/reset?token=") + token->text;
  return mailer_->send(confirm ? confirmation_mail(account, email, link, valid_ms)
                               : reset_mail(account, email, link, valid_ms));
}

engine::Result<Mailroom::Used> Mailroom::use_token(std::string_view token, TokenKind kind,
                                                   std::int64_t now_ms) {
  const char* what = kind == TokenKind::kConfirm ? "confirmation" : "password reset";
  const auto hash = token_hash(token);
  if (!hash) return bad_link(what);
  auto used = store_.use_email_token(*hash, kind, now_ms);
  if (!used) return used.error();
  if (!used->has_value()) return bad_link(what);
  auto stored = store_.find_by_id((*used)->account_id);
  if (!stored) return stored.error();
  if (!stored->has_value()) return bad_link(what);
  return Used{std::move(**used), std::move((*stored)->account)};
}

engine::Status Mailroom::send_confirmation(const Account& account, std::int64_t now_ms) {
  if (mailer_ == nullptr) return no_mail();
  if (!account.email) return engine::invalid("this account has no e-mail address to confirm");
  if (account.email_confirmed) return engine::invalid("this account's address is confirmed");
  const std::string address = lower(*account.email);
  const std::string key = account_key(account.id);
  if (const auto wait = confirm_limit_.wait_seconds(address, key, now_ms); wait > 0) {
    return Error{ErrorCode::kFailedPrecondition, "accounts.too-many-mails",
                 "too many confirmation mails (" + std::to_string(options_.mails_per_account) +
                     " in " + hours(options_.window_ms) + "): try again in " +
                     std::to_string(wait) + " seconds"};
  }
  confirm_limit_.failed(address, key, now_ms);
  return mail_token(account, *account.email, TokenKind::kConfirm, now_ms);
}

engine::Result<Account> Mailroom::set_email(const Account& account,
                                            const std::optional<std::string>& email) {
  if (email) {
    if (auto st = check_email(*email); !st) return st.error();
  }
  if (auto st = store_.set_email(account.id, email); !st) return st.error();
  if (auto st = store_.delete_email_tokens(account.id, TokenKind::kConfirm); !st) {
    return st.error();
  }
  Account after = account;
  after.email = email;
  after.email_confirmed = false;
  return after;
}

engine::Result<Account> Mailroom::confirm(std::string_view token, std::int64_t now_ms) {
  auto used = use_token(token, TokenKind::kConfirm, now_ms);
  if (!used) return used.error();
  Account account = used->account;
  // The address may have changed since: then that address is the one to confirm.
  if (!account.email || *account.email != used->token.email) return bad_link("confirmation");
  if (auto st = store_.confirm_email(account.id); !st) return st.error();
  account.email_confirmed = true;
  return account;
}

std::string Mailroom::request_reset(std::string_view name_or_email, std::int64_t now_ms) {
  if (mailer_ == nullptr) return "no mail is sent";
  const bool by_email = name_or_email.find('@') != std::string_view::npos;
  if (by_email ? !check_email(name_or_email) : !check_name(name_or_email)) return "malformed";
  auto found = by_email ? store_.find_by_confirmed_email(std::string(name_or_email))
                        : store_.find_by_name(std::string(name_or_email));
  if (!found) return "the store failed: " + found.error().message;
  if (!found->has_value()) return "no account";
  const Account& account = (*found)->account;
  const std::string who = "account #" + std::to_string(account.id);
  if (!account.email || !account.email_confirmed) return who + " has no confirmed address";
  if (account.disabled) return who + " is disabled";
  const std::string address = lower(*account.email);
  if (reset_limit_.wait_seconds(address, account_key(account.id), now_ms) > 0) {
    return who + " is over the limit of reset mails";
  }
  reset_limit_.failed(address, account_key(account.id), now_ms);
  if (auto st = mail_token(account, *account.email, TokenKind::kReset, now_ms); !st) {
    return who + ": " + st.error().message;
  }
  return "a reset link is mailed to " + who;
}

engine::Result<Account> Mailroom::reset_password(std::string_view token,
                                                 std::string_view new_password,
                                                 std::int64_t now_ms) {
  if (auto st = check_password(new_password); !st) return st.error();
  auto used = use_token(token, TokenKind::kReset, now_ms);
  if (!used) return used.error();
  if (used->account.disabled) return bad_link("password reset");
  auto password_hash = hash_password(new_password, options_.cost);
  if (!password_hash) return password_hash.error();
  const std::int64_t id = used->account.id;
  if (auto st = store_.set_password(id, *password_hash); !st) return st.error();
  // Whoever knew or guessed the old password is logged out.
  if (auto st = store_.delete_sessions(id); !st) return st.error();
  return used->account;
}

}  // namespace grognard::accounts
