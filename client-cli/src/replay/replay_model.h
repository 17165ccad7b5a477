#pragma once
// A game's record for stepping through: its events as one seat saw them (or everything, once
// the game has ended) and a position among them. The view at a position comes from the server
// (get_state), never from rules run in the client; views already fetched are kept.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "client/client.h"
#include "render/ruleset_ui.h"

namespace grognard::cli {

class ReplayModel {
 public:
  // Loads every event of `game_id` seen as `as_seat` (empty: as an observer, or everything
  // once the game has ended).
  static client::Result<ReplayModel> load(client::Client& c, const std::string& game_id,
                                          const std::string& as_seat);

  const std::vector<v1::GameEvent>& events() const { return events_; }
  bool empty() const { return events_.empty(); }
  // The index of the current event (the view shown is as of it). REQUIRES: !empty().
  std::size_t index() const { return index_; }
  const v1::GameEvent& current() const { return events_[index_]; }
  std::uint64_t seq() const { return events_.empty() ? 0 : events_[index_].seq(); }
  // Whether a later TakenBack event took event `seq` back (docs/protocol.md, "Taking back").
  bool taken_back(std::uint64_t seq) const;
  const std::string& game_id() const { return game_id_; }
  const std::string& as_seat() const { return as_seat_; }

  void first() { index_ = 0; }
  void last() { index_ = events_.empty() ? 0 : events_.size() - 1; }
  bool next();
  bool prev();
  // The last event at or before `seq`; false if there is none.
  bool go_seq(std::uint64_t seq);
  // The event that opens turn `turn`; false if no event does.
  bool go_turn(int turn, const RulesetUi& ui);

  // The view as of the current event.
  client::Result<google::protobuf::Any> view(client::Client& c);

 private:
  std::string game_id_;
  std::string as_seat_;
  std::vector<v1::GameEvent> events_;
  std::size_t index_ = 0;
  std::map<std::uint64_t, google::protobuf::Any> views_;
};

}  // namespace grognard::cli
