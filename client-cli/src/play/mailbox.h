#pragma once
// What the network thread of interactive play hands the user-interface thread (see
// interactive.h): jobs one way; the newest state, the events and each job's lines the other.

#include <unistd.h>

#include <atomic>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "commands/game_link.h"
#include "play/take_back.h"

namespace grognard::cli {

using Job = std::function<std::vector<std::string>(Link&)>;

struct Mailbox {
  std::mutex mutex;
  std::deque<std::pair<Job, bool>> jobs;          // bool: run again after a reconnect
  std::optional<GameState> state;                 // newer than what the screen shows
  std::vector<v1::GameEvent> events;              // arrived since the screen last took them
  std::vector<std::vector<std::string>> outputs;  // each job's lines, each note
  std::atomic<bool> quit{false};
  // Set by the network thread when it gave up (kicked, banned, reconnecting failed): its last
  // lines said why, and the prompt ends once they are shown.
  std::atomic<bool> gone{false};
  int wake[2] = {-1, -1};

  // `link` (may be null: nothing new from it) gives its state and the events it received
  // (`polled`: those Link::poll() handed over).
  void post(Link* link, const std::vector<std::string>& lines,
            std::vector<v1::GameEvent> polled = {}) {
    {
      std::lock_guard lock(mutex);
      for (auto& e : polled) events.push_back(std::move(e));
      if (link) {
        state = link->state();
        for (auto& e : link->take_fresh()) events.push_back(std::move(e));
        for (const auto& n : link->take_notices()) {
          outputs.push_back({take_back_notice(n, *state, ui_for(state->ruleset))});
        }
      }
      if (!lines.empty()) outputs.push_back(lines);
    }
    const char byte = 'x';
    [[maybe_unused]] auto n = ::write(wake[1], &byte, 1);
  }
};

}  // namespace grognard::cli
