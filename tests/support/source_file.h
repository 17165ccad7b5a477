#pragma once
// Files of the source tree read whole, for tests: scenarios, golden files. The test targets
// define GROGNARD_SOURCE_DIR (tests/CMakeLists.txt).
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

namespace grognard::test_support {

// The whole text of the file at `path`; REQUIREs that it can be read.
inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  INFO("reading " << path);
  REQUIRE(in.good());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

#ifdef GROGNARD_SOURCE_DIR
// A file of the source tree by its path from the top ("scenarios/sharpe/village.textproto").
inline std::string source_file(const std::string& relative) {
  return read_file(std::string(GROGNARD_SOURCE_DIR) + "/" + relative);
}
#endif

}  // namespace grognard::test_support
