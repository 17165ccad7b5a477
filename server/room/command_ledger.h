#pragma once
// A room's command ledger: each command id its game has answered, by seat, with the run of
// events it became, so that a command re-sent (after a reconnect, a restart) is answered and not
// applied twice; and the SHA-256 of each command's payload accepted since the room was loaded,
// so that an id re-used with another payload is refused. The store keeps no command payloads, so
// a command restored from the log has no digest (docs/protocol.md). Strand-only: the room calls
// every member on its strand.

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "record/store.h"

namespace grognard::room {

class CommandLedger {
 public:
  // The commands of a stored log: a command's events are the run that starts with its id.
  void restore(const std::vector<record::EventRecord>& log);
  // The command `command_id` of `seat` (null: none answered).
  const record::CommandRecord* find(const std::string& seat, const std::string& command_id) const;
  // The id was accepted since the room was loaded for a payload other than `digest`.
  bool reused(const std::string& seat, const std::string& command_id,
              const record::Hash32& digest) const;
  // A command committed.
  void add(const record::CommandRecord& c);
  // The payload of a command accepted.
  void accepted(const std::string& seat, const std::string& command_id,
                const record::Hash32& digest);

 private:
  using Key = std::pair<std::string, std::string>;  // seat, command id
  std::map<Key, record::CommandRecord> commands_;
  std::map<Key, record::Hash32> digests_;
};

}  // namespace grognard::room
