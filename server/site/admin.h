#pragma once
// The operator's admin API: HTTP under /admin on the server's own port, enabled by an admin
// token (Options::admin_token; none: every /admin path answers 404, as if it did not exist).
// Routes and bodies: proto/grognard/v1/admin.proto; docs/operations.md "Admin".
//
// Authorization: `Authorization: Bearer TOKEN`. A missing or wrong token gets 401 and nothing
// else, is logged (warn, with the client's address) and counted in grognard_admin_denied_total.
// Every action is logged (warn: it changes what players see) and counted in
// grognard_admin_actions_total{action}. Beast-free.
//
// Thread-safety: handle_admin may be called from any thread; `done` may run on another.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "accounts/account_store.h"
#include "room/lobby.h"
#include "site/bans.h"
#include "site/prometheus.h"
#include "store/operator_records.h"

namespace grognard::site {

// A connection as the operator sees it.
struct ConnectionInfo {
  std::uint64_t id = 0;
  std::string address;  // the client's address (X-Forwarded-For behind a trusted proxy)
  std::string name;     // as the logs name it: "203.0.113.9:51234#7"
  std::int64_t connected_ms = 0;
  std::string game_id;  // the room it is seated in ("": none)
  std::string seat_id;
  std::string role;
};

// The live connections, which the transport holds (net::Hub): what the operator may list and
// close. Every member may be called from any thread.
class Connections {
 public:
  virtual std::vector<ConnectionInfo> list() const = 0;
  // The connection kicked; nullopt when none has that id.
  virtual std::optional<ConnectionInfo> kick(std::uint64_t id, const std::string& reason) = 0;
  // Kicks every connection from `address`, or from the range it names ("203.0.113.0/24", as
  // parse_ban_subject() gives it); returns how many.
  virtual std::size_t kick_address(const std::string& address, const std::string& reason) = 0;

 protected:
  ~Connections() = default;
};

// What the admin API keeps in the database, reached off the network threads
// (net::AccountDesk). Any thread.
class AccountsAccess {
 public:
  // Runs `work` with the store on the accounts' thread; false (nothing run) when the server
  // keeps no accounts or too many requests wait.
  virtual bool with_store(std::function<void(accounts::AccountStore&)> work) = 0;
  // Account `account_id` was disabled: its connections are logged out.
  virtual void account_disabled(std::int64_t account_id) = 0;
  // Runs `work` with the operator's records on that thread (never refused for being busy);
  // false (nothing run) when the server keeps none (a database in memory).
  virtual bool with_records(std::function<void(store::OperatorRecords&)> work) = 0;

 protected:
  ~AccountsAccess() = default;
};

// What the admin API acts on; each outlives every request.
struct AdminTools {
  const std::string& token;  // Options::admin_token (empty: admin is off)
  Connections& connections;
  Bans& bans;
  room::Lobby& lobby;
  ServerMetrics& metrics;
  AccountsAccess& accounts;
};

struct AdminRequest {
  std::string method;         // "GET", "POST", "DELETE"
  std::string path;           // the target without its query: "/admin/rooms"
  std::string authorization;  // the Authorization header as sent
  std::string body;           // JSON (admin.proto), may be empty
  std::string client;         // the client's address, for the log
};

struct AdminAnswer {
  unsigned status = 200;
  std::string json;        // an admin.proto message in JSON
  bool challenge = false;  // 401: add WWW-Authenticate: Bearer
  std::string allow;       // 405: the methods this path takes
};

// Whether `authorization` ("Bearer TOKEN") carries `token`. Compares digests, so the time taken
// says nothing about how much of the token was right.
bool admin_token_matches(const std::string& authorization, const std::string& token);

// The largest body a request may send: an archive file for POST /admin/games/import from a
// holder of the admin token, else a small JSON body.
std::uint64_t admin_body_limit(const std::string& method, const std::string& path,
                               const std::string& authorization, const std::string& token);

// Answers `request`; REQUIRES: request.path is "/admin" or starts with "/admin/".
void handle_admin(AdminTools tools, AdminRequest request, std::function<void(AdminAnswer)> done);

}  // namespace grognard::site
