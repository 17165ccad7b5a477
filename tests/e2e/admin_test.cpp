// The operator's admin API (site/admin.h, proto/grognard/v1/admin.proto) on the real server:
// off without a token, nothing but 401 for a wrong one, and each action as players see it.
#include <google/protobuf/util/json_util.h>

#include <catch2/catch.hpp>

#include "client/websocket.h"
#include "game.h"
#include "grognard/v1/admin.pb.h"

namespace grognard::e2e {

namespace {

const std::string kToken = "s3cret-admin-token-for-tests";

std::vector<std::string> admin_flags(std::vector<std::string> extra = {}) {
  std::vector<std::string> flags = kPlayFlags;
  flags.insert(flags.end(), {"--admin-token", kToken});
  flags.insert(flags.end(), extra.begin(), extra.end());
  return flags;
}

client::HttpResponse admin(const ServerProcess& server, const std::string& method,
                           const std::string& target, const std::string& body = "",
                           const std::string& token = kToken) {
  client::HttpRequestSpec spec;
  spec.method = method;
  spec.target = target;
  spec.body = body;
  if (!token.empty()) spec.authorization = "Bearer " + token;
  auto r = client::http_request("127.0.0.1", server.port(), spec, kWait);
  REQUIRE(r.ok());
  return *r;
}

template <typename M>
M parse(const client::HttpResponse& r) {
  M m;
  INFO(r.body);
  REQUIRE(google::protobuf::util::JsonStringToMessage(r.body, &m).ok());
  return m;
}

// The reason of the Closing pushed to `c` before the server closed it (nullopt: none came).
std::string reply_of(const client::HttpResponse& r) {
  return parse<v1::AdminReply>(r).message();
}

}  // namespace

TEST_CASE("Without an admin token the admin API does not exist", "[e2e][admin]") {
  ServerProcess server;
  auto r = admin(server, "GET", "/admin/rooms");
  CHECK(r.status == 404);
  CHECK(r.body == "not found\n");
}

TEST_CASE("A missing or wrong admin token gets 401 and nothing else, logged and counted",
          "[e2e][admin]") {
  ServerProcess server(admin_flags());
  Game g = start_game(server);
  for (const std::string& token : {std::string(), std::string("wrong"), kToken + "x"}) {
    for (const auto& [method, target] : std::vector<std::pair<std::string, std::string>>{
             {"GET", "/admin/rooms"}, {"POST", "/admin/creation"}}) {
      auto r = admin(server, method, target, R"({"paused": true})", token);
      CHECK(r.status == 401);
      CHECK(reply_of(r) == "unauthorized");
      CHECK(r.body.find(g.invite_code) == std::string::npos);
    }
  }
  auto metrics = client::http_get("127.0.0.1", server.port(), "/metrics", kWait);
  REQUIRE(metrics.ok());
  CHECK(metric(metrics->body, "grognard_admin_denied_total") == 6);
  for (const char* action : {"close_room", "kick", "ban", "unban", "pause_creation"}) {
    INFO(action);  // nothing was done: every action there at 0
    CHECK(metric(metrics->body,
                 std::string("grognard_admin_actions_total{action=\"") + action + "\"}") == 0);
  }
  CHECK(server.log().find("admin: refused POST /admin/creation from 127.0.0.1") !=
        std::string::npos);
  // Creation was not paused by any of them.
  Client c = connect(server);
  CHECK(c.create_room("itchy", "intro", false, false).ok());
}

TEST_CASE("admin lists rooms with their connections, and closes a room as aborted",
          "[e2e][admin]") {
  ServerProcess server(admin_flags());
  Game g = start_game(server);
  step(g);

  auto rooms = parse<v1::AdminRooms>(admin(server, "GET", "/admin/rooms"));
  REQUIRE(rooms.rooms_size() == 1);
  CHECK(rooms.rooms(0).room().invite_code() == g.invite_code);
  CHECK(rooms.rooms(0).connections_size() == 2);
  CHECK(rooms.rooms(0).creator_address() == "127.0.0.1");  // who opened it, while in memory
  auto connections = parse<v1::AdminConnections>(admin(server, "GET", "/admin/connections"));
  CHECK(connections.connections_size() == 2);
  CHECK(connections.connections(0).address() == "127.0.0.1");

  CHECK(admin(server, "POST", "/admin/rooms/" + g.invite_code + "/close", "{}").status == 400);
  CHECK(admin(server, "POST", "/admin/rooms/NOSUCH/close", R"({"reason": "x"})").status == 404);
  CHECK(admin(server, "GET", "/admin/rooms/" + g.invite_code + "/close").status == 405);

  auto closed = admin(server, "POST", "/admin/rooms/" + g.invite_code + "/close",
                      R"({"reason": "cheating"})");
  CHECK(closed.status == 200);
  CHECK(reply_of(closed) == "closed room " + g.invite_code + ": cheating");  // the reason logged
  CHECK(server.log().find("[game " + g.game_id + "] closed by the server's operator: cheating") !=
        std::string::npos);

  // Both generals are told, with the seed, and the game takes no more commands.
  for (Player& p : g.players) {
    auto m = p.client.next_push(kWait);
    REQUIRE(m.ok());
    REQUIRE(m->has_events());
    CHECK(m->events().status() == "aborted");
    absorb(p, *m);
    const auto notes = system_notes(p.events);
    REQUIRE_FALSE(notes.empty());
    CHECK(notes.back().text() ==
          "This game was closed by the server's operator: cheating. The dice seed is now public.");
    CHECK(notes.back().seed().size() == 64);
  }
  itchy::Command end;
  end.mutable_end_side_turn();
  auto refused = g.players[0].client.itchy_command(end, "after-close");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().code == v1::FAILED_PRECONDITION);
  CHECK(refused.failure().message ==
        "room " + g.invite_code + " was closed by the server's operator: cheating");

