// The lobby: the dispatch of client messages, rooms by id, invite code and token, and the
// archive of games that are not open in memory.
#include "room/lobby.h"

#include <spdlog/spdlog.h>

#include "engine/utf8.h"
#include "record/archive_file.h"
#include "record/hashes.h"
#include "room/archive.h"
#include "room/lobby_impl.h"
#include "room/messages.h"

namespace grognard::room {

void Lobby::Impl::list_rooms(const std::shared_ptr<Peer>& peer, std::uint64_t rid) const {
  auto m = std::make_shared<v1::ServerMessage>();
  m->set_request_id(rid);
  auto* out = m->mutable_rooms();
  for (const auto& room : rooms.all()) {
    if (room->listed_and_open()) *out->add_rooms() = room->info();
  }
  peer->send(m);
}

void Lobby::Impl::list_scenarios(const std::shared_ptr<Peer>& peer, const v1::ListScenarios& req,
                                 std::uint64_t rid) const {
  auto m = std::make_shared<v1::ServerMessage>();
  m->set_request_id(rid);
  m->mutable_scenarios();  // an empty list is still a list
  for (const record::ScenarioEntry* s : registry.scenarios(req.ruleset())) {
    auto* info = m->mutable_scenarios()->add_scenarios();
    info->set_ruleset(s->ruleset);
    info->set_name(s->name);
    info->set_title(s->title);
  }
  peer->send(m);
}

MessagePtr Lobby::Impl::refuse_guessing(const Peer& peer, std::uint64_t rid) {
  const std::int64_t wait = join_failures.wait_seconds(peer.address_key(), clock());
  if (wait == 0) return nullptr;
  metrics.command(CommandOutcome::kResourceExhausted);
  refusals.note(
      "guessing", peer.address(),
      "too many unknown invite codes or tokens: locked out for " + std::to_string(wait) + " s");
  return error_message(rid, v1::RESOURCE_EXHAUSTED, "",
                       "too many unknown invite codes or tokens from this address (" +
                           std::to_string(join_failures.per_minute()) +
                           " a minute at most); try again in " + std::to_string(wait) + " s");
}

Lobby::Lobby(boost::asio::any_io_executor executor, record::Store& store,
             const record::Registry& registry, Metrics& metrics, Clock clock, LobbyOptions options)
    : impl_(std::make_unique<Impl>(std::move(executor), store, registry, metrics, std::move(clock),
                                   options)) {}

// The loader thread is joined, then the timer and the reads' thread stop (lobby_impl.h).
Lobby::~Lobby() = default;

std::vector<std::string> Lobby::recover() {
  return impl_->loader.recover();
}

void Lobby::recover_while_serving(std::function<void(std::vector<std::string>)> done) {
  impl_->loader.recover_while_serving(std::move(done));
}

namespace {

// The seat `peer` may see running game `room` as: its own seat there, or as an observer when
// the room allows observers. Empty optional: not allowed.
std::optional<std::string> running_seat(const std::shared_ptr<Peer>& peer, const Room& room,
                                        const std::string& as_seat, std::string* why) {
  const v1::RoomInfo info = room.info();
  auto b = peer->binding();
  if (b && b->room.get() == &room) {
    if (!as_seat.empty() && as_seat != b->seat_id) {
      *why = "while the game runs you see it only as your own seat";
      return std::nullopt;
    }
    return b->seat_id;
  }
  if (!as_seat.empty()) {
    *why = "while the game runs only the seat itself sees it as that seat";
    return std::nullopt;
  }
  if (!info.observers_allowed()) {
    *why = "this game does not allow observers";
    return std::nullopt;
  }
  return std::string();
}

}  // namespace

void Lobby::handle(const std::shared_ptr<Peer>& peer, const v1::ClientMessage& msg) {
  Impl& d = *impl_;
  const std::uint64_t rid = msg.request_id();
  auto seated_room = [&]() -> std::shared_ptr<Room> {
    auto b = peer->binding();
    if (!b) {
      d.metrics.command(CommandOutcome::kUnauthenticated);
      peer->send(error_message(rid, v1::UNAUTHENTICATED, "",
                               "join a room (or resume your seat) before this"));
      return nullptr;
    }
    return b->room;
  };
  switch (msg.body_case()) {
    case v1::ClientMessage::kCreateRoom:
      return d.create(peer, msg.create_room(), rid);
    case v1::ClientMessage::kListRooms:
      return d.list_rooms(peer, rid);
    case v1::ClientMessage::kListScenarios:
      return d.list_scenarios(peer, msg.list_scenarios(), rid);
    case v1::ClientMessage::kJoinRoom: {
      if (auto refusal = d.refuse_guessing(*peer, rid)) return peer->send(refusal);
      const std::string& code = msg.join_room().invite_code();
      auto room = d.rooms.by_invite(code);
      if (!room) room = d.loader.stored_by_invite(code);
      if (!room) {
        if (auto expired = d.tombstones.by_invite(code)) {
          return peer->send(error_message(rid, v1::NOT_FOUND, "", *expired));
        }
        d.join_failures.failed(peer->address_key(), d.clock());
        d.metrics.command(CommandOutcome::kNotFound);
        d.refusals.note("unknown invite code", peer->address(),
                        "no room with invite code \"" + engine::shown(code) + "\"");
        return peer->send(error_message(
            rid, v1::NOT_FOUND, "", "no room with invite code \"" + engine::shown(code) + "\""));
      }
      return room->join(peer, msg.join_room(), rid);
    }
    case v1::ClientMessage::kResume: {
      if (msg.resume().token().empty() && !msg.resume().game_id().empty()) {
        return d.resume_account(peer, msg.resume(), rid);
      }
      if (auto refusal = d.refuse_guessing(*peer, rid)) return peer->send(refusal);
      const record::Hash32 token_hash = record::sha256_of(msg.resume().token());
      auto room = d.rooms.by_token(token_hash);
      if (!room) room = d.loader.stored_by_token(token_hash);
      if (!room) {
        if (auto expired = d.tombstones.by_token(token_hash)) {
          return peer->send(error_message(rid, v1::NOT_FOUND, "", *expired));
        }
        d.join_failures.failed(peer->address_key(), d.clock());
        d.metrics.command(CommandOutcome::kUnauthenticated);
        d.refusals.note("unknown seat token", peer->address(), "resume with an unknown seat token");
        return peer->send(error_message(rid, v1::UNAUTHENTICATED, "", "unknown seat token"));
      }
      // A connection switching rooms leaves the old one's broadcasts behind.
      if (auto b = peer->binding(); b && b->room != room) b->room->detach(peer);
      return room->resume(peer, token_hash, msg.resume().last_seq(), rid);
    }
    case v1::ClientMessage::kLeave:
      if (auto room = seated_room()) room->leave(peer, rid);
      return;
    case v1::ClientMessage::kCommand:
      if (auto room = seated_room()) room->command(peer, msg.command(), rid);
      return;
    case v1::ClientMessage::kGetLegal:
      if (auto room = seated_room()) room->legal(peer, rid);
      return;
    case v1::ClientMessage::kPreview:
      if (auto room = seated_room()) room->preview(peer, msg.preview(), rid);
      return;
    case v1::ClientMessage::kMeasure:
      if (auto room = seated_room()) room->measure(peer, msg.measure(), rid);
      return;
    case v1::ClientMessage::kChat:
      if (auto room = seated_room()) room->chat(peer, msg.chat(), rid);
      return;
    case v1::ClientMessage::kTakeBack:
      if (auto room = seated_room()) room->take_back(peer, rid);
      return;
    case v1::ClientMessage::kAnswerTakeBack:
      if (auto room = seated_room())
        room->answer_take_back(peer, msg.answer_take_back().accept(), rid);
      return;
    // What reads the store goes to the reads' thread (room/stored_reads.h).
    case v1::ClientMessage::kListGames:
      return d.reads.run(peer, rid, [&d, peer, req = msg.list_games(), rid] {
        list_games(d.store, *peer, req, rid);
      });
    case v1::ClientMessage::kForkGame:
      return d.fork(peer, msg.fork_game(), rid);
    case v1::ClientMessage::kExportGame:
      return d.reads.run(peer, rid, [&d, peer, req = msg.export_game(), now = d.clock(), rid] {
        export_game(d.store, d.registry, *peer, req, now, rid);
      });
    case v1::ClientMessage::kGetEvents:
    case v1::ClientMessage::kGetState: {
      const bool events = msg.body_case() == v1::ClientMessage::kGetEvents;
      const std::string& id = events ? msg.get_events().game_id() : msg.get_state().game_id();
      const std::string& as = events ? msg.get_events().as_seat() : msg.get_state().as_seat();
      auto room = d.rooms.by_id(id);
      if (!room) {  // a stored game, a page at a time (room/stored_pages.h)
        return d.reads.run(peer, rid, [&d, peer, msg, rid, events] {
          if (events) return d.pages.events(*peer, msg.get_events(), rid);
          d.pages.state(*peer, msg.get_state(), rid);
        });
      }
      // An ended game's room answers as a replay (replay_viewer) names `as`; a running one's
      // only as the asker's own seat.
      const v1::RoomInfo info = room->info();
      std::optional<std::string> seat = as;
      if (as == "observer" && info.status() != "finished" && info.status() != "aborted") {
        // What an observer sees of a running game: anyone's, where observers are allowed.
        if (!info.observers_allowed()) {
          return peer->send(
              error_message(rid, v1::PERMISSION_DENIED, "", "this game does not allow observers"));
        }
        seat = std::string();
      } else if (info.status() != "finished" && info.status() != "aborted") {
        std::vector<SeatName> seats;
        for (const auto& s : info.seats()) seats.push_back({s.seat_id(), s.label()});
        if (auto unknown = unknown_seat(info.game_id(), seats, as)) {
          return peer->send(error_message(rid, v1::INVALID_ARGUMENT, "", *unknown));
        }
        std::string why;
        seat = running_seat(peer, *room, as, &why);
        if (!seat) return peer->send(error_message(rid, v1::PERMISSION_DENIED, "", why));
      }
      if (events) {
        v1::GetEvents req = msg.get_events();
        req.set_as_seat(*seat);
        return room->events(peer, std::move(req), rid);
      }
      v1::GetState req = msg.get_state();
      req.set_as_seat(*seat);
      return room->state(peer, std::move(req), rid);
    }
    case v1::ClientMessage::kClaimTimeout:
      if (auto room = seated_room()) room->claim_timeout(peer, msg.claim_timeout(), rid);
      return;
    case v1::ClientMessage::kGrantTime:
      if (auto room = seated_room()) room->grant_time(peer, msg.grant_time(), rid);
      return;
    case v1::ClientMessage::kClaimSeat:
      return d.claim(peer, msg.claim_seat(), rid);
    case v1::ClientMessage::kListMyGames:
      return d.my_games(peer, rid);
    // Logging in and out is the connection's (net/account_desk.h), never the lobby's.
    case v1::ClientMessage::kRegisterAccount:
    case v1::ClientMessage::kLogIn:
    case v1::ClientMessage::kLogOut:
    case v1::ClientMessage::kWhoAmI:
    case v1::ClientMessage::kChangePassword:
    case v1::ClientMessage::kDeleteAccount:
    case v1::ClientMessage::kTakeVacation:
    case v1::ClientMessage::kEndVacation:
    case v1::ClientMessage::kSetEmail:
    case v1::ClientMessage::kConfirmEmail:
    case v1::ClientMessage::kRequestPasswordReset:
    case v1::ClientMessage::kResetPassword:
    case v1::ClientMessage::kSetWebhook:
    case v1::ClientMessage::kSetMailNotices:
    case v1::ClientMessage::kHello:
    case v1::ClientMessage::kPing:
    case v1::ClientMessage::BODY_NOT_SET:
      return peer->send(
          error_message(rid, v1::INVALID_ARGUMENT, "", "empty or unexpected message"));
  }
  peer->send(error_message(rid, v1::INVALID_ARGUMENT, "", "unknown message"));
}

void Lobby::detach(const std::shared_ptr<Peer>& peer) {
  if (auto b = peer->binding()) b->room->detach(peer);
  impl_->opener.forget(peer);
}

void Lobby::stop(std::function<void()> all_stopped) {
  impl_->loader.quit();  // after the game it is loading
  impl_->expiry.stop();
  if (impl_->clock_watch) impl_->clock_watch->stop();
  const std::vector<std::shared_ptr<Room>> rooms = impl_->rooms.close();
  // One count per room and one for this call, so that no room can finish the count early.
  auto left = std::make_shared<std::atomic<std::size_t>>(rooms.size() + 1);
  auto one_stopped = [left,
                      done = std::make_shared<std::function<void()>>(std::move(all_stopped))] {
    if (left->fetch_sub(1) == 1 && *done) (*done)();
  };
  for (const auto& room : rooms) room->stop(one_stopped);
  one_stopped();
}

void Lobby::tidy_rooms() {
  impl_->expiry.tidy();
}

std::size_t Lobby::open_rooms() const {
  return impl_->rooms.size();
}

}  // namespace grognard::room
