// The service: registering, logging in and out, the limit, changing a password, deleting.

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>

#include "world.h"

using namespace grognard;
using namespace grognard::accounts;
using namespace grognard::accounts::test;

namespace {

const std::string kPassword = "Salamanca 1812";

engine::Error error_of(const engine::Result<LoggedIn>& r) {
  REQUIRE_FALSE(r.ok());
  return r.error();
}

}  // namespace

TEST_CASE("registering checks the name, the password and the e-mail address", "[service]") {
  World w;
  auto& a = *w.accounts;
  const auto bad_name = a.register_account("o'brien", kPassword, std::nullopt, kT0);
  REQUIRE_FALSE(bad_name.ok());
  CHECK(bad_name.error().message == "a name is 3 to 32 letters, digits, _ or -");
  const auto bad_password = a.register_account("obrien", "short", std::nullopt, kT0);
  REQUIRE_FALSE(bad_password.ok());
  CHECK(bad_password.error().message == "a password is 8 to 1024 bytes of UTF-8 text");
  for (const char* email : {"no-at-sign", "@example.org", "me@", "two@at@signs", "sp ace@x.org"}) {
    INFO(email);
    const auto bad_email = a.register_account("obrien", kPassword, email, kT0);
    REQUIRE_FALSE(bad_email.ok());
    CHECK(bad_email.error().message == "an e-mail address is name@domain, without spaces");
  }
  CHECK(w.db->list_accounts().value().empty());  // nothing refused was stored

  const auto made = a.register_account("OBrien", kPassword, "ob@example.org", kT0);
  REQUIRE(made.ok());
  CHECK(made->name == "OBrien");
  CHECK(made->email == std::optional<std::string>("ob@example.org"));
  CHECK_FALSE(made->email_confirmed);
  CHECK(made->created_ms == kT0);
  const auto stored = w.db->find_by_name("obrien").value().value();
  CHECK(stored.password_hash.rfind("$argon2id$", 0) == 0);
  CHECK(stored.password_hash.find(kPassword) == std::string::npos);

  const auto again = a.register_account("obrien", "another password", std::nullopt, kT0);
  REQUIRE_FALSE(again.ok());
  CHECK(again.error().clause == "accounts.name-taken");
}

TEST_CASE("a log-in opens a session its token finds, whatever the name's case", "[service]") {
  World w;
  auto& a = *w.accounts;
  const auto made = a.register_account("Harper", kPassword, std::nullopt, kT0).value();
  const auto in = a.log_in("hARPER", kPassword, "10.0.0.1", kT0 + 1000);
  REQUIRE(in.ok());
  CHECK(in->account == made);
  CHECK(in->token.size() == 43);
  const auto me = a.whoami(in->token, kT0 + 2000);
  REQUIRE(me.ok());
  CHECK(*me == made);
  const auto session = w.db->use_session(token_hash(in->token).value(), kT0 + 2000).value();
  REQUIRE(session.has_value());
  CHECK(session->created_ms == kT0 + 1000);
  CHECK(session->last_used_ms == kT0 + 2000);
  // Tokens that open nothing answer alike.
  const auto nobody = a.whoami(new_session_token().value().text, kT0);
  const auto garbage = a.whoami("not a token", kT0);
  REQUIRE_FALSE(nobody.ok());
  REQUIRE_FALSE(garbage.ok());
  CHECK(nobody.error() == garbage.error());
  CHECK(nobody.error().clause == "accounts.session");
}

TEST_CASE("an unknown name and a wrong password give the same answer", "[service]") {
  World w;
  auto& a = *w.accounts;
  REQUIRE(a.register_account("harper", kPassword, std::nullopt, kT0).ok());
  const auto wrong = error_of(a.log_in("harper", "not the password", "10.0.0.1", kT0));
  const auto unknown = error_of(a.log_in("hagman", kPassword, "10.0.0.2", kT0));
  const auto malformed = error_of(a.log_in("h", kPassword, "10.0.0.3", kT0));
  CHECK(wrong == unknown);  // code, clause and message, byte for byte
  CHECK(wrong == malformed);
  CHECK(wrong.message == "wrong name or password");
  CHECK(wrong.code == engine::ErrorCode::kPermissionDenied);
}

