#pragma once
// `grognard admin …`: the server operator's tools over the admin API (HTTP under /admin on the
// server's port, HTTPS when the server address is wss:// or https://, verified as the
// WebSocket is; proto/grognard/v1/admin.proto, docs/operations.md "Admin"). The token comes
// from --token or $GROGNARD_ADMIN_TOKEN. Exit status: 0 done, 1 refused by the server (a wrong
// token included), 2 no connection or bad usage.

#include <cstdint>
#include <string>

#include "client/websocket.h"
#include "commands/lobby.h"
#include "grognard/v1/admin.pb.h"

namespace grognard::cli {

struct AdminOptions {
  std::string token;
  std::string action;  // rooms, connections, close, kick, ban, unban, bans, pause, resume,
                       // go-on, import
  std::string target;  // the room, game, connection id, address or file the action is about
  std::string reason;
  std::uint32_t minutes = 0;
  // rooms and close-idle: only rooms with this status ("" any; close-idle: running), with
  // nobody connected and no activity for at least idle_hours (0: any; close-idle needs it).
  std::string status;
  double idle_hours = 0;
};

int admin_command(const Common& c, AdminOptions o);

// The rooms `o` keeps (admin_rooms.cpp), as of `now_ms`.
bool room_matches(const v1::AdminRoom& room, const AdminOptions& o, std::int64_t now_ms);
// close-idle: every room room_matches() keeps is closed with o.reason; one line each.
int close_idle_command(const Common& c, const AdminOptions& o, const client::Url& url,
                       const client::HttpRequestSpec& auth);

}  // namespace grognard::cli
