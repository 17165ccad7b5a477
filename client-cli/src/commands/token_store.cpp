#include "commands/token_store.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace grognard::cli {

namespace {

std::filesystem::path default_file() {
  const char* state = std::getenv("XDG_STATE_HOME");
  std::filesystem::path dir;
  if (state && *state) {
    dir = state;
  } else {
    const char* home = std::getenv("HOME");
    dir = std::filesystem::path(home && *home ? home : ".") / ".local" / "state";
  }
  return dir / "grognard" / "seats.tsv";
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, '\t')) out.push_back(field);
  if (!line.empty() && line.back() == '\t') out.push_back("");
  return out;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string line_of(const SeatRecord& r) {
  return r.server + '\t' + r.game_id + '\t' + r.invite_code + '\t' + r.ruleset + '\t' + r.seat_id +
         '\t' + r.role + '\t' + r.label + '\t' + r.token + '\n';
}

bool write_private(const std::filesystem::path& path, const std::string& text, std::string* error) {
  const std::string tmp = path.string() + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) {
    *error = "cannot write " + tmp;
    return false;
  }
  ::fchmod(fd, 0600);
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  const bool synced = ::fsync(fd) == 0;
  ::close(fd);
  if (!written || !synced || std::rename(tmp.c_str(), path.c_str()) != 0) {
    *error = "cannot write " + path.string();
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

}  // namespace

TokenStore::TokenStore() : file_(default_file()) {}

std::vector<SeatRecord> TokenStore::load() const {
  std::vector<SeatRecord> out;
  std::ifstream in(file_);
  std::string line;
  while (std::getline(in, line)) {
    const auto f = split_tabs(line);
    if (f.size() != 8) continue;
    out.push_back(SeatRecord{f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7]});
  }
  return out;
}

bool TokenStore::save(const SeatRecord& record, std::string* error) {
  std::error_code ec;
  const auto dir = file_.parent_path();
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    *error = "cannot create " + dir.string() + ": " + ec.message();
    return false;
  }
  ::chmod(dir.c_str(), 0700);
  std::string text;
  for (const auto& r : load()) {
    if (r.server == record.server && r.game_id == record.game_id && r.seat_id == record.seat_id)
      continue;
    text += line_of(r);
  }
  text += line_of(record);
  return write_private(file_, text, error);
}

std::vector<SeatRecord> TokenStore::find(const std::string& server, const std::string& room,
                                         const std::string& seat) const {
  std::vector<SeatRecord> out;
  for (const auto& r : load()) {
    if (r.server != server) continue;
    if (r.game_id != room && lower(r.invite_code) != lower(room)) continue;
    if (!seat.empty() && lower(r.seat_id) != lower(seat) && lower(r.label) != lower(seat) &&
        lower(r.role) != lower(seat))
      continue;
    out.push_back(r);
  }
  return out;
}

}  // namespace grognard::cli
