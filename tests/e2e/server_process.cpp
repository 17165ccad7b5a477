#include "server_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#ifndef GROGNARD_SERVER_BIN
#error "GROGNARD_SERVER_BIN must name the grognard-server binary"
#endif

namespace grognard::e2e {

namespace {

using namespace std::chrono_literals;
using SteadyClock = std::chrono::steady_clock;

constexpr auto kStartTimeout = 15s;
constexpr std::string_view kListening = "grognard-server listening on ws://";

std::filesystem::path make_temp_dir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "grognard-e2e-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) {
    throw std::runtime_error("mkdtemp failed: " + std::string(std::strerror(errno)));
  }
  return pattern;
}

// What the server logs once its games are loaded back (room/loader.cpp), or once it knows
// they cannot be: it serves while they load, and the tests expect them all in memory as before.
constexpr std::string_view kLoaded = "waiting and running games (";
constexpr std::string_view kCannotLoad = "recovery: cannot list";

std::size_t count_of(const std::string& text, std::string_view what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The port at the end of "grognard-server listening on ws://127.0.0.1:PORT".
std::uint16_t port_of(const std::string& line) {
  const auto colon = line.rfind(':');
  if (line.rfind(kListening, 0) != 0 || colon == std::string::npos) return 0;
  const long port = std::strtol(line.c_str() + colon + 1, nullptr, 10);
  return port > 0 && port < 65536 ? static_cast<std::uint16_t>(port) : 0;
}

}  // namespace

ServerProcess::ServerProcess(std::vector<std::string> flags)
    : ServerProcess(std::move(flags), GROGNARD_SERVER_BIN) {}

ServerProcess::ServerProcess(std::vector<std::string> flags, std::string binary)
    : dir_(make_temp_dir()),
      db_(dir_ / "grognard.db"),
      log_(dir_ / "server.log"),
      flags_(std::move(flags)),
      binary_(std::move(binary)) {
  try {
    start();
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
    throw;
  }
}

ServerProcess::~ServerProcess() {
  if (running()) kill();
  if (std::getenv("GROGNARD_E2E_KEEP") == nullptr) {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
}

void ServerProcess::start() {
  std::vector<std::string> args = {binary_, "--listen", "127.0.0.1:0", "--db", db_.string()};
  args.insert(args.end(), flags_.begin(), flags_.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const std::string log_path = log_.string();
  const auto loaded_before = [this] {
    const std::string text = log();
    return count_of(text, kLoaded) + count_of(text, kCannotLoad);
  };
  const std::size_t loads = loaded_before();

  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    close(out[0]);
    close(out[1]);
    throw std::runtime_error("fork failed");
  }
  if (pid == 0) {
    // The child: only async-signal-safe calls until exec.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(126);
    const int log = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log < 0 || dup2(out[1], STDOUT_FILENO) < 0 || dup2(log, STDERR_FILENO) < 0) _exit(126);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(out[1]);
  pid_ = pid;

  // Read stdout until the listening line, the end of the pipe, or the deadline.
  std::string line;
  const auto deadline = SteadyClock::now() + kStartTimeout;
  bool done = false;
  while (!done) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now());
    if (left.count() <= 0) break;
    pollfd p{out[0], POLLIN, 0};
    const int n = poll(&p, 1, static_cast<int>(left.count()));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    char c = 0;
    const ssize_t got = read(out[0], &c, 1);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    if (c == '\n') {
      done = true;
    } else {
      line.push_back(c);
    }
  }
  close(out[0]);  // the server writes nothing else on stdout
  port_ = done ? port_of(line) : 0;
  if (port_ == 0) {
    kill();
    throw std::runtime_error("grognard-server did not start (stdout: \"" + line +
                             "\"); its log:\n" + log());
  }
  // The games loaded (with --log-file the log is not on stderr: nothing to wait for there).
  const bool logs_here = std::find(flags_.begin(), flags_.end(), "--log-file") == flags_.end();
  while (logs_here && loaded_before() == loads && running() && SteadyClock::now() < deadline) {
    std::this_thread::sleep_for(5ms);
  }
}

void ServerProcess::restart() {
  if (running()) throw std::logic_error("restart() of a running server");
  start();
}

void ServerProcess::restart(std::vector<std::string> flags) {
  if (running()) throw std::logic_error("restart() of a running server");
  flags_ = std::move(flags);
  start();
}

void ServerProcess::signal(int sig) {
  if (running()) ::kill(pid_, sig);
}

std::optional<int> ServerProcess::wait(std::chrono::milliseconds timeout) {
  if (!running()) return std::nullopt;
  const auto deadline = SteadyClock::now() + timeout;
  for (;;) {
    int status = 0;
    const pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      pid_ = -1;
      if (WIFEXITED(status)) return WEXITSTATUS(status);
      if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
      return std::nullopt;
    }
    if (r < 0 && errno != EINTR) {
      pid_ = -1;
      return std::nullopt;
    }
    if (SteadyClock::now() >= deadline) {
      kill();
      return std::nullopt;
    }
    std::this_thread::sleep_for(5ms);
  }
}

std::optional<int> ServerProcess::stop(std::chrono::milliseconds timeout) {
  signal(SIGTERM);
  return wait(timeout);
}

void ServerProcess::kill() {
  if (!running()) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
}

std::string ServerProcess::url() const {
  return "ws://127.0.0.1:" + std::to_string(port_) + "/";
}

std::string ServerProcess::log() const {
  std::ifstream in(log_);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

CommandRun run_server_command(const std::string& args, const std::filesystem::path& dir,
                              int seconds) {
  const std::filesystem::path out = dir / "command.stdout";
  const std::filesystem::path err = dir / "command.stderr";
  const std::string limit = seconds > 0 ? "timeout -s KILL " + std::to_string(seconds) + " " : "";
  const std::string command = limit + "'" + GROGNARD_SERVER_BIN + "' " + args + " >'" +
                              out.string() + "' 2>'" + err.string() + "'";
  const int status = std::system(command.c_str());
  auto slurp = [](const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  };
  CommandRun run;
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  run.out = slurp(out);
  run.err = slurp(err);
  return run;
}

}  // namespace grognard::e2e
