#pragma once
// The archive of games no room holds in memory (finished games after a restart), and the
// list of games. Reads go straight to the store on the calling thread (the lobby's reads
// thread: room/stored_reads.h; their pages: room/stored_pages.h).

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "record/registry.h"
#include "record/store.h"
#include "room/messages.h"
#include "room/peer.h"

namespace grognard::room {

void list_games(record::Store& store, Peer& peer, const v1::ListGames& req,
                std::uint64_t request_id);

// Answers ExportGame with the archive (GameArchive, record/archive_file.h), or an error.
void export_game(record::Store& store, const record::Registry& registry, Peer& peer,
                 const v1::ExportGame& req, std::int64_t now_ms, std::uint64_t request_id);

// A stored game as list_games shows it: the seed's hash once it began, the seed once it
// ended, its player, general and referee seats.
v1::GameSummary game_summary(record::Store& store, const record::GameRecord& game);
// The same from the game's seats as the caller read them.
v1::GameSummary game_summary(record::Store& store, const record::GameRecord& game,
                             const std::vector<record::SeatRecord>& seats);

// An ended game's record (finished, aborted, or stopped on a storage failure); an error for a
// game that is running, waiting, expired or not stored.
engine::Result<record::GameRecord> ended_game(record::Store& store, const std::string& id);

// An ended game read from the store, its log sealed (record/seal.h), as ended_game() allows.
struct EndedGame {
  const engine::Ruleset* rs = nullptr;
  std::unique_ptr<engine::GameState> initial;
  record::GameRecord game;
  std::vector<record::EventRecord> log;
};
engine::Result<EndedGame> load_ended_game(record::Store& store, const record::Registry& registry,
                                          const std::string& id);
// The same without its log: its record (from ended_game()), rule set and initial state.
engine::Result<EndedGame> ended_game_start(const record::Registry& registry,
                                           record::GameRecord game);

// Why a client may not ask for game `game_id` as `as_seat`: it is none of the game's `seats`
// (id and label of each player, general or referee seat). nullopt when it is one, or empty.
struct SeatName {
  std::string id;
  std::string label;
};
std::optional<std::string> unknown_seat(const std::string& game_id,
                                        const std::vector<SeatName>& seats,
                                        const std::string& as_seat);

// Who a replay of an ended game is watched as (docs/protocol.md, "Replays"): `as_seat` one of
// the game's `seats` (its id, or its label in any case) sees exactly what that seat saw during
// the game; "observer" what an observer saw; empty everything the rules reveal at the end. Chat
// sent to one seat is never part of "everything": only its sender, its addressee and the
// referee see it. An error when `as_seat` is none of these.
// Everything is refused for a game that stopped on a storage failure (it never revealed its
// secrets) and for a fork while a game it descends from runs (running_source()).
engine::Result<engine::Viewer> replay_viewer(record::Store& store, const record::GameRecord& game,
                                             const std::vector<record::SeatRecord>& seats,
                                             const std::string& as_seat);

}  // namespace grognard::room
