#pragma once
// Player accounts (docs/accounts.md): registering, logging in and out, changing a password,
// deleting an account, and who a session token belongs to. Combines a store
// (accounts/account_store.h), the cost of hashing passwords (accounts/password.h) and the
// log-in limit (accounts/login_limit.h).
//
// Each call that takes or checks a password runs argon2id, which is slow on purpose (tens of
// milliseconds and 64 MiB at the default cost): callers must not call these on a network
// thread, but on a thread of their own, one call at a time or a few.
//
// Errors are values, each with one sentence a player reads. A log-in to a name nobody has and a
// log-in with a wrong password answer the same sentence after the same work (an unknown name is
// checked against a hash made at start), so the answer does not tell which names exist.
//
// Times are given by the caller (`now_ms`, milliseconds since the epoch): nothing here reads a
// clock. Thread-safety: as the store's; the limit has a lock of its own.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "accounts/account_store.h"
#include "accounts/login_limit.h"
#include "accounts/password.h"
#include "engine/result.h"

namespace grognard::accounts {

struct LoggedIn {
  std::string token;  // for the client alone: the store keeps its hash
  Account account;
};

class Accounts {
 public:
  struct Options {
    PasswordCost cost;  // for new hashes; an older hash is made again at its next log-in
    LoginLimit::Options limit;
  };

  // REQUIRES: `store` outlives the result. Hashes the stand-in for unknown names once.
  static engine::Result<std::unique_ptr<Accounts>> create(AccountStore& store, Options options);

  // A new account. `email`, if any, is kept unconfirmed.
  engine::Result<Account> register_account(std::string_view name, std::string_view password,
                                           const std::optional<std::string>& email,
                                           std::int64_t now_ms);
  // A new session for `name`, whose password is `password`, asked from `address`. Refused
  // before any hashing while the address or the name is over the log-in limit.
  engine::Result<LoggedIn> log_in(std::string_view name, std::string_view password,
                                  std::string_view address, std::int64_t now_ms);
  // Ends the session of `token` (no error if it has ended already).
  engine::Status log_out(std::string_view token);
  // Ends every session of the account.
  engine::Status log_out_everywhere(std::int64_t account_id);
  // The account of `token`'s session, which counts as used at `now_ms`.
  engine::Result<Account> whoami(std::string_view token, std::int64_t now_ms);
  // From the session of `token`: a new password, after the old one; every other session of the
  // account ends. A wrong old password counts against the name in the log-in limit.
  engine::Status change_password(std::string_view token, std::string_view old_password,
                                 std::string_view new_password, std::int64_t now_ms);
  // The account of `token`'s session, once `password` is its password (before a change that
  // matters, such as its e-mail address). A wrong password counts as in change_password.
  engine::Result<Account> reauthenticate(std::string_view token, std::string_view password,
                                         std::int64_t now_ms);
  // From the session of `token`, after the password: the account goes (AccountStore's
  // delete_account says what stays).
  engine::Status delete_account(std::string_view token, std::string_view password,
                                std::int64_t now_ms);

  // The store, for the operator's tools (listing and disabling accounts).
  AccountStore& store() { return store_; }

 private:
  Accounts(AccountStore& store, Options options, std::string stand_in_hash);

  // The session of `token` and its account, or why not.
  struct Current {
    TokenHash token_hash;
    StoredAccount stored;
  };
  engine::Result<Current> current(std::string_view token, std::int64_t now_ms);
  // Checks `password` against the account of a session, under the limit of its name.
  engine::Status confirm_password(const StoredAccount& stored, std::string_view password,
                                  std::int64_t now_ms);
  engine::Result<LoggedIn> open_session(const Account& account, std::int64_t now_ms);

  AccountStore& store_;
  const Options options_;
  const std::string stand_in_hash_;  // verified against when a name is unknown
  LoginLimit limit_;
};

}  // namespace grognard::accounts
