#pragma once
// One decision of a room on its way to the store (room/room.h, "Write path"): what will be
// committed, and what the room becomes once it is. Built and read on the room's strand only.

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/ruleset.h"
#include "record/store.h"
#include "room/peer.h"

namespace grognard::room {

struct Pending {
  record::WriteBatch batch;                     // batch.game starts as a copy of the room's record
  std::vector<record::CommandRecord> commands;  // the commands the batch's events answer
  std::unique_ptr<engine::GameState> next;      // the rules state after the batch (null: same)
  // `next` is still a copy of the room's state: the batch has applied no rules event yet.
  bool next_unchanged = false;
  // The rules state before each event (null before one that is not a rules event): the room's
  // own state before the first rules event, else a copy kept in `kept` (with the room's state
  // before the commit, once Room::committed() has replaced it, until the batch is broadcast).
  std::vector<const engine::GameState*> befores;
  std::vector<std::unique_ptr<engine::GameState>> kept;
  std::optional<engine::ToAct> act;    // to_act(*next), computed once
  std::function<void(bool ok)> after;  // acknowledge (on the strand, after the commit)
  // A peer `after` seated with the batch's events in its answer (the join that begins the
  // game): the broadcast does not push them to it again.
  const Peer* seated_with_batch = nullptr;
  // Stored as activity, which keeps a waiting room from expiring (GameRecord::updated_ms); an
  // observer coming or going is not.
  bool activity = true;
};

}  // namespace grognard::room
