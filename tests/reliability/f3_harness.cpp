#include "f3_harness.h"

#include <sqlite3.h>
#include <stdlib.h>

#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

namespace grognard::reliability {

namespace client = ::grognard::client;
using e2e::kWait;

FaultEnv::FaultEnv(std::map<std::string, std::string> vars) : vars_(std::move(vars)) {
  vars_["GROGNARD_FAULT"] = "1";
  for (const auto& [name, value] : vars_) setenv(name.c_str(), value.c_str(), 1);
}

FaultEnv::~FaultEnv() {
  for (const auto& [name, value] : vars_) unsetenv(name.c_str());
}

FaultReport read_report(const std::filesystem::path& file) {
  FaultReport r;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("total ", 0) == 0) {
      std::istringstream words(line);
      std::string word;
      long value = 0;
      words >> word;  // "total"
      while (words >> word >> value) {
        if (word == "writes") r.writes = value;
        if (word == "syncs") r.syncs = value;
        if (word == "opens") r.opens = value;
        if (word == "bytes") r.bytes = value;
      }
    } else if (!line.empty()) {
      r.fired.push_back(line);
    }
  }
  return r;
}

namespace {

bool sync_to(Player& p, std::uint64_t seq, std::string* why) {
  while (p.last_seq < seq) {
    auto push = p.client.next_push(kWait);
    if (!push) {
      *why = p.seat + " waited for event " + std::to_string(seq) + ": " +
             client::describe(push.failure());
      return false;
    }
    e2e::absorb(p, *push);
  }
  return true;
}

std::optional<client::Client> connect(const ServerProcess& server, std::string* why) {
  auto c = client::Client::connect(server.url(), client::Format::kBinary, kWait);
  if (!c) {
    *why = "connect: " + client::describe(c.failure());
    return std::nullopt;
  }
  if (auto w = c->hello("grognard-fault-tests"); !w) {
    *why = "hello: " + client::describe(w.failure());
    return std::nullopt;
  }
  return std::move(c).value();
}

}  // namespace

std::optional<Table> open_table(const ServerProcess& server, std::string* why) {
  Table t;
  for (int i = 0; i < 2; ++i) {
    auto c = connect(server, why);
    if (!c) return std::nullopt;
    t.players.emplace_back(std::move(*c));
  }
  auto room = t.players[0].client.create_room("itchy", "intro", false, false);
  if (!room) {
    *why = "create_room: " + client::describe(room.failure());
    return std::nullopt;
  }
  t.game_id = room->game_id();
  t.invite = room->invite_code();
  std::uint64_t started = 0;
  for (int i = 0; i < 2; ++i) {
    Player& p = t.players[static_cast<std::size_t>(i)];
    p.seat = "side:" + std::to_string(i);
    auto seated = p.client.join(t.invite, "general", p.seat, "General " + std::to_string(i));
    if (!seated) {
      *why = "join " + p.seat + ": " + client::describe(seated.failure());
      return std::nullopt;
    }
    p.token = seated->token();
    e2e::absorb(p, *seated);  // the seat that begins the game gets the opening events here
    started = seated->last_seq();
  }
  for (Player& p : t.players) {
    if (!sync_to(p, started, why)) return std::nullopt;
  }
  return t;
}

StepOutcome play_step(Table& t, std::vector<Acked>& ledger) {
  Player* actor = nullptr;
  for (Player& p : t.players) {
    if (p.status == "finished" || (p.view && p.view->over())) return {StepOutcome::kOver, ""};
    for (Player& q : t.players) {
      if (!p.acting.empty() && q.seat == p.acting.front()) actor = &q;
    }
  }
  if (actor == nullptr || !actor->view) return {StepOutcome::kRefused, "nobody is to act"};
  auto legal = actor->client.legal();
  if (!legal) return {StepOutcome::kLost, "legal: " + client::describe(legal.failure())};
  if (legal->commands_size() == 0) return {StepOutcome::kRefused, "no legal command"};
  const auto command = e2e::choose(*legal, *actor->view);
  const std::string id = e2e::next_command_id(*actor);
  auto result = actor->client.itchy_command(command, id);
  if (!result) {
    const bool refused = result.failure().kind == client::FailureKind::kServer;
    return {refused ? StepOutcome::kRefused : StepOutcome::kLost,
            client::describe(result.failure())};
  }
  ledger.push_back(Acked{t.game_id, actor->seat, id, result->first_seq(), result->last_seq()});
  std::string why;
  for (Player& p : t.players) {
    if (!sync_to(p, result->last_seq(), &why)) return {StepOutcome::kLost, why};
  }
  return {StepOutcome::kAcked, ""};
}

std::optional<std::string> wait_status(Player& p, const std::string& status, e2e::Millis wait) {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  for (;;) {
    const auto left =
        std::chrono::duration_cast<e2e::Millis>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    auto push = p.client.next_push(left);
    if (!push) return std::nullopt;
    e2e::absorb(p, *push);
    if (push->has_events() && push->events().status() == status) {
      return push->events().to_act();
    }
  }
}

bool resume_table(const ServerProcess& server, Table& t, std::string* why) {
  for (Player& p : t.players) {
    auto c = connect(server, why);
    if (!c) return false;
    p.client = std::move(*c);
    auto seated = p.client.resume(p.token, p.last_seq);
    if (!seated) {
      *why = "resume " + p.seat + ": " + client::describe(seated.failure());
      return false;
    }
    e2e::absorb(p, *seated);
  }
  return true;
}

