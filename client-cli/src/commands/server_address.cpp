#include "commands/server_address.h"

#include <cstdlib>

namespace grognard::cli {

std::string normalize_url(std::string url) {
  if (url.rfind("ws://", 0) != 0) url = "ws://" + url;
  if (url.find('/', 5) == std::string::npos) url += "/";
  return url;
}

std::string server_url(const std::string& flag) {
  if (!flag.empty()) return normalize_url(flag);
  const char* env = std::getenv("GROGNARD_SERVER");
  if (env && *env) return normalize_url(env);
  return kDefaultServer;
}

}  // namespace grognard::cli
