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

  // The same key again (a notice written twice): kept once.
  record::WriteBatch again;
  again.game = game;
  again.notices = {notice("g-1/1/turn/side:0", 7)};
  REQUIRE(append_sync(*o.store, again).ok());
  auto anna = o.records->notices_of(7);
  REQUIRE(anna.ok());
  REQUIRE(anna->size() == 1);
  CHECK(anna->front() == batch.notices[0]);
  auto nobody = o.records->notices_of(99);
  REQUIRE(nobody.ok());
  CHECK(nobody->empty());

  // A notice that cannot be written takes its batch's events with it: one transaction.
  RawDb db(o.dir.file("g.db"));
  db.exec(
      "CREATE TRIGGER refuse_boom BEFORE INSERT ON notices WHEN NEW.kind = 'boom' "
      "BEGIN SELECT RAISE(ABORT, 'no'); END");
  record::WriteBatch refused;
  refused.game = game;
  refused.events = make_events(game.id, 2, 1);
  refused.notices = {notice("g-1/2/turn/side:0", 7, "boom")};
  REQUIRE_FALSE(append_sync(*o.store, refused).ok());
  CHECK(db.integer("SELECT count(*) FROM events WHERE game_id = 'g-1'") == 1);
  CHECK(o.records->notices_of(7)->size() == 1);
}

TEST_CASE("webhook calls come due, are put off, given up or sent, and mark the account",
          "[store][notify]") {
  Outbox o;
  REQUIRE(o.records->set_webhook(7, "https://hooks.example.org/g", "a secret of sixteen").ok());
  REQUIRE(o.records->add(notice("k1", 7)).ok());
  REQUIRE(o.records->add(notice("k2", 8)).ok());  // Boris has no webhook: nothing to call

  auto due = o.records->due_hooks(2000, 10);
  REQUIRE(due.ok());
  REQUIRE(due->size() == 1);
  CHECK(due->at(0).notice.key == "k1");
  CHECK(due->at(0).url == "https://hooks.example.org/g");
  CHECK(due->at(0).secret == "a secret of sixteen");
  CHECK(due->at(0).attempts == 0);
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

  // A webhook removed after its notice was written: due, with no URL (the sender marks it).
  REQUIRE(o.records->add(notice("k4", 7)).ok());
  REQUIRE(o.records->set_webhook(7, "", "").ok());
  auto orphan = o.records->due_hooks(3000, 10);
  REQUIRE(orphan->size() == 1);
  CHECK(orphan->at(0).url.empty());
  REQUIRE(o.records->hook_none(orphan->at(0).id).ok());
  CHECK(o.records->due_hooks(3000, 10)->empty());
}

TEST_CASE("mails wait with their account's address and choice until their pace allows",
          "[store][notify]") {
  Outbox o;
  const std::int64_t pace = 3 * 3'600'000, day = 24 * 3'600'000;
  REQUIRE(o.records->add(notice("k1", 7, "turn", "g-1")).ok());
  REQUIRE(o.records->add(notice("k2", 7, "ended", "g-2")).ok());
  REQUIRE(o.records->add(notice("k3", 8, "turn", "g-1")).ok());  // Boris: no confirmed address
  auto waiting = o.records->waiting_mails(5000, pace, day, 10);
  REQUIRE(waiting.ok());
  REQUIRE(waiting->size() == 2);
  CHECK(waiting->at(0).email == "anna@example.org");
  CHECK(waiting->at(0).mode == "each");
  CHECK(waiting->at(0).last_mailed_ms == 0);

  REQUIRE(o.records->mailed({waiting->at(0).id}, 7, "g-1", 5000).ok());
  REQUIRE(o.records->add(notice("k4", 7, "turn", "g-1")).ok());
  waiting = o.records->waiting_mails(5000 + pace - 1, pace, day, 10);
  REQUIRE(waiting->size() == 1);  // g-1 was mailed at 5000: k4 waits its pace
  CHECK(waiting->at(0).notice.key == "k2");
  waiting = o.records->waiting_mails(5000 + pace, pace, day, 10);
  REQUIRE(waiting->size() == 2);
  CHECK(waiting->at(0).notice.key == "k4");
  CHECK(waiting->at(0).last_mailed_ms == 5000);

  // Daily: the last digest counts, not the game's last mail.
  REQUIRE(o.records->set_mail(7, "daily").ok());
  waiting = o.records->waiting_mails(6000, pace, day, 10);
  REQUIRE(waiting->size() == 2);
  CHECK(waiting->at(0).mode == "daily");
  CHECK(waiting->at(0).last_mailed_ms == 0);
  REQUIRE(o.records->mailed({waiting->at(0).id, waiting->at(1).id}, 7, "", 6000).ok());
  REQUIRE(o.records->add(notice("k5", 7, "turn", "g-3")).ok());
  CHECK(o.records->waiting_mails(6000 + day - 1, pace, day, 10)->empty());
  CHECK(o.records->waiting_mails(6000 + day, pace, day, 10)->size() == 1);
  CHECK(o.records->settings(7)->mail == "daily");
  CHECK_FALSE(o.records->set_mail(7, "hourly").ok());  // the schema's CHECK

  // Mail off: a notice written now is not to be mailed at all.
  REQUIRE(o.records->set_mail(7, "off").ok());
  REQUIRE(o.records->add(notice("k6", 7, "turn", "g-4")).ok());
  RawDb db(o.dir.file("g.db"));
  CHECK(db.rows("SELECT key, mail_state, hook_state FROM notices ORDER BY id") ==
        std::vector<std::string>{"k1 | sent | none", "k2 | sent | none", "k3 | none | none",
                                 "k4 | sent | none", "k5 | pending | none", "k6 | none | none"});
}

TEST_CASE("notices done with are pruned, a deleted account takes its notices and settings",
          "[store][notify]") {
  Outbox o;
  REQUIRE(o.records->add(notice("k1", 7)).ok());
  REQUIRE(o.records->add(notice("k2", 7)).ok());
  auto waiting = o.records->waiting_mails(2000, 1, 1, 10);
  REQUIRE(o.records->mail_none({waiting->at(0).id}).ok());  // k1: no webhook, no mail
  CHECK(o.records->prune(1001).value() == 1);               // k1 is done with; k2 still waits
  CHECK(o.records->notices_of(7)->size() == 1);

  REQUIRE(o.records->set_webhook(7, "https://hooks.example.org/g", "a secret of sixteen").ok());
  RawDb db(o.dir.file("g.db"));
  db.exec("PRAGMA foreign_keys = ON");
  db.exec("DELETE FROM accounts WHERE id = 7");
  CHECK(o.records->notices_of(7)->empty());
  CHECK_FALSE(o.records->settings(7).ok());
}
