#include "app/config.h"

#include <cmath>
#include <cstdint>

#include <iostream>

#include <CLI/CLI.hpp>

#include "app/config_limits.h"
#include "app/config_mail.h"
#include "net/gate.h"

namespace grognard::app {

std::optional<int> parse_flags(int argc, char** argv, Config& config) {
  net::Options& net = config.net;
  room::LobbyOptions& lobby = config.lobby;
  auto idle_seconds = static_cast<std::uint32_t>(net.idle_timeout.count());
  auto handshake_seconds = static_cast<std::uint32_t>(net.handshake_timeout.count());
  auto hello_seconds = static_cast<std::uint32_t>(net.hello_timeout.count());
  const auto hours = [](std::chrono::milliseconds ms) {
    return std::chrono::duration<double, std::ratio<3600>>(ms).count();
  };
  double waiting_room_hours = hours(config.lobby.waiting_room_limit);
  double abandoned_days = hours(config.lobby.abandoned_limit) / 24.0;
  double ended_room_hours = hours(config.lobby.ended_room_linger);

  CLI::App cli{"Grognard: an authoritative WebSocket server for tabletop wargames.",
               "grognard-server"};
  cli.set_version_flag("--version", net::server_version());
  cli.add_option("--listen", net.listen, "Address to listen on, host:port (port 0: any free)")
      ->envname("GROGNARD_LISTEN")
      ->capture_default_str();
  cli.add_option("--db", config.db, "SQLite database file (created if missing)")
      ->envname("GROGNARD_DB")
      ->capture_default_str();
  cli.add_option("--log-level", config.log_level,
                 "trace, debug, info, warn (or warning, as the logs spell it) or error")
      ->envname("GROGNARD_LOG_LEVEL")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "warning", "error"}))
      ->capture_default_str();
  cli.add_option("--log-format", config.log_format,
                 "text (for people) or json (one JSON object a line, for log collectors)")
      ->envname("GROGNARD_LOG_FORMAT")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cli.add_option("--log-file", config.log_file,
                 "Append the log to this file instead of stderr; SIGHUP opens it again (after "
                 "logrotate moved it)")
      ->envname("GROGNARD_LOG_FILE");
  cli.add_option("--admin-token", net.admin_token,
                 "Token for the admin API under /admin (none: admin off); prefer the "
                 "environment variable, a flag shows in the process list")
      ->envname("GROGNARD_ADMIN_TOKEN");
  cli.add_option("--web-dir", net.web_dir,
                 "Serve the web client from this folder instead of the copy built into the "
                 "server (for working on web/)")
      ->envname("GROGNARD_WEB_DIR")
      ->check(CLI::ExistingDirectory);
  cli.add_option("--trusted-proxy", net.trusted_proxies,
                 "Address of a reverse proxy whose X-Forwarded-For names the client (repeat, "
                 "or comma-separated in the variable)")
      ->envname("GROGNARD_TRUSTED_PROXIES")
      ->delimiter(',');
  cli.add_option("--max-frame-bytes", net.max_frame_bytes, "Largest message a client may send")
      ->envname("GROGNARD_MAX_FRAME_BYTES")
      ->check(CLI::Range(std::uint32_t{1}, std::uint32_t{64} * 1024 * 1024))
      ->capture_default_str();
  cli.add_option("--rate", net.rate, "Messages per second per connection, sustained (0: no limit)")
      ->envname("GROGNARD_RATE")
      ->capture_default_str();
  cli.add_option("--burst", net.burst, "Messages per connection at once")
      ->envname("GROGNARD_BURST")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--queue-messages", net.queue_messages,
                 "Outbound queue per connection, in messages; a client past it is dropped")
      ->envname("GROGNARD_QUEUE_MESSAGES")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--queue-bytes", net.queue_bytes,
                 "Outbound queue per connection, in bytes; a client past it is dropped")
      ->envname("GROGNARD_QUEUE_BYTES")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--idle-timeout", idle_seconds,
                 "Seconds without a message before a connection is closed (0: never)")
      ->envname("GROGNARD_IDLE_TIMEOUT")
      ->capture_default_str();

  cli.add_option("--max-connections", net.max_connections,
                 "Connections at once; past it a new one gets 503 (0: no bound)")
      ->envname("GROGNARD_MAX_CONNECTIONS")
      ->capture_default_str();
  cli.add_option("--max-connections-per-address", net.max_connections_per_address,
                 "Connections at once from one client address (0: no bound)")
      ->envname("GROGNARD_MAX_CONNECTIONS_PER_ADDRESS")
      ->capture_default_str();
  cli.add_option("--max-handshakes", net.max_handshakes,
                 "Connections still in their HTTP/WebSocket handshake at once")
      ->envname("GROGNARD_MAX_HANDSHAKES")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--handshake-timeout", handshake_seconds,
                 "Seconds a connection may take to finish its HTTP/WebSocket handshake")
      ->envname("GROGNARD_HANDSHAKE_TIMEOUT")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--hello-timeout", hello_seconds,
                 "Seconds a WebSocket connection may take to say Hello")
      ->envname("GROGNARD_HELLO_TIMEOUT")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--rooms-per-connection", lobby.rooms_per_connection,
                 "Open rooms one connection may have created (0: no bound)")
      ->envname("GROGNARD_ROOMS_PER_CONNECTION")
      ->capture_default_str();
  cli.add_option("--rooms-per-address", lobby.rooms_per_address,
                 "Open rooms one client address may have created (0: no bound)")
      ->envname("GROGNARD_ROOMS_PER_ADDRESS")
      ->capture_default_str();
  cli.add_option("--max-rooms", lobby.max_rooms, "Rooms held in memory at most")
      ->envname("GROGNARD_MAX_ROOMS")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--chat-per-seat", lobby.chat_per_seat,
                 "Chat messages one seat may send in a game (0: no bound)")
      ->envname("GROGNARD_CHAT_PER_SEAT")
      ->capture_default_str();
  cli.add_option("--chat-per-room", lobby.chat_per_room,
                 "Chat messages a game may hold from all its seats (0: no bound)")
      ->envname("GROGNARD_CHAT_PER_ROOM")
      ->capture_default_str();
  cli.add_option("--max-game-events", lobby.max_game_events,
                 "Events a game may hold; past it commands and chat are refused (0: no bound)")
      ->envname("GROGNARD_MAX_GAME_EVENTS")
      ->capture_default_str();
  cli.add_option("--events-per-page", lobby.events_per_page,
                 "Events in one answer to get_events or resume; the client asks for the rest")
      ->envname("GROGNARD_EVENTS_PER_PAGE")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cli.add_option("--join-failures-per-minute", lobby.join_failures_per_minute,
                 "Unknown invite codes or seat tokens one address may try a minute (0: no "
                 "bound)")
      ->envname("GROGNARD_JOIN_FAILURES_PER_MINUTE")
      ->capture_default_str();

  add_share_flags(cli, config);
  add_mail_flags(cli, config);

  cli.add_option("--waiting-room-hours", waiting_room_hours,
                 "Hours without activity after which a room still waiting for players expires "
                 "(fractions allowed; 0: never)")
      ->envname("GROGNARD_WAITING_ROOM_HOURS")
      ->check(CLI::Range(0.0, 1'000'000.0))
      ->capture_default_str();
  cli.add_option("--abandoned-days", abandoned_days,
                 "Days after which a running game that nobody played or was connected to is "
                 "ended as abandoned, said in its log (fractions allowed; 0: never)")
      ->envname("GROGNARD_ABANDONED_DAYS")
      ->check(CLI::Range(0.0, 100'000.0))
      ->capture_default_str();
  cli.add_option("--vacation-days", config.vacation_days,
                 "Days of vacation each account may take a year, stopping its clocks in every "
                 "game at once (docs/clocks.md; 0: none)")
      ->envname("GROGNARD_VACATION_DAYS")
      ->check(CLI::Range(0, 365))
      ->capture_default_str();
  cli.add_option("--ended-room-hours", ended_room_hours,
                 "Hours after its game ended that a room nobody is in is dropped from memory "
                 "(a seat or invite code loads it again; fractions allowed; 0: kept until "
                 "--max-rooms)")
      ->envname("GROGNARD_ENDED_ROOM_HOURS")
      ->check(CLI::Range(0.0, 1'000'000.0))
      ->capture_default_str();

  CLI::App* backup = cli.add_subcommand(
      "backup",
      "Copy the database (--db) to a new file while a server may be serving it, check the copy "
      "and exit (docs/operations.md)");
  // --db after the subcommand too ("backup --db X --to Y"); GROGNARD_DB stays with the global
  // flag, whose value this one overrides only when given.
  backup->add_option("--db", config.db, "SQLite database file to copy (as the global --db)");
  auto* to = backup->add_option("--to", config.backup_to, "The new file (must not exist)");
  auto* to_dir = backup->add_option(
      "--to-dir", config.backup_to_dir,
      "Or: a new file grognard-YYYYMMDD-HHMMSS-mmm.db (UTC) in this folder, for nightly jobs "
      "(put it on another disk than the database)");
  to->excludes(to_dir);
  backup
      ->add_option("--keep", config.backup_keep,
                   "With --to-dir: the newest backups kept there; older ones are removed")
      ->check(CLI::Range(std::size_t{1}, std::size_t{100'000}))
      ->capture_default_str();
  backup->callback([&config, to, to_dir] {
    if (to->count() + to_dir->count() == 0) throw CLI::RequiredError("--to or --to-dir");
    config.backup = true;
  });

  CLI::App* verify = cli.add_subcommand(
      "verify-archives",
      "Re-simulate every stored game under the current rules, record the games that drift and "
      "exit: 0 all verify, 3 some drift, 1 errors (docs/operations.md)");
  verify->add_option("--db", config.db, "SQLite database file to check (as the global --db)");
  verify->callback([&config] { config.verify_archives = true; });

  CLI::App* importing = cli.add_subcommand(
      "import",
      "Verify an archive file (binary or JSON) and store it as an ended game, then exit "
      "(docs/operations.md)");
  importing->add_option("FILE", config.import_file, "The archive file")->required();
  importing->add_option("--db", config.db,
                        "SQLite database file to import into (as the global --db)");
  importing->callback([&config] { config.import_archive = true; });

  CLI::App* restoring = cli.add_subcommand(
      "restore",
      "Put a backup in the database's place (--db) once it is checked, while no server serves it "
      "(docs/operations.md)");
  restoring->add_option("--from", config.restore_from, "The backup file")->required();
  restoring->add_option("--db", config.db, "The database to replace (as the global --db)");
  restoring->add_flag("--allow-drift", config.restore_allow_drift,
                      "Restore even when some game no longer folds as stored (it loads held)");
  restoring->callback([&config] { config.restore = true; });

  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return cli.exit(e);
  }
  net.idle_timeout = std::chrono::seconds(idle_seconds);
  net.handshake_timeout = std::chrono::seconds(handshake_seconds);
  net.hello_timeout = std::chrono::seconds(hello_seconds);
  const auto ms = [](double h) { return std::chrono::milliseconds(std::llround(h * 3'600'000.0)); };
  config.lobby.waiting_room_limit = ms(waiting_room_hours);
  config.lobby.abandoned_limit = ms(abandoned_days * 24.0);
  config.lobby.ended_room_linger = ms(ended_room_hours);
  apply_share_flags(config);
  if (auto why = finish_mail_flags(config)) {
    std::cerr << "grognard-server: " << *why << std::endl;
    return 2;
  }
  return std::nullopt;
}

}  // namespace grognard::app
