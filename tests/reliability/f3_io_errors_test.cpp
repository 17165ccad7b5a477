// F3 (docs/reliability.md): an I/O error at the k-th write, sync or open of the database, for
// every k over a short Itchy & Scratchy game. Each run starts grognard-server-faults with the
// fault, plays two rooms (B set up, then A played), and checks: the server acknowledges nothing
// it did not store (the ledger against the database), a room whose commit fails stops and tells
// its players, another room plays on, /healthz says degraded while a room is stopped, the room
// goes on once the fault clears (by itself, by the operator, or after a restart), and the game
// loads back intact (recover() checks the state hashes) and plays on.
//
// GROGNARD_F3_KINDS: "write,sync,open" (default "sync"); GROGNARD_F3_STEPS: the commands room
// A plays before the fault is looked for (default 4); GROGNARD_F3_MAX_K: stop there (0: when
// the fault no longer fires); GROGNARD_F3_FIRST_K: start there (default 1).
#include <chrono>
#include <fstream>
#include <iostream>

#include <catch2/catch.hpp>

#include "f3_harness.h"

namespace grognard::reliability {
namespace {

using namespace std::chrono_literals;

struct Figures {
  long runs = 0, start_refused = 0, setup_refused = 0, stopped = 0, quiet = 0;
  long resumed_alone = 0, resumed_admin = 0, restarted = 0, acked = 0;
};

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A room whose fault cleared: the server serves a new game on the same database.
void serves_after(ServerProcess& server, std::vector<Acked>& ledger) {
  std::string why;
  auto t = open_table(server, &why);
  INFO(why);
  REQUIRE(t);
  REQUIRE(play_step(*t, ledger).kind == StepOutcome::kAcked);
}

// A room stopped by the fault: its players were told, and it goes on as `variant` says.
void stopped_room(ServerProcess& server, Table& a, Table& b, std::vector<Acked>& ledger,
                  const std::string& kind, int variant, const std::filesystem::path& control,
                  Figures& fig) {
  for (Player& p : a.players) {
    const auto told = wait_status(p, "failed", e2e::kWait);
    INFO(p.seat << " of game " << a.game_id);
    REQUIRE(told);
    CHECK(has(*told, "This game has stopped: the game could not be saved"));
    CHECK(has(*told, "the game goes on once saving works"));
  }
  const bool sticky = kind != "open";  // opens are rare: a retry needs none
  if (variant == 2) {
    // A passing fault: the other room plays on at once, and this one goes on by itself.
    const StepOutcome other = play_step(b, ledger);
    INFO(other.message);
    REQUIRE(other.kind == StepOutcome::kAcked);
    for (Player& p : a.players) REQUIRE(wait_status(p, "running", 15s));
    ++fig.resumed_alone;
    return;
  }
  if (sticky) {
    const auto [status, body] = healthz(server);
    CHECK(status == 200);
    CHECK(body == "degraded: 1 room stopped by storage errors\n");
  }
  if (variant == 1) {
    if (sticky) {
      const auto [status, body] = admin_resume(server, a.game_id);
      INFO(body);
      CHECK(status == 409);
      CHECK(has(body, "still cannot be saved"));
    }
    std::filesystem::remove(control);  // the disk is well again
    const auto [status, body] = admin_resume(server, a.invite);
    INFO(body);
    // The room's own retry may have been first.
    CHECK((status == 200 || (status == 409 && has(body, "has not stopped"))));
    for (Player& p : a.players) REQUIRE(wait_status(p, "running", 15s));
    CHECK(healthz(server).second == "ok\n");
    REQUIRE(play_step(b, ledger).kind == StepOutcome::kAcked);
    ++fig.resumed_admin;
    return;
  }
  // A fault that lasts: a restart without it loads the game back.
  REQUIRE(server.stop() == 0);
  server.restart();
  std::string why;
  const bool resumed = resume_table(server, a, &why);
  INFO(why);
  REQUIRE(resumed);
  for (const Player& p : a.players) CHECK(p.status == "running");
  ++fig.restarted;
}

// One run with the fault at the k-th call of `kind`; false when the fault did not fire (k is
// past the last call of the game).
bool run_once(const std::string& kind, long k, long steps, Figures& fig) {
  Scratch scratch;
  const auto report = scratch.dir / "report";
  const auto control = scratch.dir / "control";
  const int variant = static_cast<int>(k % 3);  // 0 restart, 1 operator, 2 passing fault
  std::map<std::string, std::string> vars = {
      {"GROGNARD_FAULT_" + e2e::to_upper(kind), std::to_string(k)},
      {"GROGNARD_FAULT_REPORT", report.string()}};
  vars["GROGNARD_FAULT_REPEAT"] = variant == 2 ? "1" : "0";
  if (variant == 1) {
    std::ofstream(control) << "fault on\n";
    vars["GROGNARD_FAULT_CONTROL"] = control.string();
  }
  ++fig.runs;
  std::optional<ServerProcess> server;
  try {
    FaultEnv env(vars);
    server.emplace(server_flags());
  } catch (const std::exception& e) {
    // A fault while opening the database: the server says so and exits.
    INFO(e.what());
    CHECK(has(e.what(), "cannot open database"));
    ++fig.start_refused;
    return true;
  }
  std::vector<Acked> ledger;
  std::string why;
  auto b = open_table(*server, &why);
  auto a = b ? open_table(*server, &why) : std::nullopt;
  if (!a || !b) {
    // The fault hit a room being set up: refused with a clear error, nothing else lost.
    INFO(why);
    CHECK((has(why, "could not be saved") || has(why, "has stopped")));
    ++fig.setup_refused;
    REQUIRE(server->stop() == 0);
    server->restart();
    serves_after(*server, ledger);
  } else {
    StepOutcome out;
    for (long i = 0; i < steps; ++i) {
      out = play_step(*a, ledger);
      if (out.kind != StepOutcome::kAcked) break;
    }
    INFO("k " << k << " (" << kind << "), variant " << variant << ": " << out.message);
    REQUIRE(out.kind != StepOutcome::kLost);
    if (out.kind == StepOutcome::kRefused) {
      CHECK(has(out.message, "could not be saved"));
      ++fig.stopped;
      stopped_room(*server, *a, *b, ledger, kind, variant, control, fig);
      for (int i = 0; i < 2; ++i) {
        const StepOutcome more = play_step(*a, ledger);
        INFO(more.message);
        REQUIRE((more.kind == StepOutcome::kAcked || more.kind == StepOutcome::kOver));
      }
    } else if (!read_report(report).fired.empty()) {
      ++fig.quiet;  // e.g. a checkpoint's write: no commit failed
    }
  }
  REQUIRE(server->stop() == 0);
  const FaultReport fired = read_report(report);
  fig.acked += static_cast<long>(ledger.size());
  const auto problems = check_database(server->database(), ledger);
  for (const std::string& p : problems) FAIL_CHECK(p);
  // Loaded back intact: no game fails its check at start.
  const std::size_t from = server->log().size();
  server->restart();
  CHECK(!has(log_since(*server, from), "recovery:"));
  CHECK(healthz(*server).second == "ok\n");
  REQUIRE(server->stop() == 0);
  return !fired.fired.empty();
}

}  // namespace

TEST_CASE("F3: an I/O error at every k-th write, sync or open loses no acknowledged command",
          "[reliability][f3]") {
  std::string kinds = std::getenv("GROGNARD_F3_KINDS") ? std::getenv("GROGNARD_F3_KINDS") : "sync";
  const long steps = env_or("GROGNARD_F3_STEPS", 4);
  const long max_k = env_or("GROGNARD_F3_MAX_K", 0);
  std::stringstream list(kinds);
  std::string kind;
  while (std::getline(list, kind, ',')) {
    REQUIRE((kind == "write" || kind == "sync" || kind == "open"));
    Figures fig;
    const auto start = std::chrono::steady_clock::now();
    const long first = env_or("GROGNARD_F3_FIRST_K", 1);
    long k = first;
    for (; max_k == 0 || k <= max_k; ++k) {
      if (!run_once(kind, k, steps, fig)) break;
      REQUIRE(k < 100'000);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "F3 " << kind << ": k = " << first << ".." << k << " (" << fig.runs << " runs, "
              << steps << " commands in room A) in " << seconds << " s: " << fig.start_refused
              << " refused to start, " << fig.setup_refused << " refused a room being set up, "
              << fig.stopped << " stopped a room (" << fig.resumed_alone << " went on alone, "
              << fig.resumed_admin << " by the operator, " << fig.restarted << " after a restart), "
              << fig.quiet << " failed no commit; " << fig.acked
              << " acknowledged commands, all stored once" << std::endl;
  }
}

}  // namespace grognard::reliability
