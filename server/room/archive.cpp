#include "room/archive.h"

#include <algorithm>
#include <cctype>

#include "engine/utf8.h"
#include "record/archive_file.h"
#include "record/fork_source.h"
#include "record/hashes.h"
#include "record/replay.h"
#include "record/seal.h"

namespace grognard::room {

namespace {

std::shared_ptr<v1::ServerMessage> reply(std::uint64_t request_id) {
  auto m = std::make_shared<v1::ServerMessage>();
  m->set_request_id(request_id);
  return m;
}

}  // namespace

engine::Result<record::GameRecord> ended_game(record::Store& store, const std::string& id) {
  auto game = store.game(id);
  if (!game.ok()) return game.error();
  if (!*game)
    return engine::Error{engine::ErrorCode::kNotFound, "", "no game \"" + engine::shown(id) + "\""};
  record::GameRecord& g = **game;
  if (g.status == record::GameStatus::kExpired) {
    return engine::Error{engine::ErrorCode::kFailedPrecondition, "",
                         "game " + id + " never began: room " + g.invite_code + " " + g.result};
  }
  if (g.status != record::GameStatus::kFinished && g.status != record::GameStatus::kFailed &&
      g.status != record::GameStatus::kAborted) {
    return engine::Error{engine::ErrorCode::kPermissionDenied, "",
                         "game " + id + " is not open on this server"};
  }
  return std::move(g);
}

engine::Result<EndedGame> ended_game_start(const record::Registry& registry,
                                           record::GameRecord game) {
  EndedGame out;
  out.game = std::move(game);
  out.rs = registry.ruleset(out.game.ruleset);
  if (out.rs == nullptr) {
    return engine::Error{engine::ErrorCode::kNotFound, "", "unknown rule set " + out.game.ruleset};
  }
  auto initial = out.rs->load_scenario(out.game.scenario_text);
  if (!initial.ok()) return initial.error();
  out.initial = std::move(*initial);
  return out;
}

engine::Result<EndedGame> load_ended_game(record::Store& store, const record::Registry& registry,
                                          const std::string& id) {
  auto game = ended_game(store, id);
  if (!game.ok()) return game.error();
  auto started = ended_game_start(registry, std::move(*game));
  if (!started.ok()) return started.error();
  EndedGame& out = *started;
  auto log = store.events(id, 1, 0);
  if (!log.ok()) return log.error();
  out.log = std::move(*log);
  auto sealed =
      record::seal_log(*out.rs, out.game.seed, *out.initial, out.log, out.game.chain_version);
  if (!sealed.ok()) return sealed.error();
  return std::move(out);
}

std::optional<std::string> unknown_seat(const std::string& game_id,
                                        const std::vector<SeatName>& seats,
                                        const std::string& as_seat) {
  if (as_seat.empty()) return std::nullopt;
  std::string names;
  for (const SeatName& s : seats) {
    if (s.id == as_seat) return std::nullopt;
    names += (names.empty() ? "" : ", ") + s.id + (s.label.empty() ? "" : " (" + s.label + ")");
  }
  return "game " + game_id + " has no seat \"" + engine::shown(as_seat) + "\"; its seats: " + names;
}

engine::Result<engine::Viewer> replay_viewer(record::Store& store, const record::GameRecord& game,
                                             const std::vector<record::SeatRecord>& seats,
                                             const std::string& as_seat) {
  const std::string& game_id = game.id;
  engine::Viewer v;  // an observer while the game ran
  if (as_seat.empty()) {
    if (game.status == record::GameStatus::kFailed) {
      return engine::Error{engine::ErrorCode::kFailedPrecondition, "",
                           "game " + game_id +
                               " stopped on a storage failure before it ended: what it hid was "
                               "never revealed; ask as one of its seats or as observer"};
    }
    if (auto why = record::running_source(store, game)) return *why;
    return record::everything_revealed();
  }
  if (as_seat == "observer") return v;
  const auto same_label = [&](const std::string& label) {
    return std::ranges::equal(label, as_seat, [](char a, char b) {
      return std::tolower(static_cast<unsigned char>(a)) ==
             std::tolower(static_cast<unsigned char>(b));
    });
  };
  const record::SeatRecord* found = nullptr;
  std::vector<SeatName> names;
  for (const record::SeatRecord& s : seats) {
    if (s.role == "observer") continue;
    names.push_back({s.seat_id, s.label});
    if (s.seat_id == as_seat) found = &s;
    if (found == nullptr && !s.label.empty() && same_label(s.label)) found = &s;
  }
  if (found == nullptr) {
    return engine::Error{
        engine::ErrorCode::kInvalidArgument, "",
        *unknown_seat(game_id, names, as_seat) +
            "; ask as one of them, as \"observer\", or with no seat for everything "
            "revealed"};
  }
  v.role = role_from_string(found->role);
  v.seat = found->seat_id;
  return v;
}

v1::GameSummary game_summary(record::Store& store, const record::GameRecord& g) {
  auto seats = store.seats(g.id);
  return game_summary(store, g, seats.ok() ? *seats : std::vector<record::SeatRecord>{});
}

v1::GameSummary game_summary(record::Store& store, const record::GameRecord& g,
                             const std::vector<record::SeatRecord>& seats) {
  v1::GameSummary s;
  s.set_game_id(g.id);
  s.set_ruleset(g.ruleset);
  s.set_scenario(g.scenario);
  s.set_status(to_string(g.status));
  s.set_created_ms(g.created_ms);
  s.set_ended_ms(g.ended_ms);
  s.set_result(g.result);
  s.set_last_seq(g.last_seq);
  s.set_observers_allowed(g.observers_allowed);
  s.set_ruleset_version(static_cast<std::uint32_t>(g.ruleset_version));
  s.set_drift(g.drift);
  s.set_imported_ms(g.imported_ms);
  s.set_time_control(g.time_control);
  if (!g.source_game.empty()) *s.mutable_forked_from() = record::fork_source(store, g);
  // The seed's hash once it is published: when the game begins.
  if (g.status != record::GameStatus::kWaiting && g.status != record::GameStatus::kExpired)
    s.set_seed_sha256(record::hex(g.seed_sha256));
  // The seed itself only once the game has ended: then anyone may re-derive every die.
  if (revealed(g.status)) s.set_seed(record::hex(g.seed));
  for (const record::SeatRecord& seat : seats) {
    if (seat.role == "observer") continue;
    auto* si = s.add_seats();
    si->set_seat_id(seat.seat_id);
    si->set_role(seat.role);
    si->set_label(seat.label);
    si->set_taken(seat.claimed_ms != 0);
    si->set_player_name(seat.player_name);
  }
  return s;
}

void list_games(record::Store& store, Peer& peer, const v1::ListGames& req,
                std::uint64_t request_id) {
  record::GameFilter f;
  f.ruleset = req.ruleset();
  f.player = req.player();
  if (!req.status().empty()) {
    f.status = record::game_status_from_string(req.status());
    if (!f.status) {
      return peer.send(
          error_message(request_id, v1::INVALID_ARGUMENT, "",
                        "status is one of waiting, running, finished, failed, expired, aborted"));
    }
  }
  f.since_ms = req.since_ms();
  f.until_ms = req.until_ms();
  f.limit = req.limit() == 0 ? 100 : static_cast<int>(std::min<std::uint32_t>(req.limit(), 1000));
  auto games = store.games(f);
  if (!games.ok()) return peer.send(error_message(request_id, games.error()));
  auto m = reply(request_id);
  m->mutable_games();  // an empty list is still a list
  for (const record::GameRecord& g : *games) {
    *m->mutable_games()->add_games() = game_summary(store, g);
  }
  peer.send(m);
}

void export_game(record::Store& store, const record::Registry& registry, Peer& peer,
                 const v1::ExportGame& req, std::int64_t now_ms, std::uint64_t request_id) {
  auto archive = record::export_archive(store, registry, req.game_id(), now_ms);
  if (!archive.ok()) return peer.send(error_message(request_id, archive.error()));
  auto m = std::make_shared<v1::ServerMessage>();
  m->set_request_id(request_id);
  *m->mutable_archive() = std::move(*archive);
  peer.send(m);
}

}  // namespace grognard::room
