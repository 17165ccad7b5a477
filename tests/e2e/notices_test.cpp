// Notifications on the real server (docs/notifications.md), with the tests' clock moved forward
// (grognard-server-testclock), a real HTTP receiver for webhooks and a real SMTP server, both on
// loopback: two generals with accounts play over days from two devices, and every notice
// expected arrives, and no other; a notice waiting for its retry survives a SIGKILL and comes
// under the same key; a webhook into the operator's network is refused.
#include <catch2/catch.hpp>

#include <set>
#include <thread>

#include "accounts_game.h"
#include "http_call.h"
#include "notify/webhook.h"
#include "smtp_sink.h"
#include "webhook_sink.h"

#ifndef GROGNARD_CLOCK_SERVER_BIN
#error "GROGNARD_CLOCK_SERVER_BIN must name grognard-server-testclock"
#endif

namespace grognard::e2e {

namespace {

const std::string kSecret = "s3cret-of-some-length";
const std::string kConfirmPath = "https://games.example.org/account/confirm?token=";

std::vector<std::string> notice_flags(const SmtpSink& smtp, bool allow_loopback = true) {
  std::vector<std::string> flags = kPlayFlags;
  for (const std::string& f : {std::string("--smtp-url"), smtp.url(), std::string("--smtp-from"),
                               std::string("games@example.org"), std::string("--public-url"),
                               std::string("https://games.example.org")}) {
    flags.push_back(f);
  }
  if (allow_loopback) {
    flags.push_back("--webhook-allow");
    flags.push_back("127.0.0.1/32");
  }
  return flags;
}

// Exactly `count` calls once they came, and no more for a moment after.
std::vector<WebhookCallSeen> calls_exactly(WebhookSink& sink, std::size_t count) {
  sink.wait_for(count);
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  auto calls = sink.calls();
  REQUIRE(calls.size() == count);
  return calls;
}

std::vector<std::string> mails_exactly(SmtpSink& sink, std::size_t count) {
  sink.wait_for(count);
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  auto mails = sink.mails();
  REQUIRE(mails.size() == count);
  return mails;
}

// The field `name` of a flat JSON object (a string or an int64 as a string).
std::string json_field(const std::string& body, const std::string& name) {
  const std::string key = "\"" + name + "\":\"";
  const auto at = body.find(key);
  if (at == std::string::npos) return "";
  const auto from = at + key.size();
  return body.substr(from, body.find('"', from) - from);
}

// The call is signed with `secret` over its timestamp and body, and carries its key.
void check_signed(const WebhookCallSeen& call, const std::string& secret) {
  const std::string ts = call.header("X-Grognard-Timestamp").value_or("");
  REQUIRE_FALSE(ts.empty());
  CHECK(call.header("X-Grognard-Signature").value_or("") ==
        notify::webhook_signature(secret, std::stoll(ts), call.body));
  CHECK(call.header("Idempotency-Key").value_or("") == json_field(call.body, "key"));
}

// Plays until the game waits for `seat` (the player to act plays the server's first choice).
void play_until(Game& g, const std::string& seat) {
  for (int i = 0; i < 300 && to_act(g).seat != seat && !finished(g); ++i) step(g);
  REQUIRE(to_act(g).seat == seat);
}

// Player `i` closes his connection: nothing is open to the game on his seat.
void go_away(const ServerProcess& server, Game& g, int i) {
  g.players[i].client = connect(server);  // the old connection closes
  g.players[i].connected = false;
}

// Player `i` comes back from another device: logged in, the account's seat resumed.
void come_back(const ServerProcess& server, Game& g, int i) {
  Player& p = g.players[i];
  p.client = connect(server);
  REQUIRE(p.client.log_in(i == 0 ? "Anna" : "Boris", kAccountPassword).ok());
  auto seated = p.client.resume_account_seat(g.game_id, p.seat, p.last_seq);
  REQUIRE(seated.ok());
  absorb(p, *seated);
  p.connected = true;
}

// Plays until the game waits for Boris, Anna leaves, and Boris plays until it waits for her:
// her turn came while she had no connection open to it.
void play_to_anna_away(const ServerProcess& server, Game& g) {
  play_until(g, "side:1");
  go_away(server, g, 0);
  play_until(g, "side:0");
}

// Anna (her webhook at `url`) and Boris registered, their game of "days 3" begun and played
// until her turn came while she was away.
Game anna_away_with_webhook(const ServerProcess& server, const std::string& url) {
  register_account(server, "Anna");
  register_account(server, "Boris");
  {
    Client c = connect(server);
    REQUIRE(c.log_in("Anna", kAccountPassword).ok());
    REQUIRE(c.set_webhook(url, kSecret).ok());
  }
  Game g = accounts_game(server, "days 3", true);
  play_to_anna_away(server, g);
  return g;
}

}  // namespace

TEST_CASE("two generals with accounts are told by webhook and mail exactly what needs them",
          "[e2e][notify][accounts][clock]") {
  TestClock clock;
  SmtpSink smtp;
  WebhookSink hook;
  ServerProcess server(notice_flags(smtp), GROGNARD_CLOCK_SERVER_BIN);
  register_account(server, "Anna");
  register_account(server, "Boris");
  {
    // Anna: a webhook, and an address she never confirms (it gets nothing).
    Client c = connect(server);
    REQUIRE(c.log_in("Anna", kAccountPassword).ok());
    auto set = c.set_webhook(hook.url(), kSecret);
    INFO((set.ok() ? "" : client::describe(set.failure())));
    REQUIRE(set.ok());
    CHECK(set->webhook_url() == hook.url());
    CHECK(set->mail_notices() == "each");
    REQUIRE(c.set_email("anna@example.org", kAccountPassword).ok());
  }
  mails_exactly(smtp, 1);  // Anna's confirmation, left unused
  {
    // Boris: his address, confirmed.
    Client c = connect(server);
    REQUIRE(c.log_in("Boris", kAccountPassword).ok());
    REQUIRE(c.set_email("boris@example.org", kAccountPassword).ok());
    const auto mails = mails_exactly(smtp, 2);
    REQUIRE(c.confirm_email(link_token(mails[1], kConfirmPath)).ok());
  }

  Game g = accounts_game(server, "days 3", true);
  play_until(g, "side:0");  // both connected: nobody is told
  // Boris closes his browser; Anna plays her turn: Boris is mailed, once.
  go_away(server, g, 1);
  play_until(g, "side:1");
  auto mails = mails_exactly(smtp, 3);
  CHECK(mails[2].starts_with("X-Rcpt: boris@example.org\r\n"));
  CHECK(mails[2].find("Subject: Grognard: your move in game " + g.game_id) != std::string::npos);
  CHECK(mails[2].find("https://games.example.org/rooms/" + g.invite_code + "?seat=side:1") !=
        std::string::npos);

  // Anna leaves; Boris plays from his phone until it is Anna's move: her webhook, once. He
  // leaves too.
  go_away(server, g, 0);
  come_back(server, g, 1);
  play_until(g, "side:0");
  go_away(server, g, 1);
  auto calls = calls_exactly(hook, 1);
  CHECK(json_field(calls[0].body, "kind") == "turn");
  CHECK(json_field(calls[0].body, "gameId") == g.game_id);
  CHECK(json_field(calls[0].body, "seatId") == "side:0");
  CHECK(json_field(calls[0].body, "url") ==
        "https://games.example.org/rooms/" + g.invite_code + "?seat=side:0");
  check_signed(calls[0], kSecret);

  // Her clock runs: at 80% and at 95% used she is warned, each once.
  clock.forward(2 * kDay + 12 * kHour);
  calls = calls_exactly(hook, 2);
  CHECK(json_field(calls[1].body, "kind") == "time-short");
  CHECK(json_field(calls[1].body, "key").find("/time-80/side:0") != std::string::npos);
  clock.forward(10 * kHour);
  calls = calls_exactly(hook, 3);
  CHECK(json_field(calls[2].body, "key").find("/time-95/side:0") != std::string::npos);

  // Out of time: Boris may claim the win, and is mailed so (three days after his last mail).
  clock.forward(3 * kHour);
  mails = mails_exactly(smtp, 4);
  CHECK(mails[3].find("ran out of time") != std::string::npos);
  CHECK(mails[3].find("may claim the win") != std::string::npos);
  come_back(server, g, 1);
  REQUIRE(g.players[1].client.claim_timeout().ok());

  // The end reaches Anna, who is away; Boris, who claimed it, is told nothing more.
  calls = calls_exactly(hook, 4);
  CHECK(json_field(calls[3].body, "kind") == "ended");
  CHECK(json_field(calls[3].body, "text").find("win on time") != std::string::npos);
  std::set<std::string> keys;
  for (const auto& c : calls) {
    check_signed(c, kSecret);
    keys.insert(c.header("Idempotency-Key").value_or(""));
  }
  CHECK(keys.size() == 4);
  mails_exactly(smtp, 4);
  CHECK(metric_now(server, "grognard_notices_total{channel=\"webhook\",outcome=\"sent\"}") == 4);
  CHECK(metric_now(server, "grognard_notices_total{channel=\"mail\",outcome=\"sent\"}") == 2);

  // From her phone Anna sees her webhook working; she turns mail to a daily digest.
  Client phone = connect(server);
  REQUIRE(phone.log_in("Anna", kAccountPassword).ok());
  auto who = phone.who_am_i();
  REQUIRE(who.ok());
  CHECK(who->webhook_url() == hook.url());
  CHECK(who->webhook_failing().empty());
  auto daily = phone.set_mail_notices("daily");
  REQUIRE(daily.ok());
  CHECK(daily->mail_notices() == "daily");
  auto bad = phone.set_mail_notices("hourly");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.failure().clause == "notify.mail");
}

