#include "room/legal_cache.h"

#include "record/proto.h"

namespace grognard::room {

const v1::LegalCommands& LegalCache::of(const engine::Ruleset& rs, const engine::GameState& state,
                                        const std::string& seat_id) {
  auto [kept, fresh] = by_seat_.try_emplace(seat_id);
  if (fresh) {
    for (const engine::Bytes& c : rs.legal(state, seat_id)) {
      record::pack_any(kept->second.add_commands(), rs.wire_types().command, c);
    }
  }
  return kept->second;
}

}  // namespace grognard::room
