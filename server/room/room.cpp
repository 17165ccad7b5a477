// Room lifecycle: restoring, the commit pipeline, starting and finishing a game (seats and
// joining: room_seats.cpp).
#include "room/room.h"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "record/fork_source.h"
#include "record/hashes.h"
#include "record/replay.h"
#include "record/resim.h"
#include "record/seal.h"

namespace grognard::room {

namespace asio = boost::asio;

Room::Room(asio::any_io_executor executor, const engine::Ruleset& ruleset,
           record::GameRecord record, std::unique_ptr<engine::GameState> initial,
           std::vector<record::SeatRecord> seats, RoomDeps deps)
    : strand_(asio::make_strand(executor)),
      rs_(ruleset),
      id_(record.id),
      invite_(record.invite_code),
      deps_(std::move(deps)),
      record_(std::move(record)),
      initial_(std::move(initial)),
      state_(initial_->clone()),
      act_(rs_.to_act(*state_)),
      seats_(deps_.observer_seats,
             [this](const record::Hash32& token) {
               if (deps_.token_dropped) deps_.token_dropped(id_, token);
             }),
      chat_(deps_.chat_bytes, deps_.limits.chat_per_seat, deps_.limits.chat_per_room) {
  for (const record::SeatRecord& s : seats) seats_.keep(s);
  if (auto tc = parse_time_control(record_.time_control)) {
    tc_ = *tc;
  } else {
    spdlog::error("{}stored time control: {}; its clocks are off", log_prefix(),
                  tc.error().message);
  }
  clock_ = GameClock(record_.clocks);
  attended_ms_ = deps_.clock();
  refresh_info();
}

std::shared_ptr<Room> Room::restore(asio::any_io_executor executor, const engine::Ruleset& ruleset,
                                    record::GameRecord record,
                                    std::unique_ptr<engine::GameState> initial,
                                    std::vector<record::SeatRecord> seats,
                                    std::vector<record::EventRecord> log, RoomDeps deps,
                                    std::string* problem) {
  auto room = std::make_shared<Room>(executor, ruleset, std::move(record), std::move(initial),
                                     std::move(seats), std::move(deps));
  // A mismatch is reported, never ignored: the room keeps its log for the archive but takes no
  // commands until the operator decides (a drift), or none at all (an event that no longer
  // applies).
  auto checked = record::check_log(ruleset, room->record_, *room->initial_, log);
  room->record_.drift = checked.drift.value_or("");
  if (!checked.drift) {
    room->replace_state(std::move(checked.state));
  } else if (checked.stops) {
    room->line_.fail(*checked.stops);  // its state stays the scenario's; it can only be closed
    if (problem != nullptr) *problem = "loaded stopped: " + *checked.stops;
  } else {
    room->replace_state(record::state_after(ruleset, *room->initial_, log, log.back().seq).value());
    if (problem != nullptr) *problem = "held, drifting: " + *checked.drift;
  }
  room->log_ = std::move(log);
  for (const record::EventRecord& e : room->log_) room->count_event(e);
  room->account_loaded();
  // Remember every stored command id: a command re-sent after a restart is answered, not
  // applied twice.
  room->commands_.restore(room->log_);
  room->fork_source_ = record::fork_source(room->deps_.store, room->record_);
  room->refresh_info();
  return room;
}

void Room::run(std::function<void()> op) {
  asio::post(strand_, [self = shared_from_this(), op = std::move(op)]() mutable {
    self->line_.run(std::move(op));
  });
}

std::unique_ptr<engine::GameState> Room::replace_state(std::unique_ptr<engine::GameState> next,
                                                       std::optional<engine::ToAct> act) {
  act_ = act ? std::move(*act) : rs_.to_act(*next);
  legal_.forget();
  state_.swap(next);
  return next;
}

std::shared_ptr<Pending> Room::make_pending() const {
  auto p = std::make_shared<Pending>();
  p->batch.game = record_;
  return p;
}

void Room::commit(std::shared_ptr<Pending> p) {
  line_.begin();
  maybe_finish(*p);
  settle_clock(*p);
  add_notices(*p);
  record::GameRecord& g = *p->batch.game;
  if (!p->batch.events.empty()) g.last_seq = p->batch.events.back().seq;
  if (p->activity) g.updated_ms = deps_.clock();
  for (record::CommandRecord& c : p->commands) c.last_seq = g.last_seq;
  auto self = shared_from_this();
  deps_.store.append(p->batch, [self, p](engine::Status status) {
    asio::post(self->strand_, [self, p, status] { self->committed(p, status); });
  });
}

void Room::committed(std::shared_ptr<Pending> p, engine::Status status) {
  line_.end();
  if (!status.ok()) {
    storage_stop(status.error().message);
    if (p->after) p->after(false);
    line_.drain();
    return;
  }
  if (p->batch.game->clocks != record_.clocks) clock_ = GameClock(p->batch.game->clocks);
  record_ = *p->batch.game;
  // The state before the batch is kept until it is broadcast.
  if (p->next) p->kept.push_back(replace_state(std::move(p->next), std::move(p->act)));
  for (const record::SeatRecord& s : p->batch.seats) seats_.keep(s);
  for (const record::SeatRecord& s : p->batch.seats) {
    if (s.claimed_ms != 0 && deps_.token_added) deps_.token_added(id_, s.token_sha256);
  }
  for (const std::string& seat_id : p->batch.dropped_seats) seats_.drop(seat_id);
  for (const record::CommandRecord& c : p->commands) commands_.add(c);
  if (!p->commands.empty()) offers_.lapse(seats_);  // a new command cancels a take-back asked
  for (const record::EventRecord& e : p->batch.events) {
    log_.push_back(e);
    count_event(e);
  }
  refresh_info();
  if (!p->batch.notices.empty() && deps_.notices_written) deps_.notices_written();
  if (p->after) p->after(true);
  broadcast(*p);
  line_.drain();
}

void Room::fail_stop(const std::string& why) {
  line_.fail(why);
  spdlog::error("{}stopped: {}", log_prefix(), why);
  auto note = std::make_shared<v1::ServerMessage>();
  auto* batch = note->mutable_events();
  batch->set_game_id(id_);
  batch->set_status("failed");
  batch->set_to_act("This game has stopped: " + why);
  seats_.send_to_all(note);
  refresh_info();
}

void Room::create(std::function<void(engine::Status)> done) {
  run([this, done = std::move(done)] {
    auto p = make_pending();
    p->batch.seats = seats_.all();
    p->batch.events = log_;  // a fork's first events (lobby_fork.cpp); else none
    line_.begin();
    auto self = shared_from_this();
    deps_.store.append(p->batch, [self, p, done](engine::Status status) {
      asio::post(self->strand_, [self, p, done, status] {
        self->line_.end();
        if (!status.ok()) self->fail_stop("the game could not be saved");
        done(status);
        self->line_.drain();
      });
    });
  });
}

void Room::stop(std::function<void()> stopped) {
  run([this, stopped = std::move(stopped)] {
    line_.stop();
    if (stopped) stopped();
  });
}

void Room::maybe_start(Pending& p) {
  record::GameRecord& g = *p.batch.game;
  if (g.status != record::GameStatus::kWaiting) return;
  for (const engine::SeatSpec& spec : rs_.seats(*state_)) {
    const record::SeatRecord* s = seats_.find(spec.id);
    bool claimed = s != nullptr && s->claimed_ms != 0;
    for (const record::SeatRecord& t : p.batch.seats)
      claimed = claimed || (t.seat_id == spec.id && t.claimed_ms);
    if (!claimed) return;
  }
  if (!g.source_game.empty()) {
    // A fork goes on from the state it was forked at: its rules began in the source game, and
    // its seed's hash was published in the note that ends its copied events.
    v1::SystemNote note;
    note.set_text("Every seat is taken: the game goes on from event " +
                  std::to_string(g.source_seq) + " of game " + g.source_game + ".");
    add_record(p, record::EventKind::kSystem, note.SerializeAsString(), "", "");
    g.status = record::GameStatus::kRunning;
    spdlog::info("{}all seats taken: the fork goes on", log_prefix());
    return;
  }
  // Every seat is taken: the game starts. The seed's hash is published first (auditable dice).
  v1::SystemNote note;
  note.set_text("The game begins. Dice: SHA-256 of the seed is " + record::hex(g.seed_sha256));
  note.set_seed_sha256(record::hex(g.seed_sha256));
  p.next = state_->clone();
  p.next_unchanged = true;
  add_record(p, record::EventKind::kSystem, note.SerializeAsString(), "", "");
  engine::SeededDice dice(g.seed, g.dice_next);
  auto events = rs_.begin(*p.next, dice);
  if (!events.ok()) {
    spdlog::error("{}cannot begin: {}", log_prefix(), events.error().message);
    return;
  }
  (void)add_rules_events(p, *events, "", "");
  g.dice_next = dice.next();
  g.status = record::GameStatus::kRunning;
  spdlog::info("{}all seats taken: the game begins", log_prefix());
}

const engine::ToAct& Room::act_after(Pending& p) const {
  if (!p.next) return act_;
  if (!p.act) p.act = rs_.to_act(*p.next);
  return *p.act;
}

void Room::maybe_finish(Pending& p) {
  record::GameRecord& g = *p.batch.game;
  if (g.status != record::GameStatus::kRunning || !p.next) return;
  const engine::ToAct& act = act_after(p);
  if (!act.game_over) return;
  g.status = record::GameStatus::kFinished;
  g.ended_ms = deps_.clock();
  g.result = act.summary;
  if (!p.batch.events.empty()) g.last_seq = p.batch.events.back().seq;
  v1::SystemNote note;
  note.set_text("The game is over: " + act.summary + ". The dice seed is now public.");
  note.set_seed(record::hex(g.seed));
  note.set_seed_sha256(record::hex(g.seed_sha256));
  note.set_result(act.summary);
  add_record(p, record::EventKind::kSystem, note.SerializeAsString(), "", "");
  spdlog::info("{}game over: {}", log_prefix(), act.summary);
}

void Room::add_record(Pending& p, record::EventKind kind, std::string payload,
                      const std::string& seat_id, const std::string& audience,
                      const engine::GameState* before) {
  record::EventRecord r;
  r.game_id = id_;
  r.seq = (p.batch.events.empty() ? record_.last_seq : p.batch.events.back().seq) + 1;
  r.kind = kind;
  r.payload = std::move(payload);
  const engine::GameState& after = rules_after(p);
  const engine::Ruleset::Hashes hashes = rs_.hashes(after);
  r.state_hash = hashes.published.bytes;
  r.seat = seat_id;
  r.audience = audience;
  r.digest = record::event_digest(rs_, record_.seed, before != nullptr ? *before : after, r,
                                  record_.chain_version);
  r.commitment = record::state_commitment(record_.seed, hashes.full);
  r.created_ms = deps_.clock();
  const record::Hash32 previous = !p.batch.events.empty() ? p.batch.events.back().chain
                                  : log_.empty()          ? record::Hash32{}
                                                          : log_.back().chain;
  r.chain = record::chain_hash(previous, r, record_.chain_version);
  p.befores.push_back(before);
  p.batch.events.push_back(std::move(r));
}

engine::Status Room::add_rules_events(Pending& p, const std::vector<engine::Bytes>& events,
                                      const std::string& seat_id, const std::string& command_id) {
  if (!p.next) {
    p.next = state_->clone();
    p.next_unchanged = true;
  }
  bool first = true;
  for (const engine::Bytes& bytes : events) {
    // The state before the event: the room's own while the batch has changed nothing (it stays
    // until the batch is broadcast), else a copy.
    const engine::GameState* before = state_.get();
    if (!p.next_unchanged) {
      p.kept.push_back(p.next->clone());
      before = p.kept.back().get();
    }
    p.next_unchanged = false;
    p.act.reset();
    auto st = rs_.apply(*p.next, bytes);
    if (!st.ok()) return st;
    add_record(p, record::EventKind::kRules, bytes, seat_id, "", before);
    if (first && !command_id.empty()) {
      record::EventRecord& r = p.batch.events.back();
      r.command_id = command_id;  // not part of the chain hash
      p.commands.push_back(record::CommandRecord{id_, seat_id, command_id, r.seq, r.seq});
    }
    first = false;
  }
  return engine::ok_status();
}

}  // namespace grognard::room
