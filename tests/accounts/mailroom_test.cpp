// The accounts' e-mail (accounts/mailroom.h) with a fake mailer: confirmation and reset tokens
// used once, expired, replaced by newer ones, tied to the address they were sent to; the
// limits per account and per address; nothing mailed to an unconfirmed address but its
// confirmation; deleting an account deletes its tokens.

#include <catch2/catch.hpp>

#include "accounts/mailroom.h"
#include "fake_mailer.h"
#include "world.h"

using namespace grognard;
using namespace grognard::accounts;
using namespace grognard::accounts::test;
using grognard::store::test::RawDb;

namespace {

constexpr std::int64_t kHour = 3'600'000;

struct MailWorld : World {
  MailWorld() : room(*db, &mailer, options()) {}
  static Mailroom::Options options() {
    Mailroom::Options o;
    o.public_url = "https://games.example.org/";
    o.cost = PasswordCost::cheapest_for_tests();
    return o;
  }
  Account make(const std::string& name, std::optional<std::string> email) {
    auto made = accounts->register_account(name, "password one", email, kT0);
    REQUIRE(made.ok());
    return *made;
  }
  // The account, as stored now.
  Account now(const Account& a) { return db->find_by_id(a.id).value()->account; }

  FakeMailer mailer;
  Mailroom room;
};

}  // namespace

TEST_CASE("a confirmation mail carries a link whose token confirms the address once",
          "[mailroom]") {
  MailWorld w;
  const Account anna = w.make("anna", "anna@example.org");
  REQUIRE(w.room.send_confirmation(anna, kT0).ok());
  REQUIRE(w.mailer.sent.size() == 1);
  const mail::Mail& m = w.mailer.sent[0];
  CHECK(m.to == "anna@example.org");
  CHECK(m.body.find("https://games.example.org/account/confirm?token=") != std::string::npos);
  const std::string token = token_in(m);
  REQUIRE(token.size() == kTokenTextLength);

  auto confirmed = w.room.confirm(token, kT0 + 1000);
  REQUIRE(confirmed.ok());
  CHECK(confirmed->email_confirmed);
  CHECK(w.now(anna).email_confirmed);
  auto again = w.room.confirm(token, kT0 + 2000);
  REQUIRE_FALSE(again.ok());
  CHECK(again.error().clause == "accounts.email-token");
  // Confirmed: no further confirmation is sent.
  CHECK_FALSE(w.room.send_confirmation(w.now(anna), kT0 + 3000).ok());
}

TEST_CASE("a confirmation token expires after a day, and a newer one replaces it", "[mailroom]") {
  MailWorld w;
  const Account anna = w.make("anna", "anna@example.org");
  REQUIRE(w.room.send_confirmation(anna, kT0).ok());
  const std::string first = token_in(w.mailer.sent.at(0));
  CHECK_FALSE(w.room.confirm(first, kT0 + 24 * kHour).ok());  // expired

  REQUIRE(w.room.send_confirmation(anna, kT0 + 1000).ok());
  REQUIRE(w.room.send_confirmation(anna, kT0 + 2000).ok());
  const std::string second = token_in(w.mailer.sent.at(1));
  const std::string third = token_in(w.mailer.sent.at(2));
  CHECK_FALSE(w.room.confirm(second, kT0 + 3000).ok());  // replaced by the third
  CHECK(w.room.confirm(third, kT0 + 3000).ok());
  CHECK_FALSE(w.room.confirm("not a token", kT0).ok());
}

TEST_CASE("a confirmation sent to an old address confirms nothing once the address changed",
          "[mailroom]") {
  MailWorld w;
  const Account anna = w.make("anna", "anna@example.org");
  REQUIRE(w.room.send_confirmation(anna, kT0).ok());
  const std::string old_token = token_in(w.mailer.sent.at(0));
  auto changed = w.room.set_email(anna, std::string("anna@elsewhere.org"));
  REQUIRE(changed.ok());
  CHECK_FALSE(changed->email_confirmed);
  CHECK_FALSE(w.room.confirm(old_token, kT0 + 1000).ok());
  CHECK_FALSE(w.now(anna).email_confirmed);
  CHECK_FALSE(w.room.set_email(anna, std::string("no at sign")).ok());
}

