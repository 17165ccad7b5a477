// Opening rooms: the places held for new rooms, a fresh record with its id, invite code and dice
// seed, stored before the lobby lists it.
#include "room/opener.h"

#include <spdlog/spdlog.h>

#include "record/hashes.h"

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

Opener::Opener(RoomTable& rooms, const Tombstones& tombstones, Clock clock,
               const LobbyOptions& options)
    : rooms_(rooms),
      tombstones_(tombstones),
      clock_(std::move(clock)),
      max_rooms_(options.max_rooms),
      creators_(CreatorQuota::Bounds{options.rooms_per_connection, options.rooms_per_address,
                                     options.max_rooms, options.range_share}) {}

MessagePtr Opener::refuse_new_room(const std::shared_ptr<Peer>& peer, std::uint64_t rid) {
  if (rooms_.closed())
    return error_message(rid, v1::UNAVAILABLE, "", "the server is shutting down");
  const CreationPause stopped = paused();
  if (stopped.paused) {
    return error_message(
        rid, v1::UNAVAILABLE, "",
        "the server is not opening new rooms for now" +
            (stopped.reason.empty() ? std::string() : " (" + stopped.reason + ")") +
            "; rooms already open play on");
  }
  if (auto full = reserve(peer)) return error_message(rid, v1::RESOURCE_EXHAUSTED, "", *full);
  return nullptr;
}

record::GameRecord Opener::new_game(const engine::Ruleset& rs, const std::string& scenario,
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
  } while (rooms_.by_invite(g.invite_code) || tombstones_.by_invite(g.invite_code));
  g.listed = listed;
  g.observers_allowed = observers_allowed;
  g.status = record::GameStatus::kWaiting;
  g.seed = engine::SeededDice::seed_from_os();
  g.seed_sha256 =
      engine::sha256(std::string_view(reinterpret_cast<const char*>(g.seed.data()), g.seed.size()))
          .bytes;
  g.created_ms = g.updated_ms = clock_();
  return g;
}

void Opener::open_room(const std::shared_ptr<Room>& room, const std::shared_ptr<Peer>& peer,
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

std::optional<std::string> Opener::reserve(const std::shared_ptr<Peer>& creator) {
  std::lock_guard lock(mu_);
  if (!rooms_.hold(max_rooms_)) {
    return "the server hosts as many rooms as it may (" + std::to_string(max_rooms_) +
           "); try later";
  }
  auto refusal = creators_.hold(creator);
  if (refusal) rooms_.unhold();
  return refusal;
}

void Opener::release(const std::shared_ptr<Peer>& creator) {
  std::lock_guard lock(mu_);
  rooms_.unhold();
  creators_.release(creator);
}

void Opener::add(std::shared_ptr<Room> room, const std::shared_ptr<Peer>& creator) {
  std::lock_guard lock(mu_);
  creators_.opened(creator, room);
  room->set_creator(creator->address());
  rooms_.add_held(std::move(room));
}

void Opener::forget(const std::shared_ptr<Peer>& connection) {
  std::lock_guard lock(mu_);
  creators_.forget(connection);
}

void Opener::pause(bool paused, std::string reason) {
  std::lock_guard lock(mu_);
  pause_ = CreationPause{paused, paused ? std::move(reason) : std::string()};
}

CreationPause Opener::paused() const {
  std::lock_guard lock(mu_);
  return pause_;
}

}  // namespace grognard::room
