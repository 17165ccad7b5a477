#pragma once
// Internal to app/config.cpp: the flags of what one address, one range of addresses and the
// whole server may hold (issue 33; docs/operations.md, "Limits"), each with its GROGNARD_*
// variable named after it.

#include <CLI/CLI.hpp>

#include "app/config.h"

namespace grognard::app {

void add_share_flags(CLI::App& cli, Config& config);
// What the flags of add_share_flags() set in more than one place, once they are parsed.
void apply_share_flags(Config& config);

}  // namespace grognard::app
