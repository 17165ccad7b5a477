// Checking an archive file without trusting whoever wrote it (docs/archives.md, "Verifying a
// file"): the seed against its published hash, every event's digest, dice, fold, state hash,
// commitment and chain link, in the order the game went.
#include <algorithm>

#include <google/protobuf/util/message_differencer.h>

#include "engine/canonical.h"
#include "engine/utf8.h"
#include "record/archive_file.h"
#include "record/archive_throws.h"
#include "record/event_dice.h"
#include "record/fork_source.h"
#include "record/replay.h"
#include "record/resim.h"
#include "record/seal.h"

namespace grognard::record {
namespace {

struct Refusal {
  std::uint64_t seq = 0;
  std::string reason;
};

// The archive's events as the store keeps them, in file order; refuses the first out of place.
std::variant<std::vector<EventRecord>, Refusal> records_of(const v1::GameArchive& a) {
  std::vector<EventRecord> out;
  for (const v1::ArchivedEvent& e : a.events()) {
    const std::uint64_t expect = out.size() + 1;
    if (e.seq() != expect) {
      return Refusal{expect, "event " + std::to_string(expect) + " is missing: event " +
                                 std::to_string(e.seq()) + " comes in its place"};
    }
    EventRecord r;
    r.game_id = a.header().game_id();
    r.seq = e.seq();
    if (e.kind() > static_cast<std::uint32_t>(EventKind::kTakenBack)) {
      return Refusal{expect, "unknown kind " + std::to_string(e.kind())};
    }
    r.kind = static_cast<EventKind>(e.kind());
    r.payload = e.payload();
    r.seat = e.seat();
    r.audience = e.audience();
    r.created_ms = e.time_ms();
    const auto digest = parse_hash(e.digest());
    const auto state = parse_hash(e.state_hash());
    const auto chain = parse_hash(e.chain());
    const auto commitment = parse_hash(e.commitment());
    if (!digest || !state || !chain || !commitment) {
      return Refusal{expect, "a digest, state hash, chain or commitment is not 64 hex digits"};
    }
    if (e.withheld()) {
      if (r.kind != EventKind::kChat || r.audience.empty() || !r.payload.empty()) {
        return Refusal{expect, "only chat sent to one seat may be withheld, and without payload"};
      }
      r.withheld_digest = *digest;
    }
    r.state_hash = *state;
    r.chain = *chain;
    r.commitment = *commitment;  // checked against the fold in Checker::run
    out.push_back(std::move(r));
  }
  return out;
}

class Checker {
 public:
  Checker(const engine::Ruleset& rs, const v1::GameArchive& a, const engine::Seed& seed,
          ThrowCheck& throws, Verdict& v)
      : rs_(rs), a_(a), seed_(seed), throws_(throws), v_(v) {}

  std::optional<Refusal> run(const engine::GameState& initial, std::vector<EventRecord>& log) {
    Fold fold(rs_, initial, log);
    Hash32 chain{};
    const int version = static_cast<int>(a_.header().chain_version());
    // The operator let the game go on under changed rules (docs/archives.md, "Re-simulation"):
    // the state hashes and commitments before that note are the earlier rules'.
    const std::uint64_t let_go = drift_accepted_through(log);
    if (let_go > 0) {
      v_.unchecked.push_back("the state hashes and commitments before event " +
                             std::to_string(let_go) +
                             ", which the operator let go when the rules changed");
    }
    for (EventRecord& r : log) {
      const v1::ArchivedEvent& e = a_.events(static_cast<int>(r.seq - 1));
      r.digest = event_digest(rs_, seed_, fold.state(), r, version);
      if (hex(r.digest) != e.digest()) {
        return Refusal{r.seq, "its digest does not match its payload: the payload was changed"};
      }
      if (r.kind == EventKind::kRules && !e.has_readable()) {
        return Refusal{r.seq, "it has no readable form, where a reader finds its dice"};
      }
      if (!r.withheld_digest && e.has_readable()) {
        const auto seen = event_as_seen(rs_, fold.state(), r, everything_revealed(), version);
        if (!seen || !google::protobuf::util::MessageDifferencer::Equals(*seen, e.readable())) {
          return Refusal{r.seq, "its readable form differs from its payload"};
        }
      }
      if (r.kind == EventKind::kRules) {
        auto rolls = rolls_in(rs_, r.payload);
        if (!rolls.ok()) return Refusal{r.seq, rolls.error().message};
        if (auto bad = throws_.check(std::move(*rolls))) return Refusal{r.seq, *bad};
      } else if (r.kind == EventKind::kSystem) {
        v1::SystemNote note;
        if (note.ParseFromString(r.payload) && !note.seed().empty() &&
            note.seed() != a_.header().seed()) {
          return Refusal{r.seq, "its closing note reveals another seed than the header's"};
        }
      }
      if (auto st = fold.step(r); !st.ok()) {
        return Refusal{r.seq, "the rules refuse it: " + st.error().message};
      }
      if (r.seq >= let_go) {
        if (const auto folded = rs_.hash(fold.state()); folded.bytes != r.state_hash) {
          return Refusal{r.seq, "state hash mismatch: the file says " + hex(r.state_hash) +
                                    ", the rules fold " + folded.hex()};
        }
        if (state_commitment(rs_, seed_, fold.state()) != r.commitment) {
          return Refusal{r.seq, "its commitment does not open to the state the rules fold"};
        }
      }
      if (r.withheld_digest && version < 2) {
        v_.unchecked.push_back("the chain link of withheld event " + std::to_string(r.seq));
        chain = r.chain;
      } else {
        chain = chain_hash(chain, r, version);
        if (chain != r.chain) return Refusal{r.seq, "its chain link is broken"};
      }
    }
    return std::nullopt;
  }

