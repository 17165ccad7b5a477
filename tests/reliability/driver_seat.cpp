#include "driver_seat.h"

namespace grognard::reliability {

namespace {

using Answer = std::optional<v1::ServerMessage>;

// A server that closed `conn` while restarting must have said so (F7): Closing "service
// restart" and the close code 1001 (going away).
void check_close(Driver& d, const Player& p, const Conn& old) {
  if (!d.options.expect_restart_close || old.is_open() || p.dropped) return;
  if (old.closing_reason() != "service restart" || old.close_code() != 1001) {
    d.ledger.violation("game " + p.game_id + " " + p.seat + ": connection closed with code " +
                       std::to_string(old.close_code()) + " and Closing \"" + old.closing_reason() +
                       "\", not 1001 \"service restart\"");
  }
}

std::string describe(const Answer& a) {
  if (!a) return "no answer";
  if (a->has_error()) return v1::Code_Name(a->error().code()) + " " + a->error().message();
  return "an unexpected answer";
}

// Pages of the game's events from `p`'s last seen on, read as anyone may once the game has
// ended; true if they reached the game's last event.
asio::awaitable<bool> read_events(Driver& d, Player& p, std::string as_seat) {
  std::uint64_t next = p.last_seq + 1;
  while (next != 0) {
    v1::ClientMessage g;
    g.mutable_get_events()->set_game_id(p.game_id);
    g.mutable_get_events()->set_from_seq(next);
    g.mutable_get_events()->set_as_seat(as_seat);
    Answer page = co_await p.conn->request(std::move(g), d.options.timeout);
    if (!page || !page->has_event_list()) co_return false;
    for (const v1::GameEvent& e : page->event_list().events()) p.take(e, d.ledger, false);
    next = page->event_list().next_seq();
    if (next == 0 && p.last_seq != page->event_list().last_seq()) co_return false;
  }
  co_return true;
}

// The server loads only waiting and running games at its start: the seat of a game that ended
// while it was down (the last command stored, its answer lost) is no longer known. Its end is
// read from the archive instead; the seat is done.
asio::awaitable<bool> read_ended(Driver& d, Player& p) {
  const bool whole = co_await read_events(d, p, std::string());
  if (!whole) co_return false;
  ++d.ledger.ended_unseated;
  p.status = "finished";
  p.pending.reset();
  co_return true;
}

}  // namespace

asio::awaitable<bool> connect(Driver& d, Player& p) {
  auto conn = std::make_unique<Conn>(d.io.get_executor());
  const bool opened = co_await conn->open(d.target.port(), d.options.timeout);
  if (!opened) co_return false;
  if (p.conn) check_close(d, p, *p.conn);
  p.conn = std::move(conn);
  p.dropped = false;
  p.watch(d.ledger);
  co_return true;
}

asio::awaitable<bool> join(Driver& d, Player& p, std::string invite_code, std::string role,
                           std::string seat) {
  v1::ClientMessage m;
  m.mutable_join_room()->set_invite_code(invite_code);
  m.mutable_join_room()->set_role(role);
  m.mutable_join_room()->set_seat(seat);
  m.mutable_join_room()->set_name("load");
  Answer a = co_await p.conn->request(std::move(m), d.options.timeout);
  if (!a || !a->has_seated()) co_return false;
  const v1::Seated& s = a->seated();
  p.game_id = s.game_id();
  p.seat = s.seat_id();
  p.token = s.token();
  p.invite_code = invite_code;
  p.status = s.room().status();
  p.acting.assign(s.acting_seats().begin(), s.acting_seats().end());
  // A seat taken late starts from the seq it was given (the view is as of it).
  for (const v1::GameEvent& e : s.events()) p.take(e, d.ledger, false);
  if (s.events().empty()) p.last_seq = s.last_seq();
  co_return true;
}

asio::awaitable<bool> resume(Driver& d, Player& p) {
  const bool connected = co_await connect(d, p);
  if (!connected) co_return false;
  p.catching_up = true;
  p.stash.clear();
  v1::ClientMessage m;
  m.mutable_resume()->set_token(p.token);
  m.mutable_resume()->set_last_seq(p.last_seq);
  Answer a = co_await p.conn->request(std::move(m), d.options.timeout);
  bool ok = a && a->has_seated();
  if (ok) {
    const v1::Seated& s = a->seated();
    p.status = s.room().status();
    p.acting.assign(s.acting_seats().begin(), s.acting_seats().end());
    for (const v1::GameEvent& e : s.events()) p.take(e, d.ledger, false);
    // The answer stopped at a page bound: the rest comes with GetEvents, page by page.
    if (s.next_seq() != 0) {
      ++d.ledger.paged_resumes;
      if (s.next_seq() != p.last_seq + 1) {
        d.ledger.violation("game " + p.game_id + " " + p.seat + ": resume stopped after event " +
                           std::to_string(p.last_seq) + " but says next_seq " +
                           std::to_string(s.next_seq()));
      }
      ok = co_await read_events(d, p, p.seat);
    }
  } else if (a && a->has_error() && a->error().code() == v1::UNAUTHENTICATED) {
    ok = co_await read_ended(d, p);
    if (!ok) {
      d.ledger.violation("game " + p.game_id + " " + p.seat + ": resume refused: " + describe(a));
    }
  } else if (a && !(a->has_error() && a->error().code() == v1::UNAVAILABLE)) {
    d.ledger.violation("game " + p.game_id + " " + p.seat + ": resume refused: " + describe(a));
  }
  p.catching_up = false;
  // Pushed while the pages were read: some may be in the pages already.
  for (const v1::GameEvent& e : p.stash) p.take(e, d.ledger, true);
  p.stash.clear();
  if (ok) ++d.ledger.resumes;
  co_return ok;
}

asio::awaitable<bool> recover(Driver& d, Player& p) {
  for (int attempt = 0; !d.stop; ++attempt) {
    co_await d.target.wait_up(d.stop);
    if (d.stop) break;
    const bool back = co_await resume(d, p);
    if (back) co_return true;
    co_await d.sleep(Millis(std::min(50 + 50 * attempt, 1000)));
  }
  co_return false;
}

asio::awaitable<Sent> send_command(Driver& d, Player& p, std::string id,
                                   google::protobuf::Any command) {
  const CommandKey key{p.game_id, p.seat, id};
  const int tries = ++d.ledger.in_flight[key];
  if (tries > 1) ++d.ledger.resends;
  p.pending = {id, command};
  v1::ClientMessage m;
  m.mutable_command()->set_command_id(id);
  *m.mutable_command()->mutable_command() = command;
  const auto start = std::chrono::steady_clock::now();
  Answer a = co_await p.conn->request(std::move(m), d.options.timeout);
  if (!a) co_return Sent::kLost;
  const bool unavailable = a->has_error() && a->error().code() == v1::UNAVAILABLE;
  if (unavailable && tries > 1) co_return Sent::kLost;  // an earlier try may be stored: unknown
  p.pending.reset();
  d.ledger.in_flight.erase(key);
  if (unavailable) {
    d.ledger.refused.push_back(key);
    co_return Sent::kRefused;
  }
  if (!a->has_command_result()) {
    ++d.ledger.errors;
    d.ledger.violation("game " + p.game_id + " " + p.seat + ": command " + id +
                       " refused: " + describe(a));
    co_return Sent::kDone;
  }
  const v1::CommandResult& r = a->command_result();
  ++d.ledger.commands;
  if (r.duplicate()) ++d.ledger.duplicates;
  if (r.duplicate() && tries > 1) {
    ++d.ledger.stored_unanswered;
    if (d.options.unanswered_not_stored) {
      d.ledger.violation("game " + p.game_id + " " + p.seat + ": command " + id +
                         " was stored, yet the server closed for its restart without answering it");
    }
  }
  if (r.duplicate() && tries == 1) {
    d.ledger.violation("game " + p.game_id + ": fresh command " + id + " answered as a duplicate");
  }
  if (r.first_seq() == 0 || r.last_seq() < r.first_seq()) {
    d.ledger.violation("game " + p.game_id + ": command " + id + " acknowledged without events");
  }
  d.ledger.latencies_ms.push_back(
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  if (d.ledger.keep) d.ledger.acked.push_back({key, r.first_seq(), r.last_seq(), r.duplicate()});
  co_return Sent::kDone;
}

}  // namespace grognard::reliability
