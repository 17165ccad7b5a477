#include "site/admin.h"

#include <charconv>
#include <vector>

#include <google/protobuf/util/json_util.h>
#include <spdlog/spdlog.h>

#include "engine/canonical.h"
#include "engine/utf8.h"
#include "grognard/v1/admin.pb.h"

namespace grognard::site {

namespace {

constexpr std::uint32_t kDefaultBanMinutes = 60;
constexpr std::uint32_t kMaxBanMinutes = 30 * 24 * 60;
constexpr std::size_t kMaxReason = 500;

std::string json_of(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions options;
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(message, &out, options);
  return out + "\n";
}

AdminAnswer reply(unsigned status, std::string message) {
  v1::AdminReply r;
  r.set_message(std::move(message));
  return AdminAnswer{status, json_of(r), false, ""};
}

}  // namespace

bool admin_token_matches(const std::string& authorization, const std::string& token) {
  constexpr std::string_view kScheme = "Bearer ";
  if (authorization.size() <= kScheme.size() || authorization.compare(0, 7, kScheme) != 0) {
    return false;
  }
  const std::string_view given = std::string_view(authorization).substr(kScheme.size());
  return engine::sha256(given).bytes == engine::sha256(token).bytes;
}

std::uint64_t admin_body_limit(const std::string& method, const std::string& path,
                               const std::string& authorization, const std::string& token) {
  constexpr std::uint64_t kJsonBody = 8 * 1024;        // admin bodies are small JSON
  constexpr std::uint64_t kArchiveFile = 64ull << 20;  // far above any real game's file
  const bool import = method == "POST" && path == "/admin/games/import";
  return import && !token.empty() && admin_token_matches(authorization, token) ? kArchiveFile
                                                                               : kJsonBody;
}

namespace {

std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> parts;
  while (!path.empty()) {
    const auto slash = path.find('/');
    if (slash != 0) parts.emplace_back(path.substr(0, slash));
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return parts;
}

void fill(v1::AdminConnection& out, const ConnectionInfo& c) {
  out.set_id(c.id);
  out.set_address(c.address);
  out.set_name(c.name);
  out.set_connected_ms(c.connected_ms);
  out.set_game_id(c.game_id);
  out.set_seat_id(c.seat_id);
  out.set_role(c.role);
}

// ": REASON" for the log; nothing without one.
std::string because(const std::string& reason) {
  return reason.empty() ? std::string() : ": " + engine::shown(reason);
}

// Logs and counts an action the operator took (asked by `client`); the answer saying `what`.
AdminAnswer record(ServerMetrics& metrics, const std::string& client, std::string_view action,
                   const std::string& what) {
  spdlog::warn("admin: {} (from {})", what, client);
  metrics.admin_action(action);
  return reply(200, what);
}

class Admin {
 public:
  Admin(AdminTools tools, AdminRequest request, std::function<void(AdminAnswer)> done)
      : tools_(tools), req_(std::move(request)), done_(std::move(done)) {}

  void run() {
    if (tools_.token.empty()) return done_(reply(404, "not found"));
    if (!admin_token_matches(req_.authorization, tools_.token)) {
      spdlog::warn("admin: refused {} {} from {}: {}", req_.method, req_.path, req_.client,
                   req_.authorization.empty() ? "no token" : "wrong token");
      tools_.metrics.admin_denied();
      AdminAnswer a = reply(401, "unauthorized");
      a.challenge = true;
      return done_(std::move(a));
    }
    route(split_path(req_.path));
  }

