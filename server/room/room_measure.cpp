// Room: measuring before acting (docs/protocol.md, "Measuring"). Any seat and any observer of
// the room may measure; the rule set answers as the asking viewer may know it, so nothing a
// seat may not see reaches it, and nothing is stored or sent to anyone else.
#include "room/room.h"

namespace grognard::room {

namespace {

constexpr std::size_t kMaxName = 100;  // a unit id or a point, with room to spare

}  // namespace

void Room::measure(std::shared_ptr<Peer> peer, v1::Measure req, std::uint64_t request_id) {
  run([this, peer, req = std::move(req), request_id] {
    const auto seat_id = bound_seat(peer);
    if (auto r = gate_.refuse_unseated(seat_id)) {
      return peer->send(error_message(request_id, r->code, r->clause, r->message));
    }
    if (req.from().empty() || req.to().empty() || req.from().size() > kMaxName ||
        req.to().size() > kMaxName) {
      peer->send(error_message(
          request_id, v1::INVALID_ARGUMENT, "",
          "measure names two things of 1 to 100 bytes: unit or figure ids, or points"));
      return;
    }
    auto m = rs_.measure(*state_, viewer_for(*seat_id), req.from(), req.to());
    if (!m.ok()) {
      peer->send(error_message(request_id, m.error()));
      return;
    }
    auto reply = std::make_shared<v1::ServerMessage>();
    reply->set_request_id(request_id);
    v1::Measurement* out = reply->mutable_measurement();
    out->set_distance(m->distance);
    out->set_value(m->value);
    out->set_line_of_sight(m->line_of_sight);
    out->set_cover(m->cover);
    for (const std::string& r : m->ranges) out->add_ranges(r);
    peer->send(reply);
  });
}

}  // namespace grognard::room
