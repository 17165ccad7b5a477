#pragma once
// Where accounts and their sessions are kept (docs/accounts.md): the interface, and the records
// it reads and writes. accounts/sqlite_accounts.h keeps them in the server's SQLite database.
//
// A store checks nothing a player chose (names, passwords, e-mail addresses): accounts/accounts.h
// does that before calling it. It never sees a password or a token, only their hashes.
//
// Thread-safety: every member function may be called from any thread.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "accounts/session_token.h"
#include "engine/result.h"

namespace grognard::accounts {

// What may be shown of an account: everything but its password hash.
struct Account {
  std::int64_t id = 0;
  std::string name;                  // as registered; unique whatever its case
  std::optional<std::string> email;  // none given
  bool email_confirmed = false;
  std::int64_t created_ms = 0;
  bool disabled = false;  // set by the operator: no log-in, no session

  friend bool operator==(const Account&, const Account&) = default;
};

struct StoredAccount {
  Account account;
  std::string password_hash;  // argon2id (accounts/password.h)
};

struct Session {
  TokenHash token_hash{};
  std::int64_t account_id = 0;
  std::int64_t created_ms = 0;
  std::int64_t last_used_ms = 0;
};

// A token an e-mail carries (docs/accounts.md, "E-mail"): to confirm an address, or to reset a
// forgotten password. Kept by its hash alone, used once, until `expires_ms`.
enum class TokenKind { kConfirm, kReset };

struct EmailToken {
  TokenHash token_hash{};
  std::int64_t account_id = 0;
  TokenKind kind = TokenKind::kConfirm;
  std::string email;  // the address it was sent to
  std::int64_t created_ms = 0;
  std::int64_t expires_ms = 0;
};

class AccountStore {
 public:
  virtual ~AccountStore() = default;

  // A new account (not disabled, e-mail unconfirmed); an error with clause
  // "accounts.name-taken" when an account has the name in any case.
  virtual engine::Result<Account> create_account(const std::string& name,
                                                 const std::string& password_hash,
                                                 const std::optional<std::string>& email,
                                                 std::int64_t created_ms) = 0;
  // The account with `name` in any case.
  virtual engine::Result<std::optional<StoredAccount>> find_by_name(const std::string& name) = 0;
  virtual engine::Result<std::optional<StoredAccount>> find_by_id(std::int64_t id) = 0;
  // Every account, by name, for the operator.
  virtual engine::Result<std::vector<Account>> list_accounts() = 0;

  // These answer with clause "accounts.not-found" for an account that is not there.
  virtual engine::Status set_password(std::int64_t id, const std::string& password_hash) = 0;
  // A new address (or none) is unconfirmed.
  virtual engine::Status set_email(std::int64_t id, const std::optional<std::string>& email) = 0;
  virtual engine::Status confirm_email(std::int64_t id) = 0;
  // Disabling also ends every session of the account.
  virtual engine::Status set_disabled(std::int64_t id, bool disabled) = 0;
  // The account goes, and with it its sessions, its password hash and its e-mail address. Its
  // name stays where games already played wrote it (seats.player_name, archive files): those
  // are the game's record, and the seats only lose their link to the account.
  virtual engine::Status delete_account(std::int64_t id) = 0;

  virtual engine::Status create_session(const Session& session) = 0;
  // The session whose token has `token_hash`, its last_used_ms set to `now_ms` first.
  virtual engine::Result<std::optional<Session>> use_session(const TokenHash& token_hash,
                                                             std::int64_t now_ms) = 0;
  // Ending a session that is not there is no error.
  virtual engine::Status delete_session(const TokenHash& token_hash) = 0;
  virtual engine::Status delete_sessions(std::int64_t account_id) = 0;
  // Every session of the account but `keep`.
  virtual engine::Status delete_other_sessions(std::int64_t account_id, const TokenHash& keep) = 0;

  // The account whose confirmed address is `email`, in any case.
  virtual engine::Result<std::optional<StoredAccount>> find_by_confirmed_email(
      const std::string& email) = 0;
  // A new token; the account's other tokens of its kind go (a newer one replaces them), and so
  // do its used and expired ones.
  virtual engine::Status create_email_token(const EmailToken& token) = 0;
  // Uses the token of `kind` whose hash is `token_hash`, when it is unused and not expired at
  // `now_ms`: it is marked used, and returned. Nothing: no such token (or used, or expired).
  virtual engine::Result<std::optional<EmailToken>> use_email_token(const TokenHash& token_hash,
                                                                    TokenKind kind,
                                                                    std::int64_t now_ms) = 0;
  // Every token of the account of `kind` (an address changed: its confirmations go).
  virtual engine::Status delete_email_tokens(std::int64_t account_id, TokenKind kind) = 0;
};

}  // namespace grognard::accounts
