#pragma once
// At start: the bans and the pause on new rooms the operator left before the restart
// (store/operator_records.h), put back and said in the log.

#include "room/lobby.h"
#include "site/bans.h"
#include "store/operator_records.h"

namespace grognard::app {

// False (and a critical line) when they cannot be read: the server then does not start.
bool restore_operator_records(store::OperatorRecords& records, site::Bans& bans,
                              room::Lobby& lobby);

}  // namespace grognard::app
