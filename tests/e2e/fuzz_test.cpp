// No input may crash the server: thousands of mutated and random frames, binary and text,
// from connections seated in a running game and from strangers. Afterwards the server must
// still answer, the game must still be playable, and its log must hold no crash.
#include <catch2/catch.hpp>

#include <google/protobuf/util/json_util.h>

#include <map>
#include <random>

#include "game.h"

using namespace grognard;
using namespace grognard::e2e;

namespace {

// Valid messages of every kind, serialized: the seeds the mutations start from.
std::vector<v1::ClientMessage> seeds(const Game& g) {
  std::vector<v1::ClientMessage> out;
  auto add = [&](auto fill) {
    v1::ClientMessage m;
    m.set_request_id(out.size() + 100);
    fill(m);
    out.push_back(m);
  };
  add([](auto& m) { m.mutable_ping(); });
  add([](auto& m) { m.mutable_list_rooms(); });
  add([](auto& m) { m.mutable_list_scenarios()->set_ruleset("itchy"); });
  add([&](auto& m) {
    m.mutable_create_room()->set_ruleset("itchy");
    m.mutable_create_room()->set_scenario("intro");
  });
  add([&](auto& m) {
    m.mutable_join_room()->set_invite_code(g.invite_code);
    m.mutable_join_room()->set_role("observer");
  });
  add([&](auto& m) { m.mutable_resume()->set_token(g.players[0].token); });
  add([&](auto& m) {
    itchy::Command c;
    c.mutable_move()->set_unit("B1");
    c.mutable_move()->add_steps(itchy::NORTH);
    m.mutable_command()->set_command_id("fz");
    m.mutable_command()->mutable_command()->PackFrom(c);
  });
  add([&](auto& m) {
    itchy::Command c;
    c.mutable_attack()->set_unit("B4");
    c.mutable_attack()->mutable_target()->set_x(3);
    m.mutable_command()->set_command_id("fz2");
    m.mutable_command()->mutable_command()->PackFrom(c);
  });
  add([](auto& m) { m.mutable_get_legal(); });
  add([](auto& m) { m.mutable_chat()->set_text("hello"); });
  add([](auto& m) { m.mutable_list_games()->set_limit(5); });
  add([&](auto& m) {
    m.mutable_get_events()->set_game_id(g.game_id);
    m.mutable_get_events()->set_from_seq(1);
  });
  add([&](auto& m) {
    m.mutable_get_state()->set_game_id(g.game_id);
    m.mutable_get_state()->set_at_seq(2);
  });
  add([](auto& m) { m.mutable_leave(); });
  return out;
}

std::string mutate(std::string bytes, std::mt19937& rng) {
  std::uniform_int_distribution<int> what(0, 4), byte(0, 255);
  const int n = 1 + static_cast<int>(rng() % 4);
  for (int i = 0; i < n; ++i) {
    const std::size_t at = bytes.empty() ? 0 : rng() % bytes.size();
    switch (what(rng)) {
      case 0:
        if (!bytes.empty()) bytes[at] = static_cast<char>(byte(rng));
        break;
      case 1:
        bytes.insert(bytes.begin() + static_cast<long>(at), static_cast<char>(byte(rng)));
        break;
      case 2:
        if (!bytes.empty()) bytes.erase(at, 1 + rng() % 3);
        break;
      case 3:
        bytes = bytes.substr(0, at);
        break;
      default:
        bytes += bytes.substr(at);
        break;  // repeat a tail: fields twice
    }
  }
  return bytes;
}

}  // namespace

TEST_CASE("mutated and random frames never crash the server", "[e2e][fuzz][abuse]") {
  ServerProcess server(kPlayFlags);
  Game g = start_game(server);
  const auto messages = seeds(g);
  std::mt19937 rng(20261130);
  int frames = 0, reconnects = 0;
  std::map<std::string, int> closes;  // close reasons seen: invalid UTF-8 text, sizes, …
  Client stranger = connect(server);
  for (int i = 0; i < 3000; ++i) {
    const bool seated = i % 2 == 0;
    Player& p = g.players[(i / 2) % 2];
    Client& c = seated ? p.client : stranger;
    if (!c.is_open()) {
      auto info = c.close_info();
      ++closes[info ? info->reason : "no close frame"];
      ++reconnects;
      if (seated) {
        p.client = connect(server);
        REQUIRE(p.client.resume(p.token, p.last_seq).ok());
      } else {
        stranger = connect(server, i % 3 ? Format::kBinary : Format::kJson);
      }
      continue;
    }
    const v1::ClientMessage& m = messages[rng() % messages.size()];
    const bool text = rng() % 2 == 0;
    std::string bytes;
    if (text) {
      std::string json;
      (void)google::protobuf::util::MessageToJsonString(m, &json);
      bytes = mutate(json, rng);
    } else {
      bytes = mutate(m.SerializeAsString(), rng);
    }
    if (c.send_raw(bytes, !text).ok()) ++frames;
    while (c.receive_raw(Millis(0)).ok()) {
    }
  }
  for (const auto& [reason, count] : closes) UNSCOPED_INFO("closed " << count << "x: " << reason);
  INFO(frames << " frames sent, " << reconnects << " reconnects");
  CHECK(frames > 2000);
  CHECK(reconnects < frames / 4);
  // Still alive, still answering, and the game still plays on.
  auto health = client::http_get("127.0.0.1", server.port(), "/healthz", kWait);
  REQUIRE(health.ok());
  CHECK(health->status == 200);
  Client fresh = connect(server);
  CHECK(fresh.ping().ok());
  CHECK(fresh.list_rooms().ok());
  CHECK(server.log().find("unhandled exception") == std::string::npos);
  // Both generals take their seats back on fresh connections and play on.
  for (Player& p : g.players) {
    Player again(connect(server));
    again.seat = p.seat;
    again.token = p.token;
    auto seated = again.client.resume(p.token, 0);
    REQUIRE(seated.ok());
    absorb(again, *seated);
    p = std::move(again);
  }
  for (int i = 0; i < 5 && !finished(g); ++i) step(g);
  REQUIRE(server.stop() == std::optional<int>(0));
}
