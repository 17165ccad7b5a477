#pragma once
// AccountStore on SQLite: the accounts and sessions tables of the server's own database
// (migrations/0008_accounts.sql), through a connection of its own beside the store's writer
// and readers. The server's store (store::SqliteStore::open) creates and migrates the file
// first; this opens it, refuses a schema without accounts, and writes through SQLite's locks
// (the file is in WAL mode: readers never wait; a write waits for the store's writer at most
// the busy timeout).
//
// Deleted rows are overwritten with zeros (PRAGMA secure_delete), so an erased e-mail address
// or password hash does not linger in the file's free pages.
//
// Thread-safety: any thread; calls take turns on the one connection.

#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "accounts/account_store.h"
#include "store/sqlite_util.h"

namespace grognard::accounts {

// The schema version that holds accounts and sessions.
inline constexpr int kAccountsSchemaVersion = 8;
// The schema version that holds the tokens e-mails carry; the store needs it.
inline constexpr int kEmailTokensSchemaVersion = 11;

class SqliteAccounts final : public AccountStore {
 public:
  struct Options {
    int busy_timeout_ms = 5000;  // waiting for the store's writer, or another process
  };

  // Opens the database at `path`, already created and migrated by the server's store.
  static engine::Result<std::unique_ptr<SqliteAccounts>> open(const std::string& path,
                                                              Options options);
  static engine::Result<std::unique_ptr<SqliteAccounts>> open(const std::string& path) {
    return open(path, Options{});
  }

  engine::Result<Account> create_account(const std::string& name, const std::string& password_hash,
                                         const std::optional<std::string>& email,
                                         std::int64_t created_ms) override;
  engine::Result<std::optional<StoredAccount>> find_by_name(const std::string& name) override;
  engine::Result<std::optional<StoredAccount>> find_by_id(std::int64_t id) override;
  engine::Result<std::vector<Account>> list_accounts() override;

  engine::Status set_password(std::int64_t id, const std::string& password_hash) override;
  engine::Status set_email(std::int64_t id, const std::optional<std::string>& email) override;
  engine::Status confirm_email(std::int64_t id) override;
  engine::Status set_disabled(std::int64_t id, bool disabled) override;
  engine::Status delete_account(std::int64_t id) override;

  engine::Status create_session(const Session& session) override;
  engine::Result<std::optional<Session>> use_session(const TokenHash& token_hash,
                                                     std::int64_t now_ms) override;
  engine::Status delete_session(const TokenHash& token_hash) override;
  engine::Status delete_sessions(std::int64_t account_id) override;
  engine::Status delete_other_sessions(std::int64_t account_id, const TokenHash& keep) override;

  // sqlite_email_tokens.cpp (migrations/0011_email_tokens.sql).
  engine::Result<std::optional<StoredAccount>> find_by_confirmed_email(
      const std::string& email) override;
  engine::Status create_email_token(const EmailToken& token) override;
  engine::Result<std::optional<EmailToken>> use_email_token(const TokenHash& token_hash,
                                                            TokenKind kind,
                                                            std::int64_t now_ms) override;
  engine::Status delete_email_tokens(std::int64_t account_id, TokenKind kind) override;

 private:
  explicit SqliteAccounts(store::DbPtr db) : c_(std::move(db)) {}

  // These REQUIRE mu_ held.
  // `st`, or "accounts.not-found" when the statement before changed no row.
  engine::Status changed_one(engine::Status st, std::int64_t id);
  // The account a SELECT of kAccountColumns finds, its parameters set by `bind`.
  template <class Bind>
  engine::Result<std::optional<StoredAccount>> find(const std::string& sql, Bind&& bind);
  // Runs `body` in a BEGIN IMMEDIATE transaction: committed if it succeeds, rolled back if not.
  engine::Status in_transaction(const std::function<engine::Status()>& body);

  std::mutex mu_;
  store::Connection c_;
};

}  // namespace grognard::accounts