TEST_CASE("an unknown name costs a password check, as a wrong password does", "[service]") {
  // A cost well above a lookup's time (4 MiB, 2 passes: milliseconds), so that skipping the
  // check for an unknown name would show at once.
  Accounts::Options options;
  options.cost = PasswordCost{2, 4 * 1024 * 1024};
  options.limit.per_address = 0;
  options.limit.per_name = 0;
  World w(options);
  auto& a = *w.accounts;
  REQUIRE(a.register_account("harper", kPassword, std::nullopt, kT0).ok());
  // The least time of several tries, taken in turns: what the work takes when nothing else
  // on the machine gets in the way (another process's load only ever adds time).
  const auto time_ms = [&](const std::string& name) {
    const auto start = std::chrono::steady_clock::now();
    (void)a.log_in(name, "not the password", "10.0.0.1", kT0);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  };
  double wrong = 1e9;
  double unknown = 1e9;
  for (int i = 0; i < 9; ++i) {
    wrong = std::min(wrong, time_ms("harper"));
    unknown = std::min(unknown, time_ms("nobody"));
  }
  INFO("wrong password " << wrong << " ms, unknown name " << unknown << " ms");
  CHECK(unknown > wrong / 3);
  CHECK(unknown < wrong * 3);
}

TEST_CASE("a disabled account cannot log in, and its sessions end", "[service]") {
  World w;
  auto& a = *w.accounts;
  const auto made = a.register_account("harper", kPassword, std::nullopt, kT0).value();
  const auto in = a.log_in("harper", kPassword, "10.0.0.1", kT0).value();
  REQUIRE(w.db->set_disabled(made.id, true).ok());
  CHECK_FALSE(a.whoami(in.token, kT0).ok());
  const auto refused = error_of(a.log_in("harper", kPassword, "10.0.0.1", kT0));
  CHECK(refused.clause == "accounts.disabled");
  // Without the password, it is a log-in like any other that failed: nothing said.
  CHECK(error_of(a.log_in("harper", "wrong password", "10.0.0.1", kT0)).clause ==
        "accounts.log-in");
  REQUIRE(w.db->set_disabled(made.id, false).ok());
  CHECK(a.log_in("harper", kPassword, "10.0.0.1", kT0).ok());
}

// The store, counted: the limit must refuse before the account is even looked up.
class CountingStore final : public AccountStore {
 public:
  explicit CountingStore(AccountStore& inner) : inner_(inner) {}
  int lookups = 0;

  engine::Result<Account> create_account(const std::string& n, const std::string& h,
                                         const std::optional<std::string>& e,
                                         std::int64_t t) override {
    return inner_.create_account(n, h, e, t);
  }
  engine::Result<std::optional<StoredAccount>> find_by_name(const std::string& n) override {
    ++lookups;
    return inner_.find_by_name(n);
  }
  engine::Result<std::optional<StoredAccount>> find_by_id(std::int64_t id) override {
    return inner_.find_by_id(id);
  }
  engine::Result<std::vector<Account>> list_accounts() override { return inner_.list_accounts(); }
  engine::Status set_password(std::int64_t id, const std::string& h) override {
    return inner_.set_password(id, h);
  }
  engine::Status set_email(std::int64_t id, const std::optional<std::string>& e) override {
    return inner_.set_email(id, e);
  }
  engine::Status confirm_email(std::int64_t id) override { return inner_.confirm_email(id); }
  engine::Status set_disabled(std::int64_t id, bool d) override {
    return inner_.set_disabled(id, d);
  }
  engine::Status delete_account(std::int64_t id) override { return inner_.delete_account(id); }
  engine::Status create_session(const Session& s) override { return inner_.create_session(s); }
  engine::Result<std::optional<Session>> use_session(const TokenHash& h,
                                                     std::int64_t now_ms) override {
    return inner_.use_session(h, now_ms);
  }
  engine::Status delete_session(const TokenHash& h) override { return inner_.delete_session(h); }
  engine::Status delete_sessions(std::int64_t id) override { return inner_.delete_sessions(id); }
  engine::Status delete_other_sessions(std::int64_t id, const TokenHash& keep) override {
    return inner_.delete_other_sessions(id, keep);
  }
  engine::Result<std::optional<StoredAccount>> find_by_confirmed_email(
      const std::string& e) override {
    return inner_.find_by_confirmed_email(e);
  }
  engine::Status create_email_token(const EmailToken& t) override {
    return inner_.create_email_token(t);
  }
  engine::Result<std::optional<EmailToken>> use_email_token(const TokenHash& h, TokenKind k,
                                                            std::int64_t now_ms) override {
    return inner_.use_email_token(h, k, now_ms);
  }
  engine::Status delete_email_tokens(std::int64_t id, TokenKind k) override {
    return inner_.delete_email_tokens(id, k);
  }

