// Accounts on the real server (docs/accounts.md): a seat taken while logged in is the account's
// and is resumed from another device without its token; a seat taken anonymously is claimed
// with its token; "your games" puts those waiting for you first; logging out everywhere,
// changing the password and deleting the account end the other devices' sessions; log-ins are
// limited and say nothing of which names exist.
#include <catch2/catch.hpp>

#include "game.h"
#include "net_raw.h"

namespace grognard::e2e {

namespace {

const std::string kPassword = "correct horse battery";

Client logged_in(const ServerProcess& server, const std::string& name,
                 const std::string& password = kPassword) {
  Client c = connect(server);
  auto state = c.log_in(name, password);
  INFO((state.ok() ? "" : client::describe(state.failure())));
  REQUIRE(state.ok());
  REQUIRE(state->logged_in());
  return c;
}

void register_account(const ServerProcess& server, const std::string& name) {
  Client c = connect(server);
  auto state = c.register_account(name, kPassword);
  INFO((state.ok() ? "" : client::describe(state.failure())));
  REQUIRE(state.ok());
  CHECK(state->name() == name);
  CHECK(state->session_token().size() == 43);
}

// A game of Itchy & Scratchy between accounts Anna (side:0) and Boris (side:1).
Game game_between_accounts(const ServerProcess& server) {
  register_account(server, "Anna");
  register_account(server, "Boris");
  GameOptions options;
  options.before_join = [](int i, Client& c) {
    auto state = c.log_in(i == 0 ? "anna" : "BORIS", kPassword);
    REQUIRE(state.ok());
  };
  return start_game(server, options);
}

const v1::MyGame* find_game(const v1::MyGameList& list, const std::string& game_id) {
  for (const auto& g : list.games()) {
    if (g.game().game_id() == game_id) return &g;
  }
  return nullptr;
}

}  // namespace

TEST_CASE(
    "a seat taken while logged in is the account's, resumed from another device by game and seat",
    "[e2e][accounts][accounts.seats]") {
  ServerProcess server(kPlayFlags);
  Game g = game_between_accounts(server);
  // The seat carries the account's name, whatever name the join gave.
  auto rooms = g.players[0].client.list_my_games();
  REQUIRE(rooms.ok());
  const v1::MyGame* mine = find_game(*rooms, g.game_id);
  REQUIRE(mine != nullptr);
  CHECK(mine->seat_id() == "side:0");
  CHECK(mine->game().seats(0).player_name() == "Anna");
  CHECK(mine->game().seats(1).player_name() == "Boris");

  // Anna's phone: logged in, no token, her seat resumed with every event.
  Client phone = logged_in(server, "Anna");
  auto seated = phone.resume_account_seat(g.game_id, "side:0", 0);
  INFO((seated.ok() ? "" : client::describe(seated.failure())));
  REQUIRE(seated.ok());
  CHECK(seated->seat_id() == "side:0");
  CHECK(seated->token().empty());
  CHECK(seated->last_seq() == g.players[0].last_seq);
  CHECK(static_cast<std::uint64_t>(seated->events_size()) == seated->last_seq());

  // Not logged in: told to log in. Boris: not his seat.
  Client stranger = connect(server);
  auto refused = stranger.resume_account_seat(g.game_id, "side:0", 0);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().code == v1::UNAUTHENTICATED);
  Client boris = logged_in(server, "Boris");
  refused = boris.resume_account_seat(g.game_id, "side:0", 0);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().code == v1::PERMISSION_DENIED);
  CHECK(refused.failure().clause == "accounts.seats");

  // After a restart the seat is still hers.
  g.players[0].client.close();
  g.players[1].client.close();
  phone.close();
  server.stop();
  server.restart();
  Client later = logged_in(server, "anna");
  seated = later.resume_account_seat(g.game_id, "side:0", 0);
  REQUIRE(seated.ok());
  CHECK(seated->seat_id() == "side:0");
}

