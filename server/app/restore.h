#pragma once
// `grognard-server restore --from BACKUP --db FILE` (docs/operations.md, "Restore"): puts a
// backup in the database's place, once it is checked, while no server serves the database.
//
// Refused (exit 1, one line "restore: …" on stderr, nothing changed) while a server holds the
// database (its lock, store/db_lock.h, is taken first and held to the end, so none starts
// meanwhile); when BACKUP is missing or not a file; when a copy of it, beside the database, fails
// `PRAGMA integrity_check`, has a schema newer than this build, or fails verify-archives (a game
// that cannot be checked, exit 1 of verify-archives; or one that drifts, exit 3, unless
// `allow_drift`: its game then loads held, as verify-archives recorded). The copy is migrated as
// the server would.
//
// Then the database and its -wal and -shm, if any, are moved aside to
// FILE.before-restore-YYYYMMDD-HHMMSS (and -wal, -shm: nothing is deleted), the checked copy is
// renamed to FILE and given the owner, group and mode of the database it replaces (else those of
// its folder, mode 0600), and one line says what was done; exit 0.

#include <string>

namespace grognard::app {

int run_restore(const std::string& db, const std::string& from, bool allow_drift);

}  // namespace grognard::app
