#pragma once
// What the reliability runs check outside the driver: the database (read-only, with SQLite,
// against the driver's ledger), the server's log, and the server process's resources.

#include <sys/types.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "driver.h"

namespace grognard::reliability {

struct DbCheck {
  std::size_t games = 0, events = 0, acked = 0, refused = 0;
  std::vector<std::string> problems;  // empty: every check passed
};

// The database at `db`, opened read-only while the server may be serving it:
// - PRAGMA integrity_check is "ok";
// - no command id (game, seat, id) starts two runs of events (no command applied twice,
//   acknowledged or not);
// - every acknowledged command of the ledger is stored once, as the run of events
//   first_seq..last_seq that its CommandResult named, starting with its id;
// - no command refused for a shutdown is stored.
DbCheck check_db(const std::filesystem::path& db, const Ledger& ledger);

// Every player of `players` has read its game's every event: its last seen seq is the last
// stored (the database at `db`); the problems found.
std::vector<std::string> check_caught_up(const std::filesystem::path& db,
                                         const std::vector<Player*>& players);

// The lines of `log` from byte `from` on that say a stored game was not loaded whole: a state
// hash or an event that does not replay ("loaded stopped", "held, drifting", "cannot be
// loaded", "recovery:").
std::vector<std::string> load_problems(const std::string& log, std::size_t from);

struct ProcSample {
  double rss_mib = 0;
  int fds = 0;
  double wal_mib = 0;
};
// The server's resident memory and open descriptors (/proc/PID), and the size of `db`-wal.
ProcSample sample_process(pid_t pid, const std::filesystem::path& db);

// The p-th quantile of `v` (0 if empty).
double percentile(std::vector<double> v, double p);

// Raises this process's descriptor limit to its hard limit (children inherit it); the limit.
long raise_fd_limit();

// The flags every run starts the server with: no rate limit and no bound per address or per
// connection (the driver holds many connections and rooms from one address), small answer
// pages (so that resumes are completed page by page), plus `more`.
std::vector<std::string> server_flags(std::vector<std::string> more = {});

// True once process `pid` has ended (a zombie not reaped yet counts as ended).
bool process_ended(pid_t pid);

// Prints the ledger's counters and its first violations; true if there were none.
bool report_ledger(const Ledger& ledger);
// Prints `check`'s problems; true if there were none.
bool report_db(const DbCheck& check);

}  // namespace grognard::reliability
