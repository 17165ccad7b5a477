// CreateRoom: a new room for a shipped scenario of a rule set, opened as every new room is
// (room/opener.h).
#include "engine/utf8.h"
#include "room/lobby_impl.h"
#include "room/time_control.h"

namespace grognard::room {

MessagePtr Lobby::Impl::refuse_new_room(const std::shared_ptr<Peer>& peer, std::uint64_t rid) {
  auto refusal = opener.refuse_new_room(peer, rid);
  if (!refusal) return nullptr;
  const v1::Error& e = refusal->error();
  metrics.command(e.code() == v1::RESOURCE_EXHAUSTED ? CommandOutcome::kResourceExhausted
                                                     : CommandOutcome::kUnavailable);
  refusals.note("new room", peer->address(), e.message());
  return refusal;
}

void Lobby::Impl::create(const std::shared_ptr<Peer>& peer, const v1::CreateRoom& req,
                         std::uint64_t rid) {
  const engine::Ruleset* rs = registry.ruleset(req.ruleset());
  if (rs == nullptr) {
    return peer->send(error_message(rid, v1::NOT_FOUND, "",
                                    "no rule set \"" + engine::shown(req.ruleset()) + "\""));
  }
  const record::ScenarioEntry* sc = registry.scenario(req.ruleset(), req.scenario());
  if (sc == nullptr) {
    return peer->send(error_message(rid, v1::NOT_FOUND, "",
                                    "no scenario \"" + engine::shown(req.scenario()) + "\" for " +
                                        req.ruleset() + " (list_scenarios names them)"));
  }
  const auto tc = parse_time_control(req.time_control());
  if (!tc.ok()) return peer->send(error_message(rid, tc.error()));
  auto initial = rs->load_scenario(sc->text);
  if (!initial.ok()) return peer->send(error_message(rid, initial.error()));
  if (auto refusal = refuse_new_room(peer, rid)) return peer->send(refusal);

  record::GameRecord g =
      opener.new_game(*rs, sc->name, sc->text, !req.unlisted(), req.observers_allowed());
  g.time_control = tc->line();
  std::vector<record::SeatRecord> seats;
  for (const engine::SeatSpec& spec : rs->seats(**initial)) {
    seats.push_back(
        record::SeatRecord{g.id, spec.id, engine::to_string(spec.role), spec.label, "", {}, 0});
  }
  opener.open_room(std::make_shared<Room>(executor, *rs, g, std::move(*initial), seats, deps), peer,
                   rid, "created the room");
}

}  // namespace grognard::room
