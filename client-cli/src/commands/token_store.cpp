#include "commands/token_store.h"

#include <cctype>
#include <fstream>

#include "commands/private_file.h"

namespace grognard::cli {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string line_of(const SeatRecord& r) {
  return r.server + '\t' + r.game_id + '\t' + r.invite_code + '\t' + r.ruleset + '\t' + r.seat_id +
         '\t' + r.role + '\t' + r.label + '\t' + r.token + '\n';
}

}  // namespace

TokenStore::TokenStore() : file_(user_file("XDG_STATE_HOME", ".local/state", "seats.tsv")) {}

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
