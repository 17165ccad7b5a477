// After a run, no password and no token is anywhere in the database's files, and a deleted
// account's e-mail address is gone from them.

#include <sodium.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "world.h"

using namespace grognard;
using namespace grognard::accounts;
using namespace grognard::accounts::test;

namespace {

// The database and whatever SQLite keeps beside it.
std::string every_byte(const std::string& path) {
  std::string out;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    if (std::filesystem::exists(path + suffix)) out += store::test::file_bytes(path + suffix);
  }
  return out;
}

std::string token_bytes(const std::string& text) {
  std::string bytes(32, '\0');
  std::size_t length = 0;
  REQUIRE(sodium_base642bin(reinterpret_cast<unsigned char*>(bytes.data()), bytes.size(),
                            text.data(), text.size(), nullptr, &length, nullptr,
                            sodium_base64_VARIANT_URLSAFE_NO_PADDING) == 0);
  REQUIRE(length == 32);
  return bytes;
}

}  // namespace

TEST_CASE("the database's files hold no password, no token, no erased e-mail", "[scan]") {
  std::vector<std::string> secrets;  // must never be found
  const std::string kept_email = "kept-address@example.org";
  const std::string erased_email = "erased-address@example.org";
  World w;
  {
    auto& a = *w.accounts;
    const std::string p1 = "FirstSecretPassword-8d1c";
    const std::string p2 = "SecondSecretPassword-27fe";
    const std::string p3 = "ThirdSecretPassword-c3a9";
    secrets = {p1, p2, p3};
    REQUIRE(a.register_account("alpha", p1, kept_email, kT0).ok());
    REQUIRE(a.register_account("bravo", p2, erased_email, kT0).ok());
    for (int i = 0; i < 3; ++i) {
      const auto in = a.log_in("alpha", p1, "10.0.0.1", kT0 + i);
      REQUIRE(in.ok());
      secrets.push_back(in->token);
      secrets.push_back(token_bytes(in->token));
    }
    const auto bravo = a.log_in("bravo", p2, "10.0.0.2", kT0).value();
    secrets.push_back(bravo.token);
    secrets.push_back(token_bytes(bravo.token));
    const auto alpha = a.log_in("alpha", p1, "10.0.0.1", kT0).value();
    secrets.push_back(alpha.token);
    REQUIRE(a.change_password(alpha.token, p1, p3, kT0).ok());
    REQUIRE(a.delete_account(bravo.token, p2, kT0).ok());

    // While everything is open: the WAL holds the recent writes.
    const std::string open_bytes = every_byte(w.path);
    REQUIRE(open_bytes.find("$argon2id$") != std::string::npos);  // the scan sees the rows
    for (const std::string& s : secrets) CHECK(open_bytes.find(s) == std::string::npos);
  }
  // Once every connection is closed (the last one checkpoints the WAL into the file and
  // removes it), the file holds the rows as they are now.
  w.accounts.reset();
  w.db.reset();
  w.game_store.reset();
  const std::string closed = every_byte(w.path);
  REQUIRE(closed.find("$argon2id$") != std::string::npos);
  REQUIRE(closed.find(kept_email) != std::string::npos);  // the scan finds what is there
  for (const std::string& s : secrets) CHECK(closed.find(s) == std::string::npos);
  CHECK(closed.find(erased_email) == std::string::npos);  // secure_delete zeroed it
  CHECK(closed.find("bravo") == std::string::npos);       // its name too, and its index entry
}
