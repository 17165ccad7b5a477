// Opening rooms (CreateRoom; ForkGame in lobby_fork.cpp): what every new room needs, a fresh
// record with its id, invite code and dice seed, stored before the lobby lists it.
#include <spdlog/spdlog.h>

#include "record/hashes.h"
#include "record/text.h"
#include "room/lobby_impl.h"

namespace grognard::room {

namespace {

// Invite codes avoid letters and digits people confuse (0/O, 1/I/L). A listed room's code is on
// the public list anyway: 6 characters are easy to read out. An unlisted room's code is all
// that keeps it private: 10 characters (31^10, about 49.5 bits) make guessing it hopeless.
constexpr std::size_t kListedCode = 6;
constexpr std::size_t kUnlistedCode = 10;

std::string invite_code(std::size_t length) {
  static constexpr std::string_view alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
  const engine::Seed random = engine::SeededDice::seed_from_os();
  std::string code;
  // Each byte of the seed is used once; 248 = 8 * 31: bytes past it are dropped, so that every
  // character is equally likely.
  for (std::size_t i = 0; i < random.size() && code.size() < length; ++i) {
    if (random[i] < 248) code.push_back(alphabet[random[i] % alphabet.size()]);
  }
  return code.size() == length ? code : invite_code(length);
}

}  // namespace

MessagePtr Lobby::Impl::refuse_new_room(const std::shared_ptr<Peer>& peer, std::uint64_t rid) {
  if (rooms.closed()) return error_message(rid, v1::UNAVAILABLE, "", "the server is shutting down");
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
  if (auto full = reserve(peer)) return error_message(rid, v1::RESOURCE_EXHAUSTED, "", *full);
  return nullptr;
}

record::GameRecord Lobby::Impl::new_game(const engine::Ruleset& rs, const std::string& scenario,
                                         const std::string& scenario_text, bool listed,
                                         bool observers_allowed) {
  record::GameRecord g;
  g.id = "g-" + record::random_hex(6);
  g.ruleset = std::string(rs.name());
  g.scenario = scenario;
  g.scenario_text = scenario_text;
  g.ruleset_version = rs.version();
  do {
    g.invite_code = invite_code(listed ? kListedCode : kUnlistedCode);
  } while (rooms.by_invite(g.invite_code) || tombstones.by_invite(g.invite_code));
  g.listed = listed;
  g.observers_allowed = observers_allowed;
  g.status = record::GameStatus::kWaiting;
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
      release(peer);
      return peer->send(error_message(rid, v1::UNAVAILABLE, "", "the room could not be saved"));
    }
    add(room, peer);
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
    return peer->send(error_message(rid, v1::NOT_FOUND, "",
                                    "no rule set \"" + record::shown(req.ruleset()) + "\""));
  }
  const record::ScenarioEntry* sc = registry.scenario(req.ruleset(), req.scenario());
  if (sc == nullptr) {
    return peer->send(error_message(rid, v1::NOT_FOUND, "",
                                    "no scenario \"" + record::shown(req.scenario()) + "\" for " +
                                        req.ruleset() + " (list_scenarios names them)"));
  }
  auto initial = rs->load_scenario(sc->text);
  if (!initial.ok()) return peer->send(error_message(rid, initial.error()));
  if (auto refusal = refuse_new_room(peer, rid)) return peer->send(refusal);

  const record::GameRecord g =
      new_game(*rs, sc->name, sc->text, !req.unlisted(), req.observers_allowed());
  std::vector<record::SeatRecord> seats;
  for (const engine::SeatSpec& spec : rs->seats(**initial)) {
    seats.push_back(
        record::SeatRecord{g.id, spec.id, engine::to_string(spec.role), spec.label, "", {}, 0});
  }
  open_room(std::make_shared<Room>(executor, *rs, g, std::move(*initial), seats, deps()), peer, rid,
            "created the room");
}

}  // namespace grognard::room
