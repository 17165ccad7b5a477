#pragma once
// Archive files (docs/archives.md): one self-contained file per ended game, which anyone can
// check without trusting the server that wrote it, and any server can import.
//
// The binary form is the ArchiveHeader then every ArchivedEvent, each as a length-delimited
// protobuf message (a varint length, then the message); the JSON form is one GameArchive in
// protobuf's JSON mapping. read_archive() takes either.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "record/hashes.h"
#include "record/proto.h"
#include "record/registry.h"
#include "record/store.h"

namespace grognard::record {

inline constexpr std::uint32_t kArchiveFormat = 1;
// Far above any real game's file (a long game's is well under a megabyte), far below what reading
// one could not afford.
inline constexpr std::uint64_t kMaxArchiveBytes = 64ull << 20;

enum class ArchiveForm : std::uint8_t { kBinary, kJson };
// The file's bytes. The binary form can always be written; the JSON form is refused, saying why,
// when protobuf cannot print an event's readable form (a type this build does not know) or what it
// prints would not read back.
engine::Result<std::string> write_archive(const v1::GameArchive& archive, ArchiveForm form);
// Either form (JSON when the first byte that is not white space is '{'); an error says what
// could not be read, and where. Refused before parsing: more than kMaxArchiveBytes, or a JSON
// form of more objects than a real game's could hold.
engine::Result<v1::GameArchive> read_archive(std::string_view bytes);
// The archive file at `path`, its size checked before it is read.
engine::Result<v1::GameArchive> read_archive_file(const std::string& path);

// The archive of ended game `game_id` (finished or aborted: its seed is public) as stored.
// Chat sent to one seat is withheld: its payload stays with that side and the referee.
engine::Result<v1::GameArchive> export_archive(Store& store, const Registry& registry,
                                               const std::string& game_id, std::int64_t now_ms);
// Whether an archive file leaves out the payload of `r`: chat sent to one seat (or an event
// imported without it).
bool withheld(const EventRecord& r);

// What checking an archive found. `ok` is false at the first thing that fails: `seq` names the
// event (0: the header) and `reason` why.
struct Verdict {
  bool ok = false;
  std::uint64_t seq = 0;
  std::string reason;
  std::string game_id;
  std::uint64_t events = 0;  // events checked
  std::uint64_t dice = 0;    // throws re-derived from a seed
  // What could not be checked, one line each (the dice before a fork whose source game has not
  // ended, chat withheld from the file).
  std::vector<std::string> unchecked;
};
// Checks everything: the format, the seed against its published hash, every chain link and
// digest, every die re-derived from the seed, every event re-applied through the current rules
// with each state hash and commitment compared.
// When `records` is given and the archive verifies, it receives the events as the store keeps
// them (an event withheld from the file keeps its digest in EventRecord::withheld_digest).
Verdict verify_archive(const Registry& registry, const v1::GameArchive& archive,
                       std::vector<EventRecord>* records = nullptr);
// One line: "verified: game g-… (itchy, …): 42 events, 17 dice, chain and state hashes match" or
// "REFUSED at event 12: …".
std::string verdict_line(const Verdict& verdict);

// Verifies `archive` and stores it as an ended game of this server (keeping its id, so that forks
// and links made elsewhere still name it). Refused, with nothing stored, when the archive does
// not verify, when a game with its id is already stored, or when the rule set is not hosted here.
engine::Status import_archive(Store& store, const Registry& registry,
                              const v1::GameArchive& archive, std::int64_t now_ms);

}  // namespace grognard::record
