#include "room/report.h"

#include <memory>

#include <google/protobuf/any.pb.h>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>

#include "room/archive.h"
#include "room/lobby_impl.h"
#include "room/replay.h"

namespace grognard::room {

namespace {

std::string json(const google::protobuf::Message& m) {
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(m, &out);
  return out;
}

// A view as JSON, with its `turn` field (every rule set's View has one; 0 if not).
struct TurnView {
  int turn = 0;
  std::string json;
};

TurnView turn_view(const engine::Ruleset& rs, const engine::GameState& state,
                   const engine::Viewer& viewer) {
  const std::string type = rs.wire_types().view;
  const engine::Bytes bytes = rs.view(state, viewer);
  TurnView out;
  google::protobuf::Any any;
  pack_any(&any, type, bytes);
  out.json = json(any);
  const auto* descriptor =
      google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(type);
  if (descriptor == nullptr) return out;
  std::unique_ptr<google::protobuf::Message> view(
      google::protobuf::MessageFactory::generated_factory()->GetPrototype(descriptor)->New());
  const auto* turn = descriptor->FindFieldByName("turn");
  if (view->ParseFromString(bytes) && turn != nullptr &&
      turn->cpp_type() == google::protobuf::FieldDescriptor::CPPTYPE_INT32 &&
      !turn->is_repeated()) {
    out.turn = view->GetReflection()->GetInt32(*view, turn);
  }
  return out;
}

void add_turn(std::string& out, const TurnView& v, std::uint64_t seq) {
  out += std::string(out.empty() ? "" : ",\n") + "{\"turn\":" + std::to_string(v.turn) +
         ",\"seq\":\"" + std::to_string(seq) + "\",\"view\":" + v.json + "}";
}

}  // namespace

engine::Result<BattleReport> battle_report(Store& store, const Registry& registry,
                                           const std::string& game_id) {
  auto game = load_ended_game(store, registry, game_id);
  if (!game.ok()) return game.error();
  auto seats = store.seats(game_id);
  if (!seats.ok()) return seats.error();
  auto viewer = replay_viewer(store, game->game, *seats, "");
  if (!viewer.ok()) return viewer.error();
  const engine::Ruleset& rs = *game->rs;

  auto events =
      events_as_seen(rs, *game->initial, game->log, *viewer, game->game.chain_version, 1, 0);
  if (!events.ok()) return events.error();
  std::string event_list;
  for (const v1::GameEvent& e : *events) {
    event_list += std::string(event_list.empty() ? "" : ",\n") + json(e);
  }

  // The view at the end of each turn: the last one before the view's turn changes.
  std::string turns;
  Fold fold(rs, *game->initial, game->log);
  TurnView last = turn_view(rs, fold.state(), *viewer);
  add_turn(turns, last, 0);
  std::uint64_t last_seq = 0;
  for (const EventRecord& r : game->log) {
    if (auto st = fold.step(r); !st.ok()) return st.error();
    TurnView now = turn_view(rs, fold.state(), *viewer);
    if (now.turn != last.turn && last_seq != 0) add_turn(turns, last, last_seq);
    last = std::move(now);
    last_seq = r.seq;
  }
  if (last_seq != 0) add_turn(turns, last, last_seq);

  google::protobuf::Value title;
  const std::string scenario_title = rs.title(*game->initial);
  title.set_string_value(scenario_title);
  BattleReport out;
  out.title = scenario_title + ": game " + game_id;
  out.json = "{\"game\":" + json(game_summary(store, game->game)) + ",\n\"title\":" + json(title) +
             ",\n\"events\":[" + event_list + "],\n\"turns\":[" + turns + "]}\n";
  return out;
}

engine::Result<BattleReport> Lobby::battle_report(const std::string& game_id) {
  return room::battle_report(impl_->store, impl_->registry, game_id);
}

}  // namespace grognard::room
