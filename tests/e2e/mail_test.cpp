// The accounts' mails on the real server with a real SMTP server on loopback (docs/accounts.md,
// "E-mail"): registering with an address mails one confirmation link, which confirms once and
// not after it expired; a reset is mailed only to a confirmed address, resets once and closes
// the account's other connections; a reset asked for a name nobody has is answered the same;
// no token and no password is in the database or the log; a failed mail is counted; a server
// without a relay says so.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <thread>

#include "game.h"
#include "http_call.h"
#include "smtp_sink.h"

namespace grognard::e2e {

namespace {

using namespace std::chrono_literals;

const std::string kPassword = "correct horse battery";
const std::string kNewPassword = "a brand new password";
const std::string kConfirmPath = "https://games.example.org/account/confirm?token=";
const std::string kResetPath = "https://games.example.org/account/reset?token=";

std::vector<std::string> mail_flags(const SmtpSink& sink) {
  return {"--smtp-url",   sink.url(),
          "--smtp-from",  "Grognard <games@example.org>",
          "--public-url", "https://games.example.org"};
}

// Every token of the database expires now (as if a day had passed).
void expire_tokens(const ServerProcess& server) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(server.database().c_str(), &db) == SQLITE_OK);
  sqlite3_busy_timeout(db, 5000);
  CHECK(sqlite3_exec(db, "UPDATE email_tokens SET expires_ms = 1", nullptr, nullptr, nullptr) ==
        SQLITE_OK);
  sqlite3_close(db);
}

// The mails once `count` arrived, and no more for a moment after.
std::vector<std::string> exactly(SmtpSink& sink, std::size_t count) {
  auto got = sink.wait_for(count);
  std::this_thread::sleep_for(300ms);
  got = sink.mails();
  REQUIRE(got.size() == count);
  return got;
}

}  // namespace

TEST_CASE("registering with an address mails one link, which confirms it once",
          "[e2e][accounts][accounts.mail]") {
  SmtpSink sink;
  ServerProcess server(mail_flags(sink));
  Client c = connect(server);
  auto made = c.register_account("Anna", kPassword, "anna@example.org");
  REQUIRE(made.ok());
  CHECK(made->email_note().find("on its way") != std::string::npos);
  const auto mails = exactly(sink, 1);
  CHECK(mails[0].starts_with("X-Rcpt: anna@example.org\r\n"));
  CHECK(mails[0].find("From: Grognard <games@example.org>") != std::string::npos);
  const std::string token = link_token(mails[0], kConfirmPath);
  REQUIRE(token.size() == 43);

  // The link's page confirms it; the second time it is refused.
  const HttpAnswer page = http(server, "GET", "/account/confirm?token=" + token);
  CHECK(page.status == 200);
  CHECK(page.body.find("Address confirmed") != std::string::npos);
  CHECK(page.head.find("Referrer-Policy: no-referrer") != std::string::npos);
  const HttpAnswer again = http(server, "GET", "/account/confirm?token=" + token);
  CHECK(again.status == 400);
  CHECK(again.body.find("not valid") != std::string::npos);
  auto who = c.who_am_i();
  REQUIRE(who.ok());
  CHECK(who->email_confirmed());
  CHECK(metric_now(server, "grognard_mail_sent_total{result=\"sent\"}") == 1);

  // A new address: unconfirmed, a new mail; its link refused once expired, also over the
  // protocol.
  REQUIRE_FALSE(c.set_email("anna@elsewhere.org", "wrong password").ok());
  auto changed = c.set_email("anna@elsewhere.org", kPassword);
  REQUIRE(changed.ok());
  CHECK_FALSE(changed->account().email_confirmed());
  const auto more = exactly(sink, 2);
  const std::string second = link_token(more[1], kConfirmPath);
  expire_tokens(server);
  auto expired = c.confirm_email(second);
  REQUIRE_FALSE(expired.ok());
  CHECK(client::describe(expired.failure()).find("expired") != std::string::npos);
}

