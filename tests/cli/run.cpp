#include "run.h"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <random>

#include <catch2/catch.hpp>

#ifndef GROGNARD_CLI_BIN
#error "GROGNARD_CLI_BIN must name the grognard binary"
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
  return "env XDG_STATE_HOME=" + quote(state.string()) + " GROGNARD_SERVER=" + quote(server) +
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
