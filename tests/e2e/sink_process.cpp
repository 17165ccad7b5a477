#include "sink_process.h"

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

extern char** environ;

namespace grognard::e2e {

using namespace std::chrono_literals;

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

SinkProcess::SinkProcess(const std::string& script, const std::string& prefix) {
  const std::string python = GROGNARD_PYTHON3;
  const std::string path = std::string(GROGNARD_SOURCE_DIR) + "/tests/e2e/" + script;
  std::random_device random;
  dir_ = std::filesystem::temp_directory_path() /
         (prefix + std::to_string(getpid()) + "-" + std::to_string(random()));
  std::filesystem::create_directories(dir_);
  std::vector<std::string> args = {python, path, dir_.string()};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  if (posix_spawn(&pid_, argv[0], nullptr, nullptr, argv.data(), environ) != 0) {
    throw std::runtime_error("cannot start " + python + " " + path);
  }
  const auto deadline = std::chrono::steady_clock::now() + 15s;
  while (!std::filesystem::exists(dir_ / "port")) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error(script + " ended at start (exit " +
                               std::to_string(WEXITSTATUS(status)) + ")");
    }
    if (std::chrono::steady_clock::now() > deadline) {
      throw std::runtime_error(script + " did not listen within 15 s");
    }
    std::this_thread::sleep_for(20ms);
  }
  port_ = static_cast<std::uint16_t>(std::stoi(read_file(dir_ / "port")));
}

SinkProcess::~SinkProcess() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

}  // namespace grognard::e2e
