#pragma once
// The accounts' e-mail (docs/accounts.md, "E-mail"): confirming an account's address, and
// resetting a forgotten password by a link sent to a confirmed one.
//
// Each mail carries a token made as a session's is (accounts/session_token.h): 32 random bytes,
// given once in the link, stored only as their SHA-256 (migrations/0011_email_tokens.sql), used
// once, until it expires; a newer token of one kind replaces the account's older ones. Only a
// confirmed address is ever sent anything but its confirmation.
//
// Mails are limited per account and per address in a sliding window (Options). A request for a
// reset says nothing of what it found: its caller answers before calling request_reset(), and
// that call returns nothing a player sees.
//
// `mailer` null: the server sends no mail; what would send one says e-mail is not available.
// Times are given by the caller. Thread-safety: as Accounts (the desk's thread, one at a time);
// the limits have locks of their own.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "accounts/account_store.h"
#include "accounts/login_limit.h"
#include "accounts/password.h"
#include "mail/mail.h"

namespace grognard::accounts {

class Mailroom {
 public:
  struct Options {
    std::string public_url;  // the links start with it: "https://games.example.org"
    PasswordCost cost;       // for a password set by a reset
    std::int64_t confirm_ms = 24 * 3'600'000;  // a confirmation link works this long
    std::int64_t reset_ms = 3'600'000;         // a reset link works this long
    std::size_t mails_per_account = 3;         // of each kind, in the window
    std::size_t mails_per_address = 3;         // of each kind, in the window
    std::int64_t window_ms = 3'600'000;
  };

  // REQUIRES: `store` and `mailer` (if any) outlive the mailroom.
  Mailroom(AccountStore& store, mail::Mailer* mailer, Options options);

  bool sends_mail() const { return mailer_ != nullptr; }

  // Sends a confirmation of the account's address. Refused when it has none, has confirmed it,
  // or is over the limit, or when the server sends no mail.
  engine::Status send_confirmation(const Account& account, std::int64_t now_ms);
  // The account's address becomes `email` (none: removed), unconfirmed; its confirmations
  // pending go. The account after; send_confirmation() mails the new address.
  engine::Result<Account> set_email(const Account& account,
                                    const std::optional<std::string>& email);
  // Confirms the address the token of a confirmation mail was sent to. The account after.
  engine::Result<Account> confirm(std::string_view token, std::int64_t now_ms);
  // Mails a reset link to the account named `name_or_email`, or whose confirmed address it is,
  // when it has a confirmed address and neither the account nor the address is over the limit.
  // What happened, for the log only (never for the player).
  std::string request_reset(std::string_view name_or_email, std::int64_t now_ms);
  // Sets the password of the reset token's account, and ends every session of the account.
  // The account.
  engine::Result<Account> reset_password(std::string_view token, std::string_view new_password,
                                         std::int64_t now_ms);

 private:
  struct Used {
    EmailToken token;
    Account account;
  };
  // Uses `token` of `kind`: the token and its account, or why not (one sentence for both a
  // token never made and one used, expired or replaced).
  engine::Result<Used> use_token(std::string_view token, TokenKind kind, std::int64_t now_ms);
  // Makes a token of `kind` for `account` at `email`, and mails its link.
  engine::Status mail_token(const Account& account, const std::string& email, TokenKind kind,
                            std::int64_t now_ms);

  AccountStore& store_;
  mail::Mailer* const mailer_;
  const Options options_;
  LoginLimit confirm_limit_;
  LoginLimit reset_limit_;
};

// The sentence for a server that sends no mail.
engine::Error no_mail();

}  // namespace grognard::accounts
