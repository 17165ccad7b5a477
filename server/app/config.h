#pragma once
// The server's settings from its command line, each flag also read from a GROGNARD_*
// environment variable (the flag wins). `grognard-server --help` lists them.

#include <chrono>
#include <optional>
#include <string>

#include "mail/smtp_mailer.h"
#include "net/options.h"
#include "notify/webhook.h"
#include "room/lobby_options.h"

namespace grognard::app {

struct Config {
  std::string db = "./grognard.db";
  std::string log_level = "info";   // trace, debug, info, warn (or warning), error
  std::string log_format = "text";  // text, json (app/logging.h)
  std::string log_file;             // empty: stderr; else appended to, reopened on SIGHUP
  // `grognard-server backup --to FILE`: copy the database `db` to FILE and exit (app/backup.h).
  bool backup = false;
  std::string backup_to;
  std::string backup_to_dir;  // or: a dated file in this folder, the oldest beyond --keep removed
  std::size_t backup_keep = 14;
  // `grognard-server verify-archives`: re-simulate every stored game in `db` and exit
  // (app/verify_archives.h).
  bool verify_archives = false;
  // `grognard-server import FILE`: import an archive file into `db` and exit.
  bool import_archive = false;
  // `grognard-server restore --from BACKUP` (app/restore.h).
  bool restore = false;
  std::string restore_from;
  bool restore_allow_drift = false;
  std::string import_file;
  int vacation_days = 14;    // each account's yearly budget of vacation days (docs/clocks.md)
  room::LobbyOptions lobby;  // waiting-room expiry and the lobby's abuse bounds
  // E-mail (app/config_mail.cpp, docs/operations.md "E-mail"): no smtp.url, no mail.
  mail::SmtpOptions smtp;
  std::string smtp_password_file;
  std::string public_url;  // the base of the links in mails and notices
  // Notices (docs/notifications.md): what a webhook may reach (--webhook-allow).
  notify::WebhookPolicy webhook;
  net::Options net;
};

// Fills `config` from argv and the environment. Returns the exit code when the program should
// end now: 0 after --help or --version, non-zero (with a message on stderr) for a bad flag.
std::optional<int> parse_flags(int argc, char** argv, Config& config);

}  // namespace grognard::app
