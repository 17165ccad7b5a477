// Forking (docs/archives.md, "Forks"): a new room from event N of another game. Its log starts
// with copies of the source's events 1..N and a note naming the source; its chain, digests and
// commitments are its own, under its own seed, which throws every die from the source's next
// throw number on. The state at N, hidden parts included, is folded from the copies.
#include <spdlog/spdlog.h>

#include "engine/utf8.h"
#include "record/fork_source.h"
#include "record/hashes.h"
#include "record/replay.h"
#include "record/seal.h"
#include "room/lobby_impl.h"

namespace grognard::room {

namespace {

std::optional<v1::SystemNote> note_of(const record::EventRecord& e) {
  v1::SystemNote note;
  if (e.kind != record::EventKind::kSystem || !note.ParseFromString(e.payload)) return std::nullopt;
  return note;
}

// The events a fork may start after: from the last event of the game's beginning (the note
// publishing the seed's hash and the events the rules began with) to the last before the note
// that revealed the seed at the end. first == 0: the game never began.
struct Span {
  std::uint64_t first = 0, last = 0;
};
Span forkable(const std::vector<record::EventRecord>& log) {
  std::size_t i = 0;
  while (i < log.size()) {
    const auto note = note_of(log[i]);
    if (note && !note->seed_sha256().empty() && note->seed().empty()) break;
    ++i;
  }
  if (i == log.size()) return {};
  Span s{log[i].seq, log.back().seq};
  while (i + 1 < log.size() && log[i + 1].kind == record::EventKind::kRules &&
         log[i + 1].seat.empty()) {
    s.first = log[++i].seq;
  }
  for (; i < log.size(); ++i) {
    const auto note = note_of(log[i]);
    if (note && !note->seed().empty()) {
      s.last = log[i].seq - 1;
      break;
    }
  }
  return s;
}

// Whether `next` belongs to the same command as `e`: a rules event of the same seat without a
// command id of its own.
bool continues(const record::EventRecord& e, const record::EventRecord& next) {
  return e.kind == record::EventKind::kRules && next.kind == record::EventKind::kRules &&
         !next.seat.empty() && next.seat == e.seat && next.command_id.empty();
}

// Why game `g` (as stored, and as its room in memory says) may not be forked by `peer`.
std::optional<std::pair<v1::Code, std::string>> refuse_source(const record::GameRecord& g,
                                                              const std::shared_ptr<Room>& room,
                                                              const std::shared_ptr<Peer>& peer) {
  const std::string game = "game " + g.id;
  using R = std::pair<v1::Code, std::string>;
  if (room && room->info().status() == "failed") {
    return R{v1::FAILED_PRECONDITION,
             game + " has stopped (" + room->info().to_act() + "): it cannot be forked"};
  }
  if (!g.drift.empty()) {
    return R{v1::FAILED_PRECONDITION, game + " folds differently under this server's rules (" +
                                          g.drift +
                                          "): it cannot be forked until the operator decides"};
  }
  switch (g.status) {
    case record::GameStatus::kFinished:
    case record::GameStatus::kAborted:
      return std::nullopt;
    case record::GameStatus::kRunning: {
      const auto b = peer->binding();
      if (b && b->room && b->room->id() == g.id && b->role == "referee") return std::nullopt;
      return R{v1::PERMISSION_DENIED,
               game +
                   " is still running: only its referee, seated in it, may fork it now; "
                   "anyone may once it has ended"};
    }
    case record::GameStatus::kWaiting:
      return R{v1::FAILED_PRECONDITION,
               game + " has not begun (it waits for its players): there is nothing to fork yet"};
    case record::GameStatus::kExpired:
      return R{v1::FAILED_PRECONDITION,
               game + " expired before it began: there is nothing to fork"};
    case record::GameStatus::kFailed:
      break;
  }
  return R{v1::FAILED_PRECONDITION, game + " has stopped: it cannot be forked"};
}

// The fork's log: the source's events 1..N copied into game `g` (without command ids; chat sent
// to one seat without its payload, which stays with that side of the source), then the note at
// N + 1. Digests, commitments and chain links are the fork's own, under its seed.
engine::Result<std::vector<record::EventRecord>> fork_log(const engine::Ruleset& rs,
                                                          const engine::GameState& initial,
                                                          const record::GameRecord& g,
                                                          std::vector<record::EventRecord> source,
                                                          Clock& clock) {
  for (record::EventRecord& e : source) {
    e.game_id = g.id;
    e.command_id.clear();
    if (e.kind == record::EventKind::kChat && !e.audience.empty() && !e.withheld_digest) {
      e.withheld_digest = record::event_digest(rs, g.seed, initial, e, g.chain_version);
      e.payload.clear();
    }
  }
  const v1::SystemNote text =
      record::fork_note(g.source_game, g.source_seq, g.dice_from, record::hex(g.seed_sha256));
  record::EventRecord note;
  note.game_id = g.id;
  note.seq = g.source_seq + 1;
  note.kind = record::EventKind::kSystem;
  note.payload = text.SerializeAsString();
  note.state_hash = source.back().state_hash;
  note.created_ms = clock();
  source.push_back(std::move(note));
  if (auto st = record::seal_log(rs, g.seed, initial, source, g.chain_version); !st.ok())
    return st.error();
  record::Hash32 previous{};
  for (record::EventRecord& e : source)
    previous = e.chain = record::chain_hash(previous, e, g.chain_version);
  return source;
}

}  // namespace

void Lobby::Impl::fork(const std::shared_ptr<Peer>& peer, const v1::ForkGame& req,
                       std::uint64_t rid) {
  auto refuse = [&](v1::Code code, std::string message) {
    peer->send(error_message(rid, code, "", std::move(message)));
  };
  const std::string& id = req.game_id();
  auto stored = store.game(id);
  if (!stored.ok()) return refuse(v1::UNAVAILABLE, "the archive cannot be read now; try later");
  if (!stored->has_value()) {
    return refuse(v1::NOT_FOUND,
                  "no game \"" + engine::shown(id) + "\" (grognard games lists them)");
  }
  const record::GameRecord& src = **stored;
  if (auto why = refuse_source(src, rooms.by_id(id), peer)) return refuse(why->first, why->second);
  const std::string game = "game " + id;
  if (req.at_seq() > src.last_seq) {
    return refuse(v1::NOT_FOUND, game + " has " + std::to_string(src.last_seq) +
                                     " events: fork from event 1 to " +
                                     std::to_string(src.last_seq) + " (0: the last)");
  }
  const engine::Ruleset* rs = registry.ruleset(src.ruleset);
  if (rs == nullptr) return refuse(v1::NOT_FOUND, "this server has no rule set " + src.ruleset);
  auto initial = rs->load_scenario(src.scenario_text);
  auto events = store.events(id, 1, 0);
  if (!initial.ok() || !events.ok()) {
    return refuse(v1::UNAVAILABLE, game + " cannot be read now: " +
                                       (initial.ok() ? events.error() : initial.error()).message);
  }
  const Span span = forkable(*events);
  const std::uint64_t n = req.at_seq() != 0 ? req.at_seq() : span.last;
  if (span.first == 0)
    return refuse(v1::FAILED_PRECONDITION, game + " never began: nothing to fork");
  if (n < span.first) {
    return refuse(v1::FAILED_PRECONDITION, game + " began at event " + std::to_string(span.first) +
                                               ": fork from that event or a later one");
  }
  if (n > span.last) {
    return refuse(v1::FAILED_PRECONDITION,
                  game + " ended at event " + std::to_string(span.last + 1) + ": fork from event " +
                      std::to_string(span.last) + " or an earlier one");
  }
  // A command's events after its first continue it: the state between them is no game's.
  std::uint64_t end = n;
  while (end < events->size() && continues((*events)[end - 1], (*events)[end])) ++end;
  if (end != n) {
    return refuse(v1::FAILED_PRECONDITION,
                  "event " + std::to_string(n) + " of " + game +
                      " is in the middle of a command, which goes on to event " +
                      std::to_string(end) + ": fork from that event, or from one before it began");
  }
  events->resize(n);
  auto at = record::state_after(*rs, **initial, *events, n);
  if (!at.ok()) {
    return refuse(v1::FAILED_PRECONDITION,
                  game + " cannot be forked: under this server's rules " + at.error().message);
  }
  if (const engine::ToAct act = rs->to_act(**at); act.game_over) {
    return refuse(v1::FAILED_PRECONDITION, "the game is over at event " + std::to_string(n) +
                                               " of " + game + " (" + act.summary +
                                               "): fork from an earlier event");
  }
  if (auto refusal = refuse_new_room(peer, rid)) return peer->send(refusal);

  record::GameRecord g = opener.new_game(*rs, src.scenario, src.scenario_text, !req.unlisted(),
                                         req.observers_allowed());
  g.source_game = id;
  g.source_seq = n;
  g.dice_from = g.dice_next = src.dice_next;
  g.last_seq = n + 1;
  std::vector<record::SeatRecord> seats;
  for (const engine::SeatSpec& spec : rs->seats(**at)) {
    seats.push_back(
        record::SeatRecord{g.id, spec.id, engine::to_string(spec.role), spec.label, "", {}, 0});
  }
  auto log = fork_log(*rs, **initial, g, std::move(*events), clock);
  std::string problem = log.ok() ? "" : log.error().message;
  std::shared_ptr<Room> room;
  if (log.ok()) {
    room = Room::restore(executor, *rs, g, std::move(*initial), std::move(seats), std::move(*log),
                         deps, &problem);
  }
  if (!problem.empty()) {
    opener.release(peer);
    spdlog::warn("[game {}] cannot be forked: {}", id, problem);
    return refuse(v1::FAILED_PRECONDITION,
                  game + " cannot be forked: under this server's rules " + problem);
  }
  opener.open_room(room, peer, rid,
                   "forked game " + id + " at event " + std::to_string(n) + " into a new room");
}

}  // namespace grognard::room
