#include "commands/session_store.h"

#include <fstream>
#include <iostream>
#include <vector>

#include "commands/private_file.h"

namespace grognard::cli {

namespace {

std::vector<SavedSession> load_all(const std::filesystem::path& file) {
  std::vector<SavedSession> out;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    const auto f = split_tabs(line);
    if (f.size() == 3) out.push_back(SavedSession{f[0], f[1], f[2]});
  }
  return out;
}

bool write_all(const std::filesystem::path& file, const std::vector<SavedSession>& sessions,
               std::string* error) {
  std::string text;
  for (const auto& s : sessions) text += s.server + '\t' + s.name + '\t' + s.token + '\n';
  return write_private(file, text, error);
}

}  // namespace

SessionStore::SessionStore() : file_(user_file("XDG_CONFIG_HOME", ".config", "sessions.tsv")) {}

std::optional<SavedSession> SessionStore::find(const std::string& server) const {
  for (auto& s : load_all(file_)) {
    if (s.server == server) return s;
  }
  return std::nullopt;
}

bool SessionStore::save(const SavedSession& session, std::string* error) {
  auto all = load_all(file_);
  std::erase_if(all, [&](const SavedSession& s) { return s.server == session.server; });
  all.push_back(session);
  return write_all(file_, all, error);
}

bool SessionStore::remove(const std::string& server, std::string* error) {
  auto all = load_all(file_);
  if (std::erase_if(all, [&](const SavedSession& s) { return s.server == server; }) == 0) {
    return true;
  }
  return write_all(file_, all, error);
}

std::optional<std::string> log_in_saved(client::Client& c, const std::string& server) {
  SessionStore store;
  const auto saved = store.find(server);
  if (!saved) return std::nullopt;
  auto state = c.log_in_with_token(saved->token);
  if (state && state->logged_in()) return state->name();
  if (!state && state.failure().code == v1::UNAUTHENTICATED) {
    std::string ignored;
    store.remove(server, &ignored);
    std::cerr << "grognard: your session as " << saved->name << " on " << server << " has ended ("
              << state.failure().message << "); going on without it. Log in again: grognard login "
              << saved->name << std::endl;
  }
  return std::nullopt;
}

}  // namespace grognard::cli
