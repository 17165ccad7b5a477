#include "room/report.h"

#include <algorithm>
#include <vector>

#include <google/protobuf/any.pb.h>
#include <google/protobuf/message.h>
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>

#include "record/proto.h"
#include "record/replay.h"
#include "room/archive.h"

namespace grognard::room {

namespace {

std::string json(const google::protobuf::Message& m) {
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(m, &out);
  return out;
}

// Writes a rule set's views as JSON (only for the few views a report keeps).
class ViewReader {
 public:
  explicit ViewReader(const engine::Ruleset& rs) : type_(rs.wire_types().view) {}
  std::string json(const engine::Bytes& bytes) const {
    google::protobuf::Any any;
    record::pack_any(&any, type_, bytes);
    return room::json(any);
  }

 private:
  std::string type_;
};

struct TurnView {
  int turn = 0;
  engine::Bytes bytes;
};

// The views of the report: one per turn, the latest one given. A turn taken back (a take-back
// across a turn's end) is dropped when the turn before it is given again.
struct Turns {
  struct Entry {
    TurnView view;
    std::uint64_t seq = 0;
  };
  std::vector<Entry> entries;

  void add(TurnView v, std::uint64_t seq) {
    while (!entries.empty() && entries.back().view.turn >= v.turn) entries.pop_back();
    entries.push_back({std::move(v), seq});
  }
  std::string json(const ViewReader& reader) const {
    std::string out;
    for (const Entry& e : entries) {
      out += std::string(out.empty() ? "" : ",\n") + "{\"turn\":" + std::to_string(e.view.turn) +
             ",\"seq\":\"" + std::to_string(e.seq) + "\",\"view\":" + reader.json(e.view.bytes) +
             "}";
    }
    return out;
  }
};

}  // namespace

engine::Result<BattleReport> battle_report(record::Store& store, const record::Registry& registry,
                                           const std::string& game_id) {
  auto game = load_ended_game(store, registry, game_id);
  if (!game.ok()) return game.error();
  if (game->game.status == record::GameStatus::kFailed) {
    return engine::Error{engine::ErrorCode::kFailedPrecondition, "",
                         "game " + game_id +
                             " stopped on a storage failure before it ended: what it hid was "
                             "never revealed, so it has no battle report"};
  }
  auto seats = store.seats(game_id);
  if (!seats.ok()) return seats.error();
  auto viewer = replay_viewer(store, game->game, *seats, "");
  if (!viewer.ok()) return viewer.error();
  const engine::Ruleset& rs = *game->rs;

  auto events = record::events_as_seen(rs, *game->initial, game->log, *viewer,
                                       game->game.chain_version, 1, 0);
  if (!events.ok()) return events.error();
  std::string event_list;
  for (const v1::GameEvent& e : *events) {
    event_list += std::string(event_list.empty() ? "" : ",\n") + json(e);
  }

  // The view before the battle, and at the end of each turn: the last one before the view's
  // turn changes (a view of the same turn as the one before it replaces it).
  Turns turns;
  const ViewReader reader(rs);
  const auto view_of = [&](const engine::GameState& st) {
    return TurnView{rs.turn(st), rs.view(st, *viewer)};
  };
  record::Fold fold(rs, *game->initial, game->log);
  TurnView last = view_of(fold.state());
  turns.add(last, 0);
  std::uint64_t last_seq = 0;
  for (const record::EventRecord& r : game->log) {
    if (auto st = fold.step(r); !st.ok()) return st.error();
    TurnView now = view_of(fold.state());
    if (now.turn != last.turn) turns.add(std::move(last), last_seq);
    last = std::move(now);
    last_seq = r.seq;
  }
  if (last_seq != 0) turns.add(std::move(last), last_seq);

  google::protobuf::Value title;
  const std::string scenario_title = rs.title(*game->initial);
  title.set_string_value(scenario_title);
  BattleReport out;
  out.title = scenario_title + ": game " + game_id;
  out.json = "{\"game\":" + json(game_summary(store, game->game)) + ",\n\"title\":" + json(title) +
             ",\n\"events\":[" + event_list + "],\n\"turns\":[" + turns.json(reader) + "]}\n";
  return out;
}

engine::Result<BattleReport> ReportCache::get(record::Store& store,
                                              const record::Registry& registry,
                                              const std::string& game_id) {
  auto game = store.game(game_id);
  if (!game.ok()) return game.error();
  const std::uint64_t last_seq = *game ? (*game)->last_seq : 0;
  {
    std::lock_guard lock(mu_);
    auto it = entries_.find(game_id);
    if (it != entries_.end() && it->second.last_seq == last_seq) {
      it->second.used = ++clock_;
      return it->second.report;
    }
  }
  auto made = battle_report(store, registry, game_id);
  if (!made.ok()) return made;
  std::lock_guard lock(mu_);
  if (entries_.size() >= capacity_ && !entries_.contains(game_id)) {
    auto oldest = std::ranges::min_element(
        entries_, [](const auto& a, const auto& b) { return a.second.used < b.second.used; });
    entries_.erase(oldest);
  }
  entries_[game_id] = Entry{last_seq, ++clock_, *made};
  return made;
}

}  // namespace grognard::room
