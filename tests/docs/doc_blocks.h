#pragma once
// The blocks of docs/archives.md that tests pin to the code. Each is the fenced block after a
// line `<!-- pinned: NAME -->`, so that the doc and the code cannot drift apart: the tests read
// the numbers and the Python snippet from the doc itself.
#include <catch2/catch.hpp>

#include <cctype>
#include <map>
#include <sstream>
#include <string>

#include "../support/source_file.h"

namespace grognard::docs_test {

// The text between the fences of the block pinned as `name`. REQUIREs it.
inline std::string pinned_block(const std::string& name) {
  const std::string doc = test_support::source_file("docs/archives.md");
  const std::string marker = "<!-- pinned: " + name + " -->";
  INFO("docs/archives.md, the block after " << marker);
  const std::size_t at = doc.find(marker);
  REQUIRE(at != std::string::npos);
  const std::size_t fence = doc.find("```", at);
  REQUIRE(fence != std::string::npos);
  const std::size_t begin = doc.find('\n', fence);
  REQUIRE(begin != std::string::npos);
  const std::size_t end = doc.find("\n```", begin);
  REQUIRE(end != std::string::npos);
  return doc.substr(begin + 1, end - begin);
}

// A block of lines `key: hex`: a '#' starts a comment, and a line that starts with white space
// goes on with the value of the line before it. Keys in lower case, values without spaces.
inline std::map<std::string, std::string> hex_values(const std::string& block) {
  std::map<std::string, std::string> out;
  std::istringstream lines(block);
  std::string line;
  std::string key;
  while (std::getline(lines, line)) {
    if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::string value = line;
    if (!line.empty() && std::isspace(static_cast<unsigned char>(line[0])) == 0) {
      const auto colon = line.find(':');
      INFO("line: " << line);
      REQUIRE(colon != std::string::npos);
      key = line.substr(0, colon);
      value = line.substr(colon + 1);
      REQUIRE(out.count(key) == 0);
      out[key];
    }
    for (char c : value) {
      if (std::isspace(static_cast<unsigned char>(c)) != 0) continue;
      INFO("the value of \"" << key << "\" holds '" << c << "'");
      REQUIRE(!key.empty());
      REQUIRE(std::isxdigit(static_cast<unsigned char>(c)) != 0);
      out[key] += c;
    }
  }
  return out;
}

// The bytes that `hex` (an even number of hex digits) stands for. REQUIREs it.
inline std::string from_hex(const std::string& hex) {
  INFO("hex: " << hex);
  REQUIRE(hex.size() % 2 == 0);
  std::string out;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  }
  return out;
}

}  // namespace grognard::docs_test
