// F3 (docs/reliability.md): a full disk. First the fault VFS's disk-full (every write fails
// with SQLITE_FULL while its control file exists), then a real full filesystem: the database on
// a small tmpfs filled to the last byte (needs root to mount; skipped with a message otherwise).
// Either way: the rooms that try to save stop and say so, /healthz says degraded, the server
// still answers, nothing acknowledged is lost, and once space returns the rooms go on by
// themselves, with no restart; after a restart the games load back intact.
#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>

#include <catch2/catch.hpp>

#include "f3_harness.h"

namespace grognard::reliability {
namespace {

using namespace std::chrono_literals;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A command of `t` is refused (the disk is full): its players are told, and the server says
// degraded.
void refused_when_full(Table& t, std::vector<Acked>& ledger, const std::string& error) {
  const StepOutcome out = play_step(t, ledger);
  INFO(out.message);
  REQUIRE(out.kind == StepOutcome::kRefused);
  CHECK(has(out.message, "could not be saved"));
  for (Player& p : t.players) {
    const auto told = wait_status(p, "failed", e2e::kWait);
    REQUIRE(told);
    CHECK(has(*told, error));
  }
}

// Space came back: the rooms go on by themselves (their retries back off: 0.5 s, 1 s, 2 s, ...).
void goes_on(ServerProcess& server, std::vector<Table*> tables, std::vector<Acked>& ledger) {
  const auto start = std::chrono::steady_clock::now();
  for (Table* t : tables) {
    for (Player& p : t->players) REQUIRE(wait_status(p, "running", 40s));
  }
  std::cout << "  rooms went on "
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
            << " s after space returned" << std::endl;
  CHECK(healthz(server).second == "ok\n");
  for (Table* t : tables) {
    const StepOutcome out = play_step(*t, ledger);
    INFO(out.message);
    REQUIRE(out.kind == StepOutcome::kAcked);
  }
}

void loads_back(ServerProcess& server, std::vector<Table*> tables,
                const std::vector<Acked>& ledger) {
  REQUIRE(server.stop() == 0);
  for (const std::string& p : check_database(server.database(), ledger)) FAIL_CHECK(p);
  const std::size_t from = server.log().size();
  server.restart();
  CHECK(!has(log_since(server, from), "recovery:"));
  for (Table* t : tables) {
    std::string why;
    const bool resumed = resume_table(server, *t, &why);
    INFO(why);
    REQUIRE(resumed);
    for (const Player& p : t->players) CHECK(p.status == "running");
  }
  REQUIRE(server.stop() == 0);
}

Table table(ServerProcess& server) {
  std::string why;
  auto t = open_table(server, &why);
  INFO(why);
  REQUIRE(t);
  return std::move(*t);
}

struct Mount {
  std::filesystem::path path;
  bool mounted = false;
  ~Mount() {
    if (mounted) umount2(path.c_str(), MNT_DETACH);
  }
};

}  // namespace

TEST_CASE(
    "F3: a full disk stops the rooms that save, healthz says degraded, and they go on once space "
    "returns, without a restart (defects: healthz said ok, stopped rooms waited for a restart)",
    "[reliability][f3]") {
  Scratch scratch;
  const auto control = scratch.dir / "disk-full";
  std::optional<ServerProcess> server;
  {
    FaultEnv env(
        {{"GROGNARD_FAULT_FULL_BYTES", "1"}, {"GROGNARD_FAULT_CONTROL", control.string()}});
    server.emplace(server_flags());
  }
  std::vector<Acked> ledger;
  Table a = table(*server), b = table(*server);
  for (int i = 0; i < 3; ++i) REQUIRE(play_step(a, ledger).kind == StepOutcome::kAcked);
  std::ofstream(control) << "full\n";  // from now on every write is refused
  refused_when_full(a, ledger, "database or disk is full");
  refused_when_full(b, ledger, "database or disk is full");
  CHECK(healthz(*server) ==
        std::pair<unsigned, std::string>{200, "degraded: 2 rooms stopped by storage errors\n"});
  CHECK(e2e::metric_now(*server, "grognard_rooms_stopped{cause=\"storage\"}") == 2);
  CHECK(e2e::metric_now(*server, "grognard_rooms_stopped{cause=\"other\"}") == 0);
  // Still serving what needs no write, and refusing what does with a clear error.
  std::string why;
  auto c = open_table(*server, &why);
  CHECK(!c);
  CHECK(has(why, "could not be saved"));
  const auto [status, body] = admin_resume(*server, a.game_id);
  CHECK(status == 409);
  CHECK(has(body, "still cannot be saved"));
  std::filesystem::remove(control);  // space returns
  goes_on(*server, {&a, &b}, ledger);
  loads_back(*server, {&a, &b}, ledger);
}

TEST_CASE("F3: a real full filesystem (tmpfs) stops the room, and it goes on once space returns",
          "[reliability][f3]") {
  if (geteuid() != 0) {
    WARN("skipped: mounting a tmpfs needs root (CI runs as root)");
    return;
  }
  Scratch scratch;
  Mount mnt{scratch.dir / "tmpfs"};
  std::filesystem::create_directory(mnt.path);
  constexpr const char* kSize = "size=2m";
  if (mount("tmpfs", mnt.path.c_str(), "tmpfs", 0, kSize) != 0) {
    WARN("skipped: cannot mount a tmpfs here: " << std::strerror(errno));
    return;
  }
  mnt.mounted = true;
  // The database moves onto the tmpfs (its log stays where it was): the server opens it through
  // a symbolic link, and SQLite keeps its WAL beside the real file.
  ServerProcess server(server_flags());
  REQUIRE(server.stop() == 0);
  const auto db = server.database();
  std::filesystem::copy_file(db, mnt.path / "grognard.db");
  std::filesystem::remove(db);
  std::filesystem::create_symlink(mnt.path / "grognard.db", db);
  server.restart();
  std::vector<Acked> ledger;
  Table a = table(server), b = table(server);
  REQUIRE(play_step(a, ledger).kind == StepOutcome::kAcked);

  // Fill the file system to the last byte.
  const auto filler = mnt.path / "filler";
  {
    std::ofstream out(filler, std::ios::binary);
    const std::string block(4096, 'x');
    while (out.write(block.data(), block.size())) {
    }
  }
  {
    std::ofstream out(filler, std::ios::binary | std::ios::app);
    while (out.put('x')) out.flush();
  }
  std::cout << "  tmpfs (" << kSize << ") full with a " << std::filesystem::file_size(filler)
            << "-byte filler" << std::endl;
  // Commands go on as long as the WAL has room in blocks it holds; then one is refused.
  long acked = 0;
  StepOutcome out;
  for (int i = 0; i < 200; ++i) {
    out = play_step(a, ledger);
    if (out.kind != StepOutcome::kAcked) break;
    ++acked;
  }
  INFO(out.message);
  REQUIRE(out.kind == StepOutcome::kRefused);
  CHECK(has(out.message, "could not be saved"));
  for (Player& p : a.players) {
    const auto told = wait_status(p, "failed", e2e::kWait);
    REQUIRE(told);
    CHECK(has(*told, "full"));
  }
  std::cout << "  " << acked << " commands acknowledged on the full file system before one was "
            << "refused" << std::endl;
  CHECK(healthz(server).second == "degraded: 1 room stopped by storage errors\n");
  std::filesystem::remove(filler);
  goes_on(server, {&a}, ledger);
  REQUIRE(play_step(b, ledger).kind == StepOutcome::kAcked);
  loads_back(server, {&a, &b}, ledger);
}

}  // namespace grognard::reliability
