// Room lifecycle: the commit pipeline, seats, joining, resuming, leaving.
#include "room/room.h"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <cctype>

#include "room/replay.h"
#include "room/seal.h"

namespace grognard::room {

namespace asio = boost::asio;

Room::Room(asio::any_io_executor executor, const engine::Ruleset& ruleset, GameRecord record,
           std::unique_ptr<engine::GameState> initial, std::vector<SeatRecord> seats, RoomDeps deps)
    : strand_(asio::make_strand(executor)),
      rs_(ruleset),
      id_(record.id),
      invite_(record.invite_code),
      deps_(std::move(deps)),
      record_(std::move(record)),
      initial_(std::move(initial)),
      state_(initial_->clone()),
      seats_(std::move(seats)) {
  refresh_info();
}

std::shared_ptr<Room> Room::restore(asio::any_io_executor executor, const engine::Ruleset& ruleset,
                                    GameRecord record, std::unique_ptr<engine::GameState> initial,
                                    std::vector<SeatRecord> seats, std::vector<EventRecord> log,
                                    RoomDeps deps, std::string* problem) {
  auto room = std::make_shared<Room>(executor, ruleset, std::move(record), std::move(initial),
                                     std::move(seats), std::move(deps));
  auto folded = verify_log(ruleset, room->record_, *room->initial_, log);
  if (folded.ok()) {
    room->state_ = std::move(*folded);
  } else {
    // A mismatch is reported, never ignored: the room keeps its log for the archive but
    // takes no commands.
    room->failed_ = true;
    room->failure_ = folded.error().message;
    if (problem != nullptr) *problem = folded.error().message;
  }
  room->log_ = std::move(log);
  // Remember every stored command id: a command re-sent after a restart is answered, not
  // applied twice. A command's events are the run that starts with its id.
  CommandRecord* current = nullptr;
  for (const EventRecord& e : room->log_) {
    if (!e.command_id.empty()) {
      current = &(room->commands_[{e.seat, e.command_id}] =
                      CommandRecord{e.game_id, e.seat, e.command_id, e.seq, e.seq});
    } else if (current != nullptr && e.kind != EventKind::kChat && e.seq == current->last_seq + 1) {
      current->last_seq = e.seq;
    } else {
      current = nullptr;
    }
  }
  room->refresh_info();
  return room;
}

void Room::run(std::function<void()> op) {
  asio::post(strand_, [self = shared_from_this(), op = std::move(op)]() mutable {
    if (self->busy_) {
      self->waiting_.push_back(std::move(op));
    } else {
      op();
    }
  });
}

void Room::drain() {
  while (!busy_ && !waiting_.empty()) {
    auto op = std::move(waiting_.front());
    waiting_.pop_front();
    op();
  }
}

std::shared_ptr<Room::Pending> Room::make_pending() const {
  auto p = std::make_shared<Pending>();
  p->batch.game = record_;
  p->seats = seats_;
  return p;
}

void Room::commit(std::shared_ptr<Pending> p) {
  busy_ = true;
  maybe_finish(*p);
  GameRecord& g = *p->batch.game;
  if (!p->batch.events.empty()) g.last_seq = p->batch.events.back().seq;
  g.updated_ms = deps_.clock();
  for (CommandRecord& c : p->batch.commands) c.last_seq = g.last_seq;
  auto self = shared_from_this();
  deps_.store.append(p->batch, [self, p](engine::Status status) {
    asio::post(self->strand_, [self, p, status] { self->committed(p, status); });
  });
}

void Room::committed(std::shared_ptr<Pending> p, engine::Status status) {
  busy_ = false;
  if (!status.ok()) {
    fail_stop("the game could not be saved (" + status.error().message + ")");
    if (p->after) p->after(false);
    drain();
    return;
  }
  record_ = *p->batch.game;
  if (p->next) state_ = std::move(p->next);
  seats_ = std::move(p->seats);
  for (const CommandRecord& c : p->batch.commands) commands_[{c.seat, c.command_id}] = c;
  log_.insert(log_.end(), p->batch.events.begin(), p->batch.events.end());
  refresh_info();
  if (p->after) p->after(true);
  broadcast(*p);
  drain();
}

void Room::fail_stop(const std::string& why) {
  failed_ = true;
  failure_ = why;
  spdlog::error("{}stopped: {}", log_prefix(), why);
  auto note = std::make_shared<v1::ServerMessage>();
  auto* batch = note->mutable_events();
  batch->set_game_id(id_);
  batch->set_status("failed");
  batch->set_to_act("This game has stopped: " + why);
  for (const PeerEntry& e : peers_) {
    if (auto peer = e.peer.lock()) peer->send(note);
  }
  refresh_info();
}

void Room::create(std::function<void(engine::Status)> done) {
  run([this, done = std::move(done)] {
    auto p = make_pending();
    p->batch.seats = seats_;
    busy_ = true;
    auto self = shared_from_this();
    deps_.store.append(p->batch, [self, p, done](engine::Status status) {
      asio::post(self->strand_, [self, p, done, status] {
        self->busy_ = false;
        if (!status.ok()) self->fail_stop("the game could not be saved");
        done(status);
        self->drain();
      });
    });
  });
}

const SeatRecord* Room::seat(const std::string& seat_id) const {
  for (const SeatRecord& s : seats_) {
    if (s.seat_id == seat_id) return &s;
  }
  return nullptr;
}

engine::Viewer Room::viewer_for(const std::string& seat_id) const {
  engine::Viewer v;
  v.game_over = game_over();
  if (const SeatRecord* s = seat(seat_id)) {
    v.role = role_from_string(s->role);
    if (v.role != engine::Role::kObserver) v.seat = s->seat_id;
  }
  return v;
}

std::optional<std::string> Room::bound_seat(const std::shared_ptr<Peer>& peer) const {
  auto b = peer->binding();
  if (!b || b->room.get() != this) return std::nullopt;
  return b->seat_id;
}

void Room::bind(const std::shared_ptr<Peer>& peer, const SeatRecord& s) {
  peer->bind(Binding{shared_from_this(), s.seat_id, s.role});
  peers_.push_back(PeerEntry{peer, s.seat_id});
  refresh_info();
}

std::shared_ptr<v1::ServerMessage> Room::seated(const SeatRecord& s, std::uint64_t request_id,
                                                std::uint64_t after_seq) const {
  auto m = std::make_shared<v1::ServerMessage>();
  m->set_request_id(request_id);
  auto* out = m->mutable_seated();
  out->set_game_id(id_);
  out->set_seat_id(s.seat_id);
  out->set_role(s.role);
  *out->mutable_room() = info();
  const engine::Viewer viewer = viewer_for(s.seat_id);
  pack_any(out->mutable_view(), rs_.wire_types().view, rs_.view(*state_, viewer));
  out->set_last_seq(record_.last_seq);
  if (after_seq < record_.last_seq) {
    auto events =
        events_as_seen(rs_, *initial_, log_, viewer, record_.chain_version, after_seq + 1, 0);
    if (events.ok()) {
      for (auto& e : *events) *out->add_events() = std::move(e);
    }
  }
  const engine::ToAct act = rs_.to_act(*state_);
  out->set_to_act(act.summary);
  for (const auto& seat_id : act.seats) out->add_acting_seats(seat_id);
  return m;
}

namespace {

std::string lowered(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A join names a seat by its id ("side:0", "player:british"), by the id without its role
// ("british" for "player:british") or by its label ("British", "Desert Column"), in any case.
bool names_seat(const SeatRecord& s, const std::string& name) {
  const std::string n = lowered(name), id = lowered(s.seat_id), prefix = lowered(s.role) + ":";
  return n == id || n == lowered(s.label) ||
         (id.rfind(prefix, 0) == 0 && n == id.substr(prefix.size()));
}

// "the seat British is already taken by Anna"; without a name of its own (a holder who gave
// none is named by the seat's label), only that it is taken.
std::string taken_message(const SeatRecord& s) {
  const std::string seat = s.label.empty() ? s.seat_id : s.label;
  if (s.player_name.empty() || s.player_name == s.label)
    return "the seat " + seat + " is already taken";
  return "the seat " + seat + " is already taken by " + s.player_name;
}

}  // namespace

void Room::join(std::shared_ptr<Peer> peer, v1::JoinRoom req, std::uint64_t request_id) {
  run([this, peer, req = std::move(req), request_id] {
    auto reject = [&](v1::Code code, std::string msg) {
      deps_.metrics.command("rejected_join");
      peer->send(error_message(request_id, code, "", std::move(msg)));
    };
    if (failed_ || stopped_) return reject(v1::UNAVAILABLE, "this game has stopped: " + failure_);
    if (expired()) return reject(v1::NOT_FOUND, expiry_message());
    if (peer->binding()) return reject(v1::FAILED_PRECONDITION, "leave your seat first");
    SeatRecord chosen;
    if (req.role() == "observer") {
      if (!record_.observers_allowed) {
        return reject(v1::PERMISSION_DENIED, "this room does not allow observers");
      }
      chosen.game_id = id_;
      chosen.seat_id = "observer:" + random_hex(4);
      chosen.role = "observer";
      chosen.label = "observer";
    } else {
      const SeatRecord* found = nullptr;
      bool any_of_role = false;
      for (const SeatRecord& s : seats_) {
        if (s.role != req.role()) continue;
        any_of_role = true;
        if (!req.seat().empty() && !names_seat(s, req.seat())) continue;
        if (s.claimed_ms != 0) {
          if (!req.seat().empty()) return reject(v1::FAILED_PRECONDITION, taken_message(s));
          continue;
        }
        found = &s;
        break;
      }
      if (!any_of_role) {
        return reject(v1::NOT_FOUND, "this game has no " + req.role() +
                                         " seats (roles: general, "
                                         "player, referee, observer)");
      }
      if (found == nullptr) {
        return reject(req.seat().empty() ? v1::FAILED_PRECONDITION : v1::NOT_FOUND,
                      req.seat().empty() ? "every " + req.role() + " seat is taken"
                                         : "no " + req.role() + " seat \"" + req.seat() + "\"");
      }
      chosen = *found;
    }
    const std::string token = "gt_" + random_hex(32);
    chosen.token_sha256 = sha256_of(token);
    chosen.player_name = req.name().empty() ? chosen.label : req.name().substr(0, 64);
    chosen.claimed_ms = deps_.clock();

    auto p = make_pending();
    bool replaced = false;
    for (SeatRecord& s : p->seats) {
      if (s.seat_id == chosen.seat_id) s = chosen, replaced = true;
    }
    if (!replaced) p->seats.push_back(chosen);
    p->batch.seats.push_back(chosen);
    maybe_start(*p);
    p->after = [this, peer, chosen, token, request_id](bool ok) {
      if (!ok) {
        peer->send(error_message(request_id, v1::UNAVAILABLE, "", "the seat could not be saved"));
        return;
      }
      spdlog::info("{}{} took seat {} ({}) as {}", log_prefix(), peer->name(), chosen.seat_id,
                   chosen.label, chosen.player_name);
      bind(peer, chosen);
      auto m = seated(chosen, request_id, record_.last_seq);
      m->mutable_seated()->set_token(token);
      peer->send(m);
    };
    commit(p);
  });
}

void Room::resume(std::shared_ptr<Peer> peer, Hash32 token_hash, std::uint64_t last_seq,
                  std::uint64_t request_id) {
  run([this, peer, token_hash, last_seq, request_id] {
    if (expired()) {
      peer->send(error_message(request_id, v1::NOT_FOUND, "", expiry_message()));
      return;
    }
    for (const SeatRecord& s : seats_) {
      if (s.claimed_ms == 0 || s.token_sha256 != token_hash) continue;
      // A connection holds one registration: drop any earlier one before binding again.
      std::erase_if(peers_, [&](const PeerEntry& e) { return e.peer.lock() == peer; });
      if (peer->binding()) peer->unbind();
      bind(peer, s);
      spdlog::info("{}{} resumed seat {} after event {}", log_prefix(), peer->name(), s.seat_id,
                   last_seq);
      peer->send(seated(s, request_id, last_seq));
      return;
    }
    peer->send(error_message(request_id, v1::UNAUTHENTICATED, "", "unknown seat token"));
  });
}

void Room::leave(std::shared_ptr<Peer> peer, std::uint64_t request_id) {
  run([this, peer, request_id] {
    std::erase_if(peers_, [&](const PeerEntry& e) { return e.peer.lock() == peer; });
    peer->unbind();
    refresh_info();
    auto m = std::make_shared<v1::ServerMessage>();
    m->set_request_id(request_id);
    m->mutable_left();
    peer->send(m);
  });
}

void Room::detach(std::shared_ptr<Peer> peer) {
  run([this, peer] {
    std::erase_if(peers_, [&](const PeerEntry& e) {
      auto p = e.peer.lock();
      return !p || p == peer;
    });
    refresh_info();
  });
}

void Room::stop() {
  run([this] { stopped_ = true; });
}

void Room::maybe_start(Pending& p) {
  GameRecord& g = *p.batch.game;
  if (g.status != GameStatus::kWaiting) return;
  for (const engine::SeatSpec& spec : rs_.seats(*state_)) {
    bool claimed = false;
    for (const SeatRecord& s : p.seats) claimed = claimed || (s.seat_id == spec.id && s.claimed_ms);
    if (!claimed) return;
  }
  // Every seat is taken: the game starts. The seed's hash is published first (auditable dice).
  v1::SystemNote note;
  note.set_text("The game begins. Dice: SHA-256 of the seed is " + hex(g.seed_sha256));
  note.set_seed_sha256(hex(g.seed_sha256));
  p.next = state_->clone();
  add_record(p, EventKind::kSystem, note.SerializeAsString(), "", "");
  engine::SeededDice dice(g.seed, g.dice_next);
  auto events = rs_.begin(*p.next, dice);
  if (!events.ok()) {
    spdlog::error("{}cannot begin: {}", log_prefix(), events.error().message);
    return;
  }
  (void)add_rules_events(p, *events, "", "");
  g.dice_next = dice.next();
  g.status = GameStatus::kRunning;
  spdlog::info("{}all seats taken: the game begins", log_prefix());
}

void Room::maybe_finish(Pending& p) {
  GameRecord& g = *p.batch.game;
  if (g.status != GameStatus::kRunning || !p.next) return;
  const engine::ToAct act = rs_.to_act(*p.next);
  if (!act.game_over) return;
  g.status = GameStatus::kFinished;
  g.ended_ms = deps_.clock();
  g.result = act.summary;
  if (!p.batch.events.empty()) g.last_seq = p.batch.events.back().seq;
  v1::SystemNote note;
  note.set_text("The game is over: " + act.summary + ". The dice seed is now public.");
  note.set_seed(engine::to_hex(g.seed.data(), g.seed.size()));
  note.set_seed_sha256(hex(g.seed_sha256));
  note.set_result(act.summary);
  add_record(p, EventKind::kSystem, note.SerializeAsString(), "", "");
  spdlog::info("{}game over: {}", log_prefix(), act.summary);
}

void Room::add_record(Pending& p, EventKind kind, std::string payload, const std::string& seat_id,
                      const std::string& audience, const engine::GameState* before) {
  EventRecord r;
  r.game_id = id_;
  r.seq = (p.batch.events.empty() ? record_.last_seq : p.batch.events.back().seq) + 1;
  r.kind = kind;
  r.payload = std::move(payload);
  const engine::GameState& after = p.next ? *p.next : *state_;
  r.state_hash = rs_.hash(after).bytes;
  r.seat = seat_id;
  r.audience = audience;
  r.digest = event_digest(rs_, record_.seed, before != nullptr ? *before : after, r);
  r.commitment = state_commitment(rs_, record_.seed, after);
  r.created_ms = deps_.clock();
  const Hash32 previous = !p.batch.events.empty() ? p.batch.events.back().chain
                          : log_.empty()          ? Hash32{}
                                                  : log_.back().chain;
  r.chain = chain_hash(previous, r, record_.chain_version);
  p.befores.push_back((p.next ? *p.next : *state_).clone());
  p.batch.events.push_back(std::move(r));
}

engine::Status Room::add_rules_events(Pending& p, const std::vector<engine::Bytes>& events,
                                      const std::string& seat_id, const std::string& command_id) {
  if (!p.next) p.next = state_->clone();
  bool first = true;
  for (const engine::Bytes& bytes : events) {
    auto before = p.next->clone();
    auto st = rs_.apply(*p.next, bytes);
    if (!st.ok()) return st;
    add_record(p, EventKind::kRules, bytes, seat_id, "", before.get());
    p.befores.back() = std::move(before);
    if (first && !command_id.empty()) {
      EventRecord& r = p.batch.events.back();
      r.command_id = command_id;  // not part of the chain hash
      p.batch.commands.push_back(CommandRecord{id_, seat_id, command_id, r.seq, r.seq});
    }
    first = false;
  }
  return engine::ok_status();
}

}  // namespace grognard::room
