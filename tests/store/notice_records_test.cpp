// The notices' outbox on SQLite (docs/notifications.md, store/notice_records.h): notices written
// with a room's batch, in its transaction, once per key; what the sender reads and marks; an
// account's settings; a deleted account's notices gone.

#include <catch2/catch.hpp>

#include "outbox.h"

using namespace grognard;
using namespace grognard::store;
using namespace grognard::store::test;

namespace {

record::NoticeRecord notice(const std::string& key, std::int64_t account, std::string kind = "turn",
                            const std::string& game = "g-1") {
  record::NoticeRecord n;
  n.key = key;
  n.account_id = account;
  n.game_id = game;
  n.seat_id = "side:0";
  n.kind = std::move(kind);
  n.text = "Your move in " + game;
  n.link = "/rooms/ABC?seat=side:0";
  n.created_ms = 1000;
  return n;
}

}  // namespace

TEST_CASE(
    "a batch's notices are written in its transaction, once per key, never to an account "
    "gone",
    "[store][notify]") {
  Outbox o;
  const record::GameRecord game = make_game("g-1");
  record::WriteBatch batch = new_game_batch(game);
  batch.events = make_events(game.id, 1, 1);
  batch.notices = {notice("g-1/1/turn/side:0", 7), notice("g-1/1/turn/side:1", 99)};
  REQUIRE(append_sync(*o.store, batch).ok());

  // The same key again (a notice written twice) and a batch refused (a duplicate event): the
  // first is kept once, the second's notice is not written either.
  record::WriteBatch again;
  again.game = game;
  again.notices = {notice("g-1/1/turn/side:0", 7)};
  REQUIRE(append_sync(*o.store, again).ok());
  record::WriteBatch refused;
  refused.game = game;
  refused.events = make_events(game.id, 1, 1);  // seq 1 is there already
  refused.notices = {notice("g-1/2/turn/side:0", 7)};
  REQUIRE_FALSE(append_sync(*o.store, refused).ok());

  auto anna = o.records->notices_of(7);
  REQUIRE(anna.ok());
  REQUIRE(anna->size() == 1);
  CHECK(anna->front() == batch.notices[0]);
  auto nobody = o.records->notices_of(99);
  REQUIRE(nobody.ok());
  CHECK(nobody->empty());
}

TEST_CASE("webhook calls come due, are put off, given up or sent, and mark the account",
          "[store][notify]") {
  Outbox o;
  REQUIRE(o.records->set_webhook(7, "https://hooks.example.org/g", "a secret of sixteen").ok());
  REQUIRE(o.records->add(notice("k1", 7)).ok());
  REQUIRE(o.records->add(notice("k2", 8)).ok());  // Boris has no webhook

  auto due = o.records->due_hooks(2000, 10);
  REQUIRE(due.ok());
  REQUIRE(due->size() == 2);
  CHECK(due->at(0).url == "https://hooks.example.org/g");
  CHECK(due->at(0).secret == "a secret of sixteen");
  CHECK(due->at(0).attempts == 0);
  CHECK(due->at(1).url.empty());
  REQUIRE(o.records->hook_none(due->at(1).id).ok());
  REQUIRE(o.records->hook_retry(due->at(0).id, 1, 62'000).ok());
  CHECK(o.records->due_hooks(61'999, 10)->empty());
  auto later = o.records->due_hooks(62'000, 10);
  REQUIRE(later->size() == 1);
  CHECK(later->at(0).attempts == 1);

  REQUIRE(o.records->hook_failed(later->at(0).id, 7, 6, "hooks.example.org answered 500").ok());
  CHECK(o.records->settings(7)->webhook_failing == "hooks.example.org answered 500");
  CHECK(o.records->due_hooks(1'000'000'000, 10)->empty());

  REQUIRE(o.records->add(notice("k3", 7)).ok());
  auto next = o.records->due_hooks(3000, 10);
  REQUIRE(next->size() == 1);
  REQUIRE(o.records->hook_sent(next->at(0).id, 7).ok());
  CHECK(o.records->settings(7)->webhook_failing.empty());  // it works again
}

TEST_CASE("mails wait with their account's address and choice, and when it was last mailed",
          "[store][notify]") {
  Outbox o;
  REQUIRE(o.records->add(notice("k1", 7, "turn", "g-1")).ok());
  REQUIRE(o.records->add(notice("k2", 7, "ended", "g-2")).ok());
  REQUIRE(o.records->add(notice("k3", 8, "turn", "g-1")).ok());
  auto waiting = o.records->waiting_mails(10);
  REQUIRE(waiting.ok());
  REQUIRE(waiting->size() == 3);
  CHECK(waiting->at(0).email == "anna@example.org");
  CHECK(waiting->at(0).mode == "each");
  CHECK(waiting->at(0).last_mailed_ms == 0);
  CHECK(waiting->at(2).email.empty());  // Boris confirmed no address

  REQUIRE(o.records->mailed({waiting->at(0).id}, 7, "g-1", 5000).ok());
  REQUIRE(o.records->mail_none({waiting->at(2).id}).ok());
  REQUIRE(o.records->add(notice("k4", 7, "turn", "g-1")).ok());
  waiting = o.records->waiting_mails(10);
  REQUIRE(waiting->size() == 2);
  CHECK(waiting->at(0).notice.game_id == "g-1");
  CHECK(waiting->at(0).last_mailed_ms == 5000);  // g-1 was mailed at 5000
  CHECK(waiting->at(1).last_mailed_ms == 0);     // g-2 never

  // Daily: the last digest counts, not the game's last mail.
  REQUIRE(o.records->set_mail(7, "daily").ok());
  waiting = o.records->waiting_mails(10);
  CHECK(waiting->at(0).mode == "daily");
  CHECK(waiting->at(0).last_mailed_ms == 0);
  CHECK(o.records->settings(7)->mail == "daily");
  CHECK_FALSE(o.records->set_mail(7, "hourly").ok());  // the schema's CHECK
}

TEST_CASE("notices done with are pruned, a deleted account takes its notices and settings",
          "[store][notify]") {
  Outbox o;
  REQUIRE(o.records->add(notice("k1", 7)).ok());
  REQUIRE(o.records->add(notice("k2", 7)).ok());
  auto due = o.records->due_hooks(2000, 10);
  REQUIRE(o.records->hook_none(due->at(0).id).ok());
  auto waiting = o.records->waiting_mails(10);
  REQUIRE(o.records->mail_none({waiting->at(0).id}).ok());
  CHECK(o.records->prune(1001).value() == 1);  // k1 is done with; k2 still waits
  CHECK(o.records->notices_of(7)->size() == 1);

  REQUIRE(o.records->set_webhook(7, "https://hooks.example.org/g", "a secret of sixteen").ok());
  RawDb db(o.dir.file("g.db"));
  db.exec("PRAGMA foreign_keys = ON");
  db.exec("DELETE FROM accounts WHERE id = 7");
  CHECK(o.records->notices_of(7)->empty());
  CHECK_FALSE(o.records->settings(7).ok());
}
