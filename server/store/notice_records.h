#pragma once
// The outbox of notices and where each account wants them (docs/notifications.md, migration
// 0012). Rooms write notices with their batches (store/records.h, write_batch); this reads them
// back for the sender (notify/dispatcher.h), marks what became of each, and keeps an account's
// webhook and mail settings. On the server's SQLite database, through a connection of its own.
//
// Thread-safety: every member may be called from any thread (one lock).

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/result.h"
#include "record/notice.h"
#include "store/sqlite_util.h"

namespace grognard::store {

// Where an account wants its notices.
struct NoticeSettings {
  std::string webhook_url;      // "": none
  std::string webhook_secret;   // never shown to anyone, the owner included
  std::string webhook_failing;  // why the last notice failed after every retry ("": working)
  std::string mail = "each";    // "each", "daily" or "off"
  std::string email;            // the account's confirmed address ("": none confirmed)
};

// A notice whose webhook call is due, with where it goes (empty url: the account has none).
struct DueHook {
  std::int64_t id = 0;
  record::NoticeRecord notice;
  int attempts = 0;  // made before
  std::string url;
  std::string secret;
};

// A notice waiting to be mailed, with its account's address and choice, and when that account
// was last mailed about its game (or its last digest, for "daily"): 0, never.
struct WaitingMail {
  std::int64_t id = 0;
  record::NoticeRecord notice;
  std::string email;  // confirmed; "": none
  std::string mode;   // "each", "daily", "off"
  std::int64_t last_mailed_ms = 0;
};

class NoticeRecords {
 public:
  static engine::Result<std::unique_ptr<NoticeRecords>> open(const std::string& path);

  // Writes `n` unless a notice with its key is there already (outside a room's batch: tests).
  engine::Status add(const record::NoticeRecord& n);

  // Up to `limit` notices whose webhook call is due at `now_ms`, oldest first.
  engine::Result<std::vector<DueHook>> due_hooks(std::int64_t now_ms, int limit);
  // The call of notice `id` was answered 2xx: sent, and its account's webhook works.
  engine::Status hook_sent(std::int64_t id, std::int64_t account_id);
  // It failed: try again at `next_ms` (`attempts` made so far).
  engine::Status hook_retry(std::int64_t id, int attempts, std::int64_t next_ms);
  // It failed for the last time: the account's webhook is failing, for `why`.
  engine::Status hook_failed(std::int64_t id, std::int64_t account_id, int attempts,
                             const std::string& why);
  // The account has no webhook: nothing to call.
  engine::Status hook_none(std::int64_t id);

  // Up to `limit` notices waiting to be mailed whose mail is due at `now_ms`: their account's
  // last mail about the game ("each") was `pace_ms` ago or more, or its last digest ("daily")
  // `digest_ms` ago or more (or it was never mailed). By account and game, oldest first.
  engine::Result<std::vector<WaitingMail>> waiting_mails(std::int64_t now_ms, std::int64_t pace_ms,
                                                         std::int64_t digest_ms, int limit);
  // Notices `ids` of `account_id` went out in one mail at `now_ms`, about `game_id` ("": the
  // daily digest).
  engine::Status mailed(const std::vector<std::int64_t>& ids, std::int64_t account_id,
                        const std::string& game_id, std::int64_t now_ms);
  // Notices `ids` are not to be mailed (no confirmed address, mail off, no mail sent here).
  engine::Status mail_none(const std::vector<std::int64_t>& ids);

  // Deletes the notices written before `before_ms` that are done with (sent, failed or none on
  // both channels). How many went.
  engine::Result<std::int64_t> prune(std::int64_t before_ms);
  // Every notice of `account_id`, oldest first (tests, the operator).
  engine::Result<std::vector<record::NoticeRecord>> notices_of(std::int64_t account_id);

  engine::Result<NoticeSettings> settings(std::int64_t account_id);
  // A new webhook (or none: empty url) is not failing.
  engine::Status set_webhook(std::int64_t account_id, const std::string& url,
                             const std::string& secret);
  engine::Status set_mail(std::int64_t account_id, const std::string& mode);

 private:
  explicit NoticeRecords(DbPtr db) : c_(std::move(db)) {}
  engine::Status mark_many(const std::string& sql, const std::vector<std::int64_t>& ids,
                           const std::string& what);
  std::mutex mu_;
  Connection c_;
};

// Writes `n` on `c` inside the caller's transaction (a room's batch), unless a notice with its
// key is there already or its account is gone. A channel the account does not have (no webhook;
// mail off or no confirmed address) is marked "none" at once.
engine::Status write_notice(Connection& c, const record::NoticeRecord& n);

}  // namespace grognard::store