  auto again =
      admin(server, "POST", "/admin/rooms/" + g.game_id + "/close", R"({"reason": "twice"})");
  CHECK(again.status == 409);
  CHECK(reply_of(again).find("has already ended (aborted") != std::string::npos);

  // The archive has it as aborted, seed revealed; it survives a restart as it was.
  Client lobby = connect(server);
  const auto aborted = games_with_status(lobby, "aborted");
  REQUIRE(aborted.size() == 1);
  CHECK(aborted[0].result() == "closed by the server's operator: cheating");
  CHECK_FALSE(aborted[0].seed().empty());
  REQUIRE(server.stop() == 0);
  server.restart();
  Client after = connect(server);
  auto events = after.get_events(g.game_id);
  REQUIRE(events.ok());
  CHECK(events->events_size() == static_cast<int>(g.players[0].events.size()));
}

TEST_CASE("admin kicks a connection, and bans an address until the ban is lifted", "[e2e][admin]") {
  ServerProcess server(admin_flags());
  Client victim = connect(server);
  auto connections = parse<v1::AdminConnections>(admin(server, "GET", "/admin/connections"));
  REQUIRE(connections.connections_size() == 1);
  const std::string id = std::to_string(connections.connections(0).id());

  CHECK(admin(server, "POST", "/admin/connections/abc/kick").status == 400);
  CHECK(admin(server, "POST", "/admin/connections/999999/kick").status == 404);
  auto kicked =
      admin(server, "POST", "/admin/connections/" + id + "/kick", R"({"reason": "spam in chat"})");
  CHECK(kicked.status == 200);
  CHECK(reply_of(kicked) == "kicked connection " + id + " (127.0.0.1): spam in chat");
  CHECK(closing_reason(victim) ==
        std::optional<std::string>("closed by the server's operator: spam in chat"));

  // A ban closes what is open from the address and refuses it, except the operator's own API.
  Client other = connect(server);
  CHECK(admin(server, "POST", "/admin/bans", R"({"address": "127.0.0.1", "minutes": 99999})")
            .status == 400);
  auto banned = admin(server, "POST", "/admin/bans",
                      R"({"address": "127.0.0.1", "minutes": 5, "reason": "flooding"})");
  CHECK(banned.status == 200);
  CHECK(reply_of(banned) == "banned 127.0.0.1 for 5 min: flooding");
  CHECK(closing_reason(other) ==
        std::optional<std::string>("banned by the server's operator: flooding"));
  auto refused = Client::connect(server.url(), Format::kBinary, kWait);
  CHECK_FALSE(refused.ok());
  auto health = client::http_get("127.0.0.1", server.port(), "/healthz", kWait);
  REQUIRE(health.ok());
  CHECK(health->status == 403);
  CHECK(health->body == "banned by the server's operator: flooding\n");
  auto bans = parse<v1::AdminBans>(admin(server, "GET", "/admin/bans"));
  REQUIRE(bans.bans_size() == 1);
  CHECK(bans.bans(0).address() == "127.0.0.1");

  CHECK(admin(server, "DELETE", "/admin/bans/127.0.0.1").status == 200);
  CHECK(admin(server, "DELETE", "/admin/bans/127.0.0.1").status == 404);
  CHECK(Client::connect(server.url(), Format::kBinary, kWait).ok());

  auto metrics = client::http_get("127.0.0.1", server.port(), "/metrics", kWait);
  REQUIRE(metrics.ok());
  CHECK(metric(metrics->body, "grognard_admin_actions_total{action=\"kick\"}") == 1);
  CHECK(metric(metrics->body, "grognard_admin_actions_total{action=\"ban\"}") == 1);
  CHECK(metric(metrics->body, "grognard_admin_actions_total{action=\"unban\"}") == 1);
  CHECK(metric(metrics->body, "grognard_banned_requests_total") == 2);
  CHECK(metric(metrics->body, "grognard_disconnects_total{reason=\"admin\"}") == 2);
}

