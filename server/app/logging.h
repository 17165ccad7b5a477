#pragma once
// Logging: spdlog to stderr (stdout carries only the "listening on" line that tests parse).

#include <string>

namespace grognard::app {

// REQUIRES: `level` is one of trace, debug, info, warn, error.
void setup_logging(const std::string& level);

}  // namespace grognard::app