TEST_CASE("your games: those waiting for your action first, the seat to act says so",
          "[e2e][accounts][accounts.your-games]") {
  ServerProcess server(kPlayFlags);
  Game g = game_between_accounts(server);
  Player& actor = to_act(g);
  Player& waiting = other(g, actor);
  auto acting = actor.client.list_my_games();
  auto idle = waiting.client.list_my_games();
  REQUIRE(acting.ok());
  REQUIRE(idle.ok());
  REQUIRE(acting->games_size() == 1);
  REQUIRE(idle->games_size() == 1);
  CHECK(acting->games(0).your_action());
  CHECK(acting->waiting_for_you() == 1);
  CHECK_FALSE(idle->games(0).your_action());
  CHECK(idle->waiting_for_you() == 0);
  CHECK(acting->games(0).game().status() == "running");
  CHECK_FALSE(acting->games(0).to_act().empty());

  // A second game of Anna's, waiting for an opponent, comes after the one waiting for her.
  Client& anna = g.players[0].client;
  auto room = anna.create_room("itchy", "intro");
  REQUIRE(room.ok());
  REQUIRE(anna.leave().ok());
  REQUIRE(anna.join(room->invite_code(), "general", "side:0").ok());
  auto list = anna.list_my_games();
  REQUIRE(list.ok());
  REQUIRE(list->games_size() == 2);
  const bool anna_acts = actor.seat == "side:0";
  CHECK(list->games(0).game().game_id() == (anna_acts ? g.game_id : room->game_id()));
  CHECK(list->waiting_for_you() == (anna_acts ? 1u : 0u));

  // Without an account there is no such list.
  Client stranger = connect(server);
  auto refused = stranger.list_my_games();
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().code == v1::UNAUTHENTICATED);
}

TEST_CASE("a seat taken anonymously is claimed into an account with its token",
          "[e2e][accounts][accounts.claim]") {
  ServerProcess server(kPlayFlags);
  Game g = start_game(server);  // anonymous generals
  register_account(server, "Anna");
  register_account(server, "Boris");
  Client anna = logged_in(server, "Anna");
  auto claimed = anna.claim_seat(g.players[0].token);
  INFO((claimed.ok() ? "" : client::describe(claimed.failure())));
  REQUIRE(claimed.ok());
  CHECK(claimed->game_id() == g.game_id);
  CHECK(claimed->seat_id() == "side:0");
  CHECK(anna.claim_seat(g.players[0].token).ok());  // again: already hers

  auto list = anna.list_my_games();
  REQUIRE(list.ok());
  REQUIRE(list->games_size() == 1);
  CHECK(list->games(0).seat_id() == "side:0");
  REQUIRE(anna.resume_account_seat(g.game_id, "side:0", 0).ok());

  Client boris = logged_in(server, "Boris");
  auto refused = boris.claim_seat(g.players[0].token);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().code == v1::PERMISSION_DENIED);
  refused = boris.claim_seat("gt_not-a-token");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().code == v1::UNAUTHENTICATED);
  Client stranger = connect(server);
  refused = stranger.claim_seat(g.players[1].token);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().code == v1::UNAUTHENTICATED);
}

TEST_CASE(
    "a log-in refused says the same of an unknown name and a wrong password, then the limit holds",
    "[e2e][accounts][accounts.log-in][accounts.too-many-tries]") {
  ServerProcess server;
  register_account(server, "Anna");
  Client c = connect(server);
  auto wrong = c.log_in("Anna", "not her password");
  auto unknown = c.log_in("Nobody", "not her password");
  REQUIRE_FALSE(wrong.ok());
  REQUIRE_FALSE(unknown.ok());
  CHECK(wrong.failure().code == v1::UNAUTHENTICATED);
  CHECK(unknown.failure().code == wrong.failure().code);
  CHECK(unknown.failure().message == wrong.failure().message);
  CHECK(unknown.failure().clause == wrong.failure().clause);
  // A scripted guessing run at one name: past 5 failures even the right password is refused.
  for (int i = 0; i < 4; ++i) REQUIRE_FALSE(c.log_in("anna", "guess " + std::to_string(i)).ok());
  auto limited = c.log_in("Anna", kPassword);
  REQUIRE_FALSE(limited.ok());
  CHECK(limited.failure().code == v1::RESOURCE_EXHAUSTED);
  CHECK(limited.failure().message.find("try again in") != std::string::npos);
  // The log names the refusals, never the password tried.
  CHECK(server.log().find("guess 1") == std::string::npos);
  CHECK(server.log().find(kPassword) == std::string::npos);
}

