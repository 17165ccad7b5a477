#pragma once
// Reading the Sharpe's Mess screen the client prints, for the client's tests.
#include <regex>
#include <sstream>
#include <string>

namespace grognard::clitest {

// The active group named on the last map printed ("Active: sharpe (Captain Sharpe, British)").
inline std::string active_group(const std::string& output) {
  const std::regex active("Active: ([a-z0-9]+) \\(");
  std::string last;
  for (auto it = std::sregex_iterator(output.begin(), output.end(), active);
       it != std::sregex_iterator(); ++it) {
    last = (*it)[1];
  }
  return last;
}

// The table row of figure `id` in a printed map ("  A sharpe      Captain Sharpe   6.0,42.0 …").
inline std::string row_of(const std::string& output, const std::string& id) {
  std::istringstream in(output);
  for (std::string l; std::getline(in, l);) {
    if (l.size() > 4 && l.compare(4, id.size() + 1, id + " ") == 0) return l;
  }
  return "";
}

}  // namespace grognard::clitest
