#include "app/verify_archives.h"

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <spdlog/spdlog.h>

#include "app/builtin.h"
#include "record/archive_file.h"
#include "record/resim.h"
#include "store/sqlite_store.h"

namespace grognard::app {

namespace {

using SteadyClock = std::chrono::steady_clock;

double seconds_since(SteadyClock::time_point start) {
  return std::chrono::duration<double>(SteadyClock::now() - start).count();
}

// The store at `db`, which must exist (these commands never create a database).
engine::Result<std::unique_ptr<store::SqliteStore>> open_existing(const std::string& db) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(db, ec)) {
    return engine::Error{engine::ErrorCode::kNotFound, "",
                         "database " + db + " does not exist (give it with --db)"};
  }
  auto opened = store::SqliteStore::open(db);
  if (!opened.ok()) {
    return engine::Error{engine::ErrorCode::kFailedPrecondition, "",
                         "cannot open database " + db + ": " + opened.error().message};
  }
  return std::move(opened).value();
}

bool ended(record::GameStatus s) {
  return s != record::GameStatus::kWaiting && s != record::GameStatus::kRunning;
}

}  // namespace

int run_verify_archives(const std::string& db) {
  const auto started = SteadyClock::now();
  auto opened = open_existing(db);
  if (!opened.ok()) {
    std::cerr << "verify-archives: " << opened.error().message << std::endl;
    return 1;
  }
  record::Store& store = **opened;
  record::Registry registry;
  add_builtin(registry);
  std::size_t unrecorded = 0;
  const std::atomic<bool> never{false};
  const auto totals = record::recheck_all(
      store, registry, [](record::GameStatus) { return true; }, never,
      [&](const record::Recheck& r) {
        std::string line = r.line();
        std::string drift;
        const bool checked = r.outcome != record::Recheck::Outcome::kError;
        if (r.outcome == record::Recheck::Outcome::kDrift) drift = r.why;
        if (checked && drift != r.game.drift) {
          if (auto st = record::store_drift(store, r.game.id, drift); !st.ok()) {
            ++unrecorded;
            line += " (cannot be recorded: " + st.error().message + ")";
          } else if (drift.empty()) {
            line += " (its drift line is cleared)";
          }
        }
        std::cout << line << std::endl;
      });
  std::cout << "verify-archives: " << totals.line(seconds_since(started)) << std::endl;
  if (totals.errors > 0 || unrecorded > 0) return 1;
  return totals.drift > 0 ? 3 : 0;
}

void check_ended_games(record::Store& store, const record::Registry& registry, room::Lobby& lobby,
                       const std::atomic<bool>& stop) {
  // Serving comes first: this thread yields the cores to the I/O threads.
  (void)setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
  const auto started = SteadyClock::now();
  spdlog::info("re-simulating the ended games under the current rules, in the background");
  const auto totals =
      record::recheck_all(store, registry, ended, stop, [&](const record::Recheck& r) {
        if (r.outcome == record::Recheck::Outcome::kError) {
          spdlog::error("re-simulation: {}", r.line());
          return;
        }
        const std::string drift = r.outcome == record::Recheck::Outcome::kDrift ? r.why : "";
        if (!drift.empty()) spdlog::error("re-simulation: {}", r.line());
        if (drift == r.game.drift) return;
        if (auto st = lobby.record_drift(r.game.id, drift); !st.ok()) {
          spdlog::error("[game {}] its drift line cannot be stored: {}", r.game.id,
                        st.error().message);
        } else if (drift.empty()) {
          spdlog::info(
              "[game {}] verifies again under the current rules: its drift line is cleared",
              r.game.id);
        }
      });
  const std::string summary =
      "re-simulation of the ended games: " + totals.line(seconds_since(started));
  if (totals.drift > 0 || totals.errors > 0) {
    spdlog::warn("{}", summary);
  } else {
    spdlog::info("{}", summary);
  }
}

int run_import(const std::string& db, const std::string& file) {
  auto archive = record::read_archive_file(file);
  if (!archive.ok()) {
    std::cerr << "import: " << archive.error().message << std::endl;
    return 1;
  }
  auto opened = open_existing(db);
  if (!opened.ok()) {
    std::cerr << "import: " << opened.error().message << std::endl;
    return 1;
  }
  record::Registry registry;
  add_builtin(registry);
  auto st = record::import_archive(**opened, registry, *archive, room::system_clock_ms());
  (*opened)->flush();
  if (!st.ok()) {
    std::cerr << "import: " << st.error().message << std::endl;
    return 1;
  }
  const auto& h = archive->header();
  std::cout << "import: imported game " << h.game_id() << " (" << h.ruleset() << " version "
            << h.ruleset_version() << ", " << h.status() << ", " << archive->events_size()
            << " events) into " << db << std::endl;
  return 0;
}

}  // namespace grognard::app
