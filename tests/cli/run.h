#pragma once
// Helpers for the client's tests: the `grognard` binary run as a child with its own state
// directory and server address, and tmux driven through its command line.

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace grognard::clitest {

// A fresh temporary directory (removed by the destructor), for one client's state.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

struct Run {
  int status = -1;     // exit status
  std::string output;  // standard output and standard error
};

// Runs `grognard ARGS` with XDG_STATE_HOME and XDG_CONFIG_HOME set to `state` (its seats and
// its account's session), GROGNARD_SERVER=`server`, NO_COLOR=1 and `input` on standard input.
Run grognard(const std::string& args, const std::filesystem::path& state, const std::string& server,
             const std::string& input = "");

// The shell command line that runs grognard so (for tmux windows).
std::string grognard_command(const std::string& args, const std::filesystem::path& state,
                             const std::string& server);

// Runs a shell command; its standard output.
std::string shell(const std::string& command, int* status = nullptr);
std::string quote(const std::string& s);
// The invite code printed by `grognard create` ("Invite code: XXXX").
std::string invite_code(const std::string& create_output);

// `grognard ARGS` running in the background (as grognard() sets it up), fed line by line
// through a pipe on its standard input; its standard output and error go to a file. The
// destructor kills it if it still runs.
class Background {
 public:
  Background(const std::string& args, const std::filesystem::path& state,
             const std::string& server);
  ~Background();
  Background(const Background&) = delete;
  Background& operator=(const Background&) = delete;

  void send(const std::string& line);  // `line` and a newline
  void close_input();
  std::string output() const;
  // Waits until the output shows `text`; false after `seconds`.
  bool wait_for(const std::string& text, double seconds);
  // Closes the input and waits for the exit status; nullopt (and killed) after `timeout`.
  std::optional<int> finish(std::chrono::milliseconds timeout);

 private:
  std::filesystem::path out_;
  pid_t pid_ = -1;
  int input_ = -1;
};

// grognard-server listening on a given port with a given database: a server started again
// where a killed one was (e2e::ServerProcess::restart() picks a new port). Killed and reaped
// by the destructor.
class ServerOnPort {
 public:
  // Throws std::runtime_error if it does not start within 15 s.
  ServerOnPort(std::uint16_t port, const std::filesystem::path& database,
               const std::vector<std::string>& flags);
  ~ServerOnPort();
  ServerOnPort(const ServerOnPort&) = delete;
  ServerOnPort& operator=(const ServerOnPort&) = delete;

 private:
  TempDir dir_;
  pid_t pid_ = -1;
};

// Two generals seated in an Itchy & Scratchy "intro" room through the client's own commands:
// `create --as general/British` in one state directory, `join --as general/Boers` in another.
struct Pair {
  std::string server;
  std::string code;
  std::string game_id;
  std::unique_ptr<TempDir> dirs[2];  // [0] British (side 0), [1] Boers (side 1)
  int winner = -1;                   // the side that won the first initiative
  const std::filesystem::path& dir(int side) const { return dirs[side]->path(); }
  Run run(int side, const std::string& args, const std::string& input = "") const {
    return grognard(args, dir(side), server, input);
  }
};
// REQUIREs each step (Catch2).
Pair start_pair(const std::string& server);

// The village of Sharpe's Mess created by its referee (Hogan) and its three player seats taken,
// each seat with its own state directory. REQUIREs each step.
struct Village {
  explicit Village(const std::string& server);
  TempDir referee, british, french, partisans;
  std::string code;                                                    // the invite code
  const std::filesystem::path& player(const std::string& seat) const;  // "british", …
};

}  // namespace grognard::clitest