 private:
  AccountStore& inner_;
};

TEST_CASE("past the limit a log-in is refused before any lookup, and says how long to wait",
          "[service]") {
  World w;
  CountingStore counted(*w.db);
  auto a = Accounts::create(counted, cheap_options()).value();
  REQUIRE(a->register_account("harper", kPassword, std::nullopt, kT0).ok());

  SECTION("per name") {
    for (int i = 0; i < 5; ++i) {
      const std::string address = "10.0.0." + std::to_string(i);
      CHECK(error_of(a->log_in("harper", "wrong password", address, kT0 + i * 1000)).clause ==
            "accounts.log-in");
    }
    CHECK(counted.lookups == 5);
    // Even the right password, from a fresh address: 15 minutes after the first failure.
    const auto refused = error_of(a->log_in("HARPER", kPassword, "10.0.0.99", kT0 + 60'000));
    CHECK(refused.clause == "accounts.too-many-tries");
    CHECK(refused.message == "too many failed log-ins: try again in 840 seconds");
    CHECK(counted.lookups == 5);
    CHECK(a->log_in("harper", kPassword, "10.0.0.99", kT0 + 15 * 60'000).ok());
  }
  SECTION("per address") {
    for (int i = 0; i < 10; ++i) {
      (void)a->log_in("name" + std::to_string(i), kPassword, "10.0.0.1", kT0);
    }
    CHECK(counted.lookups == 10);
    const auto refused = error_of(a->log_in("harper", kPassword, "10.0.0.1", kT0 + 1000));
    CHECK(refused.message == "too many failed log-ins: try again in 899 seconds");
    CHECK(counted.lookups == 10);
    CHECK(a->log_in("harper", kPassword, "10.0.0.2", kT0 + 1000).ok());
  }
}

TEST_CASE("log out ends one session, log out everywhere ends them all", "[service]") {
  World w;
  auto& a = *w.accounts;
  const auto made = a.register_account("harper", kPassword, std::nullopt, kT0).value();
  const auto phone = a.log_in("harper", kPassword, "10.0.0.1", kT0).value();
  const auto laptop = a.log_in("harper", kPassword, "10.0.0.2", kT0).value();
  const auto desk = a.log_in("harper", kPassword, "10.0.0.3", kT0).value();
  REQUIRE(a.log_out(phone.token).ok());
  CHECK_FALSE(a.whoami(phone.token, kT0).ok());
  CHECK(a.whoami(laptop.token, kT0).ok());
  CHECK(a.log_out(phone.token).ok());  // twice: no error
  CHECK(a.log_out("not a token").ok());
  REQUIRE(a.log_out_everywhere(made.id).ok());
  CHECK_FALSE(a.whoami(laptop.token, kT0).ok());
  CHECK_FALSE(a.whoami(desk.token, kT0).ok());
}

TEST_CASE("changing the password ends every other session", "[service]") {
  World w;
  auto& a = *w.accounts;
  REQUIRE(a.register_account("harper", kPassword, std::nullopt, kT0).ok());
  const auto here = a.log_in("harper", kPassword, "10.0.0.1", kT0).value();
  const auto there = a.log_in("harper", kPassword, "10.0.0.2", kT0).value();

  const auto wrong_old = a.change_password(here.token, "not the password", "Vitoria 1813", kT0);
  REQUIRE_FALSE(wrong_old.ok());
  CHECK(wrong_old.error().message == "wrong password");
  const auto bad_new = a.change_password(here.token, kPassword, "short", kT0);
  REQUIRE_FALSE(bad_new.ok());
  CHECK(bad_new.error().code == engine::ErrorCode::kInvalidArgument);
  CHECK(a.whoami(there.token, kT0).ok());  // nothing changed yet

  REQUIRE(a.change_password(here.token, kPassword, "Vitoria 1813", kT0).ok());
  CHECK(a.whoami(here.token, kT0).ok());
  CHECK_FALSE(a.whoami(there.token, kT0).ok());
  CHECK_FALSE(a.log_in("harper", kPassword, "10.0.0.1", kT0).ok());
  CHECK(a.log_in("harper", "Vitoria 1813", "10.0.0.1", kT0).ok());
  CHECK_FALSE(a.change_password(there.token, "Vitoria 1813", "Toulouse 1814", kT0).ok());
}

TEST_CASE("wrong passwords from a session count against the name", "[service]") {
  World w;
  auto& a = *w.accounts;
  REQUIRE(a.register_account("harper", kPassword, std::nullopt, kT0).ok());
  const auto in = a.log_in("harper", kPassword, "10.0.0.1", kT0).value();
  for (int i = 0; i < 5; ++i) {
    CHECK(a.delete_account(in.token, "guess " + std::to_string(i), kT0).error().clause ==
          "accounts.password");
  }
  const auto refused = a.change_password(in.token, kPassword, "Vitoria 1813", kT0);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().clause == "accounts.too-many-tries");
  CHECK(error_of(a.log_in("harper", kPassword, "10.0.0.9", kT0)).clause ==
        "accounts.too-many-tries");
}

TEST_CASE("deleting an account takes the password, and removes sessions and e-mail", "[service]") {
  World w;
  auto& a = *w.accounts;
  const auto made = a.register_account("harper", kPassword, "harper@example.org", kT0).value();
  const auto one = a.log_in("harper", kPassword, "10.0.0.1", kT0).value();
  const auto two = a.log_in("harper", kPassword, "10.0.0.2", kT0).value();
  REQUIRE_FALSE(a.delete_account(one.token, "not the password", kT0).ok());
  CHECK(a.whoami(two.token, kT0).ok());

  REQUIRE(a.delete_account(one.token, kPassword, kT0).ok());
  CHECK_FALSE(a.whoami(one.token, kT0).ok());
  CHECK_FALSE(a.whoami(two.token, kT0).ok());
  CHECK_FALSE(w.db->find_by_id(made.id).value().has_value());
  store::test::RawDb raw(w.path);
  CHECK(raw.integer("SELECT count(*) FROM sessions") == 0);
  CHECK(raw.integer("SELECT count(*) FROM accounts WHERE email IS NOT NULL") == 0);
  CHECK(error_of(a.log_in("harper", kPassword, "10.0.0.1", kT0)).clause == "accounts.log-in");
}

TEST_CASE("a log-in hashes the password again under a new cost", "[service]") {
  World w;
  REQUIRE(w.accounts->register_account("harper", kPassword, std::nullopt, kT0).ok());
  const auto before = w.db->find_by_name("harper").value()->password_hash;
  Accounts::Options dearer = cheap_options();
  dearer.cost = PasswordCost{2, 16 * 1024};
  auto a = Accounts::create(*w.db, dearer).value();
  REQUIRE(a->log_in("harper", kPassword, "10.0.0.1", kT0).ok());
  const auto after = w.db->find_by_name("harper").value()->password_hash;
  CHECK(after != before);
  CHECK(after.rfind("$argon2id$v=19$m=16,t=2,p=1$", 0) == 0);
  CHECK_FALSE(needs_rehash(after, dearer.cost));
  CHECK(a->log_in("harper", kPassword, "10.0.0.1", kT0).ok());
}
