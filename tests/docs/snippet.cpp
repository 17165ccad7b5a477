#include "snippet.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "app/builtin.h"
#include "doc_blocks.h"
#include "grognard/v1/itchy.pb.h"
#include "record/registry.h"

namespace grognard::docs_test {

namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  REQUIRE(out.good());
}

// A directory of its own for this test process, removed at exit.
struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("grognard-docs-" + std::to_string(::getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

}  // namespace

SnippetRun run_snippet(const v1::GameArchive& archive) {
  static const Scratch scratch;
  const fs::path script = scratch.dir / "check_archive.py";
  const fs::path file = scratch.dir / "game.json";
  write(script, pinned_block("check_archive.py"));
  write(file, *record::write_archive(archive, record::ArchiveForm::kJson));
  const std::string python = GROGNARD_PYTHON3;
  INFO("python3: \"" << python << "\" (scripts/deps.sh installs it)");
  REQUIRE(!python.empty());
  REQUIRE(fs::exists(python));
  const std::string command =
      "'" + python + "' '" + script.string() + "' '" + file.string() + "' 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) out += buffer;
  const int status = ::pclose(pipe);
  INFO("the snippet printed:\n" << out);
  REQUIRE(WIFEXITED(status));
  // One line, nothing else.
  REQUIRE(!out.empty());
  REQUIRE(out.back() == '\n');
  out.pop_back();
  REQUIRE(out.find('\n') == std::string::npos);
  return SnippetRun{WEXITSTATUS(status), out};
}

record::Verdict server_verdict(const v1::GameArchive& archive) {
  static const record::Registry registry = [] {
    record::Registry r;
    app::add_builtin(r);
    return r;
  }();
  return record::verify_archive(registry, archive);
}

std::string verdict_head(const std::string& line) {
  return line.substr(0, line.find(':'));
}

void expect_verified(const v1::GameArchive& archive) {
  const record::Verdict server = server_verdict(archive);
  INFO("server:  " << record::verdict_line(server));
  REQUIRE(server.ok);
  std::string expected = "verified: game " + archive.header().game_id() + " (" +
                         archive.header().ruleset() +
                         "): " + std::to_string(archive.events_size()) + " events, " +
                         std::to_string(server.dice) + " dice, chain intact";
  for (const std::string& u : server.unchecked) expected += "; not checked: " + u;
  const SnippetRun snippet = run_snippet(archive);
  CHECK(snippet.status == 0);
  CHECK(snippet.line == expected);
}

void expect_refused_at(const v1::GameArchive& archive, std::uint64_t seq, const std::string& what) {
  INFO("tampered: " << what);
  const record::Verdict server = server_verdict(archive);
  const SnippetRun snippet = run_snippet(archive);
  INFO("server:  " << record::verdict_line(server) << "\nsnippet: " << snippet.line);
  CHECK_FALSE(server.ok);
  CHECK(server.seq == seq);
  CHECK(snippet.status == 1);
  CHECK(verdict_head(snippet.line) == verdict_head(record::verdict_line(server)));
}

v1::ArchivedEvent& event(v1::GameArchive& archive, std::uint64_t seq) {
  REQUIRE(seq >= 1);
  REQUIRE(seq <= static_cast<std::uint64_t>(archive.events_size()));
  return *archive.mutable_events(static_cast<int>(seq - 1));
}

std::uint64_t bump_itchy_die(v1::GameArchive& archive, std::uint64_t from) {
  for (v1::ArchivedEvent& e : *archive.mutable_events()) {
    v1::itchy::Event ev;
    if (e.seq() < from || !e.readable().rules().UnpackTo(&ev)) continue;
    v1::Roll* roll = nullptr;
    if (ev.has_attack_resolved() && ev.attack_resolved().rolls_size() > 0) {
      roll = ev.mutable_attack_resolved()->mutable_rolls(0);
    } else if (ev.has_initiative_thrown() && ev.initiative_thrown().throws_size() > 0) {
      roll = ev.mutable_initiative_thrown()->mutable_throws(0)->mutable_side0();
    } else {
      continue;
    }
    roll->set_face(roll->face() % roll->sides() + 1);
    e.mutable_readable()->mutable_rules()->PackFrom(ev);
    return e.seq();
  }
  FAIL("no die from event " << from << " on");
  return 0;
}

}  // namespace grognard::docs_test
