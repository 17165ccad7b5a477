#pragma once
// What the storage-fault tests (F2 power loss, F3 I/O errors and a full disk) share: the fault
// VFS's environment for the next server start, a client-side ledger of acknowledged commands,
// Itchy & Scratchy games driven without assuming the server succeeds, and the checks of a
// database against the ledger. The server is grognard-server-faults (fault_vfs.h).

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "game.h"
#include "server_process.h"

namespace grognard::reliability {

using e2e::Player;
using e2e::ServerProcess;

// Sets the variables (and GROGNARD_FAULT=1) for the servers started while it lives; unsets
// them when destroyed.
class FaultEnv {
 public:
  explicit FaultEnv(std::map<std::string, std::string> vars);
  ~FaultEnv();
  FaultEnv(const FaultEnv&) = delete;
  FaultEnv& operator=(const FaultEnv&) = delete;

 private:
  std::map<std::string, std::string> vars_;
};

// What the VFS reported (GROGNARD_FAULT_REPORT): the faults that fired and the totals at exit.
struct FaultReport {
  std::vector<std::string> fired;  // "write 17", "sync 4", "open 2 FILE", "full 9", "cut sync 3"
  long writes = -1, syncs = -1, opens = -1;  // -1: the process did not exit normally
  long bytes = -1;
};
FaultReport read_report(const std::filesystem::path& file);

// A command the server acknowledged.
struct Acked {
  std::string game_id, seat, command_id;
  std::uint64_t first_seq = 0, last_seq = 0;
};

// One game of two generals, as the tests drive it.
struct Table {
  std::string game_id, invite;
  std::vector<Player> players;
};

// Creates a room and seats both generals; nullopt when anything is refused or lost on the way
// (`why` says what).
std::optional<Table> open_table(const ServerProcess& server, std::string* why);

struct StepOutcome {
  enum Kind { kAcked, kRefused, kOver, kLost } kind = kLost;
  std::string message;  // the refusal or the failure
};
// The player to act asks for its legal commands and gives one (e2e::choose); an acknowledged
// command goes into `ledger`, and both players read up to its last event.
StepOutcome play_step(Table& t, std::vector<Acked>& ledger);
// Reads pushes until a player sees the room's status become `status` ("failed", "running");
// the to_act line of that batch, or nullopt after `wait`.
std::optional<std::string> wait_status(Player& p, const std::string& status, e2e::Millis wait);
// Both players resume their seats on a (restarted) server, on new connections.
bool resume_table(const ServerProcess& server, Table& t, std::string* why);

// GET /healthz: "200 ok\n" style status and body.
std::pair<unsigned, std::string> healthz(const ServerProcess& server);
// POST /admin/rooms/ROOM/resume with the tests' admin token.
std::pair<unsigned, std::string> admin_resume(const ServerProcess& server, const std::string& room);
inline const std::string kAdminToken = "fault-tests-admin-token-0123456789";
std::vector<std::string> server_flags();

// Checks a database (no server running on it) against the ledger: PRAGMA integrity_check is
// ok, and every acknowledged command is stored once, with the sequence numbers acknowledged.
// Returns the problems found (empty: none).
std::vector<std::string> check_database(const std::filesystem::path& db,
                                        const std::vector<Acked>& ledger);

// A fresh directory for a run's report and control files (removed when the Scratch dies).
struct Scratch {
  Scratch();
  ~Scratch();
  std::filesystem::path dir;
};

// Environment variable `name` as a number, or `fallback`.
long env_or(const char* name, long fallback);

// The part of the server's log written since `from` characters.
std::string log_since(const ServerProcess& server, std::size_t from);

}  // namespace grognard::reliability
