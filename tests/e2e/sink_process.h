#pragma once
// A receiver for the end-to-end tests (tests/e2e/smtp_sink.h, tests/e2e/webhook_sink.h): a
// Python script of tests/e2e/ run as a child process with a fresh temporary folder as its
// argument, in which it writes what it receives, and its port (the file "port") once it
// listens. The constructor waits for that; the destructor stops the script and removes the
// folder.

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>

namespace grognard::e2e {

class SinkProcess {
 public:
  // Runs tests/e2e/`script` (GROGNARD_PYTHON3); the folder's name starts with `prefix`. Throws
  // std::runtime_error when the script ends or does not listen within 15 s.
  SinkProcess(const std::string& script, const std::string& prefix);
  ~SinkProcess();
  SinkProcess(const SinkProcess&) = delete;
  SinkProcess& operator=(const SinkProcess&) = delete;

  const std::filesystem::path& dir() const { return dir_; }
  std::uint16_t port() const { return port_; }

 private:
  std::filesystem::path dir_;
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
};

// The whole file at `p` ("" when there is none).
std::string read_file(const std::filesystem::path& p);

}  // namespace grognard::e2e
