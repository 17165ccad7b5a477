#include "record/resim.h"

#include <fmt/format.h>

#include <exception>
#include <set>

#include "record/proto.h"
#include "record/replay.h"
#include "record/seal.h"

namespace grognard::record {

namespace {

constexpr int kPage = 100;  // games listed at once
constexpr std::string_view kAcceptedPrefix = "The server's operator let this game go on under ";

// verify_log's message without its "game G event N: " (the drift line says which event).
std::string reason_only(const std::string& message, const std::string& game_id, std::uint64_t seq) {
  const std::string prefix = "game " + game_id + " event " + std::to_string(seq) + ": ";
  return message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
}

}  // namespace

std::string drift_line(const GameRecord& game, const engine::Ruleset& current, std::uint64_t seq,
                       const std::string& why) {
  const int now = current.version();
  const int then = game.ruleset_version;
  std::string versions;
  if (then == 0) {
    versions = "than under the version it was played under (not recorded)";
  } else if (then == now) {
    versions = fmt::format("than when it was stored under the same version {}", then);
  } else {
    versions = fmt::format("than under version {}, which it was played under", then);
  }
  const std::string what = seq == 0 ? "its scenario loads" : fmt::format("event {} folds", seq);
  // The same version folding otherwise: what was stored changed (tampered, damaged), not the rules.
  const char* cause = then == now ? ": the stored game changed, not the rules" : "";
  return fmt::format("{} differently under {} version {} {} ({}){}", what, current.name(), now,
                     versions, why, cause);
}

std::string drift_refusal(const std::string& drift) {
  return "this game is held: it no longer folds as it was stored: " + drift +
         "; it takes no commands until the server's operator decides whether it goes on";
}

std::string drift_to_act(const std::string& drift) {
  return "held: it no longer folds as it was stored: " + drift +
         "; waiting for the server's operator to decide";
}

std::string drift_accepted_note(const engine::Ruleset& current, const std::string& reason,
                                const std::string& drift) {
  return fmt::format(
      "{}{} version {} ({}): {}. The state hashes before this note are those of the rules it "
      "was played under.",
      kAcceptedPrefix, current.name(), current.version(), reason, drift);
}

std::uint64_t drift_accepted_through(const std::vector<EventRecord>& log) {
  std::uint64_t through = 0;
  v1::SystemNote note;
  for (const EventRecord& r : log) {
    if (r.kind != EventKind::kSystem || !r.seat.empty()) continue;
    if (note.ParseFromString(r.payload) && note.text().rfind(kAcceptedPrefix, 0) == 0) {
      through = r.seq;
    }
  }
  return through;
}

LogCheck check_log(const engine::Ruleset& rs, const GameRecord& game,
                   const engine::GameState& initial, std::vector<EventRecord>& log) {
  LogCheck out;
  auto folded = verify_log(rs, game, initial, log, &out.seq, drift_accepted_through(log));
  if (folded.ok()) {
    out.state = std::move(*folded);
    out.seq = 0;
  } else {
    out.drift =
        drift_line(game, rs, out.seq, reason_only(folded.error().message, game.id, out.seq));
    if (auto st = seal_log(rs, game.seed, initial, log, game.chain_version); !st.ok()) {
      out.stops = st.error().message;
    }
  }
  return out;
}

std::string Recheck::line() const {
  const std::string name =
      game.id.empty() ? std::string("the game list")
                      : fmt::format("{} ({}, {})", game.id, game.ruleset, to_string(game.status));
  switch (outcome) {
    case Outcome::kOk:
      return fmt::format("{}: ok, {} events verified", name, events);
    case Outcome::kDrift:
      return fmt::format("{}: DRIFT: {}", name, why);
    case Outcome::kError:
      break;
  }
  return fmt::format("{}: cannot be checked: {}", name, why);
}

Recheck recheck(Store& store, const Registry& registry, const GameRecord& game) {
  Recheck out;
  out.game = game;
  auto error = [&out](std::string why) {
    out.outcome = Recheck::Outcome::kError;
    out.why = std::move(why);
    return out;
  };
  const engine::Ruleset* rs = registry.ruleset(game.ruleset);
  if (rs == nullptr) return error("this server has no rule set \"" + game.ruleset + "\"");
  auto events = store.events(game.id, 1, 0);
  if (!events.ok()) return error("its events cannot be read: " + events.error().message);
  out.events = events->size();
  auto initial = rs->load_scenario(game.scenario_text);
  if (!initial.ok()) {
    out.outcome = Recheck::Outcome::kDrift;
    out.why = drift_line(game, *rs, 0, initial.error().message);
    return out;
  }
  LogCheck checked;
  try {  // one game's fault, whatever it is, does not end the check of the others
    checked = check_log(*rs, game, **initial, *events);
  } catch (const std::exception& e) {
    return error(std::string("re-applying its events failed: ") + e.what());
  }
  if (checked.stops) {
    return error("an event no longer applies (" + *checked.stops +
                 "): a server loads it stopped, and it can only be closed (grognard admin close)");
  }
  if (checked.drift) {
    out.outcome = Recheck::Outcome::kDrift;
    out.seq = checked.seq;
    out.why = std::move(*checked.drift);
  }
  return out;
}

std::string RecheckTotals::line(double seconds) const {
  const std::size_t games = ok + drift + errors;
  return fmt::format(
      "{} game{} re-simulated under the current rules: {} ok, {} drifting, {} could not be "
      "checked{} ({:.2f} s)",
      games, games == 1 ? "" : "s", ok, drift, errors, stopped ? ", stopped before the end" : "",
      seconds);
}

RecheckTotals recheck_all(Store& store, const Registry& registry,
                          const std::function<bool(GameStatus)>& wanted,
                          const std::atomic<bool>& stop,
                          const std::function<void(const Recheck&)>& each) {
  RecheckTotals totals;
  // Page by page, newest first (a listing holds each game's scenario text): the next page is
  // the games created up to the last one seen, less those seen.
  GameFilter page;
  page.listed_only = false;
  page.limit = kPage;
  std::set<std::string> seen;
  for (;;) {
    auto games = store.games(page);
    if (!games.ok()) {
      Recheck failed;
      failed.outcome = Recheck::Outcome::kError;
      failed.why = "the stored games cannot be listed: " + games.error().message;
      ++totals.errors;
      each(failed);
      return totals;
    }
    bool fresh = false;
    for (const GameRecord& g : *games) {
      if (!seen.insert(g.id).second) continue;
      fresh = true;
      if (g.last_seq == 0 || !wanted(g.status)) continue;
      if (stop.load()) {
        totals.stopped = true;
        return totals;
      }
      const Recheck r = recheck(store, registry, g);
      ++(r.outcome == Recheck::Outcome::kOk      ? totals.ok
         : r.outcome == Recheck::Outcome::kDrift ? totals.drift
                                                 : totals.errors);
      each(r);
    }
    if (static_cast<int>(games->size()) < page.limit) return totals;
    // More games than a page were created in the same millisecond: a longer page.
    if (fresh) {
      page.until_ms = games->back().created_ms + 1;
    } else {
      page.limit *= 2;
    }
  }
}

engine::Status store_drift(Store& store, const std::string& game_id, const std::string& drift) {
  auto game = store.game(game_id);
  if (!game.ok()) return game.error();
  if (!*game) {
    return engine::Error{engine::ErrorCode::kNotFound, "", "no game " + game_id + " is stored"};
  }
  if ((*game)->drift == drift) return engine::ok_status();
  WriteBatch batch;
  batch.game = **game;
  batch.game->drift = drift;
  return append_and_wait(store, std::move(batch));
}

}  // namespace grognard::record
