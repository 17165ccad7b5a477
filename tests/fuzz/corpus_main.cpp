// Writes the seed corpus: corpus_builder OUT_DIR writes OUT_DIR/<target>/seed-<n> for every
// target of targets.h (existing files are kept; the seeds are overwritten).
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "corpus.h"
#include "targets.h"

int main(int argc, char** argv) {
  using namespace grognard::fuzz;
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUT_DIR\n", argv[0]);
    return 2;
  }
  Corpus corpus;
  add_frames(corpus);
  add_games(corpus);
  add_archives(corpus);
  namespace fs = std::filesystem;
  for (const Target& t : targets()) {
    const fs::path dir = fs::path(argv[1]) / t.name;
    fs::create_directories(dir);
    const auto& inputs = corpus[t.name];
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      std::ofstream(dir / ("seed-" + std::to_string(i)), std::ios::binary) << inputs[i];
    }
    std::printf("corpus: %zu seeds for %s\n", inputs.size(), t.name.c_str());
    if (inputs.empty()) return 1;
  }
  return 0;
}
