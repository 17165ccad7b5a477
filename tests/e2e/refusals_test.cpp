// What is refused is counted and logged with the client's address (docs/operations.md,
// "Refusals"): unknown invite codes and seat tokens, an address locked out for guessing, a room
// refused by the operator's pause; a flood of one kind writes one line every 10 seconds.
#include <catch2/catch.hpp>

#include "game.h"
#include "net_raw.h"

namespace grognard::e2e {

namespace {

double outcome(const ServerProcess& server, const std::string& name) {
  return metric_now(server, "grognard_commands_total{outcome=\"" + name + "\"}");
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("unknown codes and tokens, the guessing lockout and refused rooms are counted and logged",
          "[e2e][ops][refusals]") {
  const std::string token = "refusals-admin-token-0123456789";
  ServerProcess server({"--join-failures-per-minute", "4", "--admin-token", token});
  Client c = connect(server);
  CHECK(outcome(server, "not_found") == 0);
  for (int i = 0; i < 3; ++i) {
    auto refused = c.join("NOSUCH" + std::to_string(i), "general");
    REQUIRE_FALSE(refused.ok());
  }
  CHECK(outcome(server, "not_found") == 3);
  auto resumed = c.resume("gt_not-a-token", 0);
  REQUIRE_FALSE(resumed.ok());
  CHECK(outcome(server, "unauthenticated") == 1);
  // The fifth guess in a minute is refused before it is looked up.
  auto locked = c.join("NOSUCH9", "general");
  REQUIRE_FALSE(locked.ok());
  CHECK(locked.failure().code == v1::RESOURCE_EXHAUSTED);
  CHECK(outcome(server, "resource_exhausted") == 1);

  const std::string log = server.log();
  INFO(log);
  // One line for three unknown codes within 10 s; the address named; the token never.
  CHECK(count(log, "refused (unknown invite code) from 127.0.0.1: no room with invite code") == 1);
  CHECK(count(log, "refused (unknown seat token) from 127.0.0.1") == 1);
  CHECK(count(log, "refused (guessing) from 127.0.0.1: too many unknown invite codes") == 1);
  CHECK(log.find("gt_not-a-token") == std::string::npos);

  // A room refused while the operator pauses creation.
  raw::Socket admin(server.port());
  const std::string body = R"({"paused":true,"reason":"upgrade at 03:00"})";
  REQUIRE(admin.send("POST /admin/creation HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token +
                     "\r\nContent-Length: " + std::to_string(body.size()) +
                     "\r\nConnection: close\r\n\r\n" + body));
  REQUIRE(admin.receive_some(raw::Millis(5000)).rfind("HTTP/1.1 200", 0) == 0);
  auto refused = c.create_room("itchy", "intro");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().code == v1::UNAVAILABLE);
  CHECK(outcome(server, "unavailable") == 1);
  CHECK(server.log().find("refused (new room) from 127.0.0.1: the server is not opening new "
                          "rooms for now (upgrade at 03:00)") != std::string::npos);
}

TEST_CASE("bans and the pause on new rooms are kept across a restart, with their reasons",
          "[e2e][ops][admin]") {
  const std::string token = "restart-admin-token-0123456789";
  ServerProcess server({"--admin-token", token});
  const auto admin = [&](const std::string& method, const std::string& path,
                         const std::string& body) {
    raw::Socket s(server.port());
    REQUIRE(s.send(method + " " + path + " HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token +
                   "\r\nContent-Length: " + std::to_string(body.size()) +
                   "\r\nConnection: close\r\n\r\n" + body));
    std::string answer;
    for (std::string chunk; !(chunk = s.receive_some(raw::Millis(5000))).empty();) answer += chunk;
    return answer;
  };
  CHECK(admin("POST", "/admin/bans", R"({"address":"127.0.0.9","minutes":60,"reason":"flooding"})")
            .rfind("HTTP/1.1 200", 0) == 0);
  CHECK(admin("POST", "/admin/bans", R"({"address":"10.1.2.3","minutes":60})")
            .rfind("HTTP/1.1 200", 0) == 0);
  CHECK(admin("DELETE", "/admin/bans/10.1.2.3", "").rfind("HTTP/1.1 200", 0) == 0);
  CHECK(admin("POST", "/admin/creation", R"({"paused":true,"reason":"upgrade at 03:00"})")
            .rfind("HTTP/1.1 200", 0) == 0);
  // Every action's reason is in the log.
  CHECK(server.log().find("admin: banned 127.0.0.9 for 60 min: flooding") != std::string::npos);
  CHECK(server.log().find("admin: paused the creation of new rooms: upgrade at 03:00") !=
        std::string::npos);

  REQUIRE(server.stop() == 0);
  server.restart();
  const std::string bans = admin("GET", "/admin/bans", "");
  INFO(bans);
  CHECK(bans.find("127.0.0.9") != std::string::npos);
  CHECK(bans.find("flooding") != std::string::npos);
  CHECK(bans.find("10.1.2.3") == std::string::npos);  // lifted before the restart
  auto banned = raw::http_get(server.port(), "/healthz", raw::Millis(5000), "127.0.0.9");
  CHECK(banned.first == 403);
  CHECK(banned.second.find("flooding") != std::string::npos);
  Client c = connect(server);
  auto refused = c.create_room("itchy", "intro");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().message.find("upgrade at 03:00") != std::string::npos);
  CHECK(server.log().find("new rooms stay paused, as the operator left them before the restart") !=
        std::string::npos);

  CHECK(admin("POST", "/admin/creation", R"({"paused":false})").rfind("HTTP/1.1 200", 0) == 0);
  REQUIRE(server.stop() == 0);
  server.restart();
  Client again = connect(server);
  CHECK(again.create_room("itchy", "intro").ok());
}

}  // namespace grognard::e2e
