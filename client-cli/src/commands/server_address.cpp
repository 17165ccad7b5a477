#include "commands/server_address.h"

#include <cstdlib>

namespace grognard::cli {

namespace {

// `flag`, else the environment variable `name`, else "".
std::string flag_or_env(const std::string& flag, const char* name) {
  if (!flag.empty()) return flag;
  const char* env = std::getenv(name);
  return env ? env : "";
}

}  // namespace

std::string normalize_url(std::string url) {
  // Any scheme is kept, an unknown one too: client::parse_url() says what is wrong with it.
  auto host = url.find("://");
  if (host == std::string::npos) {
    url = "ws://" + url;
    host = 2;
  }
  if (url.find('/', host + 3) == std::string::npos) url += "/";
  return url;
}

std::string server_url(const std::string& flag) {
  const std::string url = flag_or_env(flag, "GROGNARD_SERVER");
  return url.empty() ? kDefaultServer : normalize_url(url);
}

std::string ca_file(const std::string& flag) {
  return flag_or_env(flag, "GROGNARD_CA_FILE");
}

}  // namespace grognard::cli