TEST_CASE("a notice waiting for its retry survives a SIGKILL and arrives under the same key",
          "[e2e][notify][reliability]") {
  TestClock clock;
  SmtpSink smtp;
  WebhookSink hook;
  hook.set_mode("fail");
  ServerProcess server(notice_flags(smtp), GROGNARD_CLOCK_SERVER_BIN);
  Game g = anna_away_with_webhook(server, hook.url());
  auto first = calls_exactly(hook, 1);  // answered 500: to be tried again in a minute
  server.kill();
  hook.set_mode("ok");
  server.restart();
  clock.forward(61'000);
  auto calls = calls_exactly(hook, 2);
  CHECK(calls[1].header("Idempotency-Key").value_or("") ==
        first[0].header("Idempotency-Key").value_or(""));
  CHECK(calls[1].body == first[0].body);
  check_signed(calls[1], kSecret);
  // Sent: moving the clock on sends nothing more.
  clock.forward(kDay);
  calls_exactly(hook, 2);
}

TEST_CASE("a notice whose call a SIGKILL cut short is sent again under the same key",
          "[e2e][notify][reliability]") {
  TestClock clock;
  SmtpSink smtp;
  WebhookSink hook;
  hook.set_mode("slow");  // the receiver has it, and has not answered when the server dies
  ServerProcess server(notice_flags(smtp), GROGNARD_CLOCK_SERVER_BIN);
  Game g = anna_away_with_webhook(server, hook.url());
  auto first = hook.wait_for(1);
  REQUIRE(first.size() == 1);
  server.kill();
  hook.set_mode("ok");
  server.restart();  // never marked sent: due at once
  auto calls = calls_exactly(hook, 2);
  CHECK(calls[1].header("Idempotency-Key").value_or("") ==
        first[0].header("Idempotency-Key").value_or(""));
  CHECK(calls[1].body == first[0].body);
}

TEST_CASE(
    "a webhook into the operator's network is refused, and after every retry marked "
    "failing",
    "[e2e][notify][security]") {
  TestClock clock;
  SmtpSink smtp;
  WebhookSink hook;
  ServerProcess server(notice_flags(smtp, false), GROGNARD_CLOCK_SERVER_BIN);
  register_account(server, "Anna");
  register_account(server, "Boris");
  Client anna = connect(server);
  REQUIRE(anna.log_in("Anna", kAccountPassword).ok());
  auto http_hook = anna.set_webhook(hook.url(), kSecret);  // http://127.0.0.1:…
  REQUIRE_FALSE(http_hook.ok());
  CHECK(http_hook.failure().clause == "notify.webhook");
  CHECK(http_hook.failure().message.find("https") != std::string::npos);
  REQUIRE_FALSE(anna.set_webhook("https://hooks.example.org/g", "short").ok());
  // A name that resolves to loopback passes the form, not the call.
  const std::string local = "https://localhost:" + std::to_string(hook.port()) + "/hook";
  REQUIRE(anna.set_webhook(local, kSecret).ok());

  Game g = accounts_game(server, "days 3", true);
  play_to_anna_away(server, g);
  // Tried six times over the back-off (1 min, 5 min, 30 min, 2 h, 6 h), never reaching it.
  for (std::int64_t wait : {0LL, 61'000LL, 301'000LL, 1'801'000LL, 7'201'000LL, 21'601'000LL}) {
    clock.forward(wait);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  }
  CHECK(hook.calls().empty());
  Client phone = connect(server);
  REQUIRE(phone.log_in("Anna", kAccountPassword).ok());
  auto who = phone.who_am_i();
  REQUIRE(who.ok());
  CHECK(who->webhook_failing().find("127.0.0.1") != std::string::npos);
  CHECK(metric_now(server, "grognard_notices_total{channel=\"webhook\",outcome=\"failed\"}") == 1);
  CHECK(metric_now(server, "grognard_notices_total{channel=\"webhook\",outcome=\"retry\"}") == 5);
  // The secret is nowhere in what the server logged.
  CHECK(server.log().find(kSecret) == std::string::npos);
}

}  // namespace grognard::e2e
