#include "commands/private_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace grognard::cli {

std::filesystem::path user_file(const char* xdg_variable, const char* home_fallback,
                                const char* name) {
  const char* base = std::getenv(xdg_variable);
  std::filesystem::path dir;
  if (base && *base) {
    dir = base;
  } else {
    const char* home = std::getenv("HOME");
    dir = std::filesystem::path(home && *home ? home : ".") / home_fallback;
  }
  return dir / "grognard" / name;
}

bool write_private(const std::filesystem::path& path, const std::string& text, std::string* error) {
  std::error_code ec;
  const auto dir = path.parent_path();
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    *error = "cannot create " + dir.string() + ": " + ec.message();
    return false;
  }
  ::chmod(dir.c_str(), 0700);
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

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, '\t')) out.push_back(field);
  if (!line.empty() && line.back() == '\t') out.push_back("");
  return out;
}

}  // namespace grognard::cli
