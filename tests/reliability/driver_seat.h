#pragma once
// Seats of the load driver: taking one (join), taking it again on a new connection (resume,
// completed page by page with GetEvents), and sending a command with the ledger kept.

#include <string>

#include "driver.h"

namespace grognard::reliability {

// A fresh connection for `p` that has said hello; false if the server did not answer.
asio::awaitable<bool> connect(Driver& d, Player& p);
// Joins `p` (connected) to the room `invite_code` as `role` in `seat`. (Coroutines here take
// strings by value: a reference to a temporary would not outlive the call's first suspension
// with GCC 12.)
asio::awaitable<bool> join(Driver& d, Player& p, std::string invite_code, std::string role,
                           std::string seat);
// A new connection for `p` and Resume with its token and last seen seq; every event it missed
// is read, and checked, before this returns true.
asio::awaitable<bool> resume(Driver& d, Player& p);
// Waits for the server and resumes `p` until it works (false only at d.stop).
asio::awaitable<bool> recover(Driver& d, Player& p);

enum class Sent { kDone, kLost, kRefused };
// Sends `command` as command id `id` of `p`, the ledger kept: kDone when answered (acknowledged
// or refused by the rules), kLost when no answer came (p.pending keeps it for a resend), kRefused
// when the server was shutting down.
asio::awaitable<Sent> send_command(Driver& d, Player& p, std::string id,
                                   google::protobuf::Any command);

}  // namespace grognard::reliability
