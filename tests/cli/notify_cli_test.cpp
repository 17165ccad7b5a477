// The account's notices in the terminal client (docs/notifications.md, docs/client.md
// "Accounts"): the settings in words, and `grognard account webhook` and `grognard account
// notices` against the real server, whose --webhook-allow lets a loopback receiver in over
// http://. No notice is sent: the settings only.
#include <catch2/catch.hpp>

#include "commands/notices_cmd.h"
#include "run.h"
#include "server_process.h"

namespace grognard::clitest {

namespace {

const std::string kPassword = "correct horse battery\n";
const std::string kSecret = "s3cret-for-the-hook-0123";

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("notify: the account's notice settings in words, never the secret", "[cli][notify]") {
  v1::AccountState s;
  s.set_name("anna");
  CHECK(cli::notice_lines(s).empty());  // a server that keeps no notices
  s.set_mail_notices("each");
  CHECK(cli::notice_lines(s).front() ==
        "Webhook: none (grognard account webhook URL SECRET sets one)");
  CHECK(cli::notice_lines(s).back() ==
        "Mail notices: each (one mail per game, at most every 3 hours); none is sent: you have "
        "no e-mail address (grognard account email ADDRESS)");
  s.set_email("anna@example.org");
  CHECK(cli::notice_lines(s).back() ==
        "Mail notices: each (one mail per game, at most every 3 hours); none is sent until "
        "anna@example.org is confirmed");
  s.set_email_confirmed(true);
  s.set_mail_notices("daily");
  CHECK(cli::notice_lines(s).back() ==
        "Mail notices: daily (one digest of every game, at most once a day), to "
        "anna@example.org");
  s.set_mail_notices("off");
  CHECK(cli::notice_lines(s).back() == "Mail notices: off (no mail)");
  s.set_webhook_url("https://hooks.example.org/grognard");
  CHECK(cli::notice_lines(s).front() == "Webhook: https://hooks.example.org/grognard");
  CHECK(cli::notice_lines(s).size() == 2);
  s.set_webhook_failing("503 Service Unavailable, 6 times");
  const auto lines = cli::notice_lines(s);
  REQUIRE(lines.size() == 3);
  CHECK(lines[1] ==
        "  FAILING: 503 Service Unavailable, 6 times (notices are not reaching it; the next one "
        "delivered marks it working)");
}

TEST_CASE("notify: grognard account webhook and notices set, shown, refused and removed",
          "[cli][notify][accounts]") {
  e2e::ServerProcess server({"--webhook-allow", "127.0.0.1/32"});
  TempDir laptop, nobody;
  REQUIRE(grognard("register Anna", laptop.path(), server.url(), kPassword).status == 0);
  Run before = grognard("account", laptop.path(), server.url());
  INFO(before.output);
  REQUIRE(before.status == 0);
  CHECK(contains(before.output, "Webhook: none"));
  CHECK(contains(before.output, "Mail notices: each (one mail per game, at most every 3 hours)"));

  const std::string hook = "http://127.0.0.1:9/grognard-hook";
  Run set = grognard("account webhook " + hook + " " + kSecret, laptop.path(), server.url());
  INFO(set.output);
  REQUIRE(set.status == 0);
  CHECK(contains(set.output, "Webhook set"));
  CHECK(contains(set.output, "Webhook: " + hook));
  CHECK_FALSE(contains(set.output, kSecret));
  Run shown = grognard("account", laptop.path(), server.url());
  INFO(shown.output);
  CHECK(contains(shown.output, "Webhook: " + hook));
  CHECK_FALSE(contains(shown.output, "FAILING"));
  CHECK_FALSE(contains(shown.output, kSecret));
  Run json = grognard("--json account", laptop.path(), server.url());
  INFO(json.output);
  CHECK(contains(json.output, "\"webhook_url\":\"" + hook + "\""));
  CHECK_FALSE(contains(json.output, kSecret));

  // Not allowed: plain http to a host the operator did not allow; a short secret.
  Run refused =
      grognard("account webhook http://example.org/hook " + kSecret, laptop.path(), server.url());
  INFO(refused.output);
  CHECK(refused.status == 1);
  CHECK(contains(refused.output, "Bad request: "));
  CHECK(contains(refused.output, "https"));
  CHECK(contains(refused.output, "(rule notify.webhook)."));
  Run short_secret = grognard("account webhook " + hook + " short", laptop.path(), server.url());
  INFO(short_secret.output);
  CHECK(short_secret.status == 1);
  CHECK(contains(short_secret.output, "16 to 256 printable characters"));
  // The secret asked for on standard input when not on the command line.
  Run asked = grognard("account webhook " + hook, laptop.path(), server.url(), kSecret + "\n");
  INFO(asked.output);
  CHECK(asked.status == 0);

  Run daily = grognard("account notices daily", laptop.path(), server.url());
  INFO(daily.output);
  REQUIRE(daily.status == 0);
  CHECK(contains(daily.output, "Mail notices set."));
  CHECK(contains(daily.output,
                 "Mail notices: daily (one digest of every game, at most once a "
                 "day); none is sent: you have no e-mail address"));
  Run hourly = grognard("account notices hourly", laptop.path(), server.url());
  CHECK(hourly.status == 2);
  Run again = grognard("account", laptop.path(), server.url());
  INFO(again.output);
  CHECK(contains(again.output, "Mail notices: daily"));
  CHECK(contains(again.output, "Webhook: " + hook));

  Run off = grognard("account webhook off", laptop.path(), server.url());
  INFO(off.output);
  REQUIRE(off.status == 0);
  CHECK(contains(off.output, "Webhook removed."));
  CHECK(contains(off.output, "Webhook: none"));
  CHECK(contains(grognard("account", laptop.path(), server.url()).output, "Webhook: none"));
  CHECK(grognard("account webhook off " + kSecret, laptop.path(), server.url()).status == 2);

  Run logged_out = grognard("account notices off", nobody.path(), server.url());
  INFO(logged_out.output);
  CHECK(logged_out.status == 1);
  CHECK(contains(logged_out.output, "not logged in"));
}

}  // namespace grognard::clitest
