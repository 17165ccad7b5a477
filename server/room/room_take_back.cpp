// Taking back a command (docs/protocol.md, "Taking back"): at once when it threw no dice and
// revealed nothing, else with the opponent's (or the referee's) consent. The TakenBack event is
// stored and chained like any other; the dice stream goes on where it was.

#include "record/replay.h"
#include "room/room.h"

namespace grognard::room {

namespace {

std::shared_ptr<v1::ServerMessage> take_back_result(std::uint64_t request_id) {
  auto m = std::make_shared<v1::ServerMessage>();
  m->set_request_id(request_id);
  m->mutable_take_back();
  return m;
}

// Answers the request once the TakenBack event is stored (or could not be).
std::function<void(bool)> answer_done(std::shared_ptr<Peer> peer, std::uint64_t request_id) {
  return [peer = std::move(peer), request_id](bool ok) {
    if (!ok) {
      return peer->send(error_message(request_id, v1::UNAVAILABLE, "",
                                      "the take-back could not be saved: this game has stopped"));
    }
    auto m = take_back_result(request_id);
    m->mutable_take_back()->set_done(true);
    peer->send(m);
  };
}

std::string label(const record::SeatRecord* s, const std::string& seat_id) {
  return s ? s->label : seat_id;
}

std::string events_text(std::uint64_t first, std::uint64_t last) {
  return first == last ? "event " + std::to_string(first)
                       : "events " + std::to_string(first) + "–" + std::to_string(last);
}

}  // namespace

engine::Status Room::take_back_now(const LastCommand& c, const std::string& agreed_by,
                                   std::function<void(bool ok)> after,
                                   std::unique_ptr<engine::GameState> restored) {
  if (!restored) {
    auto folded = record::state_after(rs_, *initial_, log_, c.first_seq - 1);
    if (!folded.ok()) return folded.error();
    restored = std::move(*folded);
  }
  auto p = make_pending();
  p->next = std::move(restored);
  v1::TakenBack t;
  t.set_first_seq(c.first_seq);
  t.set_last_seq(c.last_seq);
  t.set_by_seat(c.seat);
  t.set_agreed_by(agreed_by);
  add_record(*p, record::EventKind::kTakenBack, t.SerializeAsString(), c.seat, "");
  p->after = std::move(after);
  commit(p);
  return engine::ok_status();
}

void Room::take_back(std::shared_ptr<Peer> peer, std::uint64_t request_id) {
  run([this, peer, request_id] {
    auto refuse = [&](v1::Code code, std::string message) {
      peer->send(error_message(request_id, code, "", std::move(message)));
    };
    const auto seat_id = bound_seat(peer);
    if (auto r = gate_.refuse_seat(seat_id, "take back commands"))
      return refuse(r->code, r->message);
    if (auto r = gate_.refuse_status()) return refuse(r->code, r->message);
    if (const TakeBackOffers::Offer* o = offers_.waiting()) {
      return refuse(v1::FAILED_PRECONDITION,
                    "a take-back is already waiting for an answer (" +
                        label(seats_.find(o->command.seat), o->command.seat) +
                        " asked to take back " +
                        events_text(o->command.first_seq, o->command.last_seq) + ")");
    }
    const auto c = last_command(log_);
    if (!c && !record_.source_game.empty()) {
      // A fork's copied events have no command ids, and the note that ends them stops the search.
      return refuse(v1::FAILED_PRECONDITION,
                    "nothing to take back: no command given since the fork counts, and " +
                        events_text(1, record_.source_seq) + ", copied from game " +
                        record_.source_game + ", cannot be taken back");
    }
    if (!c) {
      return refuse(v1::FAILED_PRECONDITION,
                    "nothing to take back: no command since the game began counts");
    }
    if (c->seat != *seat_id) {
      return refuse(v1::FAILED_PRECONDITION,
                    "the last command was not yours: " + label(seats_.find(c->seat), c->seat) +
                        " gave it (" + events_text(c->first_seq, c->last_seq) +
                        "); only the seat that gave a command may take it back");
    }
    // Free when none of its events threw a die or showed anyone what was hidden from him.
    auto before = record::state_after(rs_, *initial_, log_, c->first_seq - 1);
    if (!before.ok()) return refuse(v1::UNAVAILABLE, "internal error: " + before.error().message);
    bool reveals = false;
    auto probe = (*before)->clone();
    for (std::uint64_t seq = c->first_seq; seq <= c->last_seq && !reveals; ++seq) {
      const record::EventRecord& e = log_[seq - 1];
      reveals = rs_.reveals(*probe, e.payload) || !rs_.apply(*probe, e.payload).ok();
    }
    if (!reveals) {
      auto st = take_back_now(*c, "", answer_done(peer, request_id), std::move(*before));
      if (!st.ok()) refuse(v1::UNAVAILABLE, "internal error: " + st.error().message);
      return;
    }
    auto offer = std::make_shared<v1::ServerMessage>();
    auto* o = offer->mutable_take_back_offer();
    o->set_from_seat(*seat_id);
    o->set_from_label(seats_.find(*seat_id)->label);
    o->set_first_seq(c->first_seq);
    o->set_last_seq(c->last_seq);
    offers_.open({*c, consent_seats(rs_, *state_, *seat_id), offer}, seats_);
    auto m = take_back_result(request_id);
    for (const std::string& s : offers_.waiting()->asked) m->mutable_take_back()->add_asked(s);
    peer->send(m);
    notice_offer(offers_.waiting()->asked, *seat_id, c->first_seq);
  });
}

void Room::answer_take_back(std::shared_ptr<Peer> peer, bool accept, std::uint64_t request_id) {
  run([this, peer, accept, request_id] {
    auto refuse = [&](v1::Code code, std::string message) {
      peer->send(error_message(request_id, code, "", std::move(message)));
    };
    const auto seat_id = bound_seat(peer);
    if (auto r = gate_.refuse_seat(seat_id, "answer a take-back"))
      return refuse(r->code, r->message);
    if (auto r = gate_.refuse_status()) return refuse(r->code, r->message);
    if (!offers_.asks(*seat_id)) {
      return refuse(v1::FAILED_PRECONDITION,
                    "no take-back is waiting for your answer (a command given since cancels one)");
    }
    const TakeBackOffers::Offer o = *offers_.waiting();
    if (!accept) {
      auto pushed = take_back_result(0);
      pushed->mutable_take_back()->set_refused(true);
      seats_.send_to_seat(o.command.seat, pushed);
      offers_.lapse(seats_, {o.command.seat, *seat_id});  // the other seats asked wait no longer
      auto m = take_back_result(request_id);
      m->mutable_take_back()->set_refused(true);
      return peer->send(m);
    }
    offers_.lapse(seats_, {o.command.seat, *seat_id});  // the other seats asked see the TakenBack
    // Only the last command that counts is ever taken back.
    const auto c = last_command(log_);
    if (!c || c->first_seq != o.command.first_seq || c->last_seq != o.command.last_seq) {
      return refuse(v1::FAILED_PRECONDITION, "the take-back lapsed: a command came after it");
    }
    auto st = take_back_now(o.command, *seat_id, answer_done(peer, request_id));
    if (!st.ok()) refuse(v1::UNAVAILABLE, "internal error: " + st.error().message);
  });
}

}  // namespace grognard::room
