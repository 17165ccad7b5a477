// Building an archive file from the store (docs/archives.md, "Export and import").
#include "engine/utf8.h"
#include "record/archive_file.h"
#include "record/fork_source.h"
#include "record/replay.h"
#include "record/seal.h"

namespace grognard::record {
namespace {

engine::Error refuse(engine::ErrorCode code, std::string message) {
  return engine::Error{code, "", std::move(message)};
}

// Why game `g` has no archive file yet, or nullopt when it may have one.
std::optional<engine::Error> not_exportable(const GameRecord& g) {
  switch (g.status) {
    case GameStatus::kFinished:
    case GameStatus::kAborted:
      return std::nullopt;
    case GameStatus::kWaiting:
    case GameStatus::kRunning:
      return refuse(engine::ErrorCode::kFailedPrecondition,
                    "game " + g.id + " is " + to_string(g.status) +
                        ": its archive file can be exported once it has ended (its seed is "
                        "secret until then)");
    case GameStatus::kExpired:
      return refuse(engine::ErrorCode::kFailedPrecondition,
                    "game " + g.id + " never began: it has no events to export");
    case GameStatus::kFailed:
      return refuse(engine::ErrorCode::kFailedPrecondition,
                    "game " + g.id +
                        " stopped on a storage failure and never published its seed: it cannot "
                        "be exported");
  }
  return std::nullopt;
}

void fill_header(const GameRecord& g, const std::vector<SeatRecord>& seats, std::int64_t now_ms,
                 v1::ArchiveHeader& h) {
  h.set_format(kArchiveFormat);
  h.set_game_id(g.id);
  h.set_ruleset(g.ruleset);
  h.set_ruleset_version(static_cast<std::uint32_t>(g.ruleset_version));
  h.set_scenario(g.scenario);
  h.set_scenario_text(g.scenario_text);
  for (const SeatRecord& s : seats) {
    if (s.role == "observer") continue;
    v1::SeatInfo* out = h.add_seats();
    out->set_seat_id(s.seat_id);
    out->set_role(s.role);
    out->set_label(s.label);
    out->set_taken(s.claimed_ms != 0);
    out->set_player_name(s.player_name);
  }
  h.set_status(to_string(g.status));
  h.set_result(g.result);
  h.set_created_ms(g.created_ms);
  h.set_ended_ms(g.ended_ms);
  h.set_seed(hex(g.seed));
  h.set_seed_sha256(hex(g.seed_sha256));
  h.set_chain_version(static_cast<std::uint32_t>(g.chain_version));
  h.set_last_seq(g.last_seq);
  h.set_dice_next(g.dice_next);
  h.set_exported_ms(now_ms);
  h.set_exported_by(std::string("grognard ") + GROGNARD_VERSION);
}

}  // namespace

bool withheld(const EventRecord& r) {
  return r.withheld_digest.has_value() || (r.kind == EventKind::kChat && !r.audience.empty());
}

engine::Result<v1::GameArchive> export_archive(Store& store, const Registry& registry,
                                               const std::string& game_id, std::int64_t now_ms) {
  auto game = store.game(game_id);
  if (!game.ok()) return game.error();
  if (!*game)
    return refuse(engine::ErrorCode::kNotFound, "no game \"" + engine::shown(game_id) + "\"");
  const GameRecord& g = **game;
  if (auto why = not_exportable(g)) return *why;
  if (auto why = running_source(store, g)) return *why;
  const engine::Ruleset* rs = registry.ruleset(g.ruleset);
  if (rs == nullptr) {
    return refuse(engine::ErrorCode::kNotFound, "game " + g.id + " was played under rule set " +
                                                    g.ruleset +
                                                    ", which this server does not host");
  }
  auto initial = rs->load_scenario(g.scenario_text);
  if (!initial.ok()) return initial.error();
  auto seats = store.seats(g.id);
  if (!seats.ok()) return seats.error();
  auto log = store.events(g.id, 1, 0);
  if (!log.ok()) return log.error();
  if (auto sealed = seal_log(*rs, g.seed, **initial, *log, g.chain_version); !sealed.ok())
    return sealed.error();

  v1::GameArchive out;
  fill_header(g, *seats, now_ms, *out.mutable_header());
  if (!g.source_game.empty()) *out.mutable_header()->mutable_forked_from() = fork_source(store, g);
  Fold fold(*rs, **initial, *log);
  for (const EventRecord& r : *log) {
    v1::ArchivedEvent* e = out.add_events();
    e->set_seq(r.seq);
    e->set_kind(static_cast<std::uint32_t>(r.kind));
    e->set_seat(r.seat);
    e->set_audience(r.audience);
    e->set_time_ms(r.created_ms);
    e->set_digest(hex(r.digest));
    e->set_state_hash(hex(r.state_hash));
    e->set_chain(hex(r.chain));
    e->set_commitment(hex(r.commitment));
    if (withheld(r)) {
      e->set_withheld(true);
    } else {
      e->set_payload(r.payload);
      if (auto seen = event_as_seen(*rs, fold.state(), r, everything_revealed(), g.chain_version)) {
        *e->mutable_readable() = std::move(*seen);
      }
    }
    if (auto st = fold.step(r); !st.ok()) return st.error();
  }
  return out;
}
}  // namespace grognard::record
