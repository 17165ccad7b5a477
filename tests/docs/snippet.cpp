#include "snippet.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "app/builtin.h"
#include "doc_blocks.h"
#include "room/registry.h"

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
  write(file, room::write_archive(archive, room::ArchiveForm::kJson));
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

room::Verdict server_verdict(const v1::GameArchive& archive) {
  static const room::Registry registry = [] {
    room::Registry r;
    app::add_builtin(r);
    return r;
  }();
  return room::verify_archive(registry, archive);
}

std::string verdict_head(const std::string& line) {
  return line.substr(0, line.find(':'));
}

}  // namespace grognard::docs_test
