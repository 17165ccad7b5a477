#pragma once
// Seat tokens kept between runs, so that `grognard play ROOM` takes the same seat again after
// a crash or a week away. One file, $XDG_STATE_HOME/grognard/seats.tsv
// ($HOME/.local/state/grognard/ without XDG_STATE_HOME), mode 0600 in a 0700 directory;
// one line per seat: server, game id, invite code, rule set, seat id, role, label, token.
// Writes replace the file atomically (a temporary file renamed over it).

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace grognard::cli {

struct SeatRecord {
  std::string server;  // normalized URL
  std::string game_id;
  std::string invite_code;
  std::string ruleset;
  std::string seat_id;  // "side:0"
  std::string role;     // "general"
  std::string label;    // "British"
  std::string token;
};

class TokenStore {
 public:
  // The store in the default place (see above).
  TokenStore();
  explicit TokenStore(std::filesystem::path file) : file_(std::move(file)) {}

  const std::filesystem::path& file() const { return file_; }
  std::vector<SeatRecord> load() const;
  // Adds or replaces the record of (server, game id, seat id). Returns false (and says why in
  // `error`) when the file cannot be written.
  bool save(const SeatRecord& record, std::string* error);
  // The seats held on `server` in the room named `room` (a game id or an invite code, case
  // does not matter for the code); `seat` non-empty narrows to a seat id, label or role.
  std::vector<SeatRecord> find(const std::string& server, const std::string& room,
                               const std::string& seat = "") const;

 private:
  std::filesystem::path file_;
};

}  // namespace grognard::cli
