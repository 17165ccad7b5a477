// Fuzzing the archive file reader and verifier (server/room/archive_file.h): what `grognard
// verify` and the server's import run on a file from anyone.
#include "room/archive_file.h"
#include "targets.h"

namespace grognard::fuzz {

int archive(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto read = room::read_archive(bytes);
  if (!read.ok()) return 0;
  std::vector<room::EventRecord> records;
  const room::Verdict v = room::verify_archive(registry(), *read, &records);
  (void)room::verdict_line(v);
  if (v.ok && records.size() != static_cast<std::size_t>(read->events_size())) {
    fail("a verified archive gives " + std::to_string(records.size()) + " records for " +
         std::to_string(read->events_size()) + " events");
  }
  // Both forms of what was read must read back.
  for (room::ArchiveForm form : {room::ArchiveForm::kBinary, room::ArchiveForm::kJson}) {
    if (!room::read_archive(room::write_archive(*read, form)).ok()) {
      fail("an archive read from a file does not read back from its own writing");
    }
  }
  return 0;
}

}  // namespace grognard::fuzz
