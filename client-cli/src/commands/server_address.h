#pragma once
// Where the server is: --server, else $GROGNARD_SERVER, else ws://127.0.0.1:8080/.
// "host:port" and "ws://host:port" are both accepted and written as "ws://host:port/".

#include <string>

namespace grognard::cli {

inline constexpr const char* kDefaultServer = "ws://127.0.0.1:8080/";

std::string server_url(const std::string& flag);
std::string normalize_url(std::string url);

}  // namespace grognard::cli
