// The battle report's data (room/report.h, docs/web.md "Battle reports"), from games of each
// rule set played in the test world: every event as everything revealed shows it, and one view
// per turn, each the last of its turn, the first before the battle and the last at the end.
#include <catch2/catch.hpp>

#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>

#include "archive_play.h"
#include "record/replay.h"
#include "room/report.h"

namespace grognard::testing {
namespace {

// The `turn` field of the rule set's view of `state`, as everything revealed shows it.
int turn_of(const engine::Ruleset& rs, const engine::GameState& state) {
  google::protobuf::Any any;
  record::pack_any(&any, rs.wire_types().view, rs.view(state, record::everything_revealed()));
  std::string json;
  REQUIRE(google::protobuf::util::MessageToJsonString(any, &json).ok());
  google::protobuf::Struct view;
  REQUIRE(google::protobuf::util::JsonStringToMessage(json, &view).ok());
  const auto& fields = view.fields();
  return fields.contains("turn") ? static_cast<int>(fields.at("turn").number_value()) : 0;
}

}  // namespace

TEST_CASE("a battle report holds every event and the last view of each turn", "[room][report]") {
  const auto [ruleset, scenario] =
      GENERATE(std::pair<std::string, std::string>{"itchy", "intro"},
               std::pair<std::string, std::string>{"rcw", "intro"},
               std::pair<std::string, std::string>{"sharpe", "village"});
  INFO(ruleset);
  ForkWorld f;
  const PlayedGame g = play_and_close(f, ruleset, scenario, 40, 5);
  auto report = room::battle_report(f.w.store, f.w.registry, g.id);
  REQUIRE(report.ok());
  google::protobuf::Struct data;
  REQUIRE(google::protobuf::util::JsonStringToMessage(report->json, &data).ok());
  const auto& fields = data.fields();
  CHECK(fields.at("game").struct_value().fields().at("gameId").string_value() == g.id);
  CHECK_FALSE(fields.at("game").struct_value().fields().at("seed").string_value().empty());
  CHECK(report->title == fields.at("title").string_value() + ": game " + g.id);

  const record::GameRecord game = f.record(g.id);
  const auto& events = fields.at("events").list_value().values();
  // Everything revealed: every event but the chat sent to one seat.
  CHECK(static_cast<std::uint64_t>(events.size()) == game.last_seq - 1);

  const engine::Ruleset& rs = f.rules(g.id);
  auto log = f.w.store.events(g.id, 1, 0);
  REQUIRE(log.ok());
  auto initial = rs.load_scenario(game.scenario_text);
  REQUIRE(initial.ok());
  const auto turn_after = [&](std::uint64_t seq) {
    auto st = record::state_after(rs, **initial, *log, seq);
    REQUIRE(st.ok());
    return turn_of(rs, **st);
  };

  const auto& turns = fields.at("turns").list_value().values();
  REQUIRE(!turns.empty());
  int previous_turn = -1;
  for (int i = 0; i < turns.size(); ++i) {
    const auto& t = turns[i].struct_value().fields();
    const std::uint64_t seq = std::stoull(t.at("seq").string_value());
    const int turn = static_cast<int>(t.at("turn").number_value());
    INFO("entry " << i << ": turn " << turn << " at event " << seq);
    CHECK(turn > previous_turn);
    previous_turn = turn;
    CHECK(turn_after(seq) == turn);
    if (i + 1 < turns.size()) {
      CHECK(turn_after(seq + 1) != turn);  // the last view of its turn
    } else {
      CHECK(seq == game.last_seq);  // the view at the end
    }
    CHECK(t.at("view").struct_value().fields().at("@type").string_value() ==
          "type.googleapis.com/" + rs.wire_types().view);
  }
}

TEST_CASE("a running game has no battle report", "[room][report]") {
  ForkWorld f;
  const v1::RoomInfo room = f.create("itchy", "intro");
  f.seat_all(room);
  auto report = room::battle_report(f.w.store, f.w.registry, room.game_id());
  REQUIRE_FALSE(report.ok());
  CHECK(report.error().code == engine::ErrorCode::kPermissionDenied);
  auto none = room::battle_report(f.w.store, f.w.registry, "g-000000000000");
  REQUIRE_FALSE(none.ok());
  CHECK(none.error().code == engine::ErrorCode::kNotFound);
}

}  // namespace grognard::testing
