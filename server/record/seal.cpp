#include "record/seal.h"

#include <string_view>

#include "engine/canonical.h"
#include "record/replay.h"

namespace grognard::record {
namespace {

std::string_view key(const engine::Seed& seed) {
  return {reinterpret_cast<const char*>(seed.data()), seed.size()};
}

bool readable_by_all(const engine::Ruleset& rs, const engine::GameState& before,
                     const EventRecord& r, int chain_version) {
  if (chain_version >= 3 && !rs.hides_nothing()) return false;  // R20: every digest keyed
  switch (r.kind) {
    case EventKind::kRules:
      return rs.event_public(before, r.payload);
    case EventKind::kChat:
      return r.audience.empty();  // chat to one seat is read by that seat alone
    case EventKind::kSystem:
    case EventKind::kTakenBack:
      return true;
  }
  return false;
}

}  // namespace

Hash32 event_digest(const engine::Ruleset& rs, const engine::Seed& seed,
                    const engine::GameState& before, const EventRecord& r, int chain_version) {
  if (r.withheld_digest) return *r.withheld_digest;  // imported without its payload
  if (readable_by_all(rs, before, r, chain_version)) return engine::sha256(r.payload).bytes;
  return engine::hmac_sha256(key(seed), r.payload).bytes;
}

Hash32 state_commitment(const engine::Ruleset& rs, const engine::Seed& seed,
                        const engine::GameState& after) {
  return state_commitment(seed, rs.full_hash(after));
}

Hash32 state_commitment(const engine::Seed& seed, const engine::StateHash& full) {
  const std::string_view bytes{reinterpret_cast<const char*>(full.bytes.data()), full.bytes.size()};
  return engine::hmac_sha256(key(seed), bytes).bytes;
}

engine::Status seal_log(const engine::Ruleset& rs, const engine::Seed& seed,
                        const engine::GameState& initial, std::vector<EventRecord>& log,
                        int chain_version) {
  Fold fold(rs, initial, log);
  for (EventRecord& r : log) {
    r.digest = event_digest(rs, seed, fold.state(), r, chain_version);
    if (auto st = fold.step(r); !st.ok()) return st;
    r.commitment = state_commitment(rs, seed, fold.state());
  }
  return engine::ok_status();
}

}  // namespace grognard::record
