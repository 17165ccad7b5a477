// Loading games back from the store: all of them at start, and any one asked for at once. Each
// is loaded with its state hash checked, and kept while anyone is in it.
#include "room/loader.h"

#include <chrono>

#include <spdlog/spdlog.h>

namespace grognard::room {

Loader::Loader(boost::asio::any_io_executor executor, const record::Registry& registry,
               const RoomDeps& deps, RoomTable& rooms,
               std::function<std::optional<std::string>()> once_loaded)
    : executor_(std::move(executor)),
      registry_(registry),
      deps_(deps),
      rooms_(rooms),
      once_loaded_(std::move(once_loaded)) {}

Loader::~Loader() {
  quit();
  if (thread_.joinable()) thread_.join();
}

std::vector<std::string> Loader::recover() {
  std::vector<std::string> problems;
  const auto start = std::chrono::steady_clock::now();
  auto games = deps_.store.unfinished_games();
  if (!games.ok()) return {"cannot list unfinished games: " + games.error().message};
  std::uint64_t events = 0;
  std::size_t loaded = 0;
  for (record::GameRecord& g : *games) {
    if (quitting_) break;
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
  if (once_loaded_) {
    if (auto problem = once_loaded_()) problems.push_back(*problem);
  }
  // Last: what waits for the server to be loaded (the e2e tests) waits for this line.
  spdlog::info("loaded {} waiting and running games ({} events) in {:.2f} s", games->size(), events,
               took.count());
  return problems;
}

void Loader::recover_while_serving(std::function<void(std::vector<std::string>)> done) {
  spdlog::info(
      "loading waiting and running games while serving: a game asked for first is "
      "loaded at once");
  thread_ = std::thread([this, done = std::move(done)] {
    auto problems = recover();
    if (done) done(std::move(problems));
  });
}

std::shared_ptr<Room> Loader::stored_by_token(const record::Hash32& token_hash) {
  auto room = reload(deps_.store.game_by_token(token_hash));
  return room && room->owns_token(token_hash) ? room : nullptr;
}

std::shared_ptr<Room> Loader::stored_by_invite(const std::string& code) {
  return reload(deps_.store.game_by_invite(code));
}

std::shared_ptr<Room> Loader::stored_by_id(const std::string& game_id) {
  return reload(deps_.store.game(game_id));
}

std::shared_ptr<Room> Loader::reload(
    const engine::Result<std::optional<record::GameRecord>>& found) {
  if (!found.ok()) {
    spdlog::error("store: looking up a game: {}", found.error().message);
    return nullptr;
  }
  // An expired room is told as such (tombstones), never loaded again.
  if (!*found || (*found)->status == record::GameStatus::kExpired) return nullptr;
  const record::GameRecord& g = **found;
  if (auto loaded = rooms_.by_id(g.id)) return loaded;
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

std::shared_ptr<Room> Loader::load_once(const record::GameRecord& g, std::string* problem,
                                        bool* fresh) {
  *fresh = false;
  {
    std::unique_lock lock(mu_);
    loading_done_.wait(lock, [&] { return loading_.count(g.id) == 0; });
    loading_.insert(g.id);
  }
  // The id leaves `loading_` however the load ends: once the room is in the table.
  struct Done {
    Loader& loader;
    const std::string& id;
    ~Done() {
      {
        std::lock_guard lock(loader.mu_);
        loader.loading_.erase(id);
      }
      loader.loading_done_.notify_all();
    }
  } done{*this, g.id};
  if (auto room = rooms_.by_id(g.id)) return room;
  auto room = load(g, problem);
  if (!room) return nullptr;
  *fresh = true;
  return rooms_.add_loaded(std::move(room));
}

std::shared_ptr<Room> Loader::load(const record::GameRecord& g, std::string* problem) {
  const engine::Ruleset* rs = registry_.ruleset(g.ruleset);
  if (rs == nullptr) {
    *problem = "unknown rule set " + g.ruleset;
    return nullptr;
  }
  auto initial = rs->load_scenario(g.scenario_text);
  auto seats = deps_.store.seats(g.id);
  auto events = deps_.store.events(g.id, 1, 0);
  if (!initial.ok() || !seats.ok() || !events.ok()) {
    *problem = !initial.ok() ? initial.error().message
               : !seats.ok() ? seats.error().message
                             : events.error().message;
    return nullptr;
  }
  auto room = Room::restore(executor_, *rs, g, std::move(*initial), std::move(*seats),
                            std::move(*events), deps_, problem);
  if (const std::string drift = room->drift(); drift != g.drift) {
    room->flag_drift(drift, [id = g.id](engine::Status st) {
      if (!st.ok()) spdlog::error("[game {}] {}", id, st.error().message);
    });
  }
  return room;
}

}  // namespace grognard::room
