#include "accounts/sqlite_accounts.h"

#include "store/migrate.h"

namespace grognard::accounts {
namespace {

using store::Query;

constexpr const char* kClause = "accounts.store";

// The columns every account read takes, in this order (email twice: whether it is there, and
// what it is, since a NULL reads as empty).
const std::string kAccountColumns =
    "id, name, email IS NOT NULL, coalesce(email, ''), email_confirmed, created_ms, disabled, "
    "password_hash";

StoredAccount read_account(const Query& q) {
  StoredAccount out;
  out.account.id = q.col_i64(0);
  out.account.name = q.col_text(1);
  if (q.col_bool(2)) out.account.email = q.col_text(3);
  out.account.email_confirmed = q.col_bool(4);
  out.account.created_ms = q.col_i64(5);
  out.account.disabled = q.col_bool(6);
  out.password_hash = q.col_text(7);
  return out;
}

engine::Error not_found(std::int64_t id) {
  return engine::Error{engine::ErrorCode::kNotFound, "accounts.not-found",
                       "there is no account " + std::to_string(id)};
}

// A NULL when there is no value (a parameter left unbound is NULL).
void bind_optional(Query& q, int i, const std::optional<std::string>& v) {
  if (v) q.text(i, *v);
}

}  // namespace

engine::Result<std::unique_ptr<SqliteAccounts>> SqliteAccounts::open(const std::string& path,
                                                                     Options options) {
  // No SQLITE_OPEN_CREATE: the server's store makes the file, and migrates it.
  auto db = store::open_connection(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
                                   options.busy_timeout_ms);
  if (!db) return db.error();
  auto version = store::schema_version(db->get());
  if (!version) return version.error();
  if (*version < kEmailTokensSchemaVersion) {
    return store::store_error(kClause, path + " has schema version " + std::to_string(*version) +
                                           ", without accounts: let the server's store open it "
                                           "first, which migrates it");
  }
  // Foreign keys: a deleted account takes its sessions along and unlinks its seats.
  for (const char* pragma : {"PRAGMA foreign_keys = ON", "PRAGMA secure_delete = ON"}) {
    if (auto st = store::exec(db->get(), pragma, kClause, path + ": " + pragma); !st) {
      return st.error();
    }
  }
  return std::unique_ptr<SqliteAccounts>(new SqliteAccounts(std::move(*db)));
}

engine::Status SqliteAccounts::changed_one(engine::Status st, std::int64_t id) {
  if (!st) return st;
  if (sqlite3_changes(c_.db()) == 0) return not_found(id);
  return engine::ok_status();
}

template <class Bind>
engine::Result<std::optional<StoredAccount>> SqliteAccounts::find(const std::string& sql,
                                                                  Bind&& bind) {
  auto stmt = c_.prepare(sql);
  if (!stmt) return stmt.error();
  Query q(*stmt);
  bind(q);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<StoredAccount>();
  if (rc != SQLITE_ROW) return store::sqlite_error(c_.db(), kClause, "read an account");
  return std::optional<StoredAccount>(read_account(q));
}

engine::Status SqliteAccounts::in_transaction(const std::function<engine::Status()>& body) {
  if (auto st = c_.run("BEGIN IMMEDIATE", kClause); !st) return st;
  engine::Status st = body();
  if (st) st = c_.run("COMMIT", kClause);
  if (!st && sqlite3_get_autocommit(c_.db()) == 0) {
    sqlite3_exec(c_.db(), "ROLLBACK", nullptr, nullptr, nullptr);
  }
  return st;
}

engine::Result<Account> SqliteAccounts::create_account(const std::string& name,
                                                       const std::string& password_hash,
                                                       const std::optional<std::string>& email,
                                                       std::int64_t created_ms) {
  static const std::string sql =
      "INSERT INTO accounts (name, password_hash, email, email_confirmed, created_ms, disabled) "
      "VALUES (?, ?, ?, 0, ?, 0)";
  std::lock_guard lock(mu_);
  auto stmt = c_.prepare(sql);
  if (!stmt) return stmt.error();
  Query q(*stmt);
  q.text(1, name).text(2, password_hash).i64(4, created_ms);
  bind_optional(q, 3, email);
  if (q.step() != SQLITE_DONE) {
    if (sqlite3_extended_errcode(c_.db()) == SQLITE_CONSTRAINT_UNIQUE) {
      return engine::Error{engine::ErrorCode::kFailedPrecondition, "accounts.name-taken",
                           "that name is taken: choose another"};
    }
    return store::sqlite_error(c_.db(), kClause, "create an account");
  }
  return Account{sqlite3_last_insert_rowid(c_.db()), name, email, false, created_ms, false};
}

engine::Result<std::optional<StoredAccount>> SqliteAccounts::find_by_name(const std::string& name) {
  static const std::string sql = "SELECT " + kAccountColumns + " FROM accounts WHERE name = ?";
  std::lock_guard lock(mu_);
  return find(sql, [&](Query& q) { q.text(1, name); });
}

engine::Result<std::optional<StoredAccount>> SqliteAccounts::find_by_id(std::int64_t id) {
  static const std::string sql = "SELECT " + kAccountColumns + " FROM accounts WHERE id = ?";
  std::lock_guard lock(mu_);
  return find(sql, [&](Query& q) { q.i64(1, id); });
}

engine::Result<std::optional<StoredAccount>> SqliteAccounts::find_by_confirmed_email(
    const std::string& email) {
  // The oldest account that confirmed it: one address may serve more than one account.
  static const std::string sql = "SELECT " + kAccountColumns +
                                 " FROM accounts WHERE email = ? COLLATE NOCASE AND "
                                 "email_confirmed = 1 ORDER BY id LIMIT 1";
  std::lock_guard lock(mu_);
  return find(sql, [&](Query& q) { q.text(1, email); });
}

engine::Result<std::vector<Account>> SqliteAccounts::list_accounts() {
  static const std::string sql = "SELECT " + kAccountColumns + " FROM accounts ORDER BY name";
  std::lock_guard lock(mu_);
  auto stmt = c_.prepare(sql);
  if (!stmt) return stmt.error();
  Query q(*stmt);
  std::vector<Account> out;
  for (;;) {
    const int rc = q.step();
    if (rc == SQLITE_DONE) return out;
    if (rc != SQLITE_ROW) return store::sqlite_error(c_.db(), kClause, "list the accounts");
    out.push_back(read_account(q).account);
  }
}

engine::Status SqliteAccounts::set_password(std::int64_t id, const std::string& password_hash) {
  static const std::string sql = "UPDATE accounts SET password_hash = ? WHERE id = ?";
  std::lock_guard lock(mu_);
  const auto what = [] { return std::string("set a password"); };
  return changed_one(store::run_query(c_, sql, kClause, what,
                                      [&](Query& q) { q.text(1, password_hash).i64(2, id); }),
                     id);
}

engine::Status SqliteAccounts::set_email(std::int64_t id, const std::optional<std::string>& email) {
  static const std::string sql = "UPDATE accounts SET email = ?, email_confirmed = 0 WHERE id = ?";
  std::lock_guard lock(mu_);
  const auto what = [] { return std::string("set an e-mail address"); };
  return changed_one(store::run_query(c_, sql, kClause, what,
                                      [&](Query& q) {
                                        bind_optional(q, 1, email);
                                        q.i64(2, id);
                                      }),
                     id);
}

engine::Status SqliteAccounts::confirm_email(std::int64_t id) {
  static const std::string sql =
      "UPDATE accounts SET email_confirmed = 1 WHERE id = ? AND email IS NOT NULL";
  std::lock_guard lock(mu_);
  const auto what = [] { return std::string("confirm an e-mail address"); };
  return changed_one(store::run_query(c_, sql, kClause, what, [&](Query& q) { q.i64(1, id); }), id);
}

engine::Status SqliteAccounts::set_disabled(std::int64_t id, bool disabled) {
  static const std::string update = "UPDATE accounts SET disabled = ? WHERE id = ?";
  static const std::string end_sessions = "DELETE FROM sessions WHERE account_id = ?";
  std::lock_guard lock(mu_);
  const auto what = [] { return std::string("disable or enable an account"); };
  return in_transaction([&]() -> engine::Status {
    auto st = changed_one(store::run_query(c_, update, kClause, what,
                                           [&](Query& q) { q.boolean(1, disabled).i64(2, id); }),
                          id);
    if (!st || !disabled) return st;
    return store::run_query(c_, end_sessions, kClause, what, [&](Query& q) { q.i64(1, id); });
  });
}

engine::Status SqliteAccounts::delete_account(std::int64_t id) {
  // The sessions go with the row (ON DELETE CASCADE) and the seats taken under the account keep
  // their player_name but lose account_id (ON DELETE SET NULL): the name stays in the games
  // already played and in their archives. secure_delete zeroes what the row held.
  static const std::string sql = "DELETE FROM accounts WHERE id = ?";
  std::lock_guard lock(mu_);
  const auto what = [] { return std::string("delete an account"); };
  return changed_one(store::run_query(c_, sql, kClause, what, [&](Query& q) { q.i64(1, id); }), id);
}

engine::Status SqliteAccounts::create_session(const Session& s) {
  static const std::string sql =
      "INSERT INTO sessions (token_hash, account_id, created_ms, last_used_ms) VALUES (?, ?, ?, ?)";
  std::lock_guard lock(mu_);
  const auto what = [] { return std::string("create a session"); };
  return store::run_query(c_, sql, kClause, what, [&](Query& q) {
    q.blob(1, s.token_hash).i64(2, s.account_id).i64(3, s.created_ms).i64(4, s.last_used_ms);
  });
}

engine::Result<std::optional<Session>> SqliteAccounts::use_session(const TokenHash& token_hash,
                                                                   std::int64_t now_ms) {
  static const std::string sql =
      "UPDATE sessions SET last_used_ms = max(last_used_ms, ?) WHERE token_hash = ? "
      "RETURNING account_id, created_ms, last_used_ms";
  std::lock_guard lock(mu_);
  auto stmt = c_.prepare(sql);
  if (!stmt) return stmt.error();
  Query q(*stmt);
  q.i64(1, now_ms).blob(2, token_hash);
  int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<Session>();
  if (rc != SQLITE_ROW) return store::sqlite_error(c_.db(), kClause, "use a session");
  Session s{token_hash, q.col_i64(0), q.col_i64(1), q.col_i64(2)};
  rc = q.step();  // the primary key: one row at most, and the update is done by DONE
  if (rc != SQLITE_DONE) return store::sqlite_error(c_.db(), kClause, "use a session");
  return std::optional<Session>(s);
}

engine::Status SqliteAccounts::delete_session(const TokenHash& token_hash) {
  static const std::string sql = "DELETE FROM sessions WHERE token_hash = ?";
  std::lock_guard lock(mu_);
  const auto what = [] { return std::string("end a session"); };
  return store::run_query(c_, sql, kClause, what, [&](Query& q) { q.blob(1, token_hash); });
}

engine::Status SqliteAccounts::delete_sessions(std::int64_t account_id) {
  static const std::string sql = "DELETE FROM sessions WHERE account_id = ?";
  std::lock_guard lock(mu_);
  const auto what = [] { return std::string("end the sessions of an account"); };
  return store::run_query(c_, sql, kClause, what, [&](Query& q) { q.i64(1, account_id); });
}

engine::Status SqliteAccounts::delete_other_sessions(std::int64_t account_id,
                                                     const TokenHash& keep) {
  static const std::string sql = "DELETE FROM sessions WHERE account_id = ? AND token_hash <> ?";
  std::lock_guard lock(mu_);
  const auto what = [] { return std::string("end the other sessions of an account"); };
  return store::run_query(c_, sql, kClause, what,
                          [&](Query& q) { q.i64(1, account_id).blob(2, keep); });
}

}  // namespace grognard::accounts
