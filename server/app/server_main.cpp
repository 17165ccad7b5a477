// The server's program (server/main.cpp), with the clock it reads: the system's, or in the
// tests a clock they move (tests/support/clock_server_main.cpp).
//
// grognard-server: flags, wiring, signals (docs/design.md "Shape"). The parts live in server/net,
// server/room, server/store and server/app.
//
// Start: open the store (exit 1 if it cannot be opened, e.g. a database newer than this
// build), fill the registry, recover unfinished games, listen, and print exactly one line on
// stdout: "grognard-server listening on ws://HOST:PORT". Logs go to stderr.
//
// SIGHUP: opens the log file again (--log-file), else says so; the server serves on.
// SIGINT/SIGTERM: stop accepting (/healthz turns 503), stop the lobby taking commands, wait
// for the store to commit what is in flight, push Closing{"service restart"} to every
// connection and close it (going_away), then exit 0. A second signal exits at once.
//
// `grognard-server backup --db FILE --to NEW`: copies the database while a server may be
// serving it, without opening it for serving, and exits (app/backup.h).
// `grognard-server verify-archives --db FILE`: re-simulates every stored game under the current
// rules and exits 0, 3 (some game drifts) or 1 (app/verify_archives.h).
// `grognard-server import FILE --db DB`: verifies an archive file and stores its game.
//
// Once listening, a background thread re-simulates the ended games (app/verify_archives.h);
// SIGTERM stops it between two games.

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <functional>
#include <future>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <fmt/ranges.h>
#include <spdlog/spdlog.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>

#include "accounts/sqlite_accounts.h"
#include "app/backup.h"
#include "app/builtin.h"
#include "app/clock_keeper.h"
#include "app/config.h"
#include "app/logging.h"
#include "app/mail_setup.h"
#include "app/notice_setup.h"
#include "app/operator_restore.h"
#include "app/restore.h"
#include "app/server_main.h"
#include "app/verify_archives.h"
#include "net/gate.h"
#include "net/server.h"
#include "record/registry.h"
#include "room/lobby.h"
#include "site/prometheus.h"
#include "store/sqlite_store.h"

