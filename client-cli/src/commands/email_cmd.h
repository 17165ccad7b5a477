#pragma once
// The account's e-mail commands (docs/client.md, "Accounts"): `grognard account email
// ADDRESS|--remove`, `grognard account confirm TOKEN`, and `grognard reset-password
// NAME_OR_EMAIL` then `grognard reset-password --token TOKEN` (the token of the mail's link).

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "commands/lobby.h"

namespace grognard::cli {

struct EmailFlags {
  std::string action;  // "email", "confirm", "reset": the subcommand given
  std::string address;
  bool remove = false;
  std::string token;
  std::string who;  // name or address, for a reset link
};

// Adds `account email`, `account confirm` and `reset-password`, which fill `f`.
void add_email_commands(CLI::App& app, CLI::App& account, EmailFlags& f);
// Runs the one given; nullopt when none was.
std::optional<int> run_email_command(const Common& c, const EmailFlags& f);

}  // namespace grognard::cli
