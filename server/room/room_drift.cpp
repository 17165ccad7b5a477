// Re-simulation's side of a room (record/resim.h): storing the drift line the current rules found,
// and the operator's decision to let a drifting game go on.
#include <spdlog/spdlog.h>

#include "record/resim.h"
#include "room/room.h"

namespace grognard::room {

void Room::flag_drift(std::string drift, std::function<void(engine::Status)> done) {
  run([this, drift = std::move(drift), done = std::move(done)] {
    auto p = make_pending();
    p->batch.game->drift = drift;
    // The line is shown (to_act) as soon as it is decided, not only once stored.
    record_.drift = drift;
    refresh_info();
    p->after = [this, done](bool ok) {
      if (!ok) {
        return done(engine::Error{engine::ErrorCode::kFailedPrecondition, "",
                                  "the drift of game " + id_ + " could not be saved"});
      }
      done(engine::ok_status());
    };
    commit(p);
  });
}

void Room::resume_drift(std::string reason, std::function<void(engine::Status, std::string)> done) {
  run([this, reason = std::move(reason), done = std::move(done)] {
    auto refuse = [&](std::string why) {
      done(engine::Error{engine::ErrorCode::kFailedPrecondition, "",
                         "game " + id_ + " " + std::move(why)},
           "");
    };
    if (line_.stopped()) return refuse("is not taking changes: the server is shutting down");
    if (line_.failed()) {
      return refuse("has stopped and cannot go on: " + line_.failure() +
                    " (close it: POST /admin/rooms/" + id_ + "/close)");
    }
    if (record_.drift.empty()) return refuse("is not held: the current rules fold it as stored");
    if (record_.status != record::GameStatus::kRunning) {
      return refuse("is " + std::string(to_string(record_.status)) +
                    ": its archive stays as it was stored, and its drift line says only that the "
                    "current rules fold it differently");
    }
    auto p = make_pending();
    record::GameRecord& g = *p->batch.game;
    g.drift.clear();
    g.ruleset_version = rs_.version();
    v1::SystemNote note;
    note.set_text(record::drift_accepted_note(rs_, reason, record_.drift));
    add_record(*p, record::EventKind::kSystem, note.SerializeAsString(), "", "");
    const std::uint64_t seq = p->batch.events.back().seq;
    p->after = [this, done, seq](bool ok) {
      if (!ok) {
        return done(engine::Error{engine::ErrorCode::kFailedPrecondition, "",
                                  "game " + id_ + " could not be saved as resumed: it has stopped"},
                    "");
      }
      const std::string what = "let game " + id_ + " go on under " + std::string(rs_.name()) +
                               " version " + std::to_string(rs_.version()) +
                               " (system note at event " + std::to_string(seq) + ")";
      spdlog::warn("{}{}", log_prefix(), what);
      done(engine::ok_status(), what);
    };
    commit(p);
  });
}

std::string Room::drift() const {
  return snapshot_.drift();
}

}  // namespace grognard::room
