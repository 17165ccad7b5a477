#pragma once
// The account sessions kept between runs (docs/client.md, "Accounts"): one per server, so that
// every command of `grognard` is logged in once `grognard login` was. One file,
// $XDG_CONFIG_HOME/grognard/sessions.tsv ($HOME/.config/grognard/ without XDG_CONFIG_HOME),
// mode 0600 in a 0700 directory; one line per server: server, account name, session token.

#include <filesystem>
#include <optional>
#include <string>

#include "client/client.h"

namespace grognard::cli {

struct SavedSession {
  std::string server;  // normalized URL
  std::string name;    // the account's name
  std::string token;   // the session token: as secret as a password
};

class SessionStore {
 public:
  SessionStore();
  explicit SessionStore(std::filesystem::path file) : file_(std::move(file)) {}

  const std::filesystem::path& file() const { return file_; }
  std::optional<SavedSession> find(const std::string& server) const;
  // Adds or replaces the session of its server. False (and why in `error`) when the file
  // cannot be written.
  bool save(const SavedSession& session, std::string* error);
  bool remove(const std::string& server, std::string* error);

 private:
  std::filesystem::path file_;
};

// Logs `c` in with the session saved for `server`, if any. A session the server no longer
// knows is forgotten, and the player told on stderr; `c` then goes on without an account.
// The account's name, when logged in.
std::optional<std::string> log_in_saved(client::Client& c, const std::string& server);

}  // namespace grognard::cli