TEST_CASE("confirmation mails are limited per account and per address", "[mailroom]") {
  MailWorld w;
  const Account anna = w.make("anna", "shared@example.org");
  for (int i = 0; i < 3; ++i) REQUIRE(w.room.send_confirmation(anna, kT0 + i).ok());
  auto refused = w.room.send_confirmation(anna, kT0 + 10);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().clause == "accounts.too-many-mails");
  CHECK(refused.error().message.find("try again in") != std::string::npos);
  // Another account with the same address: the address is over its limit too.
  const Account boris = w.make("boris", "SHARED@example.org");
  CHECK_FALSE(w.room.send_confirmation(boris, kT0 + 20).ok());
  CHECK(w.mailer.sent.size() == 3);
  // An hour after the first, one more may go.
  CHECK(w.room.send_confirmation(anna, kT0 + kHour).ok());
}

TEST_CASE("a reset link goes only to a confirmed address, and resets the password once",
          "[mailroom]") {
  MailWorld w;
  const Account anna = w.make("anna", "anna@example.org");
  // Unconfirmed: nothing is sent, by name or by address.
  w.room.request_reset("anna", kT0);
  w.room.request_reset("anna@example.org", kT0);
  w.room.request_reset("nobody", kT0);
  CHECK(w.mailer.sent.empty());

  REQUIRE(w.room.send_confirmation(anna, kT0).ok());
  REQUIRE(w.room.confirm(token_in(w.mailer.sent.at(0)), kT0).ok());
  w.room.request_reset("ANNA@example.org", kT0 + 1000);
  REQUIRE(w.mailer.sent.size() == 2);
  const mail::Mail& m = w.mailer.sent[1];
  CHECK(m.to == "anna@example.org");
  CHECK(m.body.find("https://games.example.org/account/reset?token=") != std::string::npos);
  const std::string token = token_in(m);

  auto session = w.accounts->log_in("anna", "password one", "192.0.2.1", kT0 + 2000);
  REQUIRE(session.ok());
  CHECK_FALSE(w.room.reset_password(token, "short", kT0 + 3000).ok());  // the password first
  auto reset = w.room.reset_password(token, "password two", kT0 + 3000);
  REQUIRE(reset.ok());
  CHECK(reset->id == anna.id);
  CHECK_FALSE(w.accounts->whoami(session->token, kT0 + 4000).ok());  // every session ended
  CHECK(w.accounts->log_in("anna", "password two", "192.0.2.1", kT0 + 5000).ok());
  CHECK_FALSE(w.room.reset_password(token, "password three", kT0 + 6000).ok());  // used
  // A confirmation token resets nothing.
  CHECK_FALSE(w.room.reset_password(token_in(w.mailer.sent.at(0)), "password four", kT0).ok());
}

TEST_CASE("a reset link expires after an hour, and reset mails are limited", "[mailroom]") {
  MailWorld w;
  const Account anna = w.make("anna", "anna@example.org");
  REQUIRE(w.room.send_confirmation(anna, kT0).ok());
  REQUIRE(w.room.confirm(token_in(w.mailer.sent.at(0)), kT0).ok());
  w.room.request_reset("anna", kT0);
  const std::string token = token_in(w.mailer.sent.at(1));
  CHECK_FALSE(w.room.reset_password(token, "password two", kT0 + kHour).ok());
  w.room.request_reset("anna", kT0 + 1);
  w.room.request_reset("anna", kT0 + 2);
  w.room.request_reset("anna", kT0 + 3);  // the fourth in the hour
  CHECK(w.mailer.sent.size() == 4);
}

TEST_CASE("without a mailer nothing is sent and the answer says so", "[mailroom]") {
  MailWorld w;
  Mailroom off(*w.db, nullptr, MailWorld::options());
  const Account anna = w.make("anna", "anna@example.org");
  CHECK_FALSE(off.sends_mail());
  auto refused = off.send_confirmation(anna, kT0);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().clause == "accounts.no-mail");
  CHECK(off.request_reset("anna", kT0) == "no mail is sent");
}

TEST_CASE("tokens are stored hashed, and go with their account", "[mailroom]") {
  MailWorld w;
  const Account anna = w.make("anna", "anna@example.org");
  REQUIRE(w.room.send_confirmation(anna, kT0).ok());
  RawDb raw(w.path);
  CHECK(raw.integer("SELECT count(*) FROM email_tokens") == 1);
  CHECK(raw.integer("SELECT length(token_hash) FROM email_tokens") == 32);
  REQUIRE(w.db->delete_account(anna.id).ok());
  CHECK(raw.integer("SELECT count(*) FROM email_tokens") == 0);
}
