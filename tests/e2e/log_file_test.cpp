// Logs in a file and signals (docs/operations.md, "Logs"): --log-file appends the log to a file
// that SIGHUP opens again after logrotate moved it, the server serving on; without a log file
// SIGHUP is said and ignored, never a sudden exit; behind a trusted proxy a connection named
// "ADDRESS#N" still fills the JSON "connection" field.
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "game.h"
#include "net_raw.h"

namespace grognard::e2e {

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string slurp(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Waits (up to 5 s) until the file at `path` holds `part`.
bool wait_for(const fs::path& path, const std::string& part) {
  for (int i = 0; i < 100; ++i) {
    if (has(slurp(path), part)) return true;
    std::this_thread::sleep_for(50ms);
  }
  return false;
}

}  // namespace

TEST_CASE("SIGHUP opens the log file again after it was moved, and the server serves on",
          "[e2e][logs][ops]") {
  const fs::path dir = fs::temp_directory_path() / ("grognard-logs-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path log = dir / "server.log";
  ServerProcess server({"--log-file", log.string()});
  Client first = connect(server);
  REQUIRE(wait_for(log, "connected"));
  CHECK(server.log().empty());  // nothing on stderr: all of it is in the file

  fs::rename(log, dir / "server.log.1");  // what logrotate does, then it sends SIGHUP
  server.signal(SIGHUP);
  REQUIRE(wait_for(log, "SIGHUP: opened the log file " + log.string() + " again"));
  Client second = connect(server);
  CHECK(second.ping().ok());
  CHECK(first.ping().ok());
  CHECK(server.running());
  const std::string rotated = slurp(dir / "server.log.1");
  CHECK(has(rotated, "listening on"));
  CHECK_FALSE(has(rotated, "SIGHUP"));
  first.close();
  second.close();
  REQUIRE(server.stop() == std::optional<int>(0));
  CHECK(has(slurp(log), "shutting down"));
  fs::remove_all(dir);
}

TEST_CASE("SIGHUP without a log file is said in the log and the server serves on",
          "[e2e][logs][ops]") {
  ServerProcess server;
  server.signal(SIGHUP);
  Client c = connect(server);
  CHECK(c.ping().ok());
  for (int i = 0; i < 100 && !has(server.log(), "SIGHUP"); ++i) std::this_thread::sleep_for(50ms);
  CHECK(has(server.log(), "SIGHUP: the log goes to stderr, nothing to open again; serving on"));
  c.close();
  CHECK(server.stop() == std::optional<int>(0));
}

TEST_CASE("behind a trusted proxy a connection's lines carry it in the JSON connection field",
          "[e2e][logs]") {
  ServerProcess server({"--trusted-proxy", "127.0.0.1", "--log-format", "json"});
  raw::Socket proxied(server.port());
  REQUIRE(proxied.upgrade_and_hello(kWait, "X-Forwarded-For: 203.0.113.7\r\n"));
  for (int i = 0; i < 100 && !has(server.log(), "203.0.113.7#"); ++i) {
    std::this_thread::sleep_for(50ms);
  }
  const std::string log = server.log();
  INFO(log);
  CHECK(has(log, "\"connection\":\"203.0.113.7#"));
}

}  // namespace grognard::e2e