std::pair<unsigned, std::string> healthz(const ServerProcess& server) {
  auto r = client::http_get("127.0.0.1", server.port(), "/healthz", kWait);
  if (!r) return {0, client::describe(r.failure())};
  return {r->status, r->body};
}

std::pair<unsigned, std::string> admin_resume(const ServerProcess& server,
                                              const std::string& room) {
  client::HttpRequestSpec spec;
  spec.method = "POST";
  spec.target = "/admin/rooms/" + room + "/resume";
  spec.authorization = "Bearer " + kAdminToken;
  auto r = client::http_request("127.0.0.1", server.port(), spec, kWait);
  if (!r) return {0, client::describe(r.failure())};
  return {r->status, r->body};
}

std::vector<std::string> server_flags() {
  std::vector<std::string> flags = e2e::kPlayFlags;
  flags.insert(flags.end(), {"--admin-token", kAdminToken});
  return flags;
}

std::vector<std::string> check_database(const std::filesystem::path& db,
                                        const std::vector<Acked>& ledger) {
  std::vector<std::string> problems;
  sqlite3* raw = nullptr;
  if (sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    problems.push_back("cannot open " + db.string() + ": " + sqlite3_errmsg(raw));
    sqlite3_close(raw);
    return problems;
  }
  std::unique_ptr<sqlite3, decltype(&sqlite3_close)> conn(raw, sqlite3_close);
  auto text_of = [&](const char* sql, auto bind) -> std::vector<std::string> {
    sqlite3_stmt* st = nullptr;
    std::vector<std::string> rows;
    if (sqlite3_prepare_v2(raw, sql, -1, &st, nullptr) != SQLITE_OK) {
      problems.push_back(std::string(sql) + ": " + sqlite3_errmsg(raw));
      return rows;
    }
    bind(st);
    int rc = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      std::string row;
      for (int i = 0; i < sqlite3_column_count(st); ++i) {
        const auto* v = sqlite3_column_text(st, i);
        row += (i ? " " : "") + std::string(v ? reinterpret_cast<const char*>(v) : "");
      }
      rows.push_back(row);
    }
    if (rc != SQLITE_DONE) problems.push_back(std::string(sql) + ": " + sqlite3_errmsg(raw));
    sqlite3_finalize(st);
    return rows;
  };
  const auto integrity = text_of("PRAGMA integrity_check", [](sqlite3_stmt*) {});
  if (integrity != std::vector<std::string>{"ok"}) {
    problems.push_back("integrity_check: " + (integrity.empty() ? "" : integrity.front()));
  }
  for (const Acked& a : ledger) {
    auto bind = [&](sqlite3_stmt* st) {
      sqlite3_bind_text(st, 1, a.game_id.c_str(), -1, SQLITE_TRANSIENT);
      sqlite3_bind_text(st, 2, a.seat.c_str(), -1, SQLITE_TRANSIENT);
      sqlite3_bind_text(st, 3, a.command_id.c_str(), -1, SQLITE_TRANSIENT);
    };
    // A command is its first event's seat and id, then the events up to its last, which carry
    // no id (migration 0006): all of them must be there, as acknowledged.
    const auto events = text_of(
        "SELECT seq FROM events WHERE game_id = ?1 AND seat = ?2 AND command_id = ?3", bind);
    const std::string in_run =
        "SELECT seq, command_id FROM events WHERE game_id = ?1 AND seq "
        "BETWEEN " +
        std::to_string(a.first_seq) + " AND " + std::to_string(a.last_seq) + " ORDER BY seq";
    const auto run = text_of(in_run.c_str(), [&](sqlite3_stmt* st) {
      sqlite3_bind_text(st, 1, a.game_id.c_str(), -1, SQLITE_TRANSIENT);
    });
    std::vector<std::string> want_run;
    for (std::uint64_t seq = a.first_seq; seq <= a.last_seq; ++seq) {
      want_run.push_back(std::to_string(seq) + " " + (seq == a.first_seq ? a.command_id : ""));
    }
    const std::string want = std::to_string(a.first_seq) + " " + std::to_string(a.last_seq);
    const std::string what = "acknowledged command " + a.command_id + " of " + a.seat +
                             " in game " + a.game_id + " (events " + want + ")";
    if (events != std::vector<std::string>{std::to_string(a.first_seq)}) {
      problems.push_back(what + ": " + std::to_string(events.size()) + " events carry its id");
    }
    if (run != want_run) {
      problems.push_back(what + ": " + std::to_string(run.size()) +
                         " events stored in its range, not its run of " +
                         std::to_string(want_run.size()));
    }
  }
  return problems;
}

Scratch::Scratch() {
  std::string pattern = (std::filesystem::temp_directory_path() / "grognard-fault-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  dir = pattern;
}

Scratch::~Scratch() {
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
}

long env_or(const char* name, long fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::strtol(v, nullptr, 10) : fallback;
}

std::string log_since(const ServerProcess& server, std::size_t from) {
  const std::string all = server.log();
  return from < all.size() ? all.substr(from) : std::string();
}

}  // namespace grognard::reliability
