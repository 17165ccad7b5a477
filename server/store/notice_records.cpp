#include "store/notice_records.h"

#include <functional>
#include <optional>

#include "store/operator_records.h"

namespace grognard::store {
namespace {

constexpr const char* kClause = "store.notices";
constexpr int kNoticeSchemaVersion = 12;

// An account's address when it is confirmed, else "" (accounts as `a`).
const std::string kConfirmedEmail =
    "CASE WHEN a.email_confirmed = 1 THEN coalesce(a.email, '') ELSE '' END";

const std::string kNoticeColumns =
    "n.key, n.account_id, n.game_id, n.seat_id, n.kind, n.text, n.link, n.created_ms";

record::NoticeRecord read_notice(const Query& q, int first) {
  record::NoticeRecord n;
  n.key = q.col_text(first);
  n.account_id = q.col_i64(first + 1);
  n.game_id = q.col_text(first + 2);
  n.seat_id = q.col_text(first + 3);
  n.kind = q.col_text(first + 4);
  n.text = q.col_text(first + 5);
  n.link = q.col_text(first + 6);
  n.created_ms = q.col_i64(first + 7);
  return n;
}

// Runs `sql` and reads each row with `row`.
template <class Row>
engine::Status each_row(Connection& c, const std::string& sql, const std::string& what,
                        const std::function<void(Query&)>& bind, Row&& row) {
  auto stmt = c.prepare(sql);
  if (!stmt) return stmt.error();
  Query q(*stmt);
  bind(q);
  for (;;) {
    const int rc = q.step();
    if (rc == SQLITE_DONE) return engine::ok_status();
    if (rc != SQLITE_ROW) return sqlite_error(c.db(), kClause, what);
    row(q);
  }
}

}  // namespace

engine::Status write_notice(Connection& c, const record::NoticeRecord& n) {
  // The account through a sub-select: a notice to an account deleted meanwhile is not written,
  // and never fails the room's batch.
  static const std::string sql =
      "INSERT INTO notices (key, account_id, game_id, seat_id, kind, text, link, created_ms,"
      " hook_state, mail_state) "
      "SELECT ?1, a.id, ?3, ?4, ?5, ?6, ?7, ?8,"
      " CASE WHEN a.webhook_url IS NULL THEN 'none' ELSE 'pending' END,"
      " CASE WHEN " +
      kConfirmedEmail +
      " = '' OR a.mail_notices = 'off' THEN 'none'"
      " ELSE 'pending' END FROM accounts a WHERE a.id = ?2 ON CONFLICT (key) DO NOTHING";
  return run_query(
      c, sql, kClause, [&] { return "write notice " + n.key; },
      [&](Query& q) {
        q.text(1, n.key).i64(2, n.account_id).text(3, n.game_id).text(4, n.seat_id);
        q.text(5, n.kind).text(6, n.text).text(7, n.link).i64(8, n.created_ms);
      });
}

engine::Result<std::unique_ptr<NoticeRecords>> NoticeRecords::open(const std::string& path) {
  auto db = open_records(path, kNoticeSchemaVersion, "the notices' outbox");
  if (!db) return db.error();
  return std::unique_ptr<NoticeRecords>(new NoticeRecords(std::move(*db)));
}

engine::Status NoticeRecords::add(const record::NoticeRecord& n) {
  std::lock_guard lock(mu_);
  return write_notice(c_, n);
}

engine::Result<std::vector<DueHook>> NoticeRecords::due_hooks(std::int64_t now_ms, int limit) {
  std::lock_guard lock(mu_);
  std::vector<DueHook> out;
  auto st = each_row(
      c_,
      "SELECT n.id, n.hook_attempts, coalesce(a.webhook_url, ''), coalesce(a.webhook_secret, "
      "''), " +
          kNoticeColumns +
          " FROM notices n JOIN accounts a ON a.id = n.account_id"
          " WHERE n.hook_state = 'pending' AND n.hook_next_ms <= ? ORDER BY n.hook_next_ms, n.id"
          " LIMIT ?",
      "read the webhooks due", [&](Query& q) { q.i64(1, now_ms).i64(2, limit); },
      [&](const Query& q) {
        DueHook& h = out.emplace_back();
        h.id = q.col_i64(0);
        h.attempts = static_cast<int>(q.col_i64(1));
        h.url = q.col_text(2);
        h.secret = q.col_text(3);
        h.notice = read_notice(q, 4);
      });
  if (!st) return st.error();
  return out;
}

engine::Status NoticeRecords::hook_sent(std::int64_t id, std::int64_t account_id) {
  std::lock_guard lock(mu_);
  auto st = run_query(
      c_, "UPDATE notices SET hook_state = 'sent', hook_attempts = hook_attempts + 1 WHERE id = ?",
      kClause, [] { return "mark a webhook call sent"; }, [&](Query& q) { q.i64(1, id); });
  if (!st) return st;
  return run_query(
      c_, "UPDATE accounts SET webhook_failing = NULL WHERE id = ?", kClause,
      [] { return "mark a webhook working"; }, [&](Query& q) { q.i64(1, account_id); });
}

engine::Status NoticeRecords::hook_retry(std::int64_t id, int attempts, std::int64_t next_ms) {
  std::lock_guard lock(mu_);
  return run_query(
      c_, "UPDATE notices SET hook_attempts = ?, hook_next_ms = ? WHERE id = ?", kClause,
      [] { return "put a webhook call off"; },
      [&](Query& q) { q.i64(1, attempts).i64(2, next_ms).i64(3, id); });
}

engine::Status NoticeRecords::hook_failed(std::int64_t id, std::int64_t account_id, int attempts,
                                          const std::string& why) {
  std::lock_guard lock(mu_);
  auto st = run_query(
      c_, "UPDATE notices SET hook_state = 'failed', hook_attempts = ? WHERE id = ?", kClause,
      [] { return "mark a webhook call failed"; },
      [&](Query& q) { q.i64(1, attempts).i64(2, id); });
  if (!st) return st;
  return run_query(
      c_, "UPDATE accounts SET webhook_failing = ? WHERE id = ?", kClause,
      [] { return "mark a webhook failing"; },
      [&](Query& q) { q.text(1, why).i64(2, account_id); });
}

engine::Status NoticeRecords::hook_none(std::int64_t id) {
  std::lock_guard lock(mu_);
  return run_query(
      c_, "UPDATE notices SET hook_state = 'none' WHERE id = ?", kClause,
      [] { return "mark a notice without webhook"; }, [&](Query& q) { q.i64(1, id); });
}

engine::Result<std::vector<WaitingMail>> NoticeRecords::waiting_mails(std::int64_t now_ms,
                                                                      std::int64_t pace_ms,
                                                                      std::int64_t digest_ms,
                                                                      int limit) {
  std::lock_guard lock(mu_);
  std::vector<WaitingMail> out;
  // When the account was last mailed about the notice's game, or its last digest.
  static const std::string last =
      "coalesce((SELECT m.sent_ms FROM notice_mails m WHERE m.account_id = n.account_id AND"
      " m.game_id = CASE WHEN a.mail_notices = 'daily' THEN '' ELSE n.game_id END), 0)";
  auto st = each_row(
      c_,
      "SELECT n.id, " + kConfirmedEmail + ", a.mail_notices, " + last + ", " + kNoticeColumns +
          " FROM notices n JOIN accounts a ON a.id = n.account_id"
          " WHERE n.mail_state = 'pending' AND (" +
          last + " = 0 OR " + last +
          " + CASE WHEN a.mail_notices = 'daily' THEN ? ELSE ? END <= ?)"
          " ORDER BY n.account_id, n.game_id, n.id LIMIT ?",
      "read the mails waiting",
      [&](Query& q) { q.i64(1, digest_ms).i64(2, pace_ms).i64(3, now_ms).i64(4, limit); },
      [&](const Query& q) {
        WaitingMail& m = out.emplace_back();
        m.id = q.col_i64(0);
        m.email = q.col_text(1);
        m.mode = q.col_text(2);
        m.last_mailed_ms = q.col_i64(3);
        m.notice = read_notice(q, 4);
      });
  if (!st) return st.error();
  return out;
}

engine::Status NoticeRecords::mark_many(const std::string& sql,
                                        const std::vector<std::int64_t>& ids,
                                        const std::string& what) {
  if (ids.empty()) return engine::ok_status();
  // One statement for them all, the ids bound as a JSON array (one prepared statement kept).
  std::string list;
  for (std::int64_t id : ids) list += (list.empty() ? "[" : ",") + std::to_string(id);
  list += "]";
  return run_query(
      c_, sql + " WHERE id IN (SELECT value FROM json_each(?))", kClause, [&] { return what; },
      [&](Query& q) { q.text(1, list); });
}

engine::Status NoticeRecords::mailed(const std::vector<std::int64_t>& ids, std::int64_t account_id,
                                     const std::string& game_id, std::int64_t now_ms) {
  std::lock_guard lock(mu_);
  auto st = mark_many("UPDATE notices SET mail_state = 'sent'", ids, "mark notices mailed");
  if (!st) return st;
  return run_query(
      c_,
      "INSERT INTO notice_mails (account_id, game_id, sent_ms) VALUES (?, ?, ?)"
      " ON CONFLICT (account_id, game_id) DO UPDATE SET sent_ms = excluded.sent_ms",
      kClause, [] { return "record a mail sent"; },
      [&](Query& q) { q.i64(1, account_id).text(2, game_id).i64(3, now_ms); });
}

engine::Status NoticeRecords::mail_none(const std::vector<std::int64_t>& ids) {
  std::lock_guard lock(mu_);
  return mark_many("UPDATE notices SET mail_state = 'none'", ids, "mark notices not mailed");
}

engine::Result<std::int64_t> NoticeRecords::prune(std::int64_t before_ms) {
  std::lock_guard lock(mu_);
  auto st = run_query(
      c_,
      "DELETE FROM notices WHERE created_ms < ? AND hook_state != 'pending'"
      " AND mail_state != 'pending'",
      kClause, [] { return "delete old notices"; }, [&](Query& q) { q.i64(1, before_ms); });
  if (!st) return st.error();
  return static_cast<std::int64_t>(sqlite3_changes(c_.db()));
}

engine::Result<std::vector<record::NoticeRecord>> NoticeRecords::notices_of(
    std::int64_t account_id) {
  std::lock_guard lock(mu_);
  std::vector<record::NoticeRecord> out;
  auto st = each_row(
      c_, "SELECT " + kNoticeColumns + " FROM notices n WHERE n.account_id = ? ORDER BY n.id",
      "read an account's notices", [&](Query& q) { q.i64(1, account_id); },
      [&](const Query& q) { out.push_back(read_notice(q, 0)); });
  if (!st) return st.error();
  return out;
}

engine::Result<NoticeSettings> NoticeRecords::settings(std::int64_t account_id) {
  std::lock_guard lock(mu_);
  std::optional<NoticeSettings> found;
  auto st = each_row(
      c_,
      "SELECT coalesce(a.webhook_url, ''), coalesce(a.webhook_secret, ''),"
      " coalesce(a.webhook_failing, ''), a.mail_notices, " +
          kConfirmedEmail + " FROM accounts a WHERE a.id = ?",
      "read an account's notice settings", [&](Query& q) { q.i64(1, account_id); },
      [&](const Query& q) {
        found = NoticeSettings{q.col_text(0), q.col_text(1), q.col_text(2), q.col_text(3),
                               q.col_text(4)};
      });
  if (!st) return st.error();
  if (!found) return store_error("accounts.not-found", "no account #" + std::to_string(account_id));
  return *found;
}

engine::Status NoticeRecords::set_webhook(std::int64_t account_id, const std::string& url,
                                          const std::string& secret) {
  std::lock_guard lock(mu_);
  const std::string kept = url.empty() ? std::string() : secret;  // bound where it lies
  return run_query(
      c_,
      "UPDATE accounts SET webhook_url = NULLIF(?, ''), webhook_secret = NULLIF(?, ''),"
      " webhook_failing = NULL WHERE id = ?",
      kClause, [] { return "set an account's webhook"; },
      [&](Query& q) { q.text(1, url).text(2, kept).i64(3, account_id); });
}

engine::Status NoticeRecords::set_mail(std::int64_t account_id, const std::string& mode) {
  std::lock_guard lock(mu_);
  return run_query(
      c_, "UPDATE accounts SET mail_notices = ? WHERE id = ?", kClause,
      [] { return "set an account's mail notices"; },
      [&](Query& q) { q.text(1, mode).i64(2, account_id); });
}

}  // namespace grognard::store
