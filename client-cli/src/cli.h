#pragma once
// The command line (CLI11): rooms, scenarios, create, join, play, watch, games, replay.

namespace grognard::cli {

int run_cli(int argc, char** argv);

}  // namespace grognard::cli
