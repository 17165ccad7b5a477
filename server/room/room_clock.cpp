// The room's clocks (docs/clocks.md; room/game_clock.h): settled with every batch, shown in its
// RoomInfo and EventBatch, and the claims on time and grants of time its seats make.
#include <spdlog/spdlog.h>

#include "engine/utf8.h"
#include "record/hashes.h"
#include "room/clock_calendar.h"
#include "room/room.h"

namespace grognard::room {

namespace {

bool is_referee(const record::SeatRecord* s) {
  return s != nullptr && s->role == "referee";
}

}  // namespace

PausedMs Room::paused() const {
  return paused_by(deps_.limits.calendar, [this](const std::string& seat) {
    const record::SeatRecord* s = seats_.find(seat);
    return s != nullptr ? s->account_id : std::int64_t{0};
  });
}

void Room::settle_clock(Pending& p) {
  if (tc_.none()) return;
  record::GameRecord& g = *p.batch.game;
  // A batch that changes neither the rules state, the status nor the clocks (chat, a seat
  // taken in a running game) leaves who acts, and so the clocks, as they were.
  if (!p.next && g.status == record_.status && g.clocks == record_.clocks) return;
  const std::int64_t now = deps_.clock();
  GameClock c(g.clocks);
  if (g.status == record::GameStatus::kRunning) {
    // The clock runs for the seats the rules wait for, never a referee's (docs/clocks.md).
    std::vector<std::string> acting;
    for (const std::string& seat : act_after(p).seats) {
      if (!is_referee(seats_.find(seat))) acting.push_back(seat);
    }
    c.act(tc_, acting, now, paused());
  } else if (record_.status == record::GameStatus::kRunning) {
    c.stop(now, paused());  // the game ended with this batch
  } else {
    return;
  }
  g.clocks = c.stored();
}

ClockView Room::clock_view() const {
  ClockView v;
  if (tc_.none()) return v;
  v.tc = tc_;
  v.clock = clock_;
  v.running = record_.status == record::GameStatus::kRunning;
  for (const record::SeatRecord& s : seats_.game_seats()) {
    if (!is_referee(&s)) v.seats.emplace_back(s.seat_id, s.account_id);
  }
  v.calendar = deps_.limits.calendar;
  v.now = deps_.clock;
  return v;
}

std::optional<std::string> Room::clock_refusal(const std::string& by, const std::string& target,
                                               std::string_view what) const {
  if (tc_.none()) return "this game has no time control";
  const record::SeatRecord* t = seats_.find(target);
  if (t == nullptr || is_referee(t) || t->role == "observer")
    return "no seat \"" + engine::shown(target) + "\" with a clock in this game";
  const auto& all = seats_.game_seats();
  const bool refereed =
      std::any_of(all.begin(), all.end(), [](const auto& s) { return s.role == "referee"; });
  if (refereed && !is_referee(seats_.find(by)))
    return "in a game with a referee only the referee may " + std::string(what);
  if (!refereed && by == target) return "a seat may not " + std::string(what) + " for itself";
  return std::nullopt;
}

void Room::claim_timeout(std::shared_ptr<Peer> peer, v1::ClaimTimeout req, std::uint64_t rid) {
  run([this, peer, req = std::move(req), rid] {
    auto reject = [&](v1::Code code, std::string clause, std::string msg) {
      peer->send(error_message(rid, code, std::move(clause), std::move(msg)));
    };
    const auto by = bound_seat(peer);
    if (auto r = gate_.refuse_seat(by, "claim a win on time"))
      return reject(r->code, r->clause, r->message);
    if (auto r = gate_.refuse_status()) return reject(r->code, r->clause, r->message);
    const std::int64_t now = deps_.clock();
    std::string target = req.seat_id();
    if (target.empty()) target = clock_.out_of_time(now, paused()).value_or("");
    if (auto why = clock_refusal(*by, target, "claim a win on time"))
      return reject(v1::FAILED_PRECONDITION, "clock.claim", *why);
    if (auto r = gate_.refuse_size(record_.last_seq + 1, true))
      return reject(r->code, r->clause, r->message);
    const std::int64_t left = clock_.left(tc_, target, now, paused());
    if (!clock_.running(target) || left > 0) {
      return reject(v1::FAILED_PRECONDITION, "clock.claim",
                    seats_.find(target)->label + " is not out of time" +
                        (clock_.running(target) ? ": " + describe_span(left) + " left" : ""));
    }
    const std::string loser = seats_.find(target)->label;
    auto p = make_pending();
    record::GameRecord& g = *p->batch.game;
    g.status = record::GameStatus::kFinished;
    g.ended_ms = now;
    g.result = is_referee(seats_.find(*by))
                   ? "ended by the referee on time: " + loser + " ran out of time"
                   : seats_.find(*by)->label + " win on time: " + loser + " ran out of time";
    v1::SystemNote note;
    note.set_text("The game is over: " + g.result + ". The dice seed is now public.");
    note.set_result(g.result);
    note.set_seed(record::hex(g.seed));
    note.set_seed_sha256(record::hex(g.seed_sha256));
    note.mutable_clock()->set_kind("claim");
    note.mutable_clock()->set_seat_id(target);
    note.mutable_clock()->set_by_seat(*by);
    add_record(*p, record::EventKind::kSystem, note.SerializeAsString(), *by, "");
    p->after = [this, peer, rid](bool ok) { answer_clock(peer, rid, ok); };
    commit(p);
  });
}

void Room::grant_time(std::shared_ptr<Peer> peer, v1::GrantTime req, std::uint64_t rid) {
  run([this, peer, req = std::move(req), rid] {
    auto reject = [&](v1::Code code, std::string clause, std::string msg) {
      peer->send(error_message(rid, code, std::move(clause), std::move(msg)));
    };
    const auto by = bound_seat(peer);
    if (auto r = gate_.refuse_seat(by, "grant time")) return reject(r->code, r->clause, r->message);
    if (auto r = gate_.refuse_status()) return reject(r->code, r->clause, r->message);
    if ((req.hours() == 0) == (req.minutes() == 0) || req.hours() > 336 || req.minutes() > 600) {
      return reject(v1::INVALID_ARGUMENT, "clock.grant",
                    "grant either 1 to 336 hours or 1 to 600 minutes");
    }
    if (auto why = clock_refusal(*by, req.seat_id(), "grant time"))
      return reject(v1::FAILED_PRECONDITION, "clock.grant", *why);
    // Each grant is an event: the game's bound on events holds them too.
    if (auto r = gate_.refuse_size(record_.last_seq + 1, false))
      return reject(r->code, r->clause, r->message);
    const std::int64_t ms = req.hours() != 0 ? std::int64_t{req.hours()} * kHourMs
                                             : std::int64_t{req.minutes()} * kMinuteMs;
    auto p = make_pending();
    GameClock c(p->batch.game->clocks);
    c.grant(tc_, req.seat_id(), ms, deps_.clock(), paused());
    p->batch.game->clocks = c.stored();
    v1::SystemNote note;
    note.set_text(seats_.find(*by)->label + " gave " + seats_.find(req.seat_id())->label + " " +
                  describe_span(ms) + " more.");
    note.mutable_clock()->set_kind("grant");
    note.mutable_clock()->set_seat_id(req.seat_id());
    note.mutable_clock()->set_by_seat(*by);
    note.mutable_clock()->set_granted_ms(ms);
    add_record(*p, record::EventKind::kSystem, note.SerializeAsString(), *by, "");
    p->after = [this, peer, rid](bool ok) { answer_clock(peer, rid, ok); };
    commit(p);
  });
}

void Room::answer_clock(const std::shared_ptr<Peer>& peer, std::uint64_t rid, bool ok) {
  if (!ok) {
    return peer->send(error_message(rid, v1::UNAVAILABLE, "",
                                    "the game could not be saved: nothing was changed"));
  }
  auto m = answer_to(rid);
  *m->mutable_room() = info();
  peer->send(m);
}

}  // namespace grognard::room
