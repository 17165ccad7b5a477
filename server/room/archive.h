#pragma once
// The archive of games no room holds in memory (finished games after a restart), and the
// list of games. Reads go straight to the store on the calling thread.

#include <memory>

#include "room/peer.h"
#include "room/protocol.h"
#include "room/registry.h"
#include "room/store.h"

namespace grognard::room {

void list_games(Store& store, Peer& peer, const v1::ListGames& req, std::uint64_t request_id);

// Events and states of an ended game, read from the store: everything is visible.
void archived_events(Store& store, const Registry& registry, Peer& peer, const v1::GetEvents& req,
                     std::uint64_t request_id);
void archived_state(Store& store, const Registry& registry, Peer& peer, const v1::GetState& req,
                    std::uint64_t request_id);

}  // namespace grognard::room
