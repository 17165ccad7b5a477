// Opening rooms (CreateRoom; ForkGame in lobby_fork.cpp): what every new room needs, a fresh
// record with its id, invite code and dice seed, stored before the lobby lists it.
#include <spdlog/spdlog.h>

#include "room/lobby_impl.h"

namespace grognard::room {

namespace {

// Invite codes avoid letters and digits people confuse (0/O, 1/I/L).
std::string invite_code() {
  static const char* alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
  const engine::Seed random = engine::SeededDice::seed_from_os();
  std::string code;
  for (std::size_t i = 0; i < 6; ++i) code.push_back(alphabet[random[i] % 31]);
  return code;
}

}  // namespace

MessagePtr Lobby::Impl::refuse_new_room(std::uint64_t rid) {
  if (stopped) return error_message(rid, v1::UNAVAILABLE, "", "the server is shutting down");
  const CreationPause paused = [this] {
    std::lock_guard lock(mu);
    return pause;
  }();
  if (paused.paused) {
    return error_message(rid, v1::UNAVAILABLE, "",
                         "the server is not opening new rooms for now" +
                             (paused.reason.empty() ? std::string() : " (" + paused.reason + ")") +
                             "; rooms already open play on");
  }
  if (!reserve()) {
    return error_message(rid, v1::RESOURCE_EXHAUSTED, "",
                         "the server hosts as many rooms as it may; try later");
  }
  return nullptr;
}

GameRecord Lobby::Impl::new_game(const engine::Ruleset& rs, const std::string& scenario,
                                 const std::string& scenario_text, bool listed,
                                 bool observers_allowed) {
  GameRecord g;
  g.id = "g-" + random_hex(6);
  g.ruleset = std::string(rs.name());
  g.scenario = scenario;
  g.scenario_text = scenario_text;
  g.ruleset_version = rs.version();
  do {
    g.invite_code = invite_code();
  } while (by_invite(g.invite_code) || tombstones.by_invite(g.invite_code));
  g.listed = listed;
  g.observers_allowed = observers_allowed;
  g.status = GameStatus::kWaiting;
  g.seed = engine::SeededDice::seed_from_os();
  g.seed_sha256 =
      engine::sha256(std::string_view(reinterpret_cast<const char*>(g.seed.data()), g.seed.size()))
          .bytes;
  g.created_ms = g.updated_ms = clock();
  return g;
}

void Lobby::Impl::open_room(const std::shared_ptr<Room>& room, const std::shared_ptr<Peer>& peer,
                            std::uint64_t rid, std::string what) {
  room->create([this, room, peer, rid, what = std::move(what)](engine::Status st) {
    if (!st.ok()) {
      spdlog::error("[game {}] could not be created: {}", room->id(), st.error().message);
      return peer->send(error_message(rid, v1::UNAVAILABLE, "", "the room could not be saved"));
    }
    add(room);
    spdlog::info("[game {}] {} {} (invite {})", room->id(), peer->name(), what,
                 room->invite_code());
    auto m = std::make_shared<v1::ServerMessage>();
    m->set_request_id(rid);
    *m->mutable_room() = room->info();
    peer->send(m);
  });
}

void Lobby::Impl::create(const std::shared_ptr<Peer>& peer, const v1::CreateRoom& req,
                         std::uint64_t rid) {
  const engine::Ruleset* rs = registry.ruleset(req.ruleset());
  if (rs == nullptr) {
    return peer->send(
        error_message(rid, v1::NOT_FOUND, "", "no rule set \"" + req.ruleset() + "\""));
  }
  const ScenarioEntry* sc = registry.scenario(req.ruleset(), req.scenario());
  if (sc == nullptr) {
    return peer->send(error_message(rid, v1::NOT_FOUND, "",
                                    "no scenario \"" + req.scenario() + "\" for " + req.ruleset() +
                                        " (list_scenarios names them)"));
  }
  auto initial = rs->load_scenario(sc->text);
  if (!initial.ok()) return peer->send(error_message(rid, initial.error()));
  if (auto refusal = refuse_new_room(rid)) return peer->send(refusal);

  const GameRecord g = new_game(*rs, sc->name, sc->text, !req.unlisted(), req.observers_allowed());
  std::vector<SeatRecord> seats;
  for (const engine::SeatSpec& spec : rs->seats(**initial)) {
    seats.push_back(SeatRecord{g.id, spec.id, engine::to_string(spec.role), spec.label, "", {}, 0});
  }
  open_room(std::make_shared<Room>(executor, *rs, g, std::move(*initial), seats, deps()), peer, rid,
            "created the room");
}

}  // namespace grognard::room