TEST_CASE("a reset link goes only to a confirmed address, works once and ends every session",
          "[e2e][accounts][accounts.mail]") {
  SmtpSink sink;
  ServerProcess server(mail_flags(sink));
  Client laptop = connect(server);
  auto made = laptop.register_account("Boris", kPassword, "boris@example.org");
  REQUIRE(made.ok());
  const std::string confirm_token = link_token(exactly(sink, 1)[0], kConfirmPath);

  // Unconfirmed: the answer is the one every request gets, and nothing is mailed.
  const std::string body = R"({"nameOrEmail":"Boris"})";
  const HttpAnswer known = http(server, "POST", "/account/reset-request", body);
  const HttpAnswer unknown =
      http(server, "POST", "/account/reset-request", R"({"nameOrEmail":"Nobody"})");
  const HttpAnswer unknown_address =
      http(server, "POST", "/account/reset-request", R"({"nameOrEmail":"no@example.org"})");
  CHECK(known.status == 200);
  CHECK(known.body.find("if that account") != std::string::npos);
  CHECK(unknown.status == known.status);
  CHECK(unknown.body == known.body);
  CHECK(unknown_address.body == known.body);
  exactly(sink, 1);

  Client other = connect(server);
  REQUIRE(other.confirm_email(confirm_token).ok());
  auto asked = other.request_password_reset("BORIS@example.org");
  REQUIRE(asked.ok());
  CHECK(asked->text().find("if that account") != std::string::npos);
  const auto mails = exactly(sink, 2);
  CHECK(mails[1].starts_with("X-Rcpt: boris@example.org\r\n"));
  const std::string token = link_token(mails[1], kResetPath);
  REQUIRE(token.size() == 43);
  // The link lands on the web client's page.
  const HttpAnswer landing = http(server, "GET", "/account/reset?token=" + token);
  CHECK(landing.status == 200);
  CHECK(landing.head.find("text/html") != std::string::npos);

  // The reset: the laptop's session ends and its connection is closed.
  auto reset = other.reset_password(token, kNewPassword);
  INFO((reset.ok() ? "" : client::describe(reset.failure())));
  REQUIRE(reset.ok());
  CHECK(closing_reason(laptop).value_or("").starts_with("logged out"));
  CHECK_FALSE(other.reset_password(token, "yet another password").ok());  // once
  Client c = connect(server);
  CHECK_FALSE(c.log_in("Boris", kPassword).ok());
  auto in = c.log_in("Boris", kNewPassword);
  REQUIRE(in.ok());

  // Neither token nor password is in the database, its WAL or the log.
  const std::string db = file_bytes(server.database());
  const std::string wal = file_bytes(server.database().string() + "-wal");
  const std::string log = server.log();
  for (const std::string& secret :
       {confirm_token, token, kPassword, kNewPassword, made->session_token()}) {
    CHECK(db.find(secret) == std::string::npos);
    CHECK(wal.find(secret) == std::string::npos);
    CHECK(log.find(secret) == std::string::npos);
  }
}

TEST_CASE("a relay that refuses the connection: the mail is counted failed and logged",
          "[e2e][accounts][accounts.mail]") {
  ServerProcess server({"--smtp-url", "smtp://127.0.0.1:1", "--smtp-from", "games@example.org",
                        "--public-url", "http://127.0.0.1"});
  Client c = connect(server);
  auto made = c.register_account("Dora", kPassword, "dora@example.org");
  REQUIRE(made.ok());  // the answer does not wait for the relay
  const std::string failed = "grognard_mail_sent_total{result=\"failed\"}";
  for (int i = 0; i < 200 && metric_now(server, failed) < 1; ++i) std::this_thread::sleep_for(50ms);
  CHECK(metric_now(server, failed) == 1);
  CHECK(server.log().find("to a example.org address failed") != std::string::npos);
}

TEST_CASE("the mail flags that cannot send are refused at start, saying which",
          "[e2e][accounts][accounts.mail]") {
  ServerProcess server;  // for its temporary folder
  const auto dir = server.database().parent_path();
  const auto no_url = run_server_command(
      "--db :memory: --smtp-url smtp://127.0.0.1:2525 --smtp-from games@example.org", dir, 10);
  CHECK(no_url.exit_code == 2);
  CHECK(no_url.err.find("--public-url") != std::string::npos);
  const auto bad_scheme = run_server_command(
      "--db :memory: --smtp-url http://mail.example.org --smtp-from games@example.org "
      "--public-url https://games.example.org",
      dir, 10);
  CHECK(bad_scheme.exit_code == 2);
  CHECK(bad_scheme.err.find("smtp://") != std::string::npos);
  const auto no_password = run_server_command(
      "--db :memory: --smtp-url smtps://mail.example.org --smtp-from games@example.org "
      "--smtp-user games --public-url https://games.example.org",
      dir, 10);
  CHECK(no_password.exit_code == 2);
  CHECK(no_password.err.find("GROGNARD_SMTP_PASSWORD") != std::string::npos);
}

TEST_CASE("a server without an SMTP relay sends nothing and says so",
          "[e2e][accounts][accounts.mail]") {
  ServerProcess server;
  Client c = connect(server);
  auto made = c.register_account("Clara", kPassword, "clara@example.org");
  REQUIRE(made.ok());
  CHECK(made->email_note().find("sends no e-mail") != std::string::npos);
  auto asked = c.request_password_reset("Clara");
  REQUIRE_FALSE(asked.ok());
  CHECK(client::describe(asked.failure()).find("sends no e-mail") != std::string::npos);
  CHECK(server.log().find("e-mail off") != std::string::npos);
}

}  // namespace grognard::e2e
