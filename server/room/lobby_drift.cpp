// The lobby's side of re-simulation (record/resim.h): storing a drift line, the operator's
// decision to let a drifting game go on (loading it when no room holds it), and importing an
// archive.
// Also the battle report of a stored game (room/report.h), kept in the lobby's cache.
#include <future>

#include <spdlog/spdlog.h>

#include "record/archive_file.h"
#include "record/resim.h"
#include "room/lobby_impl.h"

namespace grognard::room {

engine::Status Lobby::record_drift(const std::string& game_id, const std::string& drift) {
  auto room = impl_->rooms.by_id(game_id);
  if (!room) return record::store_drift(impl_->store, game_id, drift);
  std::promise<engine::Status> stored;
  auto done = stored.get_future();
  room->flag_drift(drift, [&stored](engine::Status st) { stored.set_value(std::move(st)); });
  return done.get();
}

void Lobby::resume_drift(const std::string& game_id, std::string reason,
                         std::function<void(engine::Status, std::string)> done) {
  auto room = impl_->rooms.by_id(game_id);
  if (!room) {
    auto game = impl_->store.game(game_id);
    if (!game.ok()) return done(game.error(), "");
    if (!*game) {
      return done(engine::Error{engine::ErrorCode::kNotFound, "",
                                "no game " + game_id + " is stored on this server"},
                  "");
    }
    if ((*game)->drift.empty()) {
      return done(
          engine::Error{engine::ErrorCode::kFailedPrecondition, "",
                        "game " + game_id + " is not held: no re-simulation found it drifting"},
          "");
    }
    if ((*game)->status != record::GameStatus::kRunning) {
      return done(engine::Error{engine::ErrorCode::kFailedPrecondition, "",
                                "game " + game_id + " is " + to_string((*game)->status) +
                                    ": its archive stays as it was stored, and its drift line "
                                    "says only that the current rules fold it differently"},
                  "");
    }
    std::string problem;
    room = impl_->loader.load(**game, &problem);
    if (!room) {
      return done(engine::Error{engine::ErrorCode::kFailedPrecondition, "",
                                "game " + game_id + " cannot be loaded: " + problem},
                  "");
    }
    if (auto full = impl_->opener.reserve(nullptr)) {
      return done(engine::Error{engine::ErrorCode::kFailedPrecondition, "", *full}, "");
    }
    impl_->opener.add(room, nullptr);
  }
  room->resume_drift(std::move(reason), std::move(done));
}

engine::Result<std::string> Lobby::import_archive(std::string_view bytes) {
  auto archive = record::read_archive(bytes);
  if (!archive.ok()) return archive.error();
  const std::string id = archive->header().game_id();
  auto st = record::import_archive(impl_->store, impl_->registry, *archive, impl_->clock());
  if (!st.ok()) return st.error();
  spdlog::warn("[game {}] imported from an archive file ({} events)", id, archive->events_size());
  return id;
}

engine::Result<BattleReport> Lobby::battle_report(const std::string& game_id) {
  return impl_->reports.get(impl_->store, impl_->registry, game_id);
}

}  // namespace grognard::room
