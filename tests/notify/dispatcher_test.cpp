// The sender of notices (docs/notifications.md, notify/dispatcher.h) over a real outbox, with a
// receiver and a mailer that keep what they are given: webhook retries and their back-off, a
// webhook given up and marked failing, mails paced per game and the daily digest.

#include <catch2/catch.hpp>

#include <map>

#include "../store/outbox.h"
#include "notify/dispatcher.h"

using namespace grognard;
using namespace grognard::store::test;

namespace {

constexpr std::int64_t kHour = 3'600'000;

class FakePoster final : public notify::WebhookPoster {
 public:
  engine::Status post(const notify::WebhookCall& call) override {
    calls.push_back(call);
    if (fail) {
      return engine::Error{engine::ErrorCode::kFailedPrecondition, "notify.webhook",
                           "hooks.example.org answered 500"};
    }
    return engine::ok_status();
  }
  std::vector<notify::WebhookCall> calls;
  bool fail = false;
};

class FakeMailer final : public mail::Mailer {
 public:
  engine::Status send(const mail::Mail& m) override {
    if (refuse) return engine::invalid("the relay said 451");
    mails.push_back(m);
    return engine::ok_status();
  }
  std::vector<mail::Mail> mails;
  bool refuse = false;
};

struct Bench : Outbox {
  FakePoster poster;
  FakeMailer mailer;
  std::int64_t now = 1'000'000;
  std::vector<std::pair<std::string, std::string>> results;
  std::unique_ptr<notify::Dispatcher> dispatcher;

  Bench() {
    notify::Dispatcher::Options o;
    o.public_url = "https://games.example.org";
    o.start_thread = false;
    dispatcher = std::make_unique<notify::Dispatcher>(
        *records, &poster, &mailer, [this] { return now; }, o,
        [this](std::string_view channel, std::string_view outcome) {
          results.emplace_back(std::string(channel), std::string(outcome));
        });
  }

  void add(const std::string& key, const std::string& game = "g-1",
           const std::string& kind = "turn", std::int64_t account = 7) {
    record::NoticeRecord n;
    n.key = key;
    n.account_id = account;
    n.game_id = game;
    n.seat_id = "side:0";
    n.kind = kind;
    n.text = "Your move in " + game;
    n.link = "/rooms/ABC?seat=side:0";
    n.created_ms = now;
    REQUIRE(records->add(n).ok());
  }
};

}  // namespace

TEST_CASE(
    "a webhook call failed is tried again after 1 min, 5 min, 30 min, 2 h and 6 h, then "
    "given up and the webhook marked failing",
    "[notify][webhook]") {
  Bench b;
  REQUIRE(b.records->set_webhook(7, "https://hooks.example.org/g", "a secret of sixteen").ok());
  REQUIRE(b.records->set_mail(7, "off").ok());
  b.poster.fail = true;
  b.add("g-1/3/turn/side:0");
  b.dispatcher->round();
  REQUIRE(b.poster.calls.size() == 1);
  const notify::WebhookCall first = b.poster.calls[0];
  CHECK(first.url == "https://hooks.example.org/g");
  CHECK(first.secret == "a secret of sixteen");
  CHECK(first.key == "g-1/3/turn/side:0");
  CHECK(first.timestamp_s == 1000);
  CHECK(first.body.find("\"url\":\"https://games.example.org/rooms/ABC?seat=side:0\"") !=
        std::string::npos);

  const std::int64_t waits[] = {60'000, 300'000, 1'800'000, 2 * kHour, 6 * kHour};
  for (std::int64_t wait : waits) {
    b.now += wait - 1;
    b.dispatcher->round();  // not yet
    b.now += 1;
    b.dispatcher->round();
  }
  REQUIRE(b.poster.calls.size() == 6);
  for (const auto& c : b.poster.calls) {
    CHECK(c.key == first.key);    // the same key on every attempt
    CHECK(c.body == first.body);  // and the same body
  }
  CHECK(b.records->settings(7)->webhook_failing == "hooks.example.org answered 500");
  b.now += 100 * kHour;
  b.dispatcher->round();
  CHECK(b.poster.calls.size() == 6);  // given up
  CHECK(std::count(b.results.begin(), b.results.end(),
                   std::pair<std::string, std::string>{"webhook", "retry"}) == 5);
  CHECK(std::count(b.results.begin(), b.results.end(),
                   std::pair<std::string, std::string>{"webhook", "failed"}) == 1);

  // The next notice delivered marks it working again.
  b.poster.fail = false;
  b.add("g-1/9/turn/side:0");
  b.dispatcher->round();
  CHECK(b.poster.calls.size() == 7);
  CHECK(b.records->settings(7)->webhook_failing.empty());
}

