// `grognard admin rooms --status S --idle-hours H` and `grognard admin close-idle`: the rooms an
// operator looks for when games are left behind (docs/operations.md, "Abandoned games").
#include <chrono>
#include <iostream>

#include <google/protobuf/util/json_util.h>

#include "commands/admin.h"
#include "commands/errors.h"

namespace grognard::cli {

namespace {

using namespace std::chrono_literals;

}  // namespace

bool room_matches(const v1::AdminRoom& room, const AdminOptions& o, std::int64_t now_ms) {
  const v1::RoomInfo& i = room.room();
  if (!o.status.empty() && i.status() != o.status) return false;
  if (o.idle_hours <= 0) return true;
  // A server that does not say when a room was last active: never taken for idle.
  if (i.last_activity_ms() == 0) return false;
  const double idle_hours = static_cast<double>(now_ms - i.last_activity_ms()) / 3'600'000.0;
  return room.connections_size() == 0 && idle_hours >= o.idle_hours;
}

int close_idle_command(const Common& c, const AdminOptions& o, const client::Url& url,
                       const client::HttpRequestSpec& auth) {
  if (o.idle_hours <= 0 || o.reason.empty()) {
    std::cerr << "grognard: close-idle needs --idle-hours and --reason\n";
    return 2;
  }
  client::HttpRequestSpec list = auth;
  list.target = "/admin/rooms";
  auto answer = client::http_request(url, list, 10s, c.tls);
  if (!answer) {
    std::cerr << "grognard: " << readable(answer.failure()) << "\n";
    return 2;
  }
  v1::AdminRooms rooms;
  google::protobuf::util::JsonParseOptions lenient;
  lenient.ignore_unknown_fields = true;
  if (answer->status != 200 ||
      !google::protobuf::util::JsonStringToMessage(answer->body, &rooms, lenient).ok()) {
    std::cerr << "grognard: the server did not list its rooms (HTTP " << answer->status << ")\n";
    return 1;
  }
  AdminOptions filter = o;
  if (filter.status.empty()) filter.status = "running";
  const std::int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
  v1::AdminClose body;
  body.set_reason(o.reason);
  std::string json;
  (void)google::protobuf::util::MessageToJsonString(body, &json);
  int closed = 0, failed = 0;
  for (const v1::AdminRoom& room : rooms.rooms()) {
    if (!room_matches(room, filter, now)) continue;
    client::HttpRequestSpec close = auth;
    close.method = "POST";
    close.target = "/admin/rooms/" + room.room().game_id() + "/close";
    close.body = json;
    auto done = client::http_request(url, close, 10s, c.tls);
    const bool ok = done && done->status == 200;
    std::cout << (ok ? "closed " : "could not close ") << room.room().game_id() << " ("
              << room.room().invite_code() << ", " << room.room().ruleset() << "/"
              << room.room().scenario() << ")"
              << (ok ? std::string() : ": " + (done ? done->body : readable(done.failure())))
              << "\n";
    ok ? ++closed : ++failed;
  }
  std::cout << closed << (closed == 1 ? " room" : " rooms") << " closed"
            << (failed > 0 ? ", " + std::to_string(failed) + " not" : std::string()) << "\n";
  return failed > 0 ? 1 : 0;
}

}  // namespace grognard::cli
