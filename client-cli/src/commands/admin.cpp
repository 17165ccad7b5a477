#include "commands/admin.h"

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include <google/protobuf/util/json_util.h>

#include "client/websocket.h"
#include "commands/errors.h"
#include "grognard/v1/admin.pb.h"

namespace grognard::cli {

namespace {

using namespace std::chrono_literals;

std::string json_of(const google::protobuf::Message& m) {
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(m, &out);
  return out;
}

void set(client::HttpRequestSpec& spec, std::string method, std::string target, std::string body) {
  spec.method = std::move(method);
  spec.target = std::move(target);
  spec.body = std::move(body);
}

std::string connection_line(const v1::AdminConnection& c) {
  std::ostringstream out;
  out << std::left << std::setw(6) << c.id() << std::setw(26) << c.name() << std::setw(22)
      << format_time(c.connected_ms()) + " UTC";
  if (!c.game_id().empty()) out << c.game_id() << " " << c.seat_id();
  return out.str();
}

void print_rooms(const v1::AdminRooms& r, const AdminOptions& o) {
  if (r.creation_paused()) {
    std::cout << "New rooms are paused"
              << (r.creation_paused_reason().empty() ? "" : ": " + r.creation_paused_reason())
              << "\n";
  }
  if (r.rooms().empty()) std::cout << "No rooms in memory.\n";
  const std::int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
  for (const auto& room : r.rooms()) {
    if (!room_matches(room, o, now)) continue;
    const auto& i = room.room();
    std::cout << i.game_id() << "  " << i.invite_code() << "  " << i.ruleset() << "/"
              << i.scenario() << "  " << i.status() << (i.listed() ? "" : "  unlisted") << "  "
              << room.connections_size() << " connected  last activity "
              << format_time(i.last_activity_ms()) << " UTC"
              << (room.creator_address().empty() ? "" : "  created from " + room.creator_address())
              << "\n";
    if (!i.to_act().empty()) std::cout << "    " << i.to_act() << "\n";
    for (const auto& c : room.connections()) std::cout << "    " << connection_line(c) << "\n";
  }
}

void print_answer(const std::string& action, const std::string& body, const AdminOptions& o) {
  const auto parse = [&body](google::protobuf::Message& m) {
    google::protobuf::util::JsonParseOptions lenient;
    lenient.ignore_unknown_fields = true;
    return google::protobuf::util::JsonStringToMessage(body, &m, lenient).ok();
  };
  if (action == "rooms") {
    v1::AdminRooms r;
    if (parse(r)) return print_rooms(r, o);
  } else if (action == "connections") {
    v1::AdminConnections r;
    if (parse(r)) {
      if (r.connections().empty()) std::cout << "No connections.\n";
      for (const auto& c : r.connections()) std::cout << connection_line(c) << "\n";
      return;
    }
  } else if (action == "bans") {
    v1::AdminBans r;
    if (parse(r)) {
      if (r.bans().empty()) std::cout << "No bans.\n";
      for (const auto& b : r.bans()) {
        std::cout << b.address() << "  until " << format_time(b.until_ms()) << " UTC"
                  << (b.reason().empty() ? "" : "  " + b.reason()) << "\n";
      }
      return;
    }
  } else if (action == "accounts") {
    v1::AdminAccounts r;
    if (parse(r)) {
      if (r.accounts().empty()) std::cout << "No accounts.\n";
      for (const auto& a : r.accounts()) {
        std::cout << a.name() << "  since " << format_time(a.created_ms()) << " UTC"
                  << (a.email().empty()     ? ""
                      : a.email_confirmed() ? "  " + a.email()
                                            : "  " + a.email() + " (not confirmed)")
                  << (a.disabled() ? "  DISABLED" : "") << "\n";
      }
      return;
    }
  } else {
    v1::AdminReply r;
    if (parse(r)) {
      std::cout << r.message() << "\n";
      return;
    }
  }
  std::cout << body;
}

}  // namespace

int admin_command(const Common& c, AdminOptions o) {
  if (o.token.empty()) {
    if (const char* env = std::getenv("GROGNARD_ADMIN_TOKEN")) o.token = env;
  }
  if (o.token.empty()) {
    std::cerr << "grognard: give the server's admin token (--token, or GROGNARD_ADMIN_TOKEN)\n";
    return 2;
  }
  client::HttpRequestSpec spec;
  spec.authorization = "Bearer " + o.token;
  const std::string& a = o.action;
  if (a == "rooms" || a == "connections" || a == "bans" || a == "accounts") {
    spec.target = "/admin/" + a;
  } else if (a == "disable-account" || a == "enable-account") {
    v1::AdminAccountChange body;
    body.set_reason(o.reason);
    set(spec, "POST",
        "/admin/accounts/" + o.target + (a == "disable-account" ? "/disable" : "/enable"),
        json_of(body));
  } else if (a == "close") {
    v1::AdminClose body;
    body.set_reason(o.reason);
    set(spec, "POST", "/admin/rooms/" + o.target + "/close", json_of(body));
  } else if (a == "resume-room") {
    v1::AdminClose body;
    body.set_reason(o.reason);
    set(spec, "POST", "/admin/rooms/" + o.target + "/resume", json_of(body));
  } else if (a == "kick") {
    v1::AdminKick body;
    body.set_reason(o.reason);
    body.set_ban_minutes(o.minutes);
    set(spec, "POST", "/admin/connections/" + o.target + "/kick", json_of(body));
  } else if (a == "ban") {
    v1::AdminBan body;
    body.set_address(o.target);
    body.set_minutes(o.minutes);
    body.set_reason(o.reason);
    set(spec, "POST", "/admin/bans", json_of(body));
  } else if (a == "unban") {
    set(spec, "DELETE", "/admin/bans/" + o.target, "");
  } else if (a == "go-on") {
    v1::AdminDrift body;
    body.set_decision("resume");
    body.set_reason(o.reason);
    set(spec, "POST", "/admin/games/" + o.target + "/drift", json_of(body));
  } else if (a == "import") {
    std::ifstream in(o.target, std::ios::binary);
    if (!in) {
      std::cerr << "grognard: cannot read " << o.target << "\n";
      return 2;
    }
    set(spec, "POST", "/admin/games/import",
        std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()));
  } else if (a == "close-idle") {
    // Several requests: close_idle_command() below.
  } else {  // pause, resume
    v1::AdminCreation body;
    body.set_paused(a == "pause");
    body.set_reason(o.reason);
    set(spec, "POST", "/admin/creation", json_of(body));
  }

  auto url = client::parse_url(c.server);
  if (!url) {
    std::cerr << "grognard: " << url.failure().message << "\n";
    return 2;
  }
  if (a == "close-idle") return close_idle_command(c, o, *url, spec);
  auto answer = client::http_request(*url, spec, 10s, c.tls);
  if (!answer) {
    std::cerr << "grognard: " << readable(answer.failure()) << "\n";
    return 2;
  }
  if (answer->status == 200) {
    if (c.json) {
      std::cout << answer->body;
    } else {
      print_answer(a, answer->body, o);
    }
    return 0;
  }
  if (answer->status == 401) {
    std::cerr << "grognard: the server refused the admin token\n";
    return 1;
  }
  if (answer->status == 404 && answer->content_type.find("json") == std::string::npos) {
    std::cerr << "grognard: this server's admin API is off (it was started without an admin "
                 "token)\n";
    return 1;
  }
  v1::AdminReply r;
  const bool readable = google::protobuf::util::JsonStringToMessage(answer->body, &r).ok();
  std::cerr << "grognard: " << (readable ? r.message() : answer->body) << " (HTTP "
            << answer->status << ")\n";
  return 1;
}

}  // namespace grognard::cli