TEST_CASE("mails: one per game at most every 3 hours, the notices between go together",
          "[notify][mail]") {
  Bench b;
  b.add("g-1/3/turn/side:0");
  b.dispatcher->round();
  REQUIRE(b.mailer.mails.size() == 1);
  CHECK(b.mailer.mails[0].to == "anna@example.org");
  CHECK(b.mailer.mails[0].subject == "Grognard: your move in game g-1");
  CHECK(b.mailer.mails[0].body.find("https://games.example.org/rooms/ABC?seat=side:0") !=
        std::string::npos);
  CHECK(b.poster.calls.empty());  // no webhook: marked so, never called

  b.now += kHour;
  b.add("g-1/5/turn/side:0");
  b.add("g-1/ended/side:0", "g-1", "ended");
  b.add("g-2/2/turn/side:0", "g-2");  // another game: its own pace
  b.dispatcher->round();
  REQUIRE(b.mailer.mails.size() == 2);
  CHECK(b.mailer.mails[1].subject == "Grognard: your move in game g-2");
  b.now += 2 * kHour;
  b.dispatcher->round();
  REQUIRE(b.mailer.mails.size() == 3);  // three hours after the first: both g-1 notices
  CHECK(b.mailer.mails[2].subject == "Grognard: game g-1 is over");
  CHECK(b.mailer.mails[2].body.find("Your move in g-1") != std::string::npos);
  b.now += 10 * kHour;
  b.dispatcher->round();
  CHECK(b.mailer.mails.size() == 3);

  // A relay that refuses: the notice stays, and is mailed once it takes mail again (after the
  // pause the refusal set).
  b.mailer.refuse = true;
  b.add("g-3/1/turn/side:0", "g-3");
  b.dispatcher->round();
  CHECK(b.mailer.mails.size() == 3);
  b.mailer.refuse = false;
  b.now += 299'000;
  b.dispatcher->round();
  CHECK(b.mailer.mails.size() == 3);  // paused
  b.now += 1000;
  b.dispatcher->round();
  REQUIRE(b.mailer.mails.size() == 4);
  CHECK(b.mailer.mails[3].subject == "Grognard: your move in game g-3");
  CHECK(std::count(b.results.begin(), b.results.end(),
                   std::pair<std::string, std::string>{"mail", "retry"}) == 1);
}

TEST_CASE("mails: a daily digest of every game, none to an unconfirmed address or when off",
          "[notify][mail]") {
  Bench b;
  REQUIRE(b.records->set_mail(7, "daily").ok());
  b.add("g-9/1/turn/side:0", "g-9", "turn", 8);  // Boris: no confirmed address, never mailed
  b.add("g-1/3/turn/side:0");
  b.add("g-2/4/turn/side:0", "g-2");
  b.dispatcher->round();
  REQUIRE(b.mailer.mails.size() == 1);
  CHECK(b.mailer.mails[0].subject == "Grognard: your games today (2 notices)");
  b.now += kHour;
  b.add("g-3/1/turn/side:0", "g-3");
  b.dispatcher->round();
  CHECK(b.mailer.mails.size() == 1);
  b.now += 23 * kHour;
  b.dispatcher->round();
  REQUIRE(b.mailer.mails.size() == 2);
  CHECK(b.mailer.mails[1].subject == "Grognard: your games today (1 notice)");

  REQUIRE(b.records->set_mail(7, "off").ok());
  b.add("g-4/1/turn/side:0", "g-4");
  b.now += 48 * kHour;
  b.dispatcher->round();
  CHECK(b.mailer.mails.size() == 2);
  RawDb db(b.dir.file("g.db"));
  CHECK(db.integer("SELECT count(*) FROM notices WHERE mail_state = 'pending'") == 0);
}
