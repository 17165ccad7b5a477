// The account's commands against the real server (docs/client.md, "Accounts"): register and
// log in from two devices, the session kept in a file only its user reads, a seat played from
// the other device without its token, the games waiting for you, claim, log out, and the
// operator's list and disabling of accounts.
#include <sys/stat.h>

#include <catch2/catch.hpp>

#include "run.h"
#include "server_process.h"

namespace grognard::clitest {

namespace {

const std::string kPassword = "correct horse battery\n";
const std::string kToken = "cli-admin-token-0123456789";

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("grognard register, login, games and play from a second device, logout",
          "[cli][accounts][accounts.seats][accounts.your-games]") {
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000"});
  TempDir laptop, phone, boris;
  Run made = grognard("register Anna", laptop.path(), server.url(), kPassword);
  INFO(made.output);
  REQUIRE(made.status == 0);
  CHECK(contains(made.output, "Logged in as Anna"));
  // The session is in a file only its user reads, in a directory only its user enters.
  struct stat file {
  }, dir{};
  REQUIRE(::stat((laptop.path() / "grognard" / "sessions.tsv").c_str(), &file) == 0);
  REQUIRE(::stat((laptop.path() / "grognard").c_str(), &dir) == 0);
  CHECK((file.st_mode & 0777) == 0600);
  CHECK((dir.st_mode & 0777) == 0700);

  Run created = grognard("create itchy intro --as general/British", laptop.path(), server.url());
  REQUIRE(created.status == 0);
  const std::string code = invite_code(created.output);
  REQUIRE(grognard("register Boris", boris.path(), server.url(), kPassword).status == 0);
  REQUIRE(grognard("join " + code + " --as general/Boers", boris.path(), server.url()).status == 0);

  // The phone: logged in, nothing saved but the session; its games, and one of them played.
  Run login = grognard("login anna", phone.path(), server.url(), kPassword);
  REQUIRE(login.status == 0);
  Run games = grognard("games", phone.path(), server.url());
  INFO(games.output);
  REQUIRE(games.status == 0);
  CHECK(contains(games.output, "itchy/intro"));
  CHECK(contains(games.output, "British"));
  const auto at = games.output.find("g-");
  REQUIRE(at != std::string::npos);
  const std::string game_id = games.output.substr(at, games.output.find(' ', at) - at);
  Run played = grognard("play " + game_id + " --script -", phone.path(), server.url(), "help\n");
  INFO(played.output);
  CHECK(played.status == 0);
  CHECK(contains(played.output, "> help"));  // seated: the script ran
  // Every game, not only hers.
  Run all = grognard("games --all", phone.path(), server.url());
  CHECK(all.status == 0);
  CHECK(contains(all.output, "British (Anna), Boers (Boris)"));

  // Wrong password: refused, nothing kept.
  TempDir stranger;
  Run wrong = grognard("login anna", stranger.path(), server.url(), "not it\n");
  CHECK(wrong.status == 1);
  CHECK(contains(wrong.output, "wrong name or password"));
  CHECK_FALSE(std::filesystem::exists(stranger.path() / "grognard" / "sessions.tsv"));

  // Logging out everywhere ends the laptop's session too: it is told, and forgets it.
  CHECK(grognard("logout --everywhere", phone.path(), server.url()).status == 0);
  Run ended = grognard("account", laptop.path(), server.url());
  CHECK(ended.status == 1);
  CHECK(contains(ended.output, "has ended"));
  Run anonymous = grognard("games", laptop.path(), server.url());
  CHECK(anonymous.status == 0);
  CHECK(contains(anonymous.output, "British (Anna)"));  // the archive, no longer hers
}

TEST_CASE(
    "grognard claim makes a saved seat the account's; the operator lists and disables accounts",
    "[cli][accounts][accounts.claim][admin]") {
  e2e::ServerProcess server({"--rate", "10000", "--burst", "10000", "--admin-token", kToken});
  TempDir host, op;
  Run created = grognard("create itchy intro --as general/British", host.path(), server.url());
  REQUIRE(created.status == 0);
  const std::string code = invite_code(created.output);
  REQUIRE(grognard("register Anna", host.path(), server.url(), kPassword).status == 0);
  Run claimed = grognard("claim " + code, host.path(), server.url());
  INFO(claimed.output);
  CHECK(claimed.status == 0);
  CHECK(contains(claimed.output, "is now your account's"));
  Run games = grognard("games", host.path(), server.url());
  CHECK(contains(games.output, "British"));

  const std::string tok = "admin --token " + kToken + " ";
  Run accounts = grognard(tok + "accounts", op.path(), server.url());
  INFO(accounts.output);
  CHECK(accounts.status == 0);
  CHECK(contains(accounts.output, "Anna  since"));
  CHECK(grognard(tok + "disable-account anna", op.path(), server.url()).status == 2);  // no reason
  Run disabled = grognard(tok + "disable-account anna --reason 'spam'", op.path(), server.url());
  INFO(disabled.output);
  CHECK(disabled.status == 0);
  CHECK(contains(disabled.output, "disabled account Anna: spam"));
  CHECK(contains(grognard(tok + "accounts", op.path(), server.url()).output, "DISABLED"));
  Run refused = grognard("login Anna", op.path(), server.url(), kPassword);
  CHECK(refused.status == 1);
  CHECK(contains(refused.output, "disabled"));
  CHECK(grognard(tok + "enable-account anna", op.path(), server.url()).status == 0);
  CHECK(grognard("login Anna", op.path(), server.url(), kPassword).status == 0);
  CHECK(grognard(tok + "disable-account nobody --reason x", op.path(), server.url()).status == 1);
}

}  // namespace grognard::clitest
