#pragma once
// The one-shot commands: rooms, scenarios, create, join, games. Each connects, does its one
// thing, prints it (a table, or JSON lines with --json) and returns the exit status
// (0 done, 1 the server refused, 2 no connection).

#include <cstdint>
#include <optional>
#include <string>

#include "client/client.h"

namespace grognard::cli {

struct Common {
  std::string server;      // normalized URL
  client::TlsOptions tls;  // how a wss:// server is trusted (--ca-file)
  bool json = false;
};

// Connects, says hello, and logs in with the account's saved session, if any
// (commands/session_store.h).
client::Result<client::Client> connect_hello(const std::string& url, const client::TlsOptions& tls);
// Says why `f` failed (a JSON line with --json, else on stderr); the exit status: 1 when the
// server refused, 2 when there was no connection.
int fail(const Common& c, const client::Failure& f);

// How --as names `seat`: "general/British", "player/British", "referee".
std::string as_text(const v1::SeatInfo& seat);
// `text` as one word to a POSIX shell: unchanged when it has no space or metacharacter, else
// in single quotes ("general/Desert Column" → 'general/Desert Column').
std::string shell_quote(const std::string& text);
// "general/British" → {"general", "British"}; "player/anna" → {"player", "anna"};
// "referee" → {"referee", ""}; "observer" → {"observer", ""}.
std::pair<std::string, std::string> split_as(const std::string& as);

int rooms_command(const Common& c);
int scenarios_command(const Common& c, const std::string& ruleset);

struct CreateOptions {
  std::string ruleset = "itchy";
  std::string scenario = "intro";
  bool observers = false;
  bool unlisted = false;
  std::string as;  // non-empty: take this seat too ("general/British")
  std::string name;
  std::string time_control;  // --time: "days 3", "pace normal", "live 30+10"; empty: none
};
int create_command(const Common& c, const CreateOptions& o);

int join_command(const Common& c, const std::string& code, const std::string& as,
                 const std::string& name);

// A new room from event `seq` (0: the last) of game `game_id` (docs/archives.md, "Forks"): an
// ended game's for anyone; a running game's for its referee, whose saved seat is resumed first.
struct ForkOptions {
  std::string game_id;
  std::uint64_t seq = 0;
  bool observers = false;
  bool unlisted = false;
};
int fork_command(const Common& c, const ForkOptions& o);
// "forked from g-1a2b3c at event 42", or empty when `source` names no game.
std::string forked_text(const v1::ForkSource& source);

struct GamesFilter {
  std::string ruleset, player, status, since, until;  // dates as YYYY-MM-DD
  std::uint32_t limit = 0;
};
int games_command(const Common& c, const GamesFilter& f);

// "2024-05-01" → milliseconds since the epoch (UTC); nullopt if malformed.
std::optional<std::int64_t> parse_date(const std::string& text);
// Milliseconds since the epoch → "2024-05-01 14:03" (UTC).
std::string format_time(std::int64_t ms);

}  // namespace grognard::cli
