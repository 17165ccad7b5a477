#pragma once
// The real grognard-server binary as a child process, for end-to-end tests: it listens on an
// ephemeral loopback port with a database in a fresh temporary directory.
//
// The constructor starts it and waits for its "listening on ws://HOST:PORT" line; a server
// that does not start throws std::runtime_error with the tail of its log. The child is always
// reaped: the destructor kills a server still running, and the kernel kills it if the test
// process dies first (PR_SET_PDEATHSIG).

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace grognard::e2e {

// grognard-server run once with `args` (a subcommand such as backup; paths in temporary
// directories: no quotes in them), what it wrote on stdout and stderr kept in files under `dir`;
// killed after `seconds` when that is not 0 (exit code 137).
struct CommandRun {
  int exit_code = -1;  // or 128 + the signal that killed it
  std::string out;
  std::string err;
};
CommandRun run_server_command(const std::string& args, const std::filesystem::path& dir,
                              int seconds = 0);

class ServerProcess {
 public:
  // `flags` are added to --listen 127.0.0.1:0 --db <temp>/grognard.db, e.g. {"--rate", "5"}.
  explicit ServerProcess(std::vector<std::string> flags = {});
  // The same binary's program with another clock: `binary` is grognard-server-testclock
  // (tests/support/clock_server_main.cpp), whose time is the system's plus the milliseconds
  // written in the file GROGNARD_TEST_CLOCK_FILE names (set in this process's environment).
  ServerProcess(std::vector<std::string> flags, std::string binary);
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  // Starts the server again on the same database and flags (on a new port).
  // REQUIRES: !running().
  void restart();
  // The same with other flags (they replace those given before, for later restarts too).
  void restart(std::vector<std::string> flags);
  // Sends `signal` without waiting.
  void signal(int signal);
  // Waits for the process to end; its exit code, or 128 + the signal that killed it, or
  // nullopt if it did not end within `timeout` (it is then killed).
  std::optional<int> wait(std::chrono::milliseconds timeout);
  // SIGTERM and wait: the graceful shutdown.
  std::optional<int> stop(std::chrono::milliseconds timeout = std::chrono::seconds(20));
  // SIGKILL and wait: a crash.
  void kill();

  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }  // -1 when not running
  std::uint16_t port() const { return port_; }
  std::string url() const;  // "ws://127.0.0.1:PORT/"
  const std::filesystem::path& database() const { return db_; }
  // What the server wrote on stderr (its log) so far, across restarts.
  std::string log() const;

 private:
  void start();

  std::filesystem::path dir_;
  std::filesystem::path db_;
  std::filesystem::path log_;
  std::vector<std::string> flags_;
  std::string binary_;
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
};

}  // namespace grognard::e2e
