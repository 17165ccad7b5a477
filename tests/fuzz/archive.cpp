// Fuzzing the archive file reader and verifier (server/room/archive_file.h): what `grognard
// verify` and the server's import run on a file from anyone.
#include <google/protobuf/util/json_util.h>

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
  // Both forms of what was read must read back; JSON only when protobuf can print it at all (a
  // `readable` Any of a type this build does not know cannot be: write_archive then writes what it
  // has, unreadable, a defect left for the archive's owners, docs/reliability.md F4).
  std::string json;
  const bool printable = google::protobuf::util::MessageToJsonString(*read, &json).ok();
  for (room::ArchiveForm form : {room::ArchiveForm::kBinary, room::ArchiveForm::kJson}) {
    if (form == room::ArchiveForm::kJson && !printable) continue;
    auto again = room::read_archive(room::write_archive(*read, form));
    if (!again.ok()) {
      fail("an archive read from a file does not read back from its own writing (" +
           std::string(form == room::ArchiveForm::kJson ? "JSON" : "binary") +
           "): " + again.error().message);
    }
  }
  return 0;
}

}  // namespace grognard::fuzz
