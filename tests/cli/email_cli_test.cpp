// The account's e-mail commands against the real server and a real SMTP server on loopback
// (docs/client.md, "Accounts"): an address set and confirmed with the mail's token, a password
// reset asked by name and set with the mail's token.
#include <catch2/catch.hpp>

#include "run.h"
#include "server_process.h"
#include "smtp_sink.h"

namespace grognard::clitest {

namespace {

const std::string kPassword = "correct horse battery\n";

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("grognard account email and confirm, then reset-password by name and by token",
          "[cli][accounts][accounts.mail]") {
  e2e::SmtpSink sink;
  e2e::ServerProcess server({"--smtp-url", sink.url(), "--smtp-from", "games@example.org",
                             "--public-url", "https://games.example.org"});
  TempDir laptop, other;
  REQUIRE(grognard("register Anna", laptop.path(), server.url(), kPassword).status == 0);
  Run usage = grognard("account email", laptop.path(), server.url());
  CHECK(usage.status == 2);
  CHECK(contains(usage.output, "give an ADDRESS or --remove"));

  Run set = grognard("account email anna@example.org", laptop.path(), server.url(), kPassword);
  INFO(set.output);
  REQUIRE(set.status == 0);
  CHECK(contains(set.output, "confirmation mail is on its way"));
  auto mails = sink.wait_for(1);
  REQUIRE(mails.size() == 1);
  const std::string token = e2e::link_token(mails[0], "/account/confirm?token=");
  Run confirmed = grognard("account confirm " + token, other.path(), server.url());
  INFO(confirmed.output);
  CHECK(confirmed.status == 0);
  CHECK(contains(confirmed.output, "is confirmed"));

  Run asked = grognard("reset-password anna", other.path(), server.url());
  INFO(asked.output);
  CHECK(asked.status == 0);
  CHECK(contains(asked.output, "If that account has a confirmed e-mail address"));
  mails = sink.wait_for(2);
  REQUIRE(mails.size() == 2);
  const std::string reset = e2e::link_token(mails[1], "/account/reset?token=");
  Run done = grognard("reset-password --token " + reset, other.path(), server.url(),
                      "a brand new password\n");
  INFO(done.output);
  CHECK(done.status == 0);
  CHECK(contains(done.output, "every session of the account has ended"));
  CHECK(grognard("login anna", other.path(), server.url(), "a brand new password\n").status == 0);
  Run again = grognard("reset-password --token " + reset, other.path(), server.url(),
                       "yet another password\n");
  CHECK(again.status == 1);
}

}  // namespace grognard::clitest
