// Games come back from the store (docs/design.md, "Rooms and the lobby"): at start every waiting
// and running game is loaded, on a thread of its own while the server already serves
// (Lobby::recover_while_serving); any stored game a seat resumes with its token, or someone
// joins with its invite code, is loaded at once if it is not in memory yet: one the loader has
// not reached, or one that ended and was let go (a room that ended goes once nobody is in it,
// when the table is full or an hour after the game ended). Each is loaded with its state hash
// checked, and kept while anyone is in it.
#include <spdlog/spdlog.h>

#include <chrono>

#include "room/lobby_impl.h"

namespace grognard::room {

std::vector<std::string> Lobby::Impl::recover_games() {
  std::vector<std::string> problems;
  const auto start = std::chrono::steady_clock::now();
  auto games = store.unfinished_games();
  if (!games.ok()) return {"cannot list unfinished games: " + games.error().message};
  std::uint64_t events = 0;
  std::size_t loaded = 0;
  for (record::GameRecord& g : *games) {
    if (quitting) break;
    events += g.last_seq;
    ++loaded;
    std::string problem;
    bool fresh = false;
    auto room = load_once(g, &problem, &fresh);
    if (!room) {
      problems.push_back("game " + g.id + " cannot be loaded: " + problem);
    } else if (!fresh) {
      continue;  // asked for, and loaded on demand, before its turn
    } else if (!problem.empty()) {
      problems.push_back("game " + g.id + ": " + problem);
      spdlog::error("[game {}] {}", g.id, problem);
    } else {
      spdlog::info("[game {}] recovered: {} events, state hash verified", g.id, g.last_seq);
    }
  }
  // One line for operators and the benchmarks (docs/performance.md, P5).
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  if (loaded < games->size()) {
    spdlog::info("loading stopped by the shutdown: {} of {} waiting and running games loaded",
                 loaded, games->size());
    return problems;
  }
  if (auto problem = expiry.remember_expired()) problems.push_back(*problem);
  // Last: what waits for the server to be loaded (the e2e tests) waits for this line.
  spdlog::info("loaded {} waiting and running games ({} events) in {:.2f} s", games->size(), events,
               took.count());
  return problems;
}

std::vector<std::string> Lobby::recover() {
  return impl_->recover_games();
}

void Lobby::recover_while_serving(std::function<void(std::vector<std::string>)> done) {
  spdlog::info(
      "loading waiting and running games while serving: a game asked for first is "
      "loaded at once");
  impl_->loader = std::thread([this, done = std::move(done)] {
    auto problems = impl_->recover_games();
    if (done) done(std::move(problems));
  });
}

std::shared_ptr<Room> Lobby::Impl::reload(
    const engine::Result<std::optional<record::GameRecord>>& found) {
  if (!found.ok()) {
    spdlog::error("store: looking up a game: {}", found.error().message);
    return nullptr;
  }
  // An expired room is told as such (tombstones), never loaded again.
  if (!*found || (*found)->status == record::GameStatus::kExpired) return nullptr;
  const record::GameRecord& g = **found;
  if (auto loaded = rooms.by_id(g.id)) return loaded;
  std::string problem;
  bool fresh = false;
  auto room = load_once(g, &problem, &fresh);
  if (!room) {
    spdlog::error("[game {}] cannot be loaded: {}", g.id, problem);
    return nullptr;
  }
  if (!fresh) return room;  // the loader had it on its way
  if (!problem.empty()) spdlog::warn("[game {}] {}", g.id, problem);
  spdlog::info("[game {}] loaded on demand: {}, {} events, state hash verified", g.id,
               to_string(g.status), g.last_seq);
  return room;
}

std::shared_ptr<Room> Lobby::Impl::load_once(const record::GameRecord& g, std::string* problem,
                                             bool* fresh) {
  *fresh = false;
  {
    std::unique_lock lock(mu);
    loading_done.wait(lock, [&] { return loading.count(g.id) == 0; });
    loading.insert(g.id);
  }
  // The id leaves `loading` however the load ends.
  struct Done {
    Impl& impl;
    const std::string& id;
    ~Done() {
      {
        std::lock_guard lock(impl.mu);
        impl.loading.erase(id);
      }
      impl.loading_done.notify_all();
    }
  } done{*this, g.id};
  if (auto room = rooms.by_id(g.id)) return room;
  auto room = load(g, problem);
  if (!room) return nullptr;
  *fresh = true;
  return rooms.add_loaded(std::move(room));
}

std::shared_ptr<Room> Lobby::Impl::stored_by_token(const record::Hash32& token_hash) {
  auto room = reload(store.game_by_token(token_hash));
  return room && room->owns_token(token_hash) ? room : nullptr;
}

std::shared_ptr<Room> Lobby::Impl::stored_by_invite(const std::string& code) {
  return reload(store.game_by_invite(code));
}

}  // namespace grognard::room
