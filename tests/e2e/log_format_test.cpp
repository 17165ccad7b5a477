// --log-format json: every line the server writes on stderr is one JSON object with time, level
// and message, and the lines about a connection or a game carry it in "connection" or "game"
// (app/logging.h).
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "game.h"

namespace grognard::e2e {

namespace {

using google::protobuf::Struct;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The string field `name` of `s`, or "" if it has none.
std::string field(const Struct& s, const std::string& name) {
  const auto it = s.fields().find(name);
  return it == s.fields().end() ? "" : it->second.string_value();
}

bool has(const Struct& s, const std::string& name) {
  return s.fields().count(name) != 0;
}

// The first line about `game` ("": about no game) whose message contains `text`, or nullptr.
const Struct* find(const std::vector<Struct>& logs, const std::string& game,
                   const std::string& text) {
  for (const Struct& s : logs) {
    if (field(s, "game") == game && field(s, "message").find(text) != std::string::npos) return &s;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("JSON logs (--log-format json): one object a line, with game and connection fields",
          "[e2e][logs]") {
  std::vector<std::string> flags = kPlayFlags;
  flags.insert(flags.end(), {"--log-format", "json"});
  ServerProcess server(flags);
  Game g = start_game(server);
  for (int i = 0; i < 3; ++i) step(g);
  g.players[1].client.close();
  REQUIRE(server.stop() == std::optional<int>(0));

  const std::regex time(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d)");
  const std::regex peer(R"(127\.0\.0\.1:\d+#\d+)");
  std::vector<Struct> logs;
  for (const std::string& line : lines_of(server.log())) {
    INFO(line);
    Struct s;
    REQUIRE(google::protobuf::util::JsonStringToMessage(line, &s).ok());
    CHECK(std::regex_match(field(s, "time"), time));
    CHECK(!field(s, "level").empty());
    CHECK(has(s, "message"));
    if (has(s, "game")) CHECK(field(s, "game").rfind("g-", 0) == 0);
    if (has(s, "connection")) CHECK(std::regex_match(field(s, "connection"), peer));
    logs.push_back(s);
  }
  REQUIRE(logs.size() >= 5);
  CHECK(field(logs.front(), "message").find("starting") != std::string::npos);

  // A connection's lines: the peer name moved out of the message.
  const Struct* connected = find(logs, "", "connected on /");
  REQUIRE(connected != nullptr);
  CHECK(field(*connected, "message").rfind("connected on /", 0) == 0);
  CHECK(std::regex_match(field(*connected, "connection"), peer));
  const Struct* left = find(logs, "", "disconnected");
  REQUIRE(left != nullptr);
  CHECK(has(*left, "connection"));

  // A game's lines: the "[game ID] " prefix moved out of the message.
  const Struct* begins = find(logs, g.game_id, "all seats taken: the game begins");
  REQUIRE(begins != nullptr);
  CHECK(field(*begins, "level") == "info");
  CHECK_FALSE(has(*begins, "connection"));
  // About both: a general taking a seat names the game and the connection (the subject of the
  // sentence, kept in the message).
  const Struct* seated = find(logs, g.game_id, " took seat ");
  REQUIRE(seated != nullptr);
  CHECK(std::regex_match(field(*seated, "connection"), peer));
  CHECK(field(*seated, "message").rfind(field(*seated, "connection") + " took seat ", 0) == 0);
}

}  // namespace grognard::e2e
