#include "driver_check.h"

#include <sqlite3.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace grognard::reliability {

namespace {

// One prepared statement; text columns read as strings.
class Query {
 public:
  Query(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &st_, nullptr); }
  ~Query() { sqlite3_finalize(st_); }
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;
  bool ok() const { return st_ != nullptr; }
  void reset() {
    sqlite3_reset(st_);
    sqlite3_clear_bindings(st_);
  }
  void bind(int i, const std::string& s) {
    sqlite3_bind_text(st_, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
  }
  void bind(int i, std::uint64_t v) { sqlite3_bind_int64(st_, i, static_cast<sqlite3_int64>(v)); }
  bool row() { return sqlite3_step(st_) == SQLITE_ROW; }
  std::string text(int i) {
    const auto* p = sqlite3_column_text(st_, i);
    return p == nullptr ? "" : reinterpret_cast<const char*>(p);
  }
  std::uint64_t num(int i) { return static_cast<std::uint64_t>(sqlite3_column_int64(st_, i)); }

 private:
  sqlite3_stmt* st_ = nullptr;
};

std::string name(const CommandKey& k) {
  return "game " + k.game_id + " " + k.seat + " command " + k.command_id;
}

void check_acked(sqlite3* db, const Ledger& ledger, DbCheck& out) {
  Query run(db,
            "SELECT seq, seat, command_id FROM events WHERE game_id = ? AND seq BETWEEN ? AND ?"
            " ORDER BY seq");
  for (const Ack& a : ledger.acked) {
    run.reset();
    run.bind(1, a.key.game_id);
    run.bind(2, a.first_seq);
    run.bind(3, a.last_seq);
    std::uint64_t n = 0;
    bool good = true;
    while (run.row()) {
      const bool first = n == 0;
      good = good && run.num(0) == a.first_seq + n &&
             (first ? run.text(1) == a.key.seat && run.text(2) == a.key.command_id
                    : run.text(2).empty());
      ++n;
    }
    if (!good || n != a.last_seq - a.first_seq + 1) {
      out.problems.push_back(name(a.key) + ": acknowledged as events " +
                             std::to_string(a.first_seq) + ".." + std::to_string(a.last_seq) +
                             ", stored as " + std::to_string(n) + " events" +
                             (good ? "" : " not starting with its id"));
    }
    ++out.acked;
  }
  Query stored(db, "SELECT COUNT(*) FROM events WHERE game_id = ? AND seat = ? AND command_id = ?");
  for (const CommandKey& k : ledger.refused) {
    stored.reset();
    stored.bind(1, k.game_id);
    stored.bind(2, k.seat);
    stored.bind(3, k.command_id);
    if (stored.row() && stored.num(0) != 0) {
      out.problems.push_back(name(k) + ": refused for the shutdown, yet stored");
    }
    ++out.refused;
  }
}

}  // namespace

DbCheck check_db(const std::filesystem::path& db_path, const Ledger& ledger) {
  DbCheck out;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    out.problems.push_back("cannot open " + db_path.string() + ": " + sqlite3_errmsg(db));
    sqlite3_close(db);
    return out;
  }
  sqlite3_busy_timeout(db, 10'000);
  {
    Query begin(db, "BEGIN");  // one snapshot for every query below
    begin.row();
    Query integrity(db, "PRAGMA integrity_check");
    std::string verdict;
    while (integrity.row()) verdict += integrity.text(0) + ";";
    if (verdict != "ok;") out.problems.push_back("integrity_check: " + verdict);
    Query counts(db, "SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM events)");
    if (counts.row()) {
      out.games = counts.num(0);
      out.events = counts.num(1);
    }
    Query twice(db,
                "SELECT game_id, seat, command_id, COUNT(*) FROM events WHERE command_id <> ''"
                " GROUP BY game_id, seat, command_id HAVING COUNT(*) > 1");
    while (twice.row()) {
      out.problems.push_back(name({twice.text(0), twice.text(1), twice.text(2)}) + ": applied " +
                             std::to_string(twice.num(3)) + " times");
    }
    check_acked(db, ledger, out);
    Query end(db, "COMMIT");
    end.row();
  }
  sqlite3_close(db);
  return out;
}

