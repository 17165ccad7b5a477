// The lobby's side of accounts (docs/accounts.md, "Seats" and "Your games"): resuming an
// account's seat without its token, claiming a seat into an account, the account's games, and
// forgetting a deleted account in the rooms in memory. Logging in and out is the connection's
// (net/account_desk.h): here an account is what Peer::account() says.
#include <algorithm>

#include "engine/utf8.h"
#include "record/hashes.h"
#include "room/archive.h"
#include "room/lobby_impl.h"

namespace grognard::room {

namespace {

MessagePtr not_logged_in(std::uint64_t rid, const std::string& what) {
  return error_message(rid, v1::UNAUTHENTICATED, "accounts.seats", "log in to " + what);
}

bool ended(const std::string& status) {
  return status != "waiting" && status != "running";
}

}  // namespace

void Lobby::Impl::resume_account(const std::shared_ptr<Peer>& peer, const v1::Resume& req,
                                 std::uint64_t rid) {
  const auto account = peer->account();
  if (!account) return peer->send(not_logged_in(rid, "resume a seat without its token"));
  auto room = rooms.by_id(req.game_id());
  if (!room) {
    // Loaded from the store only for a seat the store says is this account's: nobody makes
    // the server load games by naming them.
    if (auto refusal = refuse_guessing(*peer, rid)) return peer->send(refusal);
    auto seats = store.seats(req.game_id());
    const bool held = seats.ok() && std::any_of(seats->begin(), seats->end(), [&](const auto& s) {
                        return s.seat_id == req.seat_id() && s.account_id == account->id;
                      });
    if (!held) {
      join_failures.failed(peer->address_key(), clock());
      return peer->send(error_message(rid, v1::NOT_FOUND, "accounts.seats",
                                      "your account holds no seat \"" +
                                          engine::shown(req.seat_id()) + "\" in game \"" +
                                          engine::shown(req.game_id()) + "\""));
    }
    room = loader.stored_by_id(req.game_id());
  }
  if (!room) {
    return peer->send(
        error_message(rid, v1::NOT_FOUND, "", "no game \"" + engine::shown(req.game_id()) + "\""));
  }
  if (auto b = peer->binding(); b && b->room != room) b->room->detach(peer);
  room->resume_account(peer, req.seat_id(), *account, req.last_seq(), rid);
}

void Lobby::Impl::claim(const std::shared_ptr<Peer>& peer, const v1::ClaimSeat& req,
                        std::uint64_t rid) {
  const auto account = peer->account();
  if (!account) return peer->send(not_logged_in(rid, "claim a seat into your account"));
  if (auto refusal = refuse_guessing(*peer, rid)) return peer->send(refusal);
  const record::Hash32 token_hash = record::sha256_of(req.token());
  auto room = rooms.by_token(token_hash);
  if (!room) room = loader.stored_by_token(token_hash);
  if (!room) {
    join_failures.failed(peer->address_key(), clock());
    return peer->send(error_message(rid, v1::UNAUTHENTICATED, "", "unknown seat token"));
  }
  room->claim(peer, token_hash, *account, rid);
}

namespace {

// What `c` has left at `now`, read from a RoomInfo made at info.clocks_at_ms().
std::int64_t left_at(const v1::RoomInfo& info, const v1::SeatClock& c, std::int64_t now) {
  if (!c.running() || c.paused()) return c.left_ms();
  return std::max<std::int64_t>(0, c.left_ms() - (now - info.clocks_at_ms()));
}

// The time seat `s` has left, and whether it may claim a win on time (docs/clocks.md): then
// the game waits for its action too.
void add_clock(v1::MyGame& m, const v1::RoomInfo& info,
               const std::vector<record::SeatRecord>& seats, const record::SeatRecord& s,
               std::int64_t now) {
  if (info.clocks_size() == 0 || info.status() != "running") return;
  const bool refereed =
      std::any_of(seats.begin(), seats.end(), [](const auto& t) { return t.role == "referee"; });
  for (const v1::SeatClock& c : info.clocks()) {
    if (c.seat_id() == s.seat_id) {
      m.set_time_left_ms(left_at(info, c, now));
    } else if (c.running() && left_at(info, c, now) == 0 && (!refereed || s.role == "referee") &&
               s.role != "observer") {
      m.set_may_claim(true);
      m.set_your_action(true);
    }
  }
}

}  // namespace

void Lobby::Impl::my_games(const std::shared_ptr<Peer>& peer, std::uint64_t rid) {
  const auto account = peer->account();
  if (!account) return peer->send(not_logged_in(rid, "list your games"));
  reads.run(peer, rid, [this, peer, account = *account, rid] {
    record::GameFilter filter;
    filter.account_id = account.id;
    filter.listed_only = false;
    filter.limit = kMyGamesLimit;
    auto games = store.games(filter);
    if (!games.ok()) return peer->send(error_message(rid, games.error()));
    std::vector<v1::MyGame> mine;
    const std::int64_t now = this->clock();
    for (const record::GameRecord& g : *games) {
      auto seats = store.seats(g.id);
      if (!seats.ok()) continue;
      v1::GameSummary summary = game_summary(store, g, *seats);
      // A room in memory knows whose action the game waits for, and the latest word on it.
      std::optional<v1::RoomInfo> info;
      if (auto room = rooms.by_id(g.id)) info = room->info();
      if (info) summary.set_status(info->status());
      for (const record::SeatRecord& s : *seats) {
        if (s.account_id != account.id) continue;
        v1::MyGame& m = mine.emplace_back();
        *m.mutable_game() = summary;
        m.set_seat_id(s.seat_id);
        m.set_role(s.role);
        m.set_label(s.label);
        if (!info) continue;
        m.set_to_act(info->to_act());
        const auto& acting = info->acting_seats();
        m.set_your_action(std::find(acting.begin(), acting.end(), s.seat_id) != acting.end());
        add_clock(m, *info, *seats, s, now);
      }
    }
    // Waiting for you, then for others, then ended; the newest first within each (the store's
    // order, kept by a stable sort).
    const auto rank = [](const v1::MyGame& m) {
      return m.your_action() ? 0 : ended(m.game().status()) ? 2 : 1;
    };
    std::stable_sort(mine.begin(), mine.end(),
                     [&](const v1::MyGame& a, const v1::MyGame& b) { return rank(a) < rank(b); });
    auto reply = std::make_shared<v1::ServerMessage>();
    reply->set_request_id(rid);
    auto* list = reply->mutable_my_games();
    list->set_clocks_at_ms(now);
    for (v1::MyGame& m : mine) {
      if (m.your_action()) list->set_waiting_for_you(list->waiting_for_you() + 1);
      *list->add_games() = std::move(m);
    }
    peer->send(reply);
  });
}

void Lobby::forget_account(std::int64_t account_id) {
  for (const auto& room : impl_->rooms.all()) room->forget_account(account_id);
}

}  // namespace grognard::room
