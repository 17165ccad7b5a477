// A room stopped by a storage error (a commit that failed: an I/O error, a full disk) and how it
// goes on: the room retries on its own, and the operator may ask at once (admin API). Nothing of
// the failed batch was applied in memory (Room::committed), so the room holds what the store
// holds; a retry stores a system note saying the game goes on, and the room plays on once that
// note is stored.
#include <spdlog/spdlog.h>

#include "room/room.h"

namespace grognard::room {

namespace {

engine::Error refused(engine::ErrorCode code, std::string why) {
  return engine::Error{code, "", std::move(why)};
}

}  // namespace

void Room::storage_stop(const std::string& error) {
  if (line_.fail_storage()) {
    fail_stop("the game could not be saved (" + error +
              "); nothing was lost, the server tries again and the game goes on once saving works");
  } else {
    spdlog::warn("{}still cannot save: {}", log_prefix(), error);
    refresh_info();
  }
  schedule_storage_retry();
}

void Room::schedule_storage_retry() {
  const auto delay = line_.schedule_retry(strand_, [weak = weak_from_this()] {
    if (auto self = weak.lock()) {
      self->resume_storage("saving works again", [](engine::Status, std::string) {});
    }
  });
  if (delay.count() != 0) spdlog::info("{}saving again in {} ms", log_prefix(), delay.count());
}

void Room::resume_storage(std::string reason,
                          std::function<void(engine::Status, std::string)> done) {
  run([this, reason = std::move(reason), done = std::move(done)] {
    using engine::ErrorCode;
    if (line_.stopped()) {
      return done(refused(ErrorCode::kFailedPrecondition,
                          "game " + id_ + " is not taking changes: the server is shutting down"),
                  "");
    }
    if (!line_.stopped_by_storage()) {
      return done(refused(ErrorCode::kFailedPrecondition,
                          "game " + id_ +
                              (line_.failed() ? " stopped for another reason (" + line_.failure() +
                                                    "): close it instead"
                                              : " has not stopped: it plays on")),
                  "");
    }
    // The room goes on from what it holds only if the store holds the same.
    auto stored = deps_.store.game(id_);
    if (!stored.ok()) {
      spdlog::warn("{}cannot read the game back: {}", log_prefix(), stored.error().message);
      schedule_storage_retry();
      return done(
          refused(ErrorCode::kFailedPrecondition,
                  "game " + id_ + " cannot be read back from the store: " + stored.error().message),
          "");
    }
    if (!*stored || (*stored)->last_seq != record_.last_seq) {
      return done(refused(ErrorCode::kFailedPrecondition,
                          "game " + id_ + ": the store holds " +
                              (*stored ? std::to_string((*stored)->last_seq) : std::string("no")) +
                              " events and the room " + std::to_string(record_.last_seq) +
                              ": restart the server to load the game back from the store"),
                  "");
    }
    auto p = make_pending();
    v1::SystemNote note;
    note.set_text("The game goes on (" + reason +
                  "). What could not be saved when it stopped was not kept: give it again.");
    add_record(*p, record::EventKind::kSystem, note.SerializeAsString(), "", "");
    const std::uint64_t seq = p->batch.events.back().seq;
    p->after = [this, done, seq](bool ok) {
      if (!ok) {
        return done(refused(ErrorCode::kFailedPrecondition,
                            "game " + id_ + " still cannot be saved: " + line_.failure()),
                    "");
      }
      line_.recovered();
      refresh_info();
      const std::string what = "game " + id_ +
                               " goes on after a storage error (system note at event " +
                               std::to_string(seq) + ")";
      spdlog::warn("{}{}", log_prefix(), what);
      done(engine::ok_status(), what);
    };
    commit(p);
  });
}

bool Room::stopped_by_storage() const {
  return snapshot_.storage_stopped();
}

bool Room::stopped() const {
  return snapshot_.stopped();
}

}  // namespace grognard::room
