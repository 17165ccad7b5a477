// Operations: the HTTP endpoints beside the WebSocket, and the graceful shutdown on SIGTERM.
#include <chrono>
#include <csignal>
#include <thread>

#include <catch2/catch.hpp>

#include "game.h"

namespace grognard::e2e {

TEST_CASE("GET /healthz answers ok and GET /metrics counts connections and commands",
          "[e2e][http]") {
  ServerProcess server;
  auto health = client::http_get("127.0.0.1", server.port(), "/healthz", kWait);
  REQUIRE(health.ok());
  CHECK(health->status == 200);
  CHECK(health->body.substr(0, health->body.find_last_not_of("\r\n") + 1) == "ok");

  Client c = connect(server);
  itchy::Command end;
  end.mutable_end_side_turn();
  auto refused = c.itchy_command(end, "c-1");  // counted as unauthenticated
  REQUIRE_FALSE(refused.ok());

  auto metrics = client::http_get("127.0.0.1", server.port(), "/metrics", kWait);
  REQUIRE(metrics.ok());
  CHECK(metrics->status == 200);
  INFO(metrics->body);
  CHECK(metrics->body.find("grognard_connections") != std::string::npos);
  CHECK(metrics->body.find("grognard_commands_total") != std::string::npos);
  CHECK(metric(metrics->body, "grognard_connections") == 1);
  CHECK(metric(metrics->body, "grognard_commands_total{outcome=\"unauthenticated\"}") == 1);

  auto missing = client::http_get("127.0.0.1", server.port(), "/no-such-page", kWait);
  REQUIRE(missing.ok());
  CHECK(missing->status == 404);
  CHECK(c.ping().ok());
}

TEST_CASE("SIGTERM pushes Closing(\"service restart\"), closes every connection and exits 0",
          "[e2e][shutdown]") {
  ServerProcess server(kPlayFlags);
  Game g = start_game(server);
  step(g);
  Client lobby = connect(server);

  server.signal(SIGTERM);
  std::vector<Client*> clients = {&g.players[0].client, &g.players[1].client, &lobby};
  for (Client* c : clients) {
    std::optional<std::string> closing;
    for (;;) {
      auto m = c->next_message(kWait);
      if (!m) {
        INFO(client::describe(m.failure()));
        CHECK(m.failure().kind == client::FailureKind::kClosed);
        break;
      }
      if (m->has_closing()) closing = m->closing().reason();
    }
    CHECK(closing == std::optional<std::string>("service restart"));
    REQUIRE(c->close_info().has_value());
    CHECK(c->close_info()->code == 1001);  // going away
    CHECK(c->close_info()->reason == "service restart");
  }
  const auto status = server.wait(std::chrono::seconds(20));
  INFO(server.log());
  REQUIRE(status.has_value());
  CHECK(*status == 0);

  // Nothing acknowledged was lost: the game is there after a restart.
  server.restart();
  Client again = connect(server);
  auto seated = again.resume(g.players[0].token, 0);
  REQUIRE(seated.ok());
  CHECK(seated->last_seq() == g.players[0].last_seq);
}

TEST_CASE("A client that leaves is logged as leaving, not as a read error", "[e2e][logs]") {
  ServerProcess server;
  auto logged = [&](const std::string& text) {
    for (int i = 0; i < 100; ++i) {
      if (server.log().find(text) != std::string::npos) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  };
  { Client polite = connect(server); }  // the client library closes with a close frame
  CHECK(logged("disconnected (connection closed)"));
  Client rude = connect(server);
  rude.drop();  // gone without a close frame, as a killed process
  CHECK(logged("disconnected (the client left without a close frame)"));
  INFO(server.log());
  CHECK(server.log().find("read error") == std::string::npos);
}

}  // namespace grognard::e2e