namespace grognard::app {

namespace {

constexpr auto kDrainTimeout = std::chrono::seconds(10);
const std::string kRestartReason = "service restart";

void run_io(boost::asio::io_context& ioc) {
  for (;;) {
    try {
      ioc.run();
      return;
    } catch (const std::exception& e) {
      spdlog::error("unhandled exception on an I/O thread: {}", e.what());
    }
  }
}

}  // namespace

int server_main(int argc, char** argv, room::Clock clock, std::chrono::milliseconds clock_watch) {
  Config config;
  if (auto exit_code = parse_flags(argc, argv, config)) return *exit_code;
  const bool serving = !config.backup && !config.verify_archives && !config.import_archive;
  try {
    setup_logging(config.log_level, config.log_format, serving ? config.log_file : "");
  } catch (const std::exception& e) {
    std::cerr << "grognard-server: " << e.what() << "\n";
    return 1;
  }
  if (config.restore) {
    if (spdlog::get_level() < spdlog::level::warn) spdlog::set_level(spdlog::level::warn);
    return run_restore(config.db, config.restore_from, config.restore_allow_drift);
  }
  if (config.backup) {
    return config.backup_to_dir.empty()
               ? run_backup(config.db, config.backup_to)
               : run_backup_to_dir(config.db, config.backup_to_dir, config.backup_keep);
  }
  if (config.verify_archives || config.import_archive) {
    // Their answer is on stdout (and one line on stderr when refused): the store's routine
    // lines are left out.
    if (spdlog::get_level() < spdlog::level::warn) spdlog::set_level(spdlog::level::warn);
    return config.verify_archives ? run_verify_archives(config.db)
                                  : run_import(config.db, config.import_file);
  }
  spdlog::info("{} starting", net::server_version());

  site::ServerMetrics metrics;
  store::SqliteStore::Options store_options;
  store_options.on_commit = [&metrics](std::size_t batches, double seconds) {
    metrics.commit(batches, seconds);
  };
  auto opened = store::SqliteStore::open(config.db, std::move(store_options));
  if (!opened.ok()) {
    spdlog::critical("cannot open database {}: {}", config.db, opened.error().message);
    return 1;
  }
  std::unique_ptr<store::SqliteStore> store = std::move(opened).value();
  spdlog::info("database {}", config.db);

  record::Registry registry;
  add_builtin(registry);

  // The clocks' calendar is filled before any game is loaded: the time the server was down is
  // charged to no clock (docs/clocks.md).
  auto calendar = std::make_shared<room::ClockCalendar>(config.vacation_days);
  config.lobby.calendar = calendar;
  std::unique_ptr<ClockKeeper> clock_keeper;
  if (config.db != ":memory:") {
    auto kept = ClockKeeper::start(config.db, clock, *calendar);
    if (!kept.ok()) {
      spdlog::critical("cannot open database {}: its clocks' records: {}", config.db,
                       kept.error().message);
      return 1;
    }
    clock_keeper = std::move(kept).value();
  }

  // The rooms tell the notices' sender when they stored notices (docs/notifications.md); it is
  // made with the accounts, after the lobby, and set here then.
  auto notice_sender = std::make_shared<std::atomic<notify::Dispatcher*>>(nullptr);
  config.lobby.notices_written = [notice_sender] {
    if (notify::Dispatcher* d = notice_sender->load()) d->kick();
  };
  config.lobby.clock_watch = clock_watch;

  boost::asio::io_context ioc(config.net.threads);
  room::Lobby lobby(ioc.get_executor(), *store, registry, metrics, clock, config.lobby);
  if (config.lobby.waiting_room_limit.count() > 0) {
    spdlog::info(
        "rooms waiting for players expire after {:g} hours without activity",
        std::chrono::duration<double, std::ratio<3600>>(config.lobby.waiting_room_limit).count());
  }
  if (const std::string& token = config.net.admin_token; !token.empty()) {
    spdlog::info("admin API on under /admin (docs/operations.md)");
    if (token.size() < 16) {
      spdlog::warn(
          "the admin token has {} characters: use a long random one "
          "(openssl rand -hex 32)",
          token.size());
    }
  }
  if (!config.net.trusted_proxies.empty()) {
    spdlog::info("X-Forwarded-For trusted from {}", fmt::join(config.net.trusted_proxies, ", "));
  }

  // Signals are caught from here on, before the "listening" line: a SIGTERM sent as soon as
  // it is read still shuts down gracefully.
  std::promise<int> stop;
  std::future<int> stopped = stop.get_future();
  boost::asio::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](const boost::system::error_code& ec, int signal) {
    stop.set_value(ec ? 0 : signal);
    if (ec) return;
    signals.async_wait([](const boost::system::error_code& again, int) {
      if (again) return;
      spdlog::warn("second signal: exiting without a graceful shutdown");
      std::_Exit(1);
    });
  });

  // SIGHUP (logrotate, a closed terminal) never stops the server: it opens the log file again.
  boost::asio::signal_set hangups(ioc, SIGHUP);
  std::function<void(const boost::system::error_code&, int)> on_hangup =
      [&](const boost::system::error_code& ec, int) {
        if (ec) return;
        if (reopen_log_file()) {
          spdlog::info("SIGHUP: opened the log file {} again", config.log_file);
        } else {
          spdlog::info("SIGHUP: the log goes to stderr, nothing to open again; serving on");
        }
        hangups.async_wait(on_hangup);
      };
  hangups.async_wait(on_hangup);

  // Accounts live in the same database, on a connection of their own (docs/accounts.md); a
  // database in memory keeps none.
  std::unique_ptr<accounts::SqliteAccounts> account_store;
  std::unique_ptr<accounts::Accounts> accounts;
  std::unique_ptr<store::OperatorRecords> records;  // bans and the pause, kept across restarts
  if (config.db != ":memory:") {
    auto opened_records = store::OperatorRecords::open(config.db);
    if (!opened_records.ok()) {
      spdlog::critical("cannot open the operator's records in {}: {}", config.db,
                       opened_records.error().message);
      return 1;
    }
    records = std::move(opened_records).value();
    auto opened_accounts = accounts::SqliteAccounts::open(config.db);
    if (!opened_accounts.ok()) {
      spdlog::critical("cannot open the accounts in {}: {}", config.db,
                       opened_accounts.error().message);
      return 1;
    }
    account_store = std::move(opened_accounts).value();
    auto made = accounts::Accounts::create(*account_store, accounts::Accounts::Options{});
    if (!made.ok()) {
      spdlog::critical("accounts: {}", made.error().message);
      return 1;
    }
    accounts = std::move(made).value();
  } else {
    spdlog::info("accounts off: the database is in memory (players hold seats by token)");
  }
  // The mail outlives the desk, whose thread hands it mails.
  MailSetup mail;
  if (account_store) mail = start_mail(config, *account_store, metrics);
  NoticeSetup notices;  // outlives the desk, which keeps settings in its records
  if (account_store) {
    auto started = start_notices(config, mail.smtp.get(), clock, metrics);
    if (!started.ok()) {
      spdlog::critical("cannot open database {}: its notices: {}", config.db,
                       started.error().message);
      return 1;
    }
    notices = std::move(started).value();
    notice_sender->store(notices.dispatcher.get());
  }
  // Declared before the server: its thread is joined after every connection has closed.
  net::AccountDesk account_desk(accounts.get(), records.get(), lobby, clock);
  account_desk.set_mailroom(mail.mailroom.get());
  if (clock_keeper) account_desk.set_clocks(calendar, &clock_keeper->records());
  if (notices.records) account_desk.set_notices(notices.records.get(), config.webhook);
  net::Server server(ioc, config.net, lobby, registry, metrics, account_desk);
  if (records && !restore_operator_records(*records, server.bans(), lobby)) return 1;
  try {
    server.start();
  } catch (const std::exception& e) {
    spdlog::critical("{}", e.what());
    return 1;
  }
  const std::string url = "ws://" + server.host() + ":" + std::to_string(server.port());
  std::cout << "grognard-server listening on " << url << std::endl;
  spdlog::info("listening on {}: WebSocket on any path, GET /healthz, GET /metrics", url);
  spdlog::info("the web client: open http://{}:{}/ in a browser{}", server.host(), server.port(),
               config.net.web_dir.empty() ? "" : " (its files from " + config.net.web_dir + ")");
  spdlog::info(
      "connect with: grognard --server {} rooms  (or any WebSocket tool: JSON text frames, "
      "e.g. {{\"hello\":{{\"protocolVersion\":1}}}})",
      url);

  std::vector<std::thread> threads;
  for (int i = 0; i < config.net.threads; ++i) threads.emplace_back([&ioc] { run_io(ioc); });
  // Games load while the server serves: one asked for first is loaded at once (room/lobby.h).
  lobby.recover_while_serving([](const std::vector<std::string>& problems) {
    for (const std::string& problem : problems) spdlog::error("recovery: {}", problem);
  });
  std::atomic<bool> stop_checking{false};
  std::thread checker([&] { check_ended_games(*store, registry, lobby, stop_checking); });

  const int signal = stopped.get();
  spdlog::info("signal {}: shutting down", signal);
  stop_checking = true;
  checker.join();  // it stores through the rooms: before they stop
  server.stop_accepting();
  // Every command a room took before it stopped is committed and answered before any
  // connection is closed: none is stored unanswered (tests/reliability F7).
  auto rooms_stopped = std::make_shared<std::promise<void>>();
  lobby.stop([rooms_stopped] { rooms_stopped->set_value(); });
  if (rooms_stopped->get_future().wait_for(kDrainTimeout) != std::future_status::ready) {
    spdlog::warn("rooms still busy after {} s; closing connections anyway", kDrainTimeout.count());
  }
  store->flush();
  server.close_sessions(kRestartReason);
  if (!server.wait_sessions(kDrainTimeout)) {
    spdlog::warn("{} connections still open after {} s; dropping them", server.sessions(),
                 kDrainTimeout.count());
  }
  store->flush();
  ioc.stop();
  for (std::thread& t : threads) t.join();
  notice_sender->store(nullptr);  // no room commits any more
  spdlog::info("stopped");
  return 0;
}

}  // namespace grognard::app
