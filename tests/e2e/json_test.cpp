// The JSON mapping: a client that speaks only text frames creates a room, takes a seat, gives
// commands and receives pushes, all in protobuf's JSON mapping.
#include <catch2/catch.hpp>

#include "game.h"

namespace grognard::e2e {

TEST_CASE("a JSON-only client plays with text frames", "[e2e][json]") {
  ServerProcess server(kPlayFlags);
  GameOptions options;
  options.formats[0] = Format::kJson;  // player 0 creates the room and joins in JSON
  options.record_frames = true;
  Game g = start_game(server, options);
  Player& json = g.players[0];
  REQUIRE(json.client.format() == Format::kJson);

  for (int i = 0; i < 80 && json.sent < 4 && !finished(g); ++i) step(g);
  CHECK(json.sent >= 4);
  CHECK(seqs_and_hashes(json.events) == seqs_and_hashes(g.players[1].events));
  REQUIRE(json.view.has_value());
  CHECK(json.view->units_size() > 0);

  // Every frame it received was text, and the rule set's payloads came as JSON objects with
  // their type named.
  const auto& frames = json.client.recorded_frames();
  REQUIRE(frames.size() > 5);
  bool saw_event = false;
  for (const auto& f : frames) {
    CHECK_FALSE(f.binary);
    CHECK(f.bytes.front() == '{');
    saw_event =
        saw_event || f.bytes.find("\"@type\":\"type.googleapis.com/grognard.v1.itchy.Event\"") !=
                         std::string::npos;
  }
  CHECK(saw_event);

  // By hand, as any WebSocket tool would send it.
  REQUIRE(json.client.send_raw(R"({"requestId":"77","ping":{}})", false).ok());
  auto pong = json.client.receive_raw(kWait);
  REQUIRE(pong.ok());
  CHECK_FALSE(pong->binary);
  CHECK(pong->bytes.find("\"pong\"") != std::string::npos);
  CHECK(pong->bytes.find("\"77\"") != std::string::npos);
  REQUIRE(json.client.send_raw(R"({"requestId":"78","getLegal":{}})", false).ok());
  auto legal = json.client.receive_raw(kWait);
  REQUIRE(legal.ok());
  CHECK(legal->bytes.find("\"legal\"") != std::string::npos);
}

}  // namespace grognard::e2e
