#pragma once
// The data of a game's battle report (docs/web.md "Battle reports"): what the report page of
// the web client (web/js/report.js) draws, as one JSON object:
//   { "game": GameSummary, "title": the scenario's title,
//     "events": [GameEvent] with everything revealed (chat to one seat is not there),
//     "turns": [{ "turn": N, "seq": "S", "view": View }] }
// `turns` holds the view before the first event (turn 0 unless the rules number it
// otherwise), the view after the last event of each turn (the event after which the view's
// `turn` field changes), and the view at the end. Only for an ended game whose secrets are
// revealed: as replay_viewer() with no seat allows.

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "engine/result.h"
#include "record/registry.h"
#include "record/store.h"

namespace grognard::room {

struct BattleReport {
  std::string title;  // "The Wells of Abu Hamra: game g-…"
  std::string json;
};

engine::Result<BattleReport> battle_report(record::Store& store, const record::Registry& registry,
                                           const std::string& game_id);

// The reports made last, by game: an ended game's report changes only when an event is added
// to it (the operator's note letting a drifting game go on), so each is made once per last
// event, however often it is asked for. Thread-safe.
class ReportCache {
 public:
  explicit ReportCache(std::size_t capacity = 16) : capacity_(capacity) {}
  engine::Result<BattleReport> get(record::Store& store, const record::Registry& registry,
                                   const std::string& game_id);

 private:
  struct Entry {
    std::uint64_t last_seq = 0;
    std::uint64_t used = 0;  // when last asked for: the least recent goes first
    BattleReport report;
  };
  std::size_t capacity_;
  std::mutex mu_;
  std::map<std::string, Entry> entries_;
  std::uint64_t clock_ = 0;
};

}  // namespace grognard::room
