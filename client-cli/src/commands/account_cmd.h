#pragma once
// The account's commands (docs/client.md, "Accounts"): register, login, logout, account
// (who you are, a new password, deleting it), claim (a saved seat into the account), and the
// games of the account. Each returns the exit status (0 done, 1 refused, 2 no connection or a
// usage error).

#include <optional>
#include <string>

#include "client/client.h"
#include "commands/lobby.h"

namespace grognard::cli {

// A password: typed without echo at a terminal, else the next line of standard input.
std::string read_password(const std::string& prompt);
// A connection logged in with the saved session; `*out` the exit status when there is none.
std::optional<client::Client> logged_in(const Common& c, int* out);

int register_command(const Common& c, const std::string& name, const std::string& email);
int login_command(const Common& c, const std::string& name);
int logout_command(const Common& c, bool everywhere);
// action: "" (who you are), "password" or "delete".
int account_command(const Common& c, const std::string& action);
// A connection logged in with the saved session; `*out` the exit status when there is none
// (not logged in, no connection, or the session had ended: each said on standard error).
std::optional<client::Client> logged_in(const Common& c, int* out);
// The seats saved for `room` (a game id or invite code) become the logged-in account's.
int claim_command(const Common& c, const std::string& room);
// The account's games, those waiting for you first; nullopt when no session is saved for the
// server (the caller lists the archive instead).
std::optional<int> my_games_command(const Common& c);

}  // namespace grognard::cli
