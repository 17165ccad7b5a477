// Room play: commands through the turn gate, legal commands, chat, the room's own archive,
// broadcasts.
#include <spdlog/spdlog.h>

#include <map>
#include <set>

#include "engine/utf8.h"
#include "record/hashes.h"
#include "record/proto.h"
#include "record/replay.h"
#include "record/seal.h"
#include "room/archive.h"
#include "room/room.h"

namespace grognard::room {

namespace {

constexpr std::size_t kMaxCommandId = 128;
constexpr std::size_t kMaxChat = 1000;

// What a re-sent command is compared by: its type name (the part after the URL's last '/') and
// its serialized bytes, as received.
record::Hash32 payload_digest(const google::protobuf::Any& command) {
  const std::string& url = command.type_url();
  const auto slash = url.rfind('/');
  const std::string type = slash == std::string::npos ? url : url.substr(slash + 1);
  std::string text = std::to_string(type.size()) + ":" + type;
  text += command.value();
  return record::sha256_of(text);
}

}  // namespace

void Room::command(std::shared_ptr<Peer> peer, v1::SendCommand req, std::uint64_t request_id) {
  run([this, peer, req = std::move(req), request_id] {
    auto reject = [&](v1::Code code, std::string clause, std::string msg) {
      deps_.metrics.command(outcome_of(code));
      peer->send(error_message(request_id, code, std::move(clause), std::move(msg)));
    };
    const auto seat_id = bound_seat(peer);
    if (auto r = gate_.refuse_seat(seat_id)) return reject(r->code, r->clause, r->message);
    if (req.command_id().empty() || req.command_id().size() > kMaxCommandId) {
      return reject(v1::INVALID_ARGUMENT, "", "a command needs a command_id of 1 to 128 bytes");
    }
    // A command re-sent (after a reconnect, say) is answered, never applied twice; its id
    // re-used for another payload is refused.
    const record::Hash32 digest = payload_digest(req.command());
    if (const record::CommandRecord* done = commands_.find(*seat_id, req.command_id())) {
      if (commands_.reused(*seat_id, req.command_id(), digest)) {
        return reject(v1::INVALID_ARGUMENT, "",
                      "command_id \"" + engine::shown(req.command_id()) +
                          "\" was already used for a different command: the payload differs; "
                          "give each new command a new command_id");
      }
      if (const auto at = taken_back_at(log_, done->first_seq)) {
        return reject(v1::FAILED_PRECONDITION, "",
                      "command_id \"" + engine::shown(req.command_id()) +
                          "\" was taken back at event " + std::to_string(*at) +
                          "; to give it again, send it with a new command_id");
      }
      deps_.metrics.command(CommandOutcome::kDuplicate);
      auto m = answer_to(request_id);
      auto* r = m->mutable_command_result();
      r->set_command_id(req.command_id());
      r->set_first_seq(done->first_seq);
      r->set_last_seq(done->last_seq);
      r->set_duplicate(true);
      peer->send(m);
      return;
    }
    if (auto r = gate_.refuse_status()) return reject(r->code, r->clause, r->message);
    auto bytes = record::unpack_any(req.command(), rs_.wire_types().command);
    if (!bytes.ok()) return reject(v1::INVALID_ARGUMENT, "", bytes.error().message);
    if (auto r = gate_.refuse_turn(*seat_id)) return reject(r->code, r->clause, r->message);
    engine::SeededDice dice(record_.seed, record_.dice_next);
    auto events = rs_.decide(*state_, *seat_id, *bytes, dice);
    if (!events.ok()) {
      const engine::Error& e = events.error();
      return reject(to_code(e.code), e.clause, e.message);
    }
    auto p = make_pending();
    if (auto st = add_rules_events(*p, *events, *seat_id, req.command_id()); !st.ok()) {
      spdlog::error("{}rule set produced an event it cannot apply: {}", log_prefix(),
                    st.error().message);
      return reject(v1::UNAVAILABLE, "", "internal error: " + st.error().message);
    }
    if (!p->batch.events.empty()) {
      const bool ends = act_after(*p).game_over;
      if (auto r = gate_.refuse_size(p->batch.events.back().seq, ends)) {
        return reject(r->code, r->clause, r->message);
      }
    }
    p->batch.game->dice_next = dice.next();
    p->after = [this, peer, request_id, seat = *seat_id, command_id = req.command_id(),
                digest](bool ok) {
      if (!ok) {
        deps_.metrics.command(CommandOutcome::kUnavailable);
        peer->send(error_message(request_id, v1::UNAVAILABLE, "",
                                 "the command could not be saved: this game has stopped"));
        return;
      }
      deps_.metrics.command(CommandOutcome::kAccepted);
      commands_.accepted(seat, command_id, digest);
      // The seat that gave the command, even if the connection has left it since.
      const record::CommandRecord& c = *commands_.find(seat, command_id);
      auto m = answer_to(request_id);
      auto* r = m->mutable_command_result();
      r->set_command_id(command_id);
      r->set_first_seq(c.first_seq);
      r->set_last_seq(c.last_seq);
      peer->send(m);
    };
    commit(p);
  });
}

void Room::legal(std::shared_ptr<Peer> peer, std::uint64_t request_id) {
  run([this, peer, request_id] {
    const auto seat_id = bound_seat(peer);
    if (!seat_id) {
      peer->send(error_message(request_id, v1::UNAUTHENTICATED, "", "take a seat first"));
      return;
    }
    auto m = answer_to(request_id);
    if (line_.halted() || record_.status != record::GameStatus::kRunning) {
      m->mutable_legal();
      return peer->send(m);
    }
    *m->mutable_legal() = legal_.of(rs_, *state_, *seat_id);
    peer->send(m);
  });
}

void Room::chat(std::shared_ptr<Peer> peer, v1::SendChat req, std::uint64_t request_id) {
  run([this, peer, req = std::move(req), request_id] {
    const auto seat_id = bound_seat(peer);
    if (auto r = gate_.refuse_unseated(seat_id)) {
      return peer->send(error_message(request_id, r->code, r->clause, r->message));
    }
    if (expired() || aborted()) {
      peer->send(error_message(request_id, v1::FAILED_PRECONDITION, "",
                               expired() ? expiry_message(record_) : abort_message(record_)));
      return;
    }
    if (req.text().empty() || req.text().size() > kMaxChat) {
      peer->send(error_message(request_id, v1::INVALID_ARGUMENT, "",
                               "a chat message has 1 to 1000 bytes of UTF-8"));
      return;
    }
    if (auto r = gate_.refuse_chat(*seat_id)) {
      return peer->send(error_message(request_id, r->code, r->clause, r->message));
    }
    std::string to;
    if (!req.to().empty()) {
      for (const record::SeatRecord& s : seats_.game_seats()) {
        if (s.role != "observer" && (s.seat_id == req.to() || s.label == req.to())) to = s.seat_id;
      }
      if (to.empty()) {
        peer->send(error_message(request_id, v1::NOT_FOUND, "",
                                 "no seat \"" + engine::shown(req.to()) + "\""));
        return;
      }
    }
    const record::SeatRecord* from = seats_.find(*seat_id);
    v1::ChatMessage msg;
    msg.set_from_seat(*seat_id);
    msg.set_from_label(from ? from->label : "");
    msg.set_from_name(from ? from->player_name : "");
    msg.set_text(req.text());
    msg.set_to(to);
    auto p = make_pending();
    add_record(*p, record::EventKind::kChat, msg.SerializeAsString(), *seat_id, to);
    const Holder holder{peer->address_key(), peer->address_range()};
    const std::uint64_t cost = p->batch.events.back().payload.size() + kChatRecordBytes;
    if (auto why = chat_.take(holder, cost)) {
      return peer->send(
          error_message(request_id, v1::RESOURCE_EXHAUSTED, "", *why + "; nothing was stored"));
    }
    p->after = [this, peer, request_id, holder, cost](bool ok) {
      if (!ok) {
        chat_.give_back(holder, cost);
        // The room has stopped: counted as a command that could not be stored is.
        deps_.metrics.command(CommandOutcome::kUnavailable);
        peer->send(error_message(request_id, v1::UNAVAILABLE, "", "the message was not saved"));
        return;
      }
      chat_.held(holder, cost);
      auto m = answer_to(request_id);
      m->mutable_command_result();
      peer->send(m);
    };
    commit(p);
  });
}

void Room::events(std::shared_ptr<Peer> peer, v1::GetEvents req, std::uint64_t request_id) {
  run([this, peer, req = std::move(req), request_id] {
    // Once over, a replay (room/archive.h); while running, the asker's own seat (the lobby).
    auto viewer = game_over()
                      ? replay_viewer(deps_.store, record_, seats_.game_seats(), req.as_seat())
                      : engine::Result<engine::Viewer>(viewer_for(req.as_seat()));
    if (!viewer.ok()) return peer->send(error_message(request_id, viewer.error()));
    auto page = record::page_as_seen(rs_, *initial_, log_, *viewer, record_.chain_version,
                                     req.from_seq(), req.to_seq(),
                                     {deps_.limits.events_per_page, record::kPageBytes}, &folds_);
    if (!page.ok()) return peer->send(error_message(request_id, page.error()));
    auto m = answer_to(request_id);
    auto* out = m->mutable_event_list();
    out->set_game_id(id_);
    out->set_last_seq(record_.last_seq);
    out->set_next_seq(page->next_seq);
    for (auto& e : page->events) *out->add_events() = std::move(e);
    peer->send(m);
  });
}

void Room::state(std::shared_ptr<Peer> peer, v1::GetState req, std::uint64_t request_id) {
  run([this, peer, req = std::move(req), request_id] {
    // Once over, a replay (room/archive.h); while running, the asker's own seat (the lobby).
    auto viewer = game_over()
                      ? replay_viewer(deps_.store, record_, seats_.game_seats(), req.as_seat())
                      : engine::Result<engine::Viewer>(viewer_for(req.as_seat()));
    if (!viewer.ok()) return peer->send(error_message(request_id, viewer.error()));
    const std::uint64_t seq = req.at_seq() == 0 ? record_.last_seq : req.at_seq();
    if (seq > record_.last_seq) {
      return peer->send(
          error_message(request_id, v1::NOT_FOUND, "",
                        "the game has only " + std::to_string(record_.last_seq) + " events"));
    }
    auto fold = folds_.before(rs_, *initial_, log_, seq + 1);
    if (!fold.ok()) return peer->send(error_message(request_id, fold.error()));
    auto st = engine::Result<std::unique_ptr<engine::GameState>>(fold->take());
    auto m = answer_to(request_id);
    auto* out = m->mutable_state();
    out->set_game_id(id_);
    out->set_seq(seq);
    record::pack_any(out->mutable_view(), rs_.wire_types().view, rs_.view(**st, *viewer));
    out->set_state_hash(rs_.hash(**st).hex());
    out->set_commitment(record::hex(record::state_commitment(rs_, record_.seed, **st)));
    peer->send(m);
  });
}

void Room::add_seen(const Pending& p, const engine::Viewer& viewer,
                    google::protobuf::RepeatedPtrField<v1::GameEvent>* out) const {
  for (std::size_t i = 0; i < p.batch.events.size(); ++i) {
    // Only a rules event is seen through the state before it (the others' is null).
    const engine::GameState& before = p.befores[i] != nullptr ? *p.befores[i] : *state_;
    if (auto seen =
            record::event_as_seen(rs_, before, p.batch.events[i], viewer, record_.chain_version)) {
      *out->Add() = std::move(*seen);
    }
  }
}

void Room::broadcast(const Pending& p) {
  if (p.batch.events.empty()) return;
  engine::ToAct act = act_;
  if (expired()) act = engine::ToAct{{}, false, "This room " + record_.result, {}};
  if (aborted()) act = engine::ToAct{{}, true, "This game was " + record_.result, {}};
  // One message per way of seeing the game: every observer sees it alike, and everybody does
  // where the rule set hides nothing and no chat in the batch is addressed to one seat.
  const bool alike = rs_.hides_nothing() &&
                     std::none_of(p.batch.events.begin(), p.batch.events.end(),
                                  [](const record::EventRecord& e) { return !e.audience.empty(); });
  std::map<std::string, std::shared_ptr<const v1::ServerMessage>> by_seat;
  std::set<std::string> sees_nothing;
  seats_.each_peer(
      [&](const std::shared_ptr<Peer>& peer, const std::string& seat_id, bool observer) {
        if (peer.get() == p.seated_with_batch) return;
        const std::string& seen_as = observer || alike ? std::string() : seat_id;
        if (sees_nothing.count(seen_as) != 0) return;
        auto& msg = by_seat[seen_as];
        if (!msg) {
          auto m = std::make_shared<v1::ServerMessage>();
          auto* batch = m->mutable_events();
          batch->set_game_id(id_);
          batch->set_status(to_string(record_.status));
          batch->set_to_act(act.summary);
          for (const auto& s : act.seats) batch->add_acting_seats(s);
          if (!tc_.none()) {
            const v1::RoomInfo now = info();
            *batch->mutable_clocks() = now.clocks();
            batch->set_clocks_at_ms(now.clocks_at_ms());
          }
          const engine::Viewer viewer = viewer_for(seen_as);
          add_seen(p, viewer, batch->mutable_events());
          // A seat that may see none of the new events learns nothing, not even that they exist.
          if (batch->events_size() == 0) {
            sees_nothing.insert(seen_as);
            return;
          }
          record::pack_any(batch->mutable_view(), rs_.wire_types().view, rs_.view(*state_, viewer));
          msg = m;
        }
        peer->send(msg);
      });
}

}  // namespace grognard::room