 private:
  void route(const std::vector<std::string>& p) {
    const std::string& m = req_.method;
    const std::size_t n = p.size();
    if (n == 2 && p[1] == "rooms") return m == "GET" ? rooms() : refuse_method("GET");
    if (n == 4 && p[1] == "rooms" && p[3] == "close") {
      return m == "POST" ? close_room(p[2]) : refuse_method("POST");
    }
    if (n == 4 && p[1] == "rooms" && p[3] == "resume") {
      return m == "POST" ? resume_room(p[2]) : refuse_method("POST");
    }
    if (n == 2 && p[1] == "connections") return m == "GET" ? connections() : refuse_method("GET");
    if (n == 4 && p[1] == "connections" && p[3] == "kick") {
      return m == "POST" ? kick(p[2]) : refuse_method("POST");
    }
    if (n == 2 && p[1] == "bans") {
      if (m == "GET") return bans();
      return m == "POST" ? ban() : refuse_method("GET, POST");
    }
    if ((n == 3 || n == 4) && p[1] == "bans") {  // an address, or a range: /bans/A/N
      return m == "DELETE" ? unban(n == 4 ? p[2] + "/" + p[3] : p[2]) : refuse_method("DELETE");
    }
    if (n == 2 && p[1] == "creation") return m == "POST" ? creation() : refuse_method("POST");
    if (n == 3 && p[1] == "games" && p[2] == "import") {
      return m == "POST" ? import_game() : refuse_method("POST");
    }
    if (n == 4 && p[1] == "games" && p[3] == "drift") {
      return m == "POST" ? drift(p[2]) : refuse_method("POST");
    }
    if (n == 2 && p[1] == "accounts") return m == "GET" ? accounts() : refuse_method("GET");
    if (n == 4 && p[1] == "accounts" && (p[3] == "disable" || p[3] == "enable")) {
      return m == "POST" ? disable(p[2], p[3] == "disable") : refuse_method("POST");
    }
    done_(
        reply(404, "no admin operation at " + req_.path +
                       " (GET /admin/rooms, /admin/connections, /admin/bans, /admin/accounts; "
                       "POST /admin/rooms/ID/close, /admin/rooms/ID/resume, "
                       "/admin/connections/ID/kick, /admin/bans, /admin/creation, "
                       "/admin/games/import, /admin/games/ID/drift, /admin/accounts/NAME/disable, "
                       "/admin/accounts/NAME/enable; DELETE /admin/bans/ADDRESS)"));
  }

  void refuse_method(std::string allow) {
    AdminAnswer a =
        reply(405, req_.method + " is not allowed on " + req_.path + " (" + allow + ")");
    a.allow = std::move(allow);
    done_(std::move(a));
  }

  // Parses the body into `out`; answers 400 and returns false when it is not that message.
  bool body(google::protobuf::Message& out) {
    if (req_.body.empty()) return true;
    auto status = google::protobuf::util::JsonStringToMessage(req_.body, &out);
    if (status.ok()) return true;
    done_(reply(400, "the body is not a " + std::string(out.GetDescriptor()->name()) +
                         " in JSON: " + engine::shown(std::string(status.message()))));
    return false;
  }

  bool reason_ok(const std::string& reason, bool required) {
    if (required && reason.empty()) {
      done_(reply(400, "give a reason: it is told to the players and kept with the game"));
      return false;
    }
    if (reason.size() > kMaxReason) {
      done_(reply(400, "a reason has at most 500 characters"));
      return false;
    }
    return true;
  }

  void acted(std::string_view action, const std::string& what) {
    done_(record(tools_.metrics, req_.client, action, what));
  }

  // The answer to a lobby action that ends on another thread: done, logged and counted as
  // `action` with what the lobby says was done; 404 for a room that is not there, else 409.
  // `reason`, when given, is logged with what was done.
  std::function<void(engine::Status, std::string)> answer(std::string_view action,
                                                          std::string reason = {}) const {
    return [metrics = &tools_.metrics, done = done_, client = req_.client,
            action = std::string(action), reason](engine::Status st, std::string what) {
      if (!st.ok()) {
        const bool missing = st.error().code == engine::ErrorCode::kNotFound;
        return done(reply(missing ? 404 : 409, st.error().message));
      }
      done(record(*metrics, client, action, what + because(reason)));
    };
  }

  // The accounts' work runs on their own thread (net/account_desk.h).
  void on_accounts(std::function<void(accounts::AccountStore&)> work) {
    if (!tools_.accounts.with_store(std::move(work))) {
      done_(reply(503, "the server keeps no accounts, or is busy with them: try again"));
    }
  }

  void accounts() {
    on_accounts([done = done_](accounts::AccountStore& store) {
      auto all = store.list_accounts();
      if (!all.ok()) return done(reply(500, all.error().message));
      v1::AdminAccounts out;
      for (const accounts::Account& a : *all) {
        auto* row = out.add_accounts();
        row->set_id(a.id);
        row->set_name(a.name);
        row->set_email(a.email.value_or(""));
        row->set_email_confirmed(a.email_confirmed);
        row->set_created_ms(a.created_ms);
        row->set_disabled(a.disabled);
      }
      done(AdminAnswer{200, json_of(out), false, ""});
    });
  }

