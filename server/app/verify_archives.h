#pragma once
// Re-simulation of stored games under the rules of this build (record/resim.h; docs/operations.md,
// "Drift"), two ways:
//
// `grognard-server verify-archives --db FILE`: every stored game that has events, whatever its
// status, re-applied through the current rules with every state hash and chain link compared.
// One line per game on stdout ("g-… (itchy, finished): ok, 42 events verified" or "…: DRIFT:
// event 12 folds differently under itchy version 2 than under version 1, …"), then a summary.
// A drift found is stored as the game's drift line (it then takes no command until the operator
// decides); a stale line of a game that now verifies is cleared. Run it while no server serves
// the database: a serving server keeps the rows of the games it holds in memory. Exit 0 when
// every game verifies, 3 when some game drifts, 1 when the database cannot be opened or some
// game cannot be checked (an unknown rule set, an unreadable log).
//
// At start (check_ended_games): the same for the games that have ended (finished, aborted,
// expired or failed; recovery already checks the unfinished ones), on a thread of its own at a
// lower priority once the server is listening. One log line per drifting game and a summary.

#include <atomic>
#include <string>

#include "record/registry.h"
#include "record/store.h"
#include "room/lobby.h"

namespace grognard::app {

int run_verify_archives(const std::string& db);

// Checks the ended games, recording drift through `lobby`; returns early once `stop` is set.
void check_ended_games(record::Store& store, const record::Registry& registry, room::Lobby& lobby,
                       const std::atomic<bool>& stop);

// `grognard-server import FILE --db DB`: reads an archive file (either form), verifies it and
// stores it as an ended game (record/archive_file.h, import_archive). One line on stdout ("imported
// game g-…: …") and exit 0, or one line on stderr ("import: REFUSED at event 12: …") and exit 1.
int run_import(const std::string& db, const std::string& file);

}  // namespace grognard::app