TEST_CASE("a kick with a ban counts as a kick and as a ban", "[e2e][admin][metrics]") {
  ServerProcess server(admin_flags());
  Client victim = connect(server);
  auto connections = parse<v1::AdminConnections>(admin(server, "GET", "/admin/connections"));
  REQUIRE(connections.connections_size() == 1);
  const std::string id = std::to_string(connections.connections(0).id());
  auto kicked = admin(server, "POST", "/admin/connections/" + id + "/kick",
                      R"({"reason": "flooding", "ban_minutes": 5})");
  CHECK(kicked.status == 200);
  CHECK(reply_of(kicked) ==
        "kicked connection " + id + " (127.0.0.1) and banned 127.0.0.1 for 5 min: flooding");
  CHECK(admin(server, "DELETE", "/admin/bans/127.0.0.1").status == 200);  // to read /metrics
  CHECK(metric_now(server, "grognard_admin_actions_total{action=\"kick\"}") == 1);
  CHECK(metric_now(server, "grognard_admin_actions_total{action=\"ban\"}") == 1);
  CHECK(metric_now(server, "grognard_admin_actions_total{action=\"unban\"}") == 1);
}

TEST_CASE("Behind a trusted proxy, bans apply to the address in X-Forwarded-For", "[e2e][admin]") {
  ServerProcess server(admin_flags({"--trusted-proxy", "127.0.0.1"}));
  REQUIRE(admin(server, "POST", "/admin/bans", R"({"address": "203.0.113.9"})").status == 200);
  auto from = [&](const std::string& address) {
    client::HttpRequestSpec spec;
    spec.target = "/healthz";
    if (!address.empty()) spec.headers = {{"X-Forwarded-For", "198.51.100.1, " + address}};
    auto r = client::http_request("127.0.0.1", server.port(), spec, kWait);
    REQUIRE(r.ok());
    return r->status;
  };
  CHECK(from("203.0.113.9") == 403);
  CHECK(from("203.0.113.10") == 200);
  CHECK(from("") == 200);
}

