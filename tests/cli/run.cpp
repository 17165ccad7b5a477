#include "run.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <random>
#include <stdexcept>
#include <thread>

#include <catch2/catch.hpp>

#ifndef GROGNARD_CLI_BIN
#error "GROGNARD_CLI_BIN must name the grognard binary"
#endif
#ifndef GROGNARD_SERVER_BIN
#error "GROGNARD_SERVER_BIN must name the grognard-server binary"
#endif

namespace grognard::clitest {

TempDir::TempDir() {
  std::random_device rd;
  path_ = std::filesystem::temp_directory_path() /
          ("grognard-cli-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
  std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

std::string quote(const std::string& s) {
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string shell(const std::string& command, int* status) {
  std::string out;
  FILE* p = ::popen(command.c_str(), "r");
  if (!p) return out;
  std::array<char, 4096> buf{};
  std::size_t n = 0;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  const int st = ::pclose(p);
  if (status) *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return out;
}

std::string grognard_command(const std::string& args, const std::filesystem::path& state,
                             const std::string& server) {
  return "env XDG_STATE_HOME=" + quote(state.string()) +
         " XDG_CONFIG_HOME=" + quote(state.string()) + " GROGNARD_SERVER=" + quote(server) +
         " NO_COLOR=1 " + quote(GROGNARD_CLI_BIN) + " " + args;
}

Run grognard(const std::string& args, const std::filesystem::path& state, const std::string& server,
             const std::string& input) {
  const auto in = state / "stdin.txt";
  std::ofstream(in) << input;
  Run r;
  r.output = shell(grognard_command(args, state, server) + " < " + quote(in.string()) + " 2>&1",
                   &r.status);
  return r;
}

std::string invite_code(const std::string& out) {
  const std::string key = "Invite code: ";
  const auto at = out.find(key);
  if (at == std::string::npos) return "";
  const auto end = out.find('\n', at);
  return out.substr(at + key.size(), end - at - key.size());
}

Pair start_pair(const std::string& server) {
  Pair p;
  p.server = server;
  p.dirs[0] = std::make_unique<TempDir>();
  p.dirs[1] = std::make_unique<TempDir>();
  const Run created = p.run(0, "create itchy intro --observers --as general/British --name Alice");
  INFO(created.output);
  REQUIRE(created.status == 0);
  p.code = invite_code(created.output);
  REQUIRE(p.code.size() >= 4);
  const auto at = created.output.find("game g-");
  REQUIRE(at != std::string::npos);
  p.game_id = created.output.substr(at + 5, created.output.find_first_of(" ,.\n", at + 5) - at - 5);
  const Run joined = p.run(1, "join " + p.code + " --as general/Boers --name Bob");
  INFO(joined.output);
  REQUIRE(joined.status == 0);
  for (int side = 0; side < 2 && p.winner < 0; ++side) {
    const Run legal = p.run(side, "play " + p.code + " --json", "wait 0.5\nlegal\n");
    if (legal.output.find("choose_order") != std::string::npos) p.winner = side;
  }
  REQUIRE(p.winner >= 0);
  return p;
}

}  // namespace grognard::clitest

namespace grognard::clitest {

namespace {

// Forks and execs `argv` with standard input from `input` (or /dev/null when -1) and
// standard output and error appended to `out`; the child dies with the test process.
pid_t spawn(std::vector<std::string> argv, int input, const std::filesystem::path& out) {
  std::vector<char*> args;
  for (auto& a : argv) args.push_back(a.data());
  args.push_back(nullptr);
  const std::string out_path = out.string();
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid != 0) return pid;
  // The child: only async-signal-safe calls until exec.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(126);
  const int in = input >= 0 ? input : ::open("/dev/null", O_RDONLY);
  const int log = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (in < 0 || log < 0 || ::dup2(in, STDIN_FILENO) < 0 || ::dup2(log, STDOUT_FILENO) < 0 ||
      ::dup2(log, STDERR_FILENO) < 0)
    ::_exit(126);
  ::execv(args[0], args.data());
  ::_exit(127);
}

void kill_and_reap(pid_t pid) {
  if (pid <= 0) return;
  ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace

Background::Background(const std::string& args, const std::filesystem::path& state,
                       const std::string& server)
    : out_(state / "background.txt") {
  ::signal(SIGPIPE, SIG_IGN);  // a client that has exited must not end the test
  std::filesystem::remove(out_);
  int p[2];
  if (::pipe2(p, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
  pid_ = spawn({"/bin/sh", "-c", "exec " + grognard_command(args, state, server)}, p[0], out_);
  ::close(p[0]);
  input_ = p[1];
  if (pid_ < 0) throw std::runtime_error("fork failed");
}

Background::~Background() {
  close_input();
  kill_and_reap(pid_);
}

void Background::send(const std::string& line) {
  const std::string text = line + "\n";
  if (input_ >= 0) [[maybe_unused]]
    auto n = ::write(input_, text.data(), text.size());
}

void Background::close_input() {
  if (input_ >= 0) ::close(input_);
  input_ = -1;
}

std::string Background::output() const {
  return read_file(out_);
}

bool Background::wait_for(const std::string& text, double seconds) {
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(static_cast<long>(seconds * 1000));
  while (output().find(text) == std::string::npos) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return true;
}

std::optional<int> Background::finish(std::chrono::milliseconds timeout) {
  close_input();
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (pid_ > 0) {
    int status = 0;
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      pid_ = -1;
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    if (std::chrono::steady_clock::now() >= deadline) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill_and_reap(pid_);
  pid_ = -1;
  return std::nullopt;
}

ServerOnPort::ServerOnPort(std::uint16_t port, const std::filesystem::path& database,
                           const std::vector<std::string>& flags) {
  std::vector<std::string> argv = {GROGNARD_SERVER_BIN, "--listen",
                                   "127.0.0.1:" + std::to_string(port), "--db", database.string()};
  argv.insert(argv.end(), flags.begin(), flags.end());
  const auto log = dir_.path() / "server.log";
  pid_ = spawn(argv, -1, log);
  if (pid_ < 0) throw std::runtime_error("fork failed");
  const std::string ready = "listening on ws://127.0.0.1:" + std::to_string(port);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (read_file(log).find(ready) == std::string::npos) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_ || std::chrono::steady_clock::now() >= deadline) {
      pid_ = -1;
      throw std::runtime_error("grognard-server did not start on port " + std::to_string(port) +
                               ":\n" + read_file(log));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

ServerOnPort::~ServerOnPort() {
  kill_and_reap(pid_);
}

Village::Village(const std::string& server) {
  const Run created =
      grognard("create sharpe village --as referee --name Hogan", referee.path(), server);
  INFO(created.output);
  REQUIRE(created.status == 0);
  code = invite_code(created.output);
  for (const char* seat : {"british", "french", "partisans"}) {
    const Run joined = grognard("join " + code + " --as player/" + seat, player(seat), server);
    INFO(joined.output);
    REQUIRE(joined.status == 0);
  }
}

const std::filesystem::path& Village::player(const std::string& seat) const {
  if (seat == "british") return british.path();
  if (seat == "french") return french.path();
  REQUIRE(seat == "partisans");
  return partisans.path();
}

}  // namespace grognard::clitest
