// Accounts in the browser (docs/accounts.md, "In the browser"): the log-in over HTTP sets a
// session cookie scripts cannot read; the WebSocket upgrade that carries it is logged in; a page
// of another site can neither use it nor log in; nothing secret is in the database or the log.
#include <catch2/catch.hpp>

#include "game.h"
#include "grognard/v1/protocol.pb.h"
#include "http_call.h"
#include "net_raw.h"

namespace grognard::e2e {

namespace {

const std::string kPassword = "correct horse battery";

const std::string kRegister = R"({"name":"Anna","password":"correct horse battery"})";

// A WebSocket connection upgraded with `headers`, said Hello and asked WhoAmI: the answer.
std::optional<v1::AccountState> who_over_websocket(const ServerProcess& server,
                                                   const std::string& headers) {
  raw::Socket s(server.port());
  if (!s.upgrade_and_hello(raw::Millis(5000), headers)) return std::nullopt;
  v1::ClientMessage m;
  m.set_request_id(7);
  m.mutable_who_am_i();
  REQUIRE(s.send(raw::frame(raw::kBinary, m.SerializeAsString())));
  auto frame = s.read_frame(raw::Millis(5000));
  REQUIRE(frame);
  v1::ServerMessage answer;
  REQUIRE(answer.ParseFromString(frame->payload));
  REQUIRE(answer.has_account());
  return answer.account();
}

}  // namespace

TEST_CASE("the browser logs in over HTTP and gets an HttpOnly SameSite=Strict session cookie",
          "[e2e][accounts][accounts.cookie]") {
  ServerProcess server({"--trusted-proxy", "127.0.0.1"});
  const HttpAnswer made = http(server, "POST", "/account/register", kRegister);
  INFO(made.head << made.body);
  REQUIRE(made.status == 200);
  const std::string cookie = made.cookie();
  CHECK(cookie.starts_with("grognard_session="));
  CHECK(cookie.find("; HttpOnly") != std::string::npos);
  CHECK(cookie.find("; SameSite=Strict") != std::string::npos);
  CHECK(cookie.find("; Path=/") != std::string::npos);
  CHECK(cookie.find("Secure") == std::string::npos);  // not behind TLS
  const std::string token = made.token();
  REQUIRE(token.size() == 43);
  CHECK(made.body.find(token) == std::string::npos);  // never where a script reads it
  CHECK(made.body.find("\"name\":\"Anna\"") != std::string::npos);

  const std::string with_cookie = "Cookie: theme=dark; grognard_session=" + token + "\r\n";
  HttpAnswer who = http(server, "GET", "/account", "", with_cookie);
  CHECK(who.status == 200);
  CHECK(who.body.find("\"loggedIn\":true") != std::string::npos);

  // Behind a TLS proxy the cookie is Secure.
  const HttpAnswer tls = http(server, "POST", "/account/login", kRegister,
                              "X-Forwarded-For: 203.0.113.9\r\nX-Forwarded-Proto: https\r\n");
  REQUIRE(tls.status == 200);
  CHECK(tls.cookie().find("; Secure") != std::string::npos);

  // A wrong password: 401, and no cookie.
  const HttpAnswer wrong =
      http(server, "POST", "/account/login", R"({"name":"Anna","password":"wrong password"})");
  CHECK(wrong.status == 401);
  CHECK(wrong.cookie().empty());
  CHECK(wrong.body.find("wrong name or password") != std::string::npos);
  CHECK(http(server, "POST", "/account/login", "not json").status == 400);
  CHECK(http(server, "GET", "/account/login").status == 405);

  // Logging out clears the cookie and ends its session.
  const HttpAnswer out = http(server, "POST", "/account/logout", "", with_cookie);
  CHECK(out.status == 200);
  CHECK(out.cookie().find("Max-Age=0") != std::string::npos);
  who = http(server, "GET", "/account", "", with_cookie);
  CHECK(who.body.find("\"loggedIn\":false") != std::string::npos);
}

TEST_CASE("the upgrade is logged in by the session cookie, and refused from another site's page",
          "[e2e][accounts][accounts.origin]") {
  ServerProcess server;
  const HttpAnswer made = http(server, "POST", "/account/register", kRegister);
  REQUIRE(made.status == 200);
  const std::string cookie = "Cookie: grognard_session=" + made.token() + "\r\n";
  // The raw upgrade says "Host: 127.0.0.1": its own origin is http://127.0.0.1.
  const std::string own = "Origin: http://127.0.0.1\r\n";

  auto state = who_over_websocket(server, cookie + own);
  REQUIRE(state);
  CHECK(state->logged_in());
  CHECK(state->name() == "Anna");
  state = who_over_websocket(server, cookie);  // no Origin: not a browser page
  REQUIRE(state);
  CHECK(state->logged_in());

  // Another site's page, with the player's cookie: refused before the upgrade.
  raw::Socket evil(server.port());
  std::string response;
  CHECK(evil.upgrade(raw::Millis(5000), &response, cookie + "Origin: https://evil.example\r\n") ==
        403);
  CHECK(response.find("Origin https://evil.example") != std::string::npos);
  // The same host on another port, or over another scheme, is another origin.
  for (const std::string other : {"http://127.0.0.1:9", "https://127.0.0.1"}) {
    raw::Socket s(server.port());
    CHECK(s.upgrade(raw::Millis(5000), nullptr, cookie + "Origin: " + other + "\r\n") == 403);
  }
  CHECK(metric_now(server, "grognard_connections_refused_total{reason=\"cross_origin\"}") == 3);
  // Without the cookie another site's page plays anonymously, as before.
  state = who_over_websocket(server, "Origin: https://evil.example\r\n");
  REQUIRE(state);
  CHECK_FALSE(state->logged_in());
  // Nor may it log a browser in (or out).
  const HttpAnswer login =
      http(server, "POST", "/account/login", kRegister, "Origin: https://evil.example\r\n");
  CHECK(login.status == 403);
  CHECK(login.cookie().empty());
}

TEST_CASE("no password and no session token is in the database, its WAL or the log",
          "[e2e][accounts][accounts.secrets]") {
  ServerProcess server;
  const HttpAnswer made = http(server, "POST", "/account/register", kRegister);
  REQUIRE(made.status == 200);
  Client c = connect(server);
  auto in = c.log_in("Anna", kPassword);
  REQUIRE(in.ok());
  REQUIRE(c.change_password(kPassword, "another long password").ok());
  auto again = c.log_in("Anna", "another long password");
  REQUIRE(again.ok());
  const std::vector<std::string> secrets = {kPassword, "another long password", made.token(),
                                            in->session_token(), again->session_token()};
  const std::string db = file_bytes(server.database());
  const std::string wal = file_bytes(server.database().string() + "-wal");
  const std::string log = server.log();
  REQUIRE(db.size() > 0);
  for (const std::string& secret : secrets) {
    REQUIRE(secret.size() > 16);
    CHECK(db.find(secret) == std::string::npos);
    CHECK(wal.find(secret) == std::string::npos);
    CHECK(log.find(secret) == std::string::npos);
  }
}

}  // namespace grognard::e2e
