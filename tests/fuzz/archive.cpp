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
  // The binary form of what was read must write and read back. The JSON form may be refused
  // (an event of a type this build does not know cannot be printed), never for a verified
  // archive; what it writes must read back.
  for (room::ArchiveForm form : {room::ArchiveForm::kBinary, room::ArchiveForm::kJson}) {
    const char* name = form == room::ArchiveForm::kJson ? "JSON" : "binary";
    auto written = room::write_archive(*read, form);
    if (!written.ok()) {
      if (form == room::ArchiveForm::kBinary || v.ok) {
        fail("an archive" + std::string(v.ok ? " that verifies" : "") + " cannot be written (" +
             name + "): " + written.error().message);
      }
      continue;
    }
    auto again = room::read_archive(*written);
    if (!again.ok()) {
      fail("an archive read from a file does not read back from its own writing (" +
           std::string(name) + "): " + again.error().message);
    }
  }
  return 0;
}

}  // namespace grognard::fuzz
