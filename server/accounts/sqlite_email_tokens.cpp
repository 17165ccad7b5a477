// The tokens e-mails carry, in SQLite (accounts/sqlite_accounts.h;
// migrations/0011_email_tokens.sql).
#include "accounts/sqlite_accounts.h"

namespace grognard::accounts {
namespace {

using store::Query;

constexpr const char* kClause = "accounts.store";

const char* kind_name(TokenKind kind) {
  return kind == TokenKind::kConfirm ? "confirm" : "reset";
}

}  // namespace

engine::Status SqliteAccounts::create_email_token(const EmailToken& t) {
  // The account's older tokens of this kind are replaced; its used and expired ones of any kind
  // are of no further use.
  static const std::string sweep =
      "DELETE FROM email_tokens WHERE account_id = ? AND (kind = ? OR used = 1 OR expires_ms <= ?)";
  static const std::string insert =
      "INSERT INTO email_tokens (token_hash, account_id, kind, email, created_ms, expires_ms, "
      "used) VALUES (?, ?, ?, ?, ?, ?, 0)";
  std::lock_guard lock(mu_);
  const auto what = [] { return std::string("make an e-mail token"); };
  return in_transaction([&]() -> engine::Status {
    auto st = store::run_query(c_, sweep, kClause, what, [&](Query& q) {
      q.i64(1, t.account_id).text(2, kind_name(t.kind)).i64(3, t.created_ms);
    });
    if (!st) return st;
    return store::run_query(c_, insert, kClause, what, [&](Query& q) {
      q.blob(1, t.token_hash)
          .i64(2, t.account_id)
          .text(3, kind_name(t.kind))
          .text(4, t.email)
          .i64(5, t.created_ms)
          .i64(6, t.expires_ms);
    });
  });
}

engine::Result<std::optional<EmailToken>> SqliteAccounts::use_email_token(
    const TokenHash& token_hash, TokenKind kind, std::int64_t now_ms) {
  // One statement: two uses at once cannot both find it unused.
  static const std::string sql =
      "UPDATE email_tokens SET used = 1 WHERE token_hash = ? AND kind = ? AND used = 0 AND "
      "expires_ms > ? RETURNING account_id, email, created_ms, expires_ms";
  std::lock_guard lock(mu_);
  auto stmt = c_.prepare(sql);
  if (!stmt) return stmt.error();
  Query q(*stmt);
  q.blob(1, token_hash).text(2, kind_name(kind)).i64(3, now_ms);
  int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<EmailToken>();
  if (rc != SQLITE_ROW) return store::sqlite_error(c_.db(), kClause, "use an e-mail token");
  EmailToken t{token_hash, q.col_i64(0), kind, q.col_text(1), q.col_i64(2), q.col_i64(3)};
  rc = q.step();  // the primary key: one row at most, and the update is done by DONE
  if (rc != SQLITE_DONE) return store::sqlite_error(c_.db(), kClause, "use an e-mail token");
  return std::optional<EmailToken>(std::move(t));
}

engine::Status SqliteAccounts::delete_email_tokens(std::int64_t account_id, TokenKind kind) {
  static const std::string sql = "DELETE FROM email_tokens WHERE account_id = ? AND kind = ?";
  std::lock_guard lock(mu_);
  const auto what = [] { return std::string("delete the e-mail tokens of an account"); };
  return store::run_query(c_, sql, kClause, what,
                          [&](Query& q) { q.i64(1, account_id).text(2, kind_name(kind)); });
}

}  // namespace grognard::accounts
