#pragma once
// The account's notices (docs/notifications.md, docs/client.md "Accounts"): `grognard account
// webhook URL [SECRET]` (a webhook to POST each notice to; `off` removes it) and `grognard
// account notices each|daily|off` (how often notices are mailed). Each prints the settings after.

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands/lobby.h"

namespace grognard::cli {

struct NoticeFlags {
  std::string action;  // "webhook" or "notices": the subcommand given
  std::string url;     // a URL, or "off"
  std::string secret;  // asked for (without echo) when not given
  std::string mode;    // "each", "daily" or "off"
};

// Adds `account webhook` and `account notices` to `account`, which fill `f`.
void add_notice_commands(CLI::App& account, NoticeFlags& f);
// Runs the one given; nullopt when none was.
std::optional<int> run_notice_command(const Common& c, const NoticeFlags& f);

// The account's notice settings in words, one line each, never the webhook's secret:
//   "Webhook: https://hooks.example.org/grognard"
//   "  FAILING: 503 Service Unavailable after 6 tries (…)"  (only when it is failing)
//   "Mail notices: daily (one digest of every game, at most once a day), to anna@example.org"
// None when the server keeps no notices (neither a webhook nor a mail mode in `state`).
std::vector<std::string> notice_lines(const v1::AccountState& state);

}  // namespace grognard::cli
