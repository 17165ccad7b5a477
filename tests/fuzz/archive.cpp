// Fuzzing the archive file reader and verifier (server/record/archive_file.h): what `grognard
// verify` and the server's import run on a file from anyone.
#include "record/archive_file.h"
#include "targets.h"

namespace grognard::fuzz {

int archive(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto read = record::read_archive(bytes);
  if (!read.ok()) return 0;
  std::vector<record::EventRecord> records;
  const record::Verdict v = record::verify_archive(registry(), *read, &records);
  (void)record::verdict_line(v);
  if (v.ok && records.size() != static_cast<std::size_t>(read->events_size())) {
    fail("a verified archive gives " + std::to_string(records.size()) + " records for " +
         std::to_string(read->events_size()) + " events");
  }
  // The binary form of what was read must write and read back. The JSON form may be refused
  // (an event of a type this build does not know cannot be printed), never for a verified
  // archive; what it writes must read back.
  for (record::ArchiveForm form : {record::ArchiveForm::kBinary, record::ArchiveForm::kJson}) {
    const char* name = form == record::ArchiveForm::kJson ? "JSON" : "binary";
    auto written = record::write_archive(*read, form);
    if (!written.ok()) {
      if (form == record::ArchiveForm::kBinary || v.ok) {
        fail("an archive" + std::string(v.ok ? " that verifies" : "") + " cannot be written (" +
             name + "): " + written.error().message);
      }
      continue;
    }
    auto again = record::read_archive(*written);
    if (!again.ok()) {
      fail("an archive read from a file does not read back from its own writing (" +
           std::string(name) + "): " + again.error().message);
    }
  }
  return 0;
}

}  // namespace grognard::fuzz
