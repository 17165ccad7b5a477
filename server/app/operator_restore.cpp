#include "app/operator_restore.h"

#include <spdlog/spdlog.h>

#include "room/clock.h"

namespace grognard::app {

bool restore_operator_records(store::OperatorRecords& records, site::Bans& bans,
                              room::Lobby& lobby) {
  auto kept = records.bans(room::system_clock_ms());
  if (!kept.ok()) {
    spdlog::critical("cannot read the operator's bans: {}", kept.error().message);
    return false;
  }
  for (const store::StoredBan& b : *kept) {
    bans.add(site::Ban{b.subject, b.until_ms, b.reason});
    spdlog::info("ban on {} kept from before the restart{}", b.subject,
                 b.reason.empty() ? std::string() : ": " + b.reason);
  }
  auto pause = records.creation_paused();
  if (!pause.ok()) {
    spdlog::critical("cannot read the operator's pause: {}", pause.error().message);
    return false;
  }
  if (*pause) {
    lobby.pause_creation(true, **pause);
    spdlog::warn(
        "new rooms stay paused, as the operator left them before the restart{} "
        "(grognard admin resume)",
        (*pause)->empty() ? std::string() : ": " + **pause);
  }
  return true;
}

}  // namespace grognard::app
