#include "room/archive_file.h"

namespace grognard::room {

namespace {
engine::Error not_yet() {
  return engine::Error{engine::ErrorCode::kFailedPrecondition, "", "archive files: in progress"};
}
}  // namespace

std::string write_archive(const v1::GameArchive& /*archive*/, ArchiveForm /*form*/) {
  return {};
}
engine::Result<v1::GameArchive> read_archive(std::string_view /*bytes*/) {
  return not_yet();
}
engine::Result<v1::GameArchive> export_archive(Store& /*store*/, const Registry& /*registry*/,
                                               const std::string& /*game_id*/,
                                               std::int64_t /*now_ms*/) {
  return not_yet();
}
void export_game(Store& /*store*/, const Registry& /*registry*/, Peer& peer,
                 const v1::ExportGame& /*req*/, std::uint64_t request_id) {
  peer.send(error_message(request_id, not_yet()));
}
Verdict verify_archive(const Registry& /*registry*/, const v1::GameArchive& /*archive*/) {
  return {};
}
std::string verdict_line(const Verdict& /*verdict*/) {
  return {};
}
engine::Status import_archive(Store& /*store*/, const Registry& /*registry*/,
                              const v1::GameArchive& /*archive*/, std::int64_t /*now_ms*/) {
  return not_yet();
}

}  // namespace grognard::room