TEST_CASE("a ban names one address or a CIDR range, normalised, and anything else is refused",
          "[e2e][admin]") {
  ServerProcess server(admin_flags({"--trusted-proxy", "127.0.0.1"}));
  auto from = [&](const std::string& address) {
    client::HttpRequestSpec spec;
    spec.target = "/healthz";
    spec.headers = {{"X-Forwarded-For", address}};
    auto r = client::http_request("127.0.0.1", server.port(), spec, kWait);
    REQUIRE(r.ok());
    return r->status;
  };
  for (const char* bad :
       {"not-an-ip", "127.0.0.02", "10.0.0.1/33", "10.0.0.1/", "2001:db8::/129", "203.0.113.9 "}) {
    INFO(bad);
    auto r = admin(server, "POST", "/admin/bans", std::string(R"({"address": ")") + bad + "\"}");
    CHECK(r.status == 400);
    CHECK_THAT(reply_of(r), Catch::Contains("is not an IP address or range"));
  }
  CHECK(parse<v1::AdminBans>(admin(server, "GET", "/admin/bans")).bans_size() == 0);

  auto range = admin(server, "POST", "/admin/bans", R"({"address": "198.51.100.77/24"})");
  CHECK(reply_of(range) == "banned 198.51.100.0/24 for 60 min");
  auto v6 = admin(server, "POST", "/admin/bans", R"({"address": "2001:DB8:0::/32"})");
  CHECK(reply_of(v6) == "banned 2001:db8::/32 for 60 min");
  auto mapped = admin(server, "POST", "/admin/bans", R"({"address": "::ffff:203.0.113.9"})");
  CHECK(reply_of(mapped) == "banned 203.0.113.9 for 60 min");
  CHECK(from("198.51.100.7") == 403);
  CHECK(from("198.51.101.7") == 200);
  CHECK(from("2001:db8:5::1") == 403);
  CHECK(from("2001:db9::1") == 200);
  CHECK(from("203.0.113.9") == 403);

  CHECK(admin(server, "DELETE", "/admin/bans/198.51.100.0/24").status == 200);
  CHECK(from("198.51.100.7") == 200);
  CHECK(admin(server, "DELETE", "/admin/bans/198.51.100.0/24").status == 404);
}

TEST_CASE("admin pauses the creation of rooms while open rooms play on", "[e2e][admin]") {
  ServerProcess server(admin_flags());
  Client host = connect(server);
  auto room = host.create_room("itchy", "intro", false, false);
  REQUIRE(room.ok());
  REQUIRE(
      admin(server, "POST", "/admin/creation", R"({"paused": true, "reason": "upgrade at 03:00"})")
          .status == 200);
  auto refused = host.create_room("itchy", "intro", false, false);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().code == v1::UNAVAILABLE);
  CHECK(refused.failure().message ==
        "the server is not opening new rooms for now (upgrade at 03:00); rooms already open play "
        "on");
  Client guest = connect(server);
  CHECK(guest.join(room->invite_code(), "general", "", "Guest").ok());
  CHECK(parse<v1::AdminRooms>(admin(server, "GET", "/admin/rooms")).creation_paused());
  CHECK(metric_now(server, "grognard_room_creation_paused") == 1);

  REQUIRE(admin(server, "POST", "/admin/creation", R"({"paused": false})").status == 200);
  CHECK(host.create_room("itchy", "intro", false, false).ok());
  CHECK(metric_now(server, "grognard_room_creation_paused") == 0);
  auto metrics = client::http_get("127.0.0.1", server.port(), "/metrics", kWait);
  REQUIRE(metrics.ok());
  CHECK(metric(metrics->body, "grognard_admin_actions_total{action=\"pause_creation\"}") == 1);
  CHECK(metric(metrics->body, "grognard_admin_actions_total{action=\"resume_creation\"}") == 1);
  CHECK(server.log().find(
            "admin: paused the creation of new rooms: upgrade at 03:00 (from 127.0.0.1:") !=
        std::string::npos);
}

}  // namespace grognard::e2e