 private:
  const engine::Ruleset& rs_;
  const v1::GameArchive& a_;
  const engine::Seed& seed_;
  ThrowCheck& throws_;
  Verdict& v_;
};

// A fork's link to each game it descends from is the note its chain holds right after the
// copied events (fork_note()): the header's forked_from must say what those notes say.
std::optional<Refusal> check_fork_notes(const v1::GameArchive& a) {
  std::string seed_sha256 = a.header().seed_sha256();  // of the fork whose note comes next
  const v1::ForkSource* f = a.header().has_forked_from() ? &a.header().forked_from() : nullptr;
  for (; f != nullptr; f = f->has_source() ? &f->source() : nullptr) {
    const std::uint64_t seq = f->seq() + 1;
    const std::string why = "it is not the note linking this game to source game " + f->game_id() +
                            " at event " + std::to_string(f->seq()) +
                            " that the header's forked_from names";
    if (seq > static_cast<std::uint64_t>(a.events_size())) return Refusal{0, why};
    const v1::ArchivedEvent& e = a.events(static_cast<int>(seq - 1));
    v1::SystemNote note;
    if (e.kind() != static_cast<std::uint32_t>(EventKind::kSystem) || !e.seat().empty() ||
        !note.ParseFromString(e.payload())) {
      return Refusal{seq, why};
    }
    if (seed_sha256.empty()) seed_sha256 = note.seed_sha256();  // an imported fork's source
    const v1::SystemNote expected = fork_note(f->game_id(), f->seq(), f->dice_from(), seed_sha256);
    if (!google::protobuf::util::MessageDifferencer::Equals(note, expected)) {
      return Refusal{seq, why};
    }
    seed_sha256 = f->seed_sha256();
  }
  return std::nullopt;
}

std::optional<Refusal> check_header(const Registry& registry, const v1::ArchiveHeader& h,
                                    const engine::Ruleset** rs) {
  if (h.format() != kArchiveFormat) {
    return Refusal{0, "format " + std::to_string(h.format()) + " is not one this build reads (" +
                          std::to_string(kArchiveFormat) + ")"};
  }
  *rs = registry.ruleset(h.ruleset());
  if (*rs == nullptr)
    return Refusal{0, "rule set \"" + engine::shown(h.ruleset()) + "\" is not hosted here"};
  if (h.status() != "finished" && h.status() != "aborted") {
    return Refusal{0,
                   "status \"" + engine::shown(h.status()) + "\": only ended games are archived"};
  }
  if (h.chain_version() < 1 || h.chain_version() > 3) {
    return Refusal{0, "chain version " + std::to_string(h.chain_version()) + " is unknown"};
  }
  return std::nullopt;
}

}  // namespace

Verdict verify_archive(const Registry& registry, const v1::GameArchive& a,
                       std::vector<EventRecord>* records) {
  Verdict v;
  const v1::ArchiveHeader& h = a.header();
  v.game_id = h.game_id();
  auto refused = [&v](const Refusal& r) {
    v.ok = false;
    v.seq = r.seq;
    v.reason = r.reason;
    return v;
  };
  const engine::Ruleset* rs = nullptr;
  if (auto bad = check_header(registry, h, &rs)) return refused(*bad);
  std::string why;
  const auto seed = opened_seed(h.seed(), h.seed_sha256(), &why);
  if (!seed) return refused({0, why});
  auto ranges = throw_ranges(h, *seed, &why);
  if (!ranges) return refused({0, why});
  auto initial = rs->load_scenario(h.scenario_text());
  if (!initial.ok()) return refused({0, "its scenario does not load: " + initial.error().message});
  auto log = records_of(a);
  if (auto* bad = std::get_if<Refusal>(&log)) return refused(*bad);
  auto& events = std::get<std::vector<EventRecord>>(log);
  if (auto bad = check_fork_notes(a)) return refused(*bad);

  ThrowCheck throws(std::move(*ranges), h.dice_next());
  Checker checker(*rs, a, *seed, throws, v);
  if (auto bad = checker.run(**initial, events)) return refused(*bad);
  if (h.last_seq() != events.size()) {
    return refused({events.size() + 1, "the header counts " + std::to_string(h.last_seq()) +
                                           " events; the file holds " +
                                           std::to_string(events.size())});
  }
  if (throws.next_throw() != h.dice_next()) {
    return refused({events.size() + 1, "the header counts " + std::to_string(h.dice_next()) +
                                           " throws; the events hold " +
                                           std::to_string(throws.next_throw())});
  }
  for (std::string& line : throws.unopened()) v.unchecked.push_back(std::move(line));
  std::uint64_t withheld_count = 0;
  for (const EventRecord& r : events) withheld_count += r.withheld_digest ? 1 : 0;
  if (withheld_count > 0) {
    v.unchecked.push_back(std::to_string(withheld_count) +
                          " chat messages sent to one seat, withheld from the file");
  }
  v.ok = true;
  v.dice = throws.derived();
  v.events = events.size();
  if (records != nullptr) *records = std::move(events);
  return v;
}

std::string verdict_line(const Verdict& v) {
  if (!v.ok) {
    return "REFUSED " +
           (v.seq == 0 ? std::string("in the header") : "at event " + std::to_string(v.seq)) +
           ": " + v.reason;
  }
  std::string line = "verified: game " + v.game_id + ": " + std::to_string(v.events) + " events, " +
                     std::to_string(v.dice) +
                     " dice re-derived from the seed; every digest, state hash, commitment and "
                     "chain link matches";
  for (const std::string& u : v.unchecked) line += "; not checked: " + u;
  return line;
}

}  // namespace grognard::record