  // Disabling ends the account's sessions and logs out its connections; its seats stay its.
  void disable(const std::string& name, bool disabled) {
    v1::AdminAccountChange req;
    if (!body(req) || !reason_ok(req.reason(), disabled)) return;
    on_accounts([name, disabled, reason = req.reason(), done = done_, client = req_.client,
                 tools = tools_](accounts::AccountStore& store) {
      auto found = store.find_by_name(name);
      if (!found.ok()) return done(reply(500, found.error().message));
      if (!*found) return done(reply(404, "no account named " + engine::shown(name)));
      const accounts::Account& a = (*found)->account;
      if (auto st = store.set_disabled(a.id, disabled); !st) {
        return done(reply(500, st.error().message));
      }
      if (disabled) tools.accounts.account_disabled(a.id);
      const std::string what =
          (disabled ? "disabled account " : "enabled account ") + a.name + because(reason);
      done(record(tools.metrics, client, disabled ? "disable_account" : "enable_account", what));
    });
  }

  void rooms() {
    v1::AdminRooms out;
    const auto connections = tools_.connections.list();
    for (v1::AdminRoom& room : tools_.lobby.all_rooms()) {
      for (const ConnectionInfo& c : connections) {
        if (c.game_id == room.room().game_id()) fill(*room.add_connections(), c);
      }
      *out.add_rooms() = std::move(room);
    }
    const auto pause = tools_.lobby.creation_pause();
    out.set_creation_paused(pause.paused);
    out.set_creation_paused_reason(pause.reason);
    done_(AdminAnswer{200, json_of(out), false, ""});
  }

  void connections() {
    v1::AdminConnections out;
    for (const ConnectionInfo& c : tools_.connections.list()) fill(*out.add_connections(), c);
    done_(AdminAnswer{200, json_of(out), false, ""});
  }

  void close_room(const std::string& which) {
    v1::AdminClose req;
    if (!body(req) || !reason_ok(req.reason(), true)) return;
    tools_.lobby.close_room(which, req.reason(),
                            [answer = answer("close_room", req.reason()),
                             which](engine::Status st) { answer(st, "closed room " + which); });
  }

  // A room stopped by a storage error goes on now (Room::resume_storage), as it would at its
  // next retry; the body (AdminClose) may give a reason, told to the players.
  void resume_room(const std::string& which) {
    v1::AdminClose req;
    if (!body(req) || !reason_ok(req.reason(), false)) return;
    tools_.lobby.resume_room(which, req.reason(), answer("resume_room", req.reason()));
  }

  void kick(const std::string& id_text) {
    v1::AdminKick req;
    if (!body(req) || !reason_ok(req.reason(), false)) return;
    std::uint64_t id = 0;
    const auto [end, ec] = std::from_chars(id_text.data(), id_text.data() + id_text.size(), id);
    if (ec != std::errc() || end != id_text.data() + id_text.size()) {
      return done_(reply(400, "a connection id is a number (GET /admin/connections lists them)"));
    }
    const std::string reason = req.reason().empty()
                                   ? "closed by the server's operator"
                                   : "closed by the server's operator: " + req.reason();
    const auto kicked = tools_.connections.kick(id, reason);
    if (!kicked) return done_(reply(404, "no connection " + id_text + " is open"));
    const std::string& address = kicked->address;
    std::string what = "kicked connection " + id_text + " (" + address + ")";
    if (req.ban_minutes() == 0) return acted("kick", what + because(req.reason()));
    const auto ban = add_ban(address, req.ban_minutes(), req.reason());
    if (!ban) return;
    what += " and banned " + address + " for " + std::to_string(req.ban_minutes()) + " min";
    tools_.metrics.admin_action("ban");  // and "kick" below: one request, two actions
    kept_ban(*ban, "kick", what + because(req.reason()));
  }

  // Done in memory already; answered once it is kept in the database too (a restart keeps it),
  // or at once when the server keeps nothing (a database in memory).
  void kept(std::function<engine::Status(store::OperatorRecords&)> write, std::string_view action,
            std::string what) {
    const bool posted = tools_.accounts.with_records(
        [write, done = done_, metrics = &tools_.metrics, client = req_.client,
         action = std::string(action), what](store::OperatorRecords& records) {
          if (auto st = write(records); !st) {
            return done(reply(500, what + ", but it could not be kept for after a restart: " +
                                       st.error().message));
          }
          done(record(*metrics, client, action, what));
        });
    if (!posted) acted(action, what);
  }