std::vector<std::string> check_caught_up(const std::filesystem::path& db_path,
                                         const std::vector<Player*>& players) {
  std::vector<std::string> out;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    out.push_back("cannot open " + db_path.string());
  } else {
    sqlite3_busy_timeout(db, 10'000);
    Query last(db, "SELECT last_seq FROM games WHERE id = ?");
    for (const Player* p : players) {
      last.reset();
      last.bind(1, p->game_id);
      const std::uint64_t stored = last.row() ? last.num(0) : 0;
      if (p->last_seq != stored) {
        out.push_back("game " + p->game_id + " " + p->seat + ": read up to event " +
                      std::to_string(p->last_seq) + " of " + std::to_string(stored));
      }
    }
  }
  sqlite3_close(db);
  return out;
}

std::vector<std::string> load_problems(const std::string& log, std::size_t from) {
  std::vector<std::string> out;
  std::istringstream in(from < log.size() ? log.substr(from) : "");
  for (std::string line; std::getline(in, line);) {
    if (line.find("loaded stopped") != std::string::npos ||
        line.find("held, drifting") != std::string::npos ||
        line.find("cannot be loaded") != std::string::npos ||
        line.find("recovery:") != std::string::npos) {
      out.push_back(line);
    }
  }
  return out;
}

ProcSample sample_process(pid_t pid, const std::filesystem::path& db) {
  ProcSample s;
  const std::filesystem::path proc = "/proc/" + std::to_string(pid);
  std::ifstream status(proc / "status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmRSS:", 0) == 0) s.rss_mib = std::stod(line.substr(6)) / 1024.0;
  }
  std::error_code ec;
  for (auto it = std::filesystem::directory_iterator(proc / "fd", ec);
       !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
    ++s.fds;
  }
  const auto wal = std::filesystem::file_size(db.string() + "-wal", ec);
  s.wal_mib = ec ? 0 : static_cast<double>(wal) / (1024.0 * 1024.0);
  return s;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

long raise_fd_limit() {
  rlimit r{};
  getrlimit(RLIMIT_NOFILE, &r);
  r.rlim_cur = r.rlim_max;
  setrlimit(RLIMIT_NOFILE, &r);
  return static_cast<long>(r.rlim_cur);
}

std::vector<std::string> server_flags(std::vector<std::string> more) {
  // One loopback address stands for every player: no bound or share per address or range.
  std::vector<std::string> flags = {"--rate",
                                    "0",
                                    "--max-connections",
                                    "0",
                                    "--max-connections-per-address",
                                    "0",
                                    "--rooms-per-address",
                                    "0",
                                    "--rooms-per-connection",
                                    "0",
                                    "--max-handshakes",
                                    "20000",
                                    "--handshakes-per-address",
                                    "0",
                                    "--range-share",
                                    "0",
                                    "--chat-bytes-per-address",
                                    "0",
                                    "--observers-per-address",
                                    "0",
                                    "--events-per-page",
                                    "16"};
  flags.insert(flags.end(), more.begin(), more.end());
  return flags;
}

bool process_ended(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return true;
  const auto paren = line.rfind(')');
  return paren == std::string::npos || paren + 2 >= line.size() || line[paren + 2] == 'Z';
}

bool report_ledger(const Ledger& l) {
  std::printf(
      "ledger: commands acknowledged %zu (duplicates answered %zu, re-sent %zu, of which found "
      "stored %zu), refused for "
      "shutdown %zu, unanswered %zu, chats %zu, events read %zu, resumes %zu, drops %zu, "
      "observers %zu, games %zu started %zu ended, paged resumes %zu, seats of games ended in "
      "a crash read from the archive %zu, violations %zu\n",
      l.commands, l.duplicates, l.resends, l.stored_unanswered, l.refused.size(),
      l.in_flight.size(), l.chats, l.events, l.resumes, l.drops, l.observers, l.games_started,
      l.games_ended, l.paged_resumes, l.ended_unseated, l.violation_count);
  for (const std::string& v : l.violations) std::printf("  VIOLATION %s\n", v.c_str());
  return l.violation_count == 0;
}

bool report_db(const DbCheck& c) {
  for (std::size_t i = 0; i < c.problems.size() && i < 40; ++i) {
    std::printf("  DB PROBLEM %s\n", c.problems[i].c_str());
  }
  return c.problems.empty();
}

}  // namespace grognard::reliability
