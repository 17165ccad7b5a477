#pragma once
// `grognard admin …`: the server operator's tools over the admin API (HTTP under /admin on the
// server's port, HTTPS when the server address is wss:// or https://, verified as the
// WebSocket is; proto/grognard/v1/admin.proto, docs/operations.md "Admin"). The token comes
// from --token or $GROGNARD_ADMIN_TOKEN. Exit status: 0 done, 1 refused by the server (a wrong
// token included), 2 no connection or bad usage.

#include <cstdint>
#include <string>

#include "commands/lobby.h"

namespace grognard::cli {

struct AdminOptions {
  std::string token;
  std::string action;  // rooms, connections, close, kick, ban, unban, bans, pause, resume,
                       // go-on, import
  std::string target;  // the room, game, connection id, address or file the action is about
  std::string reason;
  std::uint32_t minutes = 0;
};

int admin_command(const Common& c, AdminOptions o);

}  // namespace grognard::cli
