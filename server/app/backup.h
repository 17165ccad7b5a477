#pragma once
// `grognard-server backup --db grognard.db --to FILE`: a consistent copy of a Grognard database,
// taken while a server may be serving it (and committing to it) from another process.
//
// How: SQLite's online backup API (sqlite3_backup_init/step/finish), never a file copy, from a
// fresh read-only connection with a busy timeout. Pages are copied in chunks with a short sleep
// between, retrying on SQLITE_BUSY/SQLITE_LOCKED, so the server's writer is not held up (in WAL
// mode readers do not block the writer anyway). A commit by the server between two chunks makes
// SQLite restart the copy from the first page; after each restart the chunk doubles, so a busy
// server cannot keep the backup from finishing (at worst the last pass is one chunk, i.e. one
// read snapshot). The copy is a snapshot of the last committed state when its last pass began:
// every command acknowledged before the backup started is in it.
//
// The copy goes to a temporary file beside FILE ("FILE.partial-XXXXXX"), switched to the
// rollback journal so that it is one self-contained file (a server opening it turns WAL back
// on), then checked: PRAGMA integrity_check must answer "ok" and its schema version
// (schema_migrations, store/migrate.h) must be that of the source. Then it is fsynced, renamed
// to FILE and the directory fsynced. On any failure the temporary file is removed.
//
// Refused (exit 1, one line "backup: …" on stderr, nothing written): FILE exists; --db does not
// exist, is not an SQLite database, has no Grognard schema, or has a schema version newer than
// this build. On success, one line on stdout and exit 0:
//   backup: grognard.db -> FILE: 12 games, 3456 events, 1.2 MiB, integrity ok (0.4 s)

#include <string>

namespace grognard::app {

// Copies the database `db` to the new file `to` as above and prints the outcome. Returns the
// process exit code (0 or 1).
int run_backup(const std::string& db, const std::string& to);

// Now in UTC as backup and restore name files: "20261207-030000", with `millis`
// "20261207-030000-123".
std::string utc_stamp(bool millis);

// `backup --to-dir DIR --keep N`: the same into DIR/grognard-YYYYMMDD-HHMMSS-mmm.db (UTC, a new
// name each time), then the oldest such files in DIR beyond the newest `keep` are removed (other
// files are left alone). Both forms record the backup in the database (operator_settings,
// migration 0009), which the server exports as grognard_last_backup_timestamp_seconds; a copy
// that is good but could not be recorded exits 0 and says so on stderr.
int run_backup_to_dir(const std::string& db, const std::string& dir, std::size_t keep);

}  // namespace grognard::app
