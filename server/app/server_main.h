#pragma once
// The server's program: flags, wiring, signals (docs/design.md "Shape"), as server/main.cpp
// runs it, with the time the lobby, the rooms and the accounts read from `clock`. Only
// server/main.cpp and the tests' server (tests/support/clock_server_main.cpp, whose clock the
// tests move forward) call it: no flag of the server changes its time.

#include "room/clock.h"

namespace grognard::app {

int server_main(int argc, char** argv, room::Clock clock);

}  // namespace grognard::app
