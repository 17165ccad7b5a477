#include "accounts/accounts.h"

#include "engine/utf8.h"

namespace grognard::accounts {
namespace {

using engine::Error;
using engine::ErrorCode;

// The one answer to a log-in whose name is unknown or whose password is wrong.
Error wrong_name_or_password() {
  return Error{ErrorCode::kPermissionDenied, "accounts.log-in", "wrong name or password"};
}

Error wrong_password() {
  return Error{ErrorCode::kPermissionDenied, "accounts.password", "wrong password"};
}

Error no_session() {
  return Error{ErrorCode::kPermissionDenied, "accounts.session",
               "you are not logged in (your session has ended): log in again"};
}

Error disabled() {
  return Error{ErrorCode::kPermissionDenied, "accounts.disabled",
               "this account is disabled: ask the server's operator"};
}

Error too_many_tries(std::int64_t seconds) {
  return Error{ErrorCode::kPermissionDenied, "accounts.too-many-tries",
               "too many failed log-ins: try again in " + std::to_string(seconds) +
                   (seconds == 1 ? " second" : " seconds")};
}

}  // namespace

engine::Result<std::unique_ptr<Accounts>> Accounts::create(AccountStore& store, Options options) {
  // The stand-in is a hash like any other at this cost, of a password nobody is told; what
  // matters is that checking a password against it takes as long as against a real one.
  auto stand_in = hash_password("no account has this name", options.cost);
  if (!stand_in) return stand_in.error();
  return std::unique_ptr<Accounts>(new Accounts(store, options, std::move(*stand_in)));
}

Accounts::Accounts(AccountStore& store, Options options, std::string stand_in_hash)
    : store_(store),
      options_(options),
      stand_in_hash_(std::move(stand_in_hash)),
      limit_(options.limit) {}

engine::Result<Account> Accounts::register_account(std::string_view name, std::string_view password,
                                                   const std::optional<std::string>& email,
                                                   std::int64_t now_ms) {
  if (auto st = check_name(name); !st) return st.error();
  if (auto st = check_password(password); !st) return st.error();
  if (email) {
    if (auto st = check_email(*email); !st) return st.error();
  }
  auto hash = hash_password(password, options_.cost);
  if (!hash) return hash.error();
  return store_.create_account(std::string(name), *hash, email, now_ms);
}

engine::Result<LoggedIn> Accounts::log_in(std::string_view name, std::string_view password,
                                          std::string_view address, std::int64_t now_ms) {
  // Before anything is hashed: a refused try costs the server nothing.
  if (const auto wait = limit_.wait_seconds(address, name, now_ms); wait > 0) {
    return too_many_tries(wait);
  }
  // Longer than any password could be: said at once (it is no secret) and never hashed.
  if (password.size() > kMaxPasswordBytes) return check_password(password).error();

  std::optional<StoredAccount> found;
  if (check_name(name)) {  // a malformed name is unknown, and answered alike
    auto read = store_.find_by_name(std::string(name));
    if (!read) return read.error();
    found = std::move(*read);
  }
  // The same work whether or not the name is known.
  const bool right = verify_password(found ? found->password_hash : stand_in_hash_, password);
  if (!found || !right) {
    limit_.failed(address, name, now_ms);
    return wrong_name_or_password();
  }
  // Only the account's owner learns it is disabled: the password was right.
  if (found->account.disabled) return disabled();
  limit_.succeeded(name);
  if (needs_rehash(found->password_hash, options_.cost)) {
    // The password is at hand only now: hash it again under today's cost. Failing that
    // changes nothing for this log-in; the next one tries again.
    if (auto rehashed = hash_password(password, options_.cost)) {
      (void)store_.set_password(found->account.id, *rehashed);
    }
  }
  return open_session(found->account, now_ms);
}

engine::Result<LoggedIn> Accounts::open_session(const Account& account, std::int64_t now_ms) {
  auto token = new_session_token();
  if (!token) return token.error();
  if (auto st = store_.create_session(Session{token->hash, account.id, now_ms, now_ms}); !st) {
    return st.error();
  }
  return LoggedIn{std::move(token->text), account};
}

engine::Status Accounts::log_out(std::string_view token) {
  const auto hash = token_hash(token);
  if (!hash) return engine::ok_status();  // no token of ours: no session to end
  return store_.delete_session(*hash);
}

engine::Status Accounts::log_out_everywhere(std::int64_t account_id) {
  return store_.delete_sessions(account_id);
}

engine::Result<Accounts::Current> Accounts::current(std::string_view token, std::int64_t now_ms) {
  const auto hash = token_hash(token);
  if (!hash) return no_session();
  auto session = store_.use_session(*hash, now_ms);
  if (!session) return session.error();
  if (!session->has_value()) return no_session();
  auto stored = store_.find_by_id((*session)->account_id);
  if (!stored) return stored.error();
  // A deleted account has no sessions left, and a disabled one had them ended; either way,
  // the session opens nothing.
  if (!stored->has_value() || (*stored)->account.disabled) return no_session();
  return Current{*hash, std::move(**stored)};
}

engine::Result<Account> Accounts::whoami(std::string_view token, std::int64_t now_ms) {
  auto cur = current(token, now_ms);
  if (!cur) return cur.error();
  return cur->stored.account;
}

engine::Status Accounts::confirm_password(const StoredAccount& stored, std::string_view password,
                                          std::int64_t now_ms) {
  const std::string& name = stored.account.name;
  if (const auto wait = limit_.wait_seconds("", name, now_ms); wait > 0) {
    return too_many_tries(wait);
  }
  if (password.size() > kMaxPasswordBytes || !verify_password(stored.password_hash, password)) {
    limit_.failed("", name, now_ms);
    return wrong_password();
  }
  return engine::ok_status();
}

engine::Status Accounts::change_password(std::string_view token, std::string_view old_password,
                                         std::string_view new_password, std::int64_t now_ms) {
  if (auto st = check_password(new_password); !st) return st;
  auto cur = current(token, now_ms);
  if (!cur) return cur.error();
  if (auto st = confirm_password(cur->stored, old_password, now_ms); !st) return st;
  auto hash = hash_password(new_password, options_.cost);
  if (!hash) return hash.error();
  const std::int64_t id = cur->stored.account.id;
  if (auto st = store_.set_password(id, *hash); !st) return st;
  // Whoever else knew the old password is logged out; this device stays logged in.
  return store_.delete_other_sessions(id, cur->token_hash);
}

engine::Result<Account> Accounts::reauthenticate(std::string_view token, std::string_view password,
                                                 std::int64_t now_ms) {
  auto cur = current(token, now_ms);
  if (!cur) return cur.error();
  if (auto st = confirm_password(cur->stored, password, now_ms); !st) return st.error();
  return cur->stored.account;
}

engine::Status Accounts::delete_account(std::string_view token, std::string_view password,
                                        std::int64_t now_ms) {
  auto cur = current(token, now_ms);
  if (!cur) return cur.error();
  if (auto st = confirm_password(cur->stored, password, now_ms); !st) return st;
  return store_.delete_account(cur->stored.account.id);
}

}  // namespace grognard::accounts
