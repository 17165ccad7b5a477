#pragma once
// Files of the user's own that hold secrets (seat tokens, the account's session): in a 0700
// directory, mode 0600, replaced atomically (a temporary file renamed over the old one).

#include <filesystem>
#include <string>
#include <vector>

namespace grognard::cli {

// $`xdg_variable`/grognard/`name`, or $HOME/`home_fallback`/grognard/`name` without it
// ("XDG_STATE_HOME" and ".local/state" for the seats).
std::filesystem::path user_file(const char* xdg_variable, const char* home_fallback,
                                const char* name);
// Writes `text` as the whole of `path`, creating its directory (0700) first. False (and why in
// `error`) when it cannot.
bool write_private(const std::filesystem::path& path, const std::string& text, std::string* error);
// The tab-separated fields of a line (a trailing tab ends an empty last field).
std::vector<std::string> split_tabs(const std::string& line);

}  // namespace grognard::cli
