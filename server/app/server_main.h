#pragma once
// The server's program: flags, wiring, signals (docs/design.md "Shape"), as server/main.cpp
// runs it, with the time the lobby, the rooms and the accounts read from `clock`. Only
// server/main.cpp and the tests' server (tests/support/clock_server_main.cpp, whose clock the
// tests move forward) call it: no flag of the server changes its time.

#include <chrono>

#include "room/clock.h"

namespace grognard::app {

// `clock_watch`: how often the rooms' clocks are looked at for the notices they call for
// (room/lobby_options.h); the tests' server looks more often than the server's 30 s.
int server_main(int argc, char** argv, room::Clock clock,
                std::chrono::milliseconds clock_watch = std::chrono::seconds(30));

}  // namespace grognard::app
