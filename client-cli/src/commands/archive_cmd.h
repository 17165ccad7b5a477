#pragma once
// `grognard export GAME`, `grognard report GAME` and `grognard verify FILE` (docs/client.md,
// docs/archives.md): an ended game's archive file, fetched from the server, and the check of one on
// this machine, which trusts no server: the same verification a server runs before importing it.

#include <string>

#include "commands/lobby.h"

namespace grognard::cli {

struct ExportOptions {
  std::string game_id;
  std::string out;  // empty: standard output
};
// Writes the archive of ended game `game_id`: binary (length-delimited protobuf), or JSON with
// --json. 0 written, 1 the server refused, 2 no connection or the file could not be written.
int export_command(const Common& c, const ExportOptions& o);

// Writes the battle report of ended game `game_id` (GET /games/ID/report: one self-contained
// HTML page, docs/web.md). 0 written, 1 the server refused (its words on standard error), 2 no
// connection or the file could not be written.
int report_command(const Common& c, const ExportOptions& o);

// Prints the one-line verdict on the archive file `path`: 0 verified, 1 refused (the line names
// the first event that fails and why), 2 the file cannot be read as an archive.
int verify_command(const std::string& path);

}  // namespace grognard::cli
