// What the lobby sees of a room (the snapshot other threads read) and what the lobby and the
// operator ask of it: to expire when it has waited too long for its players, to close.

#include <spdlog/spdlog.h>

#include <algorithm>

#include "record/hashes.h"
#include "record/resim.h"
#include "room/room.h"

namespace grognard::room {

void Room::expire(std::chrono::milliseconds limit, std::string reason,
                  std::function<void(bool expired)> done) {
  run([this, limit, reason = std::move(reason), done = std::move(done)] {
    const std::int64_t now = deps_.clock();
    const std::int64_t idle_ms = now - record_.updated_ms;
    // Running and ended games never expire, nor does a room that saw activity meanwhile.
    if (line_.halted() || record_.status != record::GameStatus::kWaiting ||
        idle_ms < limit.count()) {
      return done(false);
    }
    auto p = make_pending();
    record::GameRecord& g = *p->batch.game;
    g.status = record::GameStatus::kExpired;
    g.ended_ms = now;
    g.result = reason;
    v1::SystemNote note;
    note.set_text("This room " + reason + ".");
    add_record(*p, record::EventKind::kSystem, note.SerializeAsString(), "", "");
    p->after = [this, idle_ms, done](bool ok) {
      if (ok) {
        spdlog::info("{}room {} expired: {:.4g} hours without activity waiting for players",
                     log_prefix(), invite_, static_cast<double>(idle_ms) / 3'600'000.0);
      }
      done(ok);
    };
    commit(p);
  });
}

void Room::abort(std::string reason, std::function<void(engine::Status)> done) {
  run([this, reason = std::move(reason), done = std::move(done)] {
    end_aborted("closed by the server's operator: " + reason, done);
  });
}

void Room::abandon(std::chrono::milliseconds limit, std::function<void(bool)> done) {
  run([this, limit, done = std::move(done)] {
    // Looked at again on the strand: a move or a connection since the lobby looked keeps it.
    if (record_.status != record::GameStatus::kRunning || line_.failed() ||
        !record_.drift.empty() || seats_.anyone_connected() ||
        deps_.clock() - std::max(record_.updated_ms, attended_ms_) < limit.count()) {
      return done(false);
    }
    const auto days = std::chrono::duration<double, std::ratio<86400>>(limit).count();
    end_aborted(
        fmt::format("abandoned: nobody played it or was connected to it for {:g} days", days),
        [done](const engine::Status& st) { done(st.ok()); });
  });
}

void Room::end_aborted(std::string result, const std::function<void(engine::Status)>& done) {
  {  // on the strand
    auto refuse = [&](engine::ErrorCode code, std::string why) {
      done(engine::Error{code, "", "game " + id_ + " (room " + invite_ + ") " + std::move(why)});
    };
    if (line_.stopped())
      return refuse(engine::ErrorCode::kFailedPrecondition,
                    "is not taking changes: the server is shutting down");
    // A room stopped by a storage error cannot store its closing until the store works again:
    // resumed first, it can be closed then. A room stopped otherwise (a game loaded stopped: an
    // event no longer applies) can be closed, and closing is all it can do.
    if (line_.stopped_by_storage())
      return refuse(engine::ErrorCode::kFailedPrecondition,
                    "is stopped by a storage error (" + line_.failure() +
                        "): resume it once the store works (grognard admin resume-room), then "
                        "close it");
    if (record_.status != record::GameStatus::kWaiting &&
        record_.status != record::GameStatus::kRunning) {
      return refuse(engine::ErrorCode::kFailedPrecondition,
                    "has already ended (" + std::string(to_string(record_.status)) + ": " +
                        record_.result + ")");
    }
    const bool began = record_.status == record::GameStatus::kRunning;
    auto p = make_pending();
    record::GameRecord& g = *p->batch.game;
    g.status = record::GameStatus::kAborted;
    g.ended_ms = deps_.clock();
    g.result = std::move(result);
    v1::SystemNote note;
    note.set_text("This game was " + g.result + "." +
                  (began ? " The dice seed is now public." : ""));
    note.set_result(g.result);
    note.set_seed(record::hex(g.seed));
    note.set_seed_sha256(record::hex(g.seed_sha256));
    add_record(*p, record::EventKind::kSystem, note.SerializeAsString(), "", "");
    p->after = [this, done](bool ok) {
      if (!ok) {
        return done(engine::Error{engine::ErrorCode::kFailedPrecondition, "",
                                  "game " + id_ + " could not be saved as closed: it has stopped"});
      }
      spdlog::warn("{}{}", log_prefix(), record_.result);
      done(engine::ok_status());
    };
    commit(p);
  }
}

void Room::refresh_info() {
  v1::RoomInfo info;
  info.set_game_id(id_);
  info.set_ruleset(std::string(rs_.name()));
  info.set_scenario(record_.scenario);
  info.set_status(line_.failed() ? "failed" : to_string(record_.status));
  info.set_observers_allowed(record_.observers_allowed);
  info.set_listed(record_.listed);
  info.set_invite_code(record_.invite_code);
  info.set_created_ms(record_.created_ms);
  info.set_last_activity_ms(record_.updated_ms);
  if (!fork_source_.game_id().empty()) *info.mutable_forked_from() = fork_source_;
  info.set_to_act(line_.failed()           ? "stopped: " + line_.failure()
                  : !record_.drift.empty() ? record::drift_to_act(record_.drift)
                  : expired()              ? "This room " + record_.result
                  : aborted()              ? "This game was " + record_.result
                                           : act_.summary);
  // Whose action the game waits for, as every EventBatch says it (what "your games" sorts by).
  if (!line_.failed() && record_.drift.empty() && record_.status == record::GameStatus::kRunning) {
    for (const std::string& seat_id : act_.seats) info.add_acting_seats(seat_id);
  }
  // Observers are counted, not listed: a room's snapshot costs the same with 10,000 of them.
  for (const record::SeatRecord& s : seats_.game_seats()) {
    auto* si = info.add_seats();
    si->set_seat_id(s.seat_id);
    si->set_role(s.role);
    si->set_label(s.label);
    si->set_taken(s.claimed_ms != 0);
    si->set_player_name(s.player_name);
    si->set_connected(seats_.connected(s.seat_id));
  }
  info.set_observers(static_cast<std::uint32_t>(seats_.observer_seats()));
  const bool ended = record_.status == record::GameStatus::kFinished || expired() || aborted();
  RoomSnapshot::Facts facts;
  facts.info = std::move(info);
  facts.drift = record_.drift;
  facts.clocks = clock_view();
  facts.listed_and_open = record_.listed && !line_.failed() && !ended;
  // A room stopped by storage stays to go on later.
  facts.storage_stopped = line_.stopped_by_storage();
  facts.stopped = line_.failed();
  facts.evictable =
      ((line_.failed() && !line_.stopped_by_storage()) || ended) && !seats_.anyone_connected();
  facts.ended_ms = revealed(record_.status) ? record_.ended_ms : 0;
  if (!line_.failed() && record_.status == record::GameStatus::kWaiting)
    facts.waiting_since = record_.updated_ms;
  const bool attended = seats_.anyone_connected();
  if (attended || attended_) attended_ms_ = deps_.clock();  // someone is, or just left
  attended_ = attended;
  if (!line_.failed() && record_.drift.empty() && record_.status == record::GameStatus::kRunning &&
      !attended)
    facts.unattended_since = std::max(record_.updated_ms, attended_ms_);
  snapshot_.publish(std::move(facts));
}

v1::RoomInfo Room::info() const {
  return snapshot_.info();
}

bool Room::owns_token(const record::Hash32& token_hash) const {
  return seats_.owns_token(token_hash);
}

bool Room::evictable() const {
  return snapshot_.evictable();
}

bool Room::ended_idle_since(std::int64_t ms) const {
  return snapshot_.ended_idle_since(ms);
}

std::optional<std::int64_t> Room::waiting_since() const {
  return snapshot_.waiting_since();
}

std::optional<std::int64_t> Room::unattended_since() const {
  return snapshot_.unattended_since();
}

std::vector<record::Hash32> Room::token_hashes() const {
  return seats_.token_hashes();
}

bool Room::listed_and_open() const {
  return snapshot_.listed_and_open();
}

}  // namespace grognard::room
