#include "replay/replay_model.h"

namespace grognard::cli {

client::Result<ReplayModel> ReplayModel::load(client::Client& c, const std::string& game_id,
                                              const std::string& as_seat) {
  ReplayModel m;
  m.game_id_ = game_id;
  m.as_seat_ = as_seat;
  // Every event, the pages of a long game fetched one after another (Client::get_events).
  auto list = c.get_events(game_id, 1, 0, as_seat);
  if (!list) return list.failure();
  m.events_.assign(list->events().begin(), list->events().end());
  return m;
}

bool ReplayModel::next() {
  if (index_ + 1 >= events_.size()) return false;
  ++index_;
  return true;
}

bool ReplayModel::prev() {
  if (index_ == 0) return false;
  --index_;
  return true;
}

bool ReplayModel::go_seq(std::uint64_t seq) {
  bool found = false;
  for (std::size_t i = 0; i < events_.size() && events_[i].seq() <= seq; ++i) {
    index_ = i;
    found = true;
  }
  return found;
}

bool ReplayModel::taken_back(std::uint64_t seq) const {
  for (const auto& e : events_) {
    if (e.has_taken_back() && e.taken_back().first_seq() <= seq && seq <= e.taken_back().last_seq())
      return true;
  }
  return false;
}

bool ReplayModel::go_turn(int turn, const RulesetUi& ui) {
  for (std::size_t i = 0; i < events_.size(); ++i) {
    if (!events_[i].has_rules() || taken_back(events_[i].seq())) continue;
    if (ui.turn_opened(events_[i].rules()) == turn) {
      index_ = i;
      return true;
    }
  }
  return false;
}

client::Result<google::protobuf::Any> ReplayModel::view(client::Client& c) {
  const std::uint64_t at = seq();
  if (const auto it = views_.find(at); it != views_.end()) return it->second;
  auto state = c.get_state(game_id_, at, as_seat_);
  if (!state) return state.failure();
  views_[at] = state->view();
  return state->view();
}

}  // namespace grognard::cli
