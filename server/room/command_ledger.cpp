// A room's command ledger: command ids answered, and the payloads accepted since loading.
#include "room/command_ledger.h"

namespace grognard::room {

void CommandLedger::restore(const std::vector<record::EventRecord>& log) {
  record::CommandRecord* current = nullptr;
  for (const record::EventRecord& e : log) {
    if (!e.command_id.empty()) {
      current = &(commands_[{e.seat, e.command_id}] =
                      record::CommandRecord{e.game_id, e.seat, e.command_id, e.seq, e.seq});
    } else if (current != nullptr && e.kind != record::EventKind::kChat &&
               e.kind != record::EventKind::kTakenBack && e.seq == current->last_seq + 1) {
      current->last_seq = e.seq;
    } else {
      current = nullptr;
    }
  }
}

const record::CommandRecord* CommandLedger::find(const std::string& seat,
                                                 const std::string& command_id) const {
  const auto it = commands_.find({seat, command_id});
  return it == commands_.end() ? nullptr : &it->second;
}

bool CommandLedger::reused(const std::string& seat, const std::string& command_id,
                           const record::Hash32& digest) const {
  const auto d = digests_.find({seat, command_id});
  return d != digests_.end() && d->second != digest;
}

void CommandLedger::add(const record::CommandRecord& c) {
  commands_[{c.seat, c.command_id}] = c;
}

void CommandLedger::accepted(const std::string& seat, const std::string& command_id,
                             const record::Hash32& digest) {
  digests_[{seat, command_id}] = digest;
}

}  // namespace grognard::room
