#pragma once
// The Python snippet of docs/archives.md ("Checking a file in Python"), taken from the doc itself
// and run by the Python of the test machine on archive files in their JSON form, beside the
// server's own verdict (record::verify_archive) on the same file.
#include <cstdint>
#include <string>

#include "grognard/v1/protocol.pb.h"
#include "record/archive_file.h"

namespace grognard::docs_test {

// What the snippet printed (one line, without its newline) and its exit status.
struct SnippetRun {
  int status = -1;
  std::string line;
};

// Writes the snippet and `archive` (JSON) to a temporary directory and runs it there.
SnippetRun run_snippet(const v1::GameArchive& archive);

// The server's verdict with every rule set of this build.
record::Verdict server_verdict(const v1::GameArchive& archive);

// "REFUSED at event 7" of a refusal line, "verified" of a verified one.
std::string verdict_head(const std::string& line);

// REQUIREs the server and the snippet to verify `archive`, the snippet with the server's count of
// dice and the same things left unchecked.
void expect_verified(const v1::GameArchive& archive);
// REQUIREs the server and the snippet to refuse `archive` at event `seq` (0: the header).
void expect_refused_at(const v1::GameArchive& archive, std::uint64_t seq, const std::string& what);

// Event `seq` of the file (REQUIREs it).
v1::ArchivedEvent& event(v1::GameArchive& archive, std::uint64_t seq);
// In an Itchy & Scratchy file: adds one to the face of the first die of the first attack or
// initiative throw from event `from` on, in its readable form only (wrapping within the die);
// returns that event.
std::uint64_t bump_itchy_die(v1::GameArchive& archive, std::uint64_t from);

}  // namespace grognard::docs_test