  void kept_ban(const Ban& b, std::string_view action, std::string what) {
    kept(
        [b](store::OperatorRecords& r) {
          return r.put_ban(store::StoredBan{b.address, b.until_ms, b.reason},
                           room::system_clock_ms());
        },
        action, std::move(what));
  }

  // The ban made (in memory, its address's connections closed), or nullopt once refused.
  std::optional<Ban> add_ban(const std::string& address, std::uint32_t minutes,
                             const std::string& reason) {
    if (minutes > kMaxBanMinutes) {
      done_(reply(400, "a ban lasts at most 43200 minutes (30 days)"));
      return std::nullopt;
    }
    Ban ban{address, room::system_clock_ms() + std::int64_t{minutes} * 60'000, reason};
    tools_.bans.add(ban);
    tools_.connections.kick_address(address, "banned by the server's operator" +
                                                 (reason.empty() ? std::string() : ": " + reason));
    return ban;
  }

  void bans() {
    v1::AdminBans out;
    for (const Ban& b : tools_.bans.list(room::system_clock_ms())) {
      auto* o = out.add_bans();
      o->set_address(b.address);
      o->set_until_ms(b.until_ms);
      o->set_reason(b.reason);
    }
    done_(AdminAnswer{200, json_of(out), false, ""});
  }

  void ban() {
    v1::AdminBan req;
    if (!body(req) || !reason_ok(req.reason(), false)) return;
    const auto subject = parse_ban_subject(req.address());
    if (!subject) {
      return done_(reply(400, "\"" + engine::shown(req.address()) +
                                  "\" is not an IP address or range: give one IPv4 or IPv6 "
                                  "address (203.0.113.9, 2001:db8::9) or a CIDR range "
                                  "(203.0.113.0/24, 2001:db8::/48)"));
    }
    const std::uint32_t minutes = req.minutes() == 0 ? kDefaultBanMinutes : req.minutes();
    const auto ban = add_ban(*subject, minutes, req.reason());
    if (!ban) return;
    kept_ban(
        *ban, "ban",
        "banned " + *subject + " for " + std::to_string(minutes) + " min" + because(req.reason()));
  }

  void unban(const std::string& address) {
    const std::string subject = parse_ban_subject(address).value_or(address);
    if (!tools_.bans.lift(subject)) return done_(reply(404, subject + " is not banned"));
    kept([subject](store::OperatorRecords& r) { return r.drop_ban(subject); }, "unban",
         "lifted the ban on " + subject);
  }

  void creation() {
    v1::AdminCreation req;
    if (!body(req) || !reason_ok(req.reason(), false)) return;
    tools_.lobby.pause_creation(req.paused(), req.reason());
    const std::optional<std::string> pause =
        req.paused() ? std::optional(req.reason()) : std::nullopt;
    kept([pause](store::OperatorRecords& r) { return r.set_creation_paused(pause); },
         req.paused() ? "pause_creation" : "resume_creation",
         (req.paused() ? "paused the creation of new rooms" : "resumed the creation of new rooms") +
             because(req.reason()));
  }

  // The body is an archive file, binary or JSON (record/archive_file.h), within the admin API's
  // body limit (bigger ones: `grognard-server import`).
  void import_game() {
    if (req_.body.empty()) {
      return done_(reply(400, "send the archive file (binary or JSON) as the request body"));
    }
    auto imported = tools_.lobby.import_archive(req_.body);
    if (!imported.ok()) {
      const bool conflict = imported.error().code == engine::ErrorCode::kFailedPrecondition;
      return done_(reply(conflict ? 409 : 400, imported.error().message));
    }
    acted("import_game", "imported game " + *imported);
  }

  void drift(const std::string& game_id) {
    v1::AdminDrift req;
    if (!body(req) || !reason_ok(req.reason(), true)) return;
    if (req.decision() != "resume") {
      return done_(reply(400,
                         "the decision is \"resume\" (the game goes on as the current rules "
                         "fold it); to end the game instead, close it: POST /admin/rooms/" +
                             game_id + "/close"));
    }
    tools_.lobby.resume_drift(game_id, req.reason(), answer("resume_drift", req.reason()));
  }

  AdminTools tools_;
  AdminRequest req_;
  std::function<void(AdminAnswer)> done_;
};

}  // namespace

void handle_admin(AdminTools tools, AdminRequest request, std::function<void(AdminAnswer)> done) {
  Admin(tools, std::move(request), std::move(done)).run();
}

}  // namespace grognard::site
