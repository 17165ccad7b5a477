// A room's seats and accounts (docs/accounts.md, "Seats"): resuming an account's seat from any
// device, claiming a seat taken anonymously into an account, and forgetting a deleted account.
#include <spdlog/spdlog.h>

#include "room/room.h"

namespace grognard::room {

void Room::resume_account(std::shared_ptr<Peer> peer, std::string seat_id, AccountRef account,
                          std::uint64_t last_seq, std::uint64_t request_id) {
  run([this, peer, seat_id = std::move(seat_id), account, last_seq, request_id] {
    if (expired()) {
      return peer->send(error_message(request_id, v1::NOT_FOUND, "", expiry_message(record_)));
    }
    const record::SeatRecord* s = seats_.find(seat_id);
    if (s == nullptr || seats_.is_observer_seat(seat_id)) {
      return peer->send(error_message(request_id, v1::NOT_FOUND, "accounts.seats",
                                      "game " + id_ + " has no seat \"" + seat_id + "\""));
    }
    if (s->account_id != account.id) {
      return peer->send(error_message(request_id, v1::PERMISSION_DENIED, "accounts.seats",
                                      "the seat " + s->label + " of game " + id_ +
                                          " is not held by the account " + account.name +
                                          ": resume it with its seat token, then claim it"));
    }
    resume_at(peer, *s, last_seq, request_id);
  });
}

void Room::claim(std::shared_ptr<Peer> peer, record::Hash32 token_hash, AccountRef account,
                 std::uint64_t request_id) {
  run([this, peer, token_hash, account, request_id] {
    auto answer = [this, peer, request_id](const std::string& seat_id) {
      auto m = std::make_shared<v1::ServerMessage>();
      m->set_request_id(request_id);
      m->mutable_seat_claimed()->set_game_id(id_);
      m->mutable_seat_claimed()->set_seat_id(seat_id);
      peer->send(m);
    };
    const auto seat_id = seats_.seat_of_token(token_hash);
    if (!seat_id) {
      return peer->send(error_message(request_id, v1::UNAUTHENTICATED, "", "unknown seat token"));
    }
    const record::SeatRecord& held = *seats_.find(*seat_id);
    if (seats_.is_observer_seat(*seat_id)) {
      return peer->send(error_message(request_id, v1::FAILED_PRECONDITION, "accounts.seats",
                                      "an observer's seat is given up when left: it cannot be "
                                      "claimed into an account"));
    }
    if (held.account_id == account.id) return answer(*seat_id);
    if (held.account_id != 0) {
      return peer->send(error_message(request_id, v1::PERMISSION_DENIED, "accounts.seats",
                                      "the seat " + held.label + " is held by another account"));
    }
    if (line_.halted()) {
      return peer->send(error_message(request_id, v1::UNAVAILABLE, "",
                                      "this game has stopped: " + line_.failure()));
    }
    record::SeatRecord claimed = held;
    claimed.account_id = account.id;
    auto p = make_pending();
    p->activity = false;
    p->batch.seats.push_back(claimed);
    p->after = [this, peer, request_id, claimed, account, answer](bool ok) {
      if (!ok) {
        return peer->send(
            error_message(request_id, v1::UNAVAILABLE, "", "the claim could not be saved"));
      }
      spdlog::info("{}seat {} is now held by account {} (#{})", log_prefix(), claimed.seat_id,
                   account.name, account.id);
      answer(claimed.seat_id);
    };
    commit(p);
  });
}

void Room::forget_account(std::int64_t account_id) {
  run([this, account_id] {
    const std::vector<record::SeatRecord> seats = seats_.game_seats();  // keep() writes in it
    for (record::SeatRecord s : seats) {
      if (s.account_id != account_id) continue;
      s.account_id = 0;  // the store set it to NULL with the account (ON DELETE SET NULL)
      seats_.keep(s);
    }
  });
}

}  // namespace grognard::room
