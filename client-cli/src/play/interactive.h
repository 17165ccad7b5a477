#pragma once
// Interactive play and watching: the screen redrawn live, a line editor at the bottom.
//
// Two threads. The network thread owns the Link (and so the Client): it runs the requests the
// user's lines turn into, one at a time, and between them reads pushes for up to 100 ms, pings
// when the line is idle, and reconnects with back-off when the connection drops (a command
// interrupted that way is sent again with the same command id, which the server never applies
// twice). It hands results back as a copy of the GameState plus message lines, and wakes the
// user-interface thread through a pipe. The user-interface thread owns the terminal: it waits
// (poll) on standard input and that pipe, feeds keys to libedit, turns typed lines into jobs
// for the network thread, and redraws the whole screen whenever something arrives. Neither
// thread touches the other's objects; the only shared state is a mutex-guarded mailbox. When
// the network thread gives up (kicked or banned by the operator, reconnecting failed) its last
// lines say why and the prompt ends, with exit status 1.

#include "commands/game_link.h"
#include "render/style.h"

namespace grognard::cli {

// REQUIRES: `link` is open, standard input is a terminal. Returns the exit status.
int run_interactive(Link& link, const Style& style);

}  // namespace grognard::cli
