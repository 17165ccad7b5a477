// Storing a verified archive file as an ended game of this server (docs/archives.md, "Export
// and import").
#include <algorithm>
#include <optional>

#include "engine/utf8.h"
#include "record/archive_file.h"
#include "record/text.h"

namespace grognard::record {
namespace {

engine::Error refuse(engine::ErrorCode code, std::string message) {
  return engine::Error{code, "", std::move(message)};
}

GameRecord game_of(const v1::ArchiveHeader& h, std::int64_t now_ms) {
  GameRecord g;
  g.id = h.game_id();
  g.ruleset = h.ruleset();
  g.scenario = h.scenario();
  g.scenario_text = h.scenario_text();
  g.listed = true;
  g.observers_allowed = true;
  g.status = *game_status_from_string(h.status());  // verify_archive checked it
  g.seed = *parse_hash(h.seed());
  g.seed_sha256 = *parse_hash(h.seed_sha256());
  g.dice_next = h.dice_next();
  g.last_seq = h.last_seq();
  g.created_ms = h.created_ms();
  g.updated_ms = now_ms;
  g.ended_ms = h.ended_ms();
  g.result = h.result();
  g.chain_version = static_cast<int>(h.chain_version());
  g.ruleset_version = static_cast<int>(h.ruleset_version());
  if (h.has_forked_from()) {
    g.source_game = h.forked_from().game_id();
    g.source_seq = h.forked_from().seq();
    g.dice_from = h.forked_from().dice_from();
  }
  g.imported_ms = now_ms;
  return g;
}

// What a game stored here must be beyond what verification checks: an id that fits in a path
// (the admin API names games in its paths) and the seats its rule set gives the scenario.
std::optional<engine::Error> unfit(const Registry& registry, const v1::ArchiveHeader& h) {
  const std::string& id = h.game_id();
  if (!plain_id(id)) {
    return refuse(
        engine::ErrorCode::kInvalidArgument,
        "the game id \"" + engine::shown(id) + "\" is not 1 to 64 letters, digits, '-' or '_'");
  }
  const engine::Ruleset& rs = *registry.ruleset(h.ruleset());  // verify_archive checked it
  auto initial = rs.load_scenario(h.scenario_text());
  if (!initial.ok()) return initial.error();
  const std::vector<engine::SeatSpec> seats = rs.seats(**initial);
  for (const v1::SeatInfo& s : h.seats()) {
    const auto it = std::find_if(seats.begin(), seats.end(), [&](const engine::SeatSpec& spec) {
      return spec.id == s.seat_id();
    });
    if (it == seats.end() || engine::to_string(it->role) != s.role()) {
      return refuse(engine::ErrorCode::kInvalidArgument, "seat \"" + engine::shown(s.seat_id()) +
                                                             "\" (" + engine::shown(s.role()) +
                                                             ") is not one the scenario gives");
    }
  }
  return std::nullopt;
}

}  // namespace

engine::Status import_archive(Store& store, const Registry& registry,
                              const v1::GameArchive& archive, std::int64_t now_ms) {
  std::vector<EventRecord> events;
  const Verdict verdict = verify_archive(registry, archive, &events);
  if (!verdict.ok) {
    return refuse(
        engine::ErrorCode::kInvalidArgument,
        "the archive does not verify, so nothing of it was stored: " + verdict_line(verdict));
  }
  const v1::ArchiveHeader& h = archive.header();
  if (auto why = unfit(registry, h)) return *why;
  // Every throw must have been checked: a fork's are only when each source's seed is given.
  for (const v1::ForkSource* f = h.has_forked_from() ? &h.forked_from() : nullptr; f != nullptr;
       f = f->has_source() ? &f->source() : nullptr) {
    if (f->seed().empty()) {
      return refuse(engine::ErrorCode::kFailedPrecondition,
                    "game " + h.game_id() + " holds throws of game " + f->game_id() +
                        ", whose seed the file does not give (it had not ended when the file "
                        "was written), so they cannot be checked: nothing was stored");
    }
  }
  auto existing = store.game(h.game_id());
  if (!existing.ok()) return existing.error();
  if (*existing) {
    return refuse(engine::ErrorCode::kFailedPrecondition,
                  "a game with id " + h.game_id() + " is already stored here");
  }
  WriteBatch batch;
  batch.game = game_of(h, now_ms);
  for (const v1::SeatInfo& s : h.seats()) {
    // No token: nobody resumes a seat of an imported game.
    batch.seats.push_back(SeatRecord{h.game_id(),
                                     s.seat_id(),
                                     s.role(),
                                     s.label(),
                                     s.player_name(),
                                     {},
                                     s.taken() ? h.created_ms() : 0});
  }
  batch.events = std::move(events);
  return append_and_wait(store, std::move(batch));
}

}  // namespace grognard::record
