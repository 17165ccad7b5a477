// F2 (docs/reliability.md): power cuts. grognard-server-faults runs with the power-loss model
// of the fault VFS (GROGNARD_FAULT_POWER: a write reaches the file only when the file is
// synced), and each run ends in a cut at a random point: before the k-th write, before the k-th
// sync (where a WAL commit is written but not yet durable), or a SIGKILL at a random moment
// while commands are in flight; half the cuts let a random part of the unsynced writes reach
// the disk anyway (GROGNARD_FAULT_CUT_TORN). After each cut, on what the disk kept: PRAGMA
// integrity_check is ok, every command acknowledged before it is stored once, and the server
// starts on it, loads every game (recover() checks the state hashes) and the players resume.
//
// GROGNARD_F2_CUTS (default 4), GROGNARD_F2_SEED (default 13), GROGNARD_F2_STEPS: commands per
// run (default 8).
#include <csignal>
#include <iostream>
#include <random>
#include <thread>

#include <catch2/catch.hpp>

#include "f3_harness.h"
#include "fault_vfs.h"

namespace grognard::reliability {
namespace {

using namespace std::chrono_literals;

bool over(const Table& t) {
  for (const Player& p : t.players) {
    if (p.status == "finished" || (p.view && p.view->over())) return true;
  }
  return false;
}

// Plays up to `steps` commands over the tables, taking turns, until the server is lost (the
// cut); a game that ends is replaced by a new one.
void play_until_lost(ServerProcess& server, std::vector<Table>& tables, long steps,
                     std::vector<Acked>& ledger) {
  for (long i = 0; i < steps; ++i) {
    Table& t = tables[static_cast<std::size_t>(i) % tables.size()];
    const StepOutcome out = play_step(t, ledger);
    if (out.kind == StepOutcome::kLost) return;
    INFO(out.message);
    REQUIRE(out.kind != StepOutcome::kRefused);
    if (out.kind == StepOutcome::kOver) {
      std::string why;
      auto fresh = open_table(server, &why);
      if (!fresh) return;  // the cut came while it was set up
      t = std::move(*fresh);
    }
  }
}

}  // namespace

TEST_CASE("F2: after a power cut at a random point every acknowledged command is stored",
          "[reliability][f2]") {
  const long cuts = env_or("GROGNARD_F2_CUTS", 4);
  const long steps = env_or("GROGNARD_F2_STEPS", 8);
  std::mt19937 rng(static_cast<unsigned>(env_or("GROGNARD_F2_SEED", 13)));
  Scratch scratch;
  const auto report = scratch.dir / "report";

  // Calibration: the writes and syncs of one run with the same load, no cut.
  std::vector<Acked> ledger;
  std::vector<Table> tables;
  std::optional<ServerProcess> server;
  {
    FaultEnv env({{"GROGNARD_FAULT_POWER", "1"}, {"GROGNARD_FAULT_REPORT", report.string()}});
    server.emplace(server_flags());
  }
  for (int i = 0; i < 2; ++i) {
    std::string why;
    auto t = open_table(*server, &why);
    INFO(why);
    REQUIRE(t);
    tables.push_back(std::move(*t));
  }
  play_until_lost(*server, tables, steps, ledger);
  REQUIRE(server->stop() == 0);
  const FaultReport calibration = read_report(report);
  REQUIRE(calibration.writes > 0);
  REQUIRE(calibration.syncs > 0);

  long by_write = 0, by_sync = 0, by_kill = 0, torn = 0, at_start = 0;
  long on_time = 0;  // the cut came at its point (else after the run's last write or sync)
  const auto start = std::chrono::steady_clock::now();
  for (long cut = 1; cut <= cuts; ++cut) {
    const int how = static_cast<int>(cut % 3);  // 0 kill, 1 write, 2 sync
    const bool tear = rng() % 2 == 1;           // a SIGKILL keeps nothing unsynced
    std::map<std::string, std::string> vars = {{"GROGNARD_FAULT_POWER", "1"},
                                               {"GROGNARD_FAULT_SEED", std::to_string(rng())}};
    if (tear) vars["GROGNARD_FAULT_CUT_TORN"] = "1";
    if (how == 1) vars["GROGNARD_FAULT_CUT_WRITE"] = std::to_string(1 + rng() % calibration.writes);
    if (how == 2) vars["GROGNARD_FAULT_CUT_SYNC"] = std::to_string(1 + rng() % calibration.syncs);
    INFO("cut " << cut << ": "
                << (how == 0   ? "kill"
                    : how == 1 ? "write"
                               : "sync")
                << " " << vars["GROGNARD_FAULT_CUT_WRITE"] << vars["GROGNARD_FAULT_CUT_SYNC"]
                << (tear ? " torn" : ""));
    bool started = true;
    try {
      FaultEnv env(vars);
      server->restart();
    } catch (const std::exception&) {
      started = false;  // the cut came while the server opened the database
      ++at_start;
      ++on_time;
    }
    if (started) {
      bool resumed = true;
      for (Table& t : tables) {
        std::string why;
        if (!over(t)) {
          resumed = resumed && resume_table(*server, t, &why);
        } else if (auto fresh = open_table(*server, &why)) {
          t = std::move(*fresh);  // its game ended: a new one takes its place
        } else {
          resumed = false;
        }
      }
      std::thread killer;
      if (how == 0) {
        const auto after = std::chrono::milliseconds(rng() % 400);
        killer = std::thread([&server, after] {
          std::this_thread::sleep_for(after);
          server->signal(SIGKILL);
        });
      }
      if (resumed) play_until_lost(*server, tables, steps, ledger);
      if (killer.joinable()) killer.join();
    }
    // A cut point past this run's last write or sync: the cut is a SIGKILL when the wait ends.
    const auto ended = server->wait(how == 0 ? 10'000ms : 300ms);
    if (ended == kCutExitCode || ended == 128 + SIGKILL) ++on_time;
    (how == 0 ? by_kill : how == 1 ? by_write : by_sync) += 1;
    torn += tear && how != 0 ? 1 : 0;
    for (const std::string& p : check_database(server->database(), ledger)) FAIL_CHECK(p);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  // On what the last cut left: every game loads, the players go on.
  const std::size_t from = server->log().size();
  server->restart();
  CHECK(log_since(*server, from).find("recovery:") == std::string::npos);
  for (Table& t : tables) {
    if (over(t)) continue;
    std::string why;
    const bool resumed = resume_table(*server, t, &why);
    INFO(why);
    REQUIRE(resumed);
    const StepOutcome out = play_step(t, ledger);
    CHECK((out.kind == StepOutcome::kAcked || out.kind == StepOutcome::kOver));
  }
  REQUIRE(server->stop() == 0);
  for (const std::string& p : check_database(server->database(), ledger)) FAIL_CHECK(p);
  std::cout << "F2: " << cuts << " power cuts in " << seconds << " s (" << by_write
            << " before a write, " << by_sync << " before a sync, " << by_kill
            << " SIGKILL at a random moment; " << torn << " with a random part of the unsynced "
            << "writes kept; " << at_start << " while the server opened the database; "
            << cuts - on_time << " after the run's load, as a SIGKILL): " << ledger.size()
            << " acknowledged commands, all stored once, integrity ok" << std::endl;
}

}  // namespace grognard::reliability