TEST_CASE(
    "logging out everywhere, a changed password and a deleted account end the other devices' "
    "sessions",
    "[e2e][accounts][accounts.session]") {
  ServerProcess server(kPlayFlags);
  register_account(server, "Anna");
  Client laptop = connect(server);
  auto first = laptop.log_in("Anna", kPassword);
  REQUIRE(first.ok());
  const std::string laptop_token = first->session_token();
  Client phone = logged_in(server, "Anna");

  // A changed password: the laptop's session ends (its connection is closed: a seat it held
  // through the account is not its any more), its saved token opens nothing.
  REQUIRE(phone.change_password(kPassword, "a new long password").ok());
  const auto why = closing_reason(laptop);
  REQUIRE(why);
  CHECK(why->starts_with("logged out: this connection's session ended"));
  Client again = connect(server);
  auto stale = again.log_in_with_token(laptop_token);
  REQUIRE_FALSE(stale.ok());
  CHECK(stale.failure().code == v1::UNAUTHENTICATED);
  auto who = phone.who_am_i();
  REQUIRE(who.ok());
  CHECK(who->logged_in());

  // Log out everywhere.
  Client tablet = logged_in(server, "Anna", "a new long password");
  REQUIRE(phone.log_out(true).ok());
  CHECK(closing_reason(tablet).value_or("").starts_with("logged out"));
  who = phone.who_am_i();  // the connection that logged out stays, without the account
  REQUIRE(who.ok());
  CHECK_FALSE(who->logged_in());

  // Delete: the seat keeps its name, the account and its list go; the name is free again.
  Client anna = logged_in(server, "Anna", "a new long password");
  auto room = anna.create_room("itchy", "intro");
  REQUIRE(room.ok());
  REQUIRE(anna.join(room->invite_code(), "general", "side:0").ok());
  auto wrong = anna.delete_account("not the password");
  REQUIRE_FALSE(wrong.ok());
  auto gone = anna.delete_account("a new long password");
  REQUIRE(gone.ok());
  CHECK_FALSE(gone->logged_in());
  Client after = connect(server);
  REQUIRE_FALSE(after.log_in("Anna", "a new long password").ok());
  register_account(server, "Anna");  // the name is free again, the seat is not the new Anna's
  Client new_anna = logged_in(server, "Anna");
  auto list = new_anna.list_my_games();
  REQUIRE(list.ok());
  CHECK(list->games_size() == 0);
  auto refused = new_anna.resume_account_seat(room->game_id(), "side:0", 0);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().code == v1::PERMISSION_DENIED);
  auto rooms = new_anna.list_rooms();
  REQUIRE(rooms.ok());
}

TEST_CASE("one address registers at most 5 accounts an hour",
          "[e2e][accounts][accounts.too-many-accounts]") {
  ServerProcess server;
  Client c = connect(server);
  for (int i = 0; i < 5; ++i) {
    auto made = c.register_account("Player" + std::to_string(i), kPassword);
    INFO((made.ok() ? "" : client::describe(made.failure())));
    REQUIRE(made.ok());
  }
  auto refused = c.register_account("Player5", kPassword);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().code == v1::RESOURCE_EXHAUSTED);
  CHECK(refused.failure().clause == "accounts.too-many-accounts");
  CHECK(refused.failure().message.find("try again in") != std::string::npos);
}

TEST_CASE("the operator disabling an account logs out its connections at once",
          "[e2e][accounts][accounts.disabled][admin]") {
  const std::string token = "accounts-admin-token-0123456789";
  ServerProcess server({"--admin-token", token});
  Client c = connect(server);
  REQUIRE(c.register_account("Anna", kPassword).ok());
  raw::Socket http(server.port());
  REQUIRE(http.send(
      "POST /admin/accounts/anna/disable HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token +
      "\r\nContent-Length: 17\r\nConnection: close\r\n\r\n{\"reason\":\"spam\"}"));
  std::string answer;
  for (std::string chunk; !(chunk = http.receive_some(raw::Millis(5000))).empty();) answer += chunk;
  INFO(answer);
  CHECK(answer.rfind("HTTP/1.1 200", 0) == 0);
  CHECK(answer.find("disabled account Anna: spam") != std::string::npos);
  CHECK(closing_reason(c).value_or("").starts_with("logged out"));
  Client again = connect(server);
  auto refused = again.log_in("Anna", kPassword);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().clause == "accounts.disabled");
  CHECK(server.log().find("admin: disabled account Anna: spam") != std::string::npos);
}

}  // namespace grognard::e2e
