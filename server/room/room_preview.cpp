// Previews (docs/protocol.md, "Previews"): a command decided on the current state with dice
// that are not the game's, answered to the asking peer alone; nothing is stored, broadcast or
// thrown from the game's stream. It passes the gate a command passes (room/room_gate.h).
#include <algorithm>

#include "record/proto.h"
#include "room/room.h"

namespace grognard::room {

void Room::preview(std::shared_ptr<Peer> peer, v1::Preview req, std::uint64_t request_id) {
  run([this, peer, req = std::move(req), request_id] {
    auto refuse = [&](const Refusal& r) {
      peer->send(error_message(request_id, r.code, r.clause, r.message));
    };
    const auto seat_id = bound_seat(peer);
    if (auto r = gate_.refuse_seat(seat_id, "preview commands: they give none")) return refuse(*r);
    if (auto r = gate_.refuse_status()) return refuse(*r);
    auto bytes = record::unpack_any(req.command(), rs_.wire_types().command);
    if (!bytes.ok()) return refuse({v1::INVALID_ARGUMENT, "", bytes.error().message});
    if (auto r = gate_.refuse_turn(*seat_id)) return refuse(*r);
    // Dice of their own, seeded afresh: the game's stream does not move, and what these dice
    // decide is never shown (a preview that throws shows no event).
    engine::SeededDice dice(engine::SeededDice::seed_from_os());
    auto events = rs_.decide(*state_, *seat_id, *bytes, dice);
    if (!events.ok()) return peer->send(error_message(request_id, events.error()));
    const engine::Advice advice = rs_.advise(*state_, *seat_id, *bytes, *events);
    auto m = std::make_shared<v1::ServerMessage>();
    m->set_request_id(request_id);
    v1::PreviewResult* out = m->mutable_preview();
    out->set_dice(static_cast<std::uint32_t>(dice.next()));
    for (const std::string& n : advice.notes) out->add_notes(n);
    for (const std::string& w : advice.warnings) out->add_warnings(w);
    if (dice.next() == 0) {
      const engine::Viewer viewer = viewer_for(*seat_id);
      auto scratch = state_->clone();
      const std::size_t shown = std::min(advice.shown, events->size());
      for (std::size_t i = 0; i < shown; ++i) {
        if (auto seen = rs_.view_event(*scratch, (*events)[i], viewer)) {
          record::pack_any(out->add_events(), rs_.wire_types().event, *seen);
        }
        if (i + 1 < shown && !rs_.apply(*scratch, (*events)[i]).ok()) break;
      }
    }
    peer->send(m);
  });
}

}  // namespace grognard::room
