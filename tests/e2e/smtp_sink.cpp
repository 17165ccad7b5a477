#include "smtp_sink.h"

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace grognard::e2e {

namespace {

using namespace std::chrono_literals;

const std::string kPython = GROGNARD_PYTHON3;
const std::string kScript = std::string(GROGNARD_SOURCE_DIR) + "/tests/e2e/smtp_sink.py";

std::string read_all(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

SmtpSink::SmtpSink() {
  if (std::system((kPython + " -c 'import aiosmtpd' 2>/dev/null").c_str()) != 0) {
    throw std::runtime_error("the mail tests need Python's aiosmtpd for " + kPython +
                             ": install python3-aiosmtpd (bash scripts/deps.sh does)");
  }
  std::random_device random;
  dir_ = std::filesystem::temp_directory_path() /
         ("grognard-smtp-" + std::to_string(getpid()) + "-" + std::to_string(random()));
  std::filesystem::create_directories(dir_);
  std::vector<std::string> args = {kPython, kScript, dir_.string()};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  if (posix_spawn(&pid_, argv[0], nullptr, nullptr, argv.data(), environ) != 0) {
    throw std::runtime_error("cannot start " + kPython + " " + kScript);
  }
  const auto deadline = std::chrono::steady_clock::now() + 15s;
  while (!std::filesystem::exists(dir_ / "port")) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("smtp_sink.py ended at start (exit " +
                               std::to_string(WEXITSTATUS(status)) + ")");
    }
    if (std::chrono::steady_clock::now() > deadline) {
      throw std::runtime_error("smtp_sink.py did not listen within 15 s");
    }
    std::this_thread::sleep_for(20ms);
  }
  port_ = static_cast<std::uint16_t>(std::stoi(read_all(dir_ / "port")));
}

SmtpSink::~SmtpSink() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

std::vector<std::string> SmtpSink::mails() const {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir_)) {
    if (e.path().extension() == ".eml") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<std::string> out;
  for (const auto& f : files) out.push_back(read_all(f));
  return out;
}

std::vector<std::string> SmtpSink::wait_for(std::size_t count, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    auto got = mails();
    if (got.size() >= count || std::chrono::steady_clock::now() > deadline) return got;
    std::this_thread::sleep_for(20ms);
  }
}

std::string link_token(const std::string& mail, const std::string& path) {
  const auto at = mail.find(path);
  if (at == std::string::npos) return {};
  const auto start = at + path.size();
  const auto end = mail.find_first_of("\r\n", start);
  return mail.substr(start, end - start);
}

}  // namespace grognard::e2e
