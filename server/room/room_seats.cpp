// Room seats: who sits where, joining, resuming, leaving and detaching a connection.
#include <spdlog/spdlog.h>

#include <cctype>

#include "engine/utf8.h"
#include "record/hashes.h"
#include "record/proto.h"
#include "record/replay.h"
#include "room/room.h"

namespace grognard::room {
engine::Viewer Room::viewer_for(const std::string& seat_id) const {
  engine::Viewer v;
  v.game_over = game_over();
  if (const record::SeatRecord* s = seats_.find(seat_id)) {
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

void Room::bind(const std::shared_ptr<Peer>& peer, const record::SeatRecord& s) {
  peer->bind(Binding{shared_from_this(), s.seat_id, s.role});
  seats_.attach(peer, s);
  refresh_info();
}

std::shared_ptr<v1::ServerMessage> Room::seated(const record::SeatRecord& s,
                                                std::uint64_t request_id,
                                                std::uint64_t after_seq) const {
  auto m = std::make_shared<v1::ServerMessage>();
  m->set_request_id(request_id);
  auto* out = m->mutable_seated();
  out->set_game_id(id_);
  out->set_seat_id(s.seat_id);
  out->set_role(s.role);
  *out->mutable_room() = info();
  const engine::Viewer viewer = viewer_for(s.seat_id);
  record::pack_any(out->mutable_view(), rs_.wire_types().view, rs_.view(*state_, viewer));
  out->set_last_seq(record_.last_seq);
  if (after_seq < record_.last_seq) {
    // The first page; the seat fetches the rest with GetEvents (docs/protocol.md, "Pages").
    auto page = record::page_as_seen(rs_, *initial_, log_, viewer, record_.chain_version,
                                     after_seq + 1, record_.last_seq,
                                     {deps_.limits.events_per_page, record::kPageBytes}, &folds_);
    if (page.ok()) {
      for (auto& e : page->events) *out->add_events() = std::move(e);
      out->set_next_seq(page->next_seq);
    }
  }
  const engine::ToAct& act = act_;
  out->set_to_act(act.summary);
  for (const auto& seat_id : act.seats) out->add_acting_seats(seat_id);
  return m;
}

namespace {

// A player's name as kept: at most 64 bytes, cut between two characters (a string of the
// protocol is UTF-8: half a character would make every event naming him unreadable).
std::string kept_name(const std::string& name) {
  return engine::utf8_prefix(name, 64);
}

std::string lowered(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A join names a seat by its id ("side:0", "player:british"), by the id without its role
// ("british" for "player:british") or by its label ("British", "Desert Column"), in any case.
bool names_seat(const record::SeatRecord& s, const std::string& name) {
  const std::string n = lowered(name), id = lowered(s.seat_id), prefix = lowered(s.role) + ":";
  return n == id || n == lowered(s.label) ||
         (id.rfind(prefix, 0) == 0 && n == id.substr(prefix.size()));
}

// "the seat British is already taken by Anna"; without a name of its own (a holder who gave
// none is named by the seat's label), only that it is taken.
std::string taken_message(const record::SeatRecord& s) {
  const std::string seat = s.label.empty() ? s.seat_id : s.label;
  if (s.player_name.empty() || s.player_name == s.label)
    return "the seat " + seat + " is already taken";
  return "the seat " + seat + " is already taken by " + s.player_name;
}

}  // namespace

void Room::join(std::shared_ptr<Peer> peer, v1::JoinRoom req, std::uint64_t request_id) {
  run([this, peer, req = std::move(req), request_id] {
    auto reject = [&](v1::Code code, std::string msg) {
      deps_.metrics.command(CommandOutcome::kRejectedJoin);
      peer->send(error_message(request_id, code, "", std::move(msg)));
    };
    if (line_.halted()) return reject(v1::UNAVAILABLE, "this game has stopped: " + line_.failure());
    if (expired()) return reject(v1::NOT_FOUND, expiry_message(record_));
    if (aborted()) return reject(v1::FAILED_PRECONDITION, abort_message(record_));
    if (peer->binding()) return reject(v1::FAILED_PRECONDITION, "leave your seat first");
    record::SeatRecord chosen;
    const bool observer = req.role() == "observer";
    const Holder holder{peer->address_key(), peer->address_range()};
    if (observer) {
      if (!record_.observers_allowed) {
        return reject(v1::PERMISSION_DENIED, "this room does not allow observers");
      }
      if (auto r = gate_.refuse_observer()) return reject(r->code, r->message);
      if (deps_.observer_seats) {
        if (auto why = deps_.observer_seats->take(holder, 1)) {
          return reject(v1::RESOURCE_EXHAUSTED, *why + "; nothing was stored");
        }
      }
      chosen.game_id = id_;
      chosen.seat_id = seats_.next_observer_id();
      chosen.role = "observer";
      chosen.label = "observer";
    } else {
      const record::SeatRecord* found = nullptr;
      bool any_of_role = false;
      for (const record::SeatRecord& s : seats_.game_seats()) {
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
        return reject(v1::NOT_FOUND, "this game has no " + engine::shown(req.role()) +
                                         " seats (roles: general, "
                                         "player, referee, observer)");
      }
      if (found == nullptr) {
        return reject(req.seat().empty() ? v1::FAILED_PRECONDITION : v1::NOT_FOUND,
                      req.seat().empty()
                          ? "every " + req.role() + " seat is taken"
                          : "no " + req.role() + " seat \"" + engine::shown(req.seat()) + "\"");
      }
      chosen = *found;
    }
    const std::string token = "gt_" + record::random_hex(32);
    chosen.token_sha256 = record::sha256_of(token);
    chosen.player_name = req.name().empty() ? chosen.label : kept_name(req.name());
    chosen.claimed_ms = deps_.clock();
    // Taken while logged in: the account's seat, under its name (docs/accounts.md, "Seats").
    // An observer's seat is nobody's account's: it is given up when left.
    if (const auto account = peer->account(); account && !observer) {
      chosen.account_id = account->id;
      chosen.player_name = account->name;
    }

    auto p = make_pending();
    p->batch.seats.push_back(chosen);
    p->activity = !observer;
    maybe_start(*p);
    p->seated_with_batch = peer.get();
    // `after` runs inside commit(p), while p lives.
    p->after = [this, peer, chosen, token, request_id, observer, holder,
                pending = p.get()](bool ok) {
      if (!ok) {
        if (observer && deps_.observer_seats) deps_.observer_seats->give_back(holder, 1);
        peer->send(error_message(request_id, v1::UNAVAILABLE, "", "the seat could not be saved"));
        return;
      }
      if (observer) seats_.hold_observer(chosen.seat_id, holder);
      spdlog::info("{}{} took seat {} ({}) as {}", log_prefix(), peer->name(), chosen.seat_id,
                   chosen.label, chosen.player_name);
      bind(peer, chosen);
      auto m = seated(chosen, request_id, record_.last_seq);
      m->mutable_seated()->set_token(token);
      // The join that begins the game: the opening events are in its answer, not pushed again.
      add_seen(*pending, viewer_for(chosen.seat_id), m->mutable_seated()->mutable_events());
      peer->send(m);
    };
    commit(p);
  });
}

void Room::resume(std::shared_ptr<Peer> peer, record::Hash32 token_hash, std::uint64_t last_seq,
                  std::uint64_t request_id) {
  run([this, peer, token_hash, last_seq, request_id] {
    if (expired()) {
      peer->send(error_message(request_id, v1::NOT_FOUND, "", expiry_message(record_)));
      return;
    }
    if (const auto seat_id = seats_.seat_of_token(token_hash)) {
      return resume_at(peer, *seats_.find(*seat_id), last_seq, request_id);
    }
    peer->send(error_message(request_id, v1::UNAUTHENTICATED, "", "unknown seat token"));
  });
}

void Room::resume_at(const std::shared_ptr<Peer>& peer, const record::SeatRecord& s,
                     std::uint64_t last_seq, std::uint64_t request_id) {
  // A connection holds one registration: drop any earlier one before binding again.
  seats_.detach(peer.get());
  if (peer->binding()) peer->unbind();
  bind(peer, s);
  spdlog::info("{}{} resumed seat {} {}", log_prefix(), peer->name(), s.seat_id,
               last_seq >= record_.last_seq ? std::string("with every event seen")
                                            : "after event " + std::to_string(last_seq));
  peer->send(seated(s, request_id, last_seq));
  // A take-back waiting for this seat's answer is offered again.
  if (offers_.asks(s.seat_id)) peer->send(offers_.waiting()->message);
}

void Room::leave(std::shared_ptr<Peer> peer, std::uint64_t request_id) {
  run([this, peer, request_id] {
    const auto left = [this, peer, request_id](bool) {
      seats_.detach(peer.get());
      peer->unbind();
      refresh_info();
      auto m = std::make_shared<v1::ServerMessage>();
      m->set_request_id(request_id);
      m->mutable_left();
      peer->send(m);
    };
    const auto seat_id = bound_seat(peer);
    if (!seat_id || !seats_.is_observer_seat(*seat_id) || line_.halted()) return left(true);
    // An observer's seat is his alone: given up, it costs nothing more, in memory or the store.
    auto p = make_pending();
    p->activity = false;
    p->batch.dropped_seats.push_back(*seat_id);
    p->after = left;  // if it could not be stored, the seat stays and only the connection leaves
    commit(p);
  });
}

void Room::detach(std::shared_ptr<Peer> peer) {
  run([this, peer] {
    seats_.detach(peer.get());
    refresh_info();
  });
}

}  // namespace grognard::room
