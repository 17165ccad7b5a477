// Every input a fuzzer ever crashed on (tests/fuzz/regressions/<target>/, one file each) and the
// seed corpus, fed to the same entries the libFuzzer targets run (targets.h): an entry aborts on
// what it finds, so a defect that comes back fails this test.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "corpus.h"
#include "record/archive_file.h"
#include "targets.h"

using namespace grognard::fuzz;

namespace {

void feed(const Target& t, const std::string& input) {
  t.run(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
}

}  // namespace

TEST_CASE("fuzz regressions: every input the fuzzers crashed on runs clean",
          "[reliability][fuzz]") {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(GROGNARD_SOURCE_DIR) / "tests/fuzz/regressions";
  std::size_t fed = 0;
  for (const Target& t : targets()) {
    if (!fs::is_directory(root / t.name)) continue;
    for (const auto& file : fs::directory_iterator(root / t.name)) {
      if (!file.is_regular_file() || file.path().filename() == "README.md") continue;
      INFO(t.name << ": " << file.path().string());
      std::ifstream in(file.path(), std::ios::binary);
      std::stringstream bytes;
      bytes << in.rdbuf();
      feed(t, bytes.str());
      ++fed;
    }
  }
  std::printf("fuzz regressions: %zu inputs\n", fed);
  CHECK(fed >= 3);  // the folder is read: one input per defect found so far
}

TEST_CASE("fuzz seed corpus: every seed of every target runs clean", "[reliability][fuzz]") {
  Corpus corpus;
  add_frames(corpus);
  add_games(corpus);
  add_archives(corpus);
  for (const Target& t : targets()) {
    INFO(t.name);
    CHECK(corpus[t.name].size() >= 3);
    for (const std::string& input : corpus[t.name]) feed(t, input);
  }
  // The archive seeds are whole, true games: the fuzzer starts from files that verify.
  for (const std::string& input : corpus["archive"]) {
    auto read = grognard::record::read_archive(input);
    REQUIRE(read.ok());
    const auto verdict = grognard::record::verify_archive(registry(), *read);
    INFO(grognard::record::verdict_line(verdict));
    CHECK(verdict.ok);
  }
}
