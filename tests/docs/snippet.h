#pragma once
// The Python snippet of docs/archives.md ("Checking a file in Python"), taken from the doc itself
// and run by the Python of the test machine on archive files in their JSON form, beside the
// server's own verdict (room::verify_archive) on the same file.
#include <string>

#include "grognard/v1/protocol.pb.h"
#include "room/archive_file.h"

namespace grognard::docs_test {

// What the snippet printed (one line, without its newline) and its exit status.
struct SnippetRun {
  int status = -1;
  std::string line;
};

// Writes the snippet and `archive` (JSON) to a temporary directory and runs it there.
SnippetRun run_snippet(const v1::GameArchive& archive);

// The server's verdict with every rule set of this build.
room::Verdict server_verdict(const v1::GameArchive& archive);

// "REFUSED at event 7" of a refusal line, "verified" of a verified one.
std::string verdict_head(const std::string& line);

}  // namespace grognard::docs_test
